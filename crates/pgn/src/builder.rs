//! [`GameBuilder`]: the visitor that builds a [`Game`] tree.

use crate::{ErrorKind, Game, Line, MoveToken, Nag, Node, RawComment, RawTag, Skip, Visitor};
use ox88_board::GameResult;
use ox88_movegen::SanPlus;

/// A line being built, with what is waiting for its next move.
#[derive(Default)]
struct Frame {
    line: Line,
    /// A variation of the last move was closed since that move: a comment
    /// now goes before the next move, not after the last.
    after_variation: bool,
    /// Comments waiting for the next move.
    pending: Option<String>,
}

/// Builds a [`Game`] from what a [`Reader`](crate::Reader) visits. Used by
/// [`Reader::next_game`](crate::Reader::next_game); a visitor of your own
/// can wrap one to build games it picks.
pub struct GameBuilder {
    game: Game,
    frames: Vec<Frame>,
}

impl GameBuilder {
    /// A builder, ready for the first game.
    pub fn new() -> GameBuilder {
        GameBuilder { game: Game::without_tag_roster(), frames: Vec::new() }
    }

    fn frame(&mut self) -> &mut Frame {
        if self.frames.is_empty() {
            self.frames.push(Frame::default());
        }
        let last = self.frames.len() - 1;
        &mut self.frames[last]
    }

    fn push_move(&mut self, san: MoveToken) {
        let frame = self.frame();
        let mut node = Node::new(san);
        node.comment_before = frame.pending.take();
        frame.line.nodes.push(node);
        frame.after_variation = false;
    }
}

/// Adds `text` to a comment, a space between.
fn append(comment: &mut Option<String>, text: String) {
    match comment {
        Some(existing) => {
            existing.push(' ');
            existing.push_str(&text);
        }
        None => *comment = Some(text),
    }
}

/// A comment's text: trimmed, each line break (with the blanks around it)
/// made one space, as export format wraps comments over lines.
pub(crate) fn comment_text(raw: &str) -> String {
    let raw = raw.trim();
    if !raw.contains(['\n', '\r']) {
        return raw.to_owned();
    }
    let mut out = String::with_capacity(raw.len());
    for (i, line) in raw.split('\n').enumerate() {
        let line = line.trim_matches([' ', '\t', '\r']);
        if i > 0 && !out.is_empty() && !line.is_empty() {
            out.push(' ');
        }
        out.push_str(line);
    }
    out
}

impl Default for GameBuilder {
    fn default() -> GameBuilder {
        GameBuilder::new()
    }
}

impl Visitor for GameBuilder {
    type Output = Game;

    fn begin_game(&mut self) {
        self.game = Game::without_tag_roster();
        self.frames.clear();
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), ErrorKind> {
        self.game.headers.set(crate::raw::decode_bytes(name).into_owned(), value.decode().into_owned());
        Ok(())
    }

    fn san(&mut self, san: SanPlus) -> Result<(), ErrorKind> {
        self.push_move(MoveToken::San(san));
        Ok(())
    }

    fn null_move(&mut self) -> Result<(), ErrorKind> {
        self.push_move(MoveToken::Null);
        Ok(())
    }

    fn nag(&mut self, nag: Nag) {
        // A glyph annotates the last move; one before any move has nothing
        // to annotate and is dropped.
        if let Some(node) = self.frame().line.nodes.last_mut() {
            node.nags.push(nag);
        }
    }

    fn comment(&mut self, comment: RawComment<'_>) {
        let text = comment_text(&comment.decode());
        if text.is_empty() {
            return;
        }
        let frame = self.frame();
        match frame.line.nodes.last_mut() {
            Some(node) if !frame.after_variation => append(&mut node.comment, text),
            _ => append(&mut frame.pending, text),
        }
    }

    fn begin_variation(&mut self) -> Skip {
        // A variation is an alternative to the last move: with none, it
        // has nothing to be one to, and is skipped.
        if self.frame().line.nodes.is_empty() {
            return Skip(true);
        }
        self.frames.push(Frame::default());
        Skip(false)
    }

    fn end_variation(&mut self) {
        if self.frames.len() < 2 {
            return;
        }
        let Some(mut frame) = self.frames.pop() else { return };
        frame.line.comment = frame.pending.take();
        let parent = self.frame();
        if let Some(node) = parent.line.nodes.last_mut() {
            node.variations.push(frame.line);
        }
        parent.after_variation = true;
    }

    fn result(&mut self, result: GameResult) {
        self.game.result = Some(result);
    }

    fn end_game(&mut self) -> Game {
        while self.frames.len() > 1 {
            self.end_variation();
        }
        let mut frame = self.frames.pop().unwrap_or_default();
        frame.line.comment = frame.pending.take();
        let mut game = std::mem::replace(&mut self.game, Game::without_tag_roster());
        game.moves = frame.line;
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_lines_join() {
        assert_eq!(comment_text("  one\n two \r\n\tthree  "), "one two three");
        assert_eq!(comment_text("a\n\nb"), "a b");
        assert_eq!(comment_text(" [%clk 0:05:00] "), "[%clk 0:05:00]");
    }
}
