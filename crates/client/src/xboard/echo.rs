//! Late repeats of an engine's move. GNU Chess 6 writes each of its moves
//! twice, as `1. ... b1c3` and as `My move is : b1c3`, from two threads: the
//! second line can come after the `pong` that ended the search, even after
//! the next `go`, where it would read as the next move. [`Echo`] tells such a
//! repeat from the engine's next move.
//!
//! Only those spellings are ever taken for a repeat: a `move` command is the
//! protocol's own word, and always counts.

/// The engine's last move as it wrote it, and what is known of its repeats.
#[derive(Debug, Default)]
pub(crate) struct Echo {
    /// The text of the engine's last move.
    last: Option<String>,
    /// Whether that move's repeat was read.
    seen: bool,
    /// Whether the engine was seen to write a move twice.
    twice: bool,
}

impl Echo {
    /// The engine's move, as it wrote it.
    pub(crate) fn moved(&mut self, text: &str) {
        self.last = Some(text.to_owned());
        self.seen = false;
    }

    /// A move written after the search's move, before the `pong` that ends
    /// it: if it is the same text, the engine writes its moves twice.
    pub(crate) fn after_move(&mut self, text: &str) {
        if self.last.as_deref() == Some(text) {
            self.seen = true;
            self.twice = true;
        }
    }

    /// Whether `text`, written in one of GNU Chess's spellings while the
    /// engine thinks on a new move, is the last move's late repeat: the same
    /// text, not repeated yet, and either the engine is known to write its
    /// moves twice or `text` is no legal move now (a legal move of an
    /// engine never seen to repeat itself is its move).
    pub(crate) fn is_late_repeat(&mut self, text: &str, legal: bool) -> bool {
        let repeat = !self.seen && self.last.as_deref() == Some(text) && (self.twice || !legal);
        self.seen |= repeat;
        repeat
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeat_is_dropped_once() {
        let mut echo = Echo::default();
        assert!(!echo.is_late_repeat("e2e4", false), "no move yet");
        echo.moved("e2e4");
        assert!(echo.is_late_repeat("e2e4", false));
        assert!(!echo.is_late_repeat("e2e4", false), "one repeat a move");
        echo.moved("g1f3");
        assert!(!echo.is_late_repeat("g1f3", true), "a legal move of an engine not seen to repeat itself");
        assert!(!echo.is_late_repeat("e2e4", false), "another text");
    }

    #[test]
    fn an_engine_seen_to_repeat_itself() {
        let mut echo = Echo::default();
        echo.moved("e2e4");
        echo.after_move("e7e5"); // not the same text: nothing learnt
        assert!(!echo.is_late_repeat("e2e4", true));
        echo.after_move("e2e4");
        echo.moved("Nc3");
        assert!(echo.is_late_repeat("Nc3", true), "legal, but the repeat of a move written twice");
        echo.moved("Nf3");
        echo.after_move("Nf3");
        assert!(!echo.is_late_repeat("Nf3", true), "its repeat came in time: this is a new move");
    }
}
