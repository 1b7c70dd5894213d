//! Finding where games begin, fast, to cut a PGN input into pieces that
//! threads read apart.
//!
//! A game begins at a `[` that starts a line after movetext (the reader
//! ends a game at a `[` outside comments, and a tag section ends at the
//! first byte that is no tag pair, `%` or `;` line). The scan follows the
//! little it needs of the syntax: tag lines, `{}` comments, `;` and `%`
//! line comments. It may miss a place where a game begins (then a piece is
//! only longer); a place it takes for one when the reader would not (only
//! in malformed text, where the scan and the reader see a comment
//! differently) is caught when the piece before it is read: its reader
//! ends inside a comment or a tag section, and the two pieces are read as
//! one.

use crate::scan::{find, is_space};

/// Where the scan is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum State {
    /// Between games or in a tag section, at the start of a line or after
    /// blanks.
    #[default]
    Tags,
    /// In movetext, outside comments.
    Movetext,
    /// Inside a `{` comment.
    Comment,
    /// In the rest of a line being skipped (a tag pair, a `;` or `%`
    /// comment), then back to `after`.
    Line { after_movetext: bool },
}

/// Scans an input for the places where games begin, piece by piece.
#[derive(Clone, Debug, Default)]
pub(crate) struct Splitter {
    state: State,
}

impl Splitter {
    /// Scans `bytes[from..]`, where `bytes[from - 1]` (if any) was scanned
    /// last, and returns the last place in it where a game begins (`None`
    /// if there is none).
    pub fn scan(&mut self, bytes: &[u8], from: usize) -> Option<usize> {
        let mut last = None;
        let mut i = from;
        let len = bytes.len();
        while i < len {
            match self.state {
                State::Tags => {
                    while i < len && is_space(bytes[i]) {
                        i += 1;
                    }
                    match bytes.get(i) {
                        Some(b'[' | b'%' | b';') => self.state = State::Line { after_movetext: false },
                        Some(_) => self.state = State::Movetext,
                        None => {}
                    }
                }
                State::Line { after_movetext } => match find(b'\n', &bytes[i..]) {
                    Some(n) => {
                        i += n + 1;
                        self.state = if after_movetext { State::Movetext } else { State::Tags };
                    }
                    None => i = len,
                },
                State::Comment => match find(b'}', &bytes[i..]) {
                    Some(n) => {
                        i += n + 1;
                        self.state = State::Movetext;
                    }
                    None => i = len,
                },
                State::Movetext => {
                    // The next byte that matters: a comment's start or a `[`.
                    let Some(n) = find_special(&bytes[i..]) else {
                        i = len;
                        continue;
                    };
                    i += n;
                    match bytes[i] {
                        b'{' => {
                            self.state = State::Comment;
                            i += 1;
                        }
                        b';' | b'%' => self.state = State::Line { after_movetext: true },
                        _ => {
                            // A `[`: the next game's tags. A cut is made
                            // only where it starts a line, so that the
                            // pieces keep their columns.
                            if i == 0 || bytes[i - 1] == b'\n' {
                                last = Some(i);
                            }
                            self.state = State::Line { after_movetext: false };
                        }
                    }
                }
            }
        }
        last
    }
}

/// The index of the first `{`, `;`, `%` or `[` in `bytes`.
fn find_special(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| SPECIAL[b as usize])
}

static SPECIAL: [bool; 256] = {
    let mut table = [false; 256];
    table[b'{' as usize] = true;
    table[b';' as usize] = true;
    table[b'%' as usize] = true;
    table[b'[' as usize] = true;
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    fn starts(text: &str) -> Vec<usize> {
        let mut splitter = Splitter::default();
        (0..text.len()).filter_map(|i| splitter.scan(&text.as_bytes()[..=i], i)).collect()
    }

    #[test]
    fn games_begin_at_tags_after_movetext() {
        let text =
            "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 { [%clk 0:01:00]\n[not a tag] } e5 *\n\n[Event \"c\"]\n\n1. d4 *\n";
        assert_eq!(starts(text), [text.find("[Event \"c\"]").unwrap()]);
        // Tags after a blank line are the same game's; `;` and `%` comments hide a `[`.
        let text = "[A \"1\"]\n\n[B \"2\"]\n\n1. e4 ; [x]\n% [y]\n*\n[C \"3\"]\n1. d4 *";
        assert_eq!(starts(text), [text.find("[C").unwrap()]);
        // A `[` inside a line ends the game but is no place to cut.
        assert_eq!(starts("1. e4 * [A \"1\"]\n[B \"2\"]\n1. d4 *"), Vec::<usize>::new());
    }
}
