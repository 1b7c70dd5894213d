//! Skipping what is not read: the rest of a failed tag section, the rest
//! of a game's movetext (after an error, or when the visitor asks).

use super::{Failure, Reader};
use crate::movetext::{self, Skipping, Step};
use crate::scan::{find, is_space};
use crate::source::Source;

impl<S: Source> Reader<S> {
    /// Skips the rest of a tag pair section after an error in it: the bad
    /// line, and the tag (and `%`/`;`) lines after it.
    pub(super) fn skip_tags(&mut self) -> Result<(), Failure> {
        loop {
            let at_end = self.source.at_end();
            let window = self.source.window();
            let len = window.len();
            let mut i = 0;
            let done = loop {
                let mut j = i;
                while j < len && is_space(window[j]) {
                    j += 1;
                }
                match window.get(j) {
                    Some(b'[' | b'%' | b';') => match find(b'\n', &window[j..]) {
                        Some(n) => i = j + n + 1,
                        None if at_end => {
                            i = len;
                            self.ended_inside = true;
                            break true;
                        }
                        None => break false,
                    },
                    Some(_) => {
                        i = j;
                        break true;
                    }
                    None => {
                        i = j;
                        self.ended_inside |= at_end;
                        break at_end;
                    }
                }
            };
            self.source.consume(i);
            if done {
                return Ok(());
            }
            if !self.more()? {
                // A line longer than the buffer: dropped, being skipped.
                let len = self.source.window().len();
                self.source.consume(len);
            }
        }
    }

    /// Skips movetext up to the end of the game, `depth` parentheses open.
    /// `after_delimiter`: whether a token may start right away (not right
    /// after a bad token).
    pub(super) fn skip_movetext(&mut self, depth: u32, after_delimiter: bool) -> Result<(), Failure> {
        let mut state = Skipping { depth, after_delimiter, open_comment: false };
        loop {
            let at_end = self.source.at_end();
            match movetext::skip_game(self.source.window(), at_end, &mut state) {
                Step::End(n) => {
                    self.source.consume(n);
                    self.ended_inside |= state.open_comment;
                    return Ok(());
                }
                Step::Refill(n) => {
                    self.source.consume(n);
                    if !self.more()? {
                        // Skipping needs no whole token: drop what is held.
                        let window = self.source.window();
                        if let Some(&last) = window.last() {
                            state.after_delimiter = crate::scan::is_space(last);
                        }
                        let len = window.len();
                        self.source.consume(len);
                    }
                }
                Step::Fail { end, .. } => self.source.consume(end),
            }
        }
    }
}
