//! The draw rules with python-chess's names and meanings: the fifty- and
//! seventy-five-move rules, repetitions counted `n` times, and the claims a
//! player may make now or with the move about to be played (FIDE 9.2, 9.3).
//!
//! [`Position::claimable_draw`] and [`Position::outcome`] answer "how does
//! the game stand"; these answer python-chess's questions one by one, and
//! a CI script (`.ci/pychess`) compares every answer with python-chess's on
//! random games.

use crate::{MoveGen, Position};

impl Position {
    /// Whether 100 plies or more passed without a capture or pawn move, and
    /// the side to move has a legal move (a mate or stalemate on the
    /// hundredth ply ends the game first): the fifty-move rule, which a
    /// player may claim (FIDE 9.3).
    ///
    /// ```
    /// use ox88_movegen::Position;
    /// assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 100 80")?.is_fifty_moves());
    /// assert!(!Position::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 99 80")?.is_fifty_moves());
    /// # Ok::<(), ox88_board::FenError>(())
    /// ```
    pub fn is_fifty_moves(&self) -> bool {
        self.clock_reached(100)
    }

    /// Whether 150 plies or more passed without a capture or pawn move, and
    /// the side to move has a legal move: the seventy-five-move rule, a draw
    /// without a claim (FIDE 9.6.2).
    pub fn is_seventyfive_moves(&self) -> bool {
        self.clock_reached(150)
    }

    fn clock_reached(&self, plies: u16) -> bool {
        self.board().halfmove_clock() >= plies && self.board().has_legal_moves()
    }

    /// Whether the current position occurred `count` times in this game,
    /// this time included (so `is_repetition(3)` is a threefold
    /// repetition; `count` 0 or 1 is always true). Positions are the same
    /// when the same moves are possible (FIDE 9.2.3): pieces, side to move,
    /// castling rights, and the en-passant square only if a capture there
    /// is legal. Unlike [`can_claim_threefold_repetition`](Self::can_claim_threefold_repetition),
    /// a repetition the next move would make is not counted.
    ///
    /// ```
    /// use ox88_movegen::Position;
    /// let mut pos = Position::startpos();
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
    ///     pos.play_uci(uci)?;
    /// }
    /// assert!(!pos.is_repetition(3) && pos.can_claim_threefold_repetition());
    /// pos.play_uci("f6g8")?;
    /// assert!(pos.is_repetition(3) && !pos.is_repetition(4));
    /// # Ok::<(), ox88_movegen::UciMoveError>(())
    /// ```
    pub fn is_repetition(&self, count: usize) -> bool {
        self.repetitions() + 1 >= count
    }

    /// Whether the current position occurred five times: a draw without a
    /// claim (FIDE 9.6.1).
    pub fn is_fivefold_repetition(&self) -> bool {
        self.is_repetition(5)
    }

    /// Whether the side to move may claim a draw by the fifty-move rule:
    /// now ([`is_fifty_moves`](Self::is_fifty_moves)), or by announcing a
    /// move that is neither a capture nor a pawn move and after which the
    /// rule holds (FIDE 9.3.1: the claim may come with the move about to be
    /// played).
    ///
    /// ```
    /// use ox88_movegen::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 99 80")?;
    /// assert!(!pos.is_fifty_moves() && pos.can_claim_fifty_moves());
    /// # Ok::<(), ox88_board::FenError>(())
    /// ```
    pub fn can_claim_fifty_moves(&self) -> bool {
        if self.is_fifty_moves() {
            return true;
        }
        if self.board().halfmove_clock() < 99 {
            return false;
        }
        let mut board = self.board().clone();
        self.legal_moves().into_iter().any(|m| {
            let undo = board.make_move_unchecked(m);
            let claim = board.halfmove_clock() >= 100 && board.has_legal_moves();
            board.unmake_move(m, undo);
            claim
        })
    }

    /// Whether the side to move may claim a draw by threefold repetition:
    /// the current position occurred three times, or a legal move leads to
    /// a position that occurred twice before (FIDE 9.2.1: the claim may
    /// come with the move about to be played).
    pub fn can_claim_threefold_repetition(&self) -> bool {
        if self.is_repetition(3) {
            return true;
        }
        let board = self.board();
        // The positions a reversible move can lead back to: those since the
        // last capture or pawn move, the current one included.
        let keys = self.history().keys();
        let reach = usize::from(board.halfmove_clock()).min(keys.len());
        let window = &keys[keys.len() - reach..];
        let current = board.repetition_key();
        let mut after = board.clone();
        self.legal_moves().into_iter().any(|m| {
            let undo = after.make_move_unchecked(m);
            let claim = after.halfmove_clock() > 0 && {
                let key = after.repetition_key();
                window.iter().chain([&current]).filter(|&&k| k == key).count() >= 2
            };
            after.unmake_move(m, undo);
            claim
        })
    }

    /// Whether the side to move may claim a draw now or with its next move:
    /// [`can_claim_fifty_moves`](Self::can_claim_fifty_moves) or
    /// [`can_claim_threefold_repetition`](Self::can_claim_threefold_repetition).
    /// As in python-chess, the claim is looked at on its own: a game already
    /// over (checkmate, say) may still answer `true`; [`claimable_draw`](Self::claimable_draw)
    /// is the question "how does the game stand".
    pub fn can_claim_draw(&self) -> bool {
        self.can_claim_fifty_moves() || self.can_claim_threefold_repetition()
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;

    fn after(fen: &str, uci: &[&str]) -> Position {
        let mut pos = Position::from_fen(fen).expect("valid FEN");
        for u in uci {
            pos.play_uci(u).expect("legal");
        }
        pos
    }

    #[test]
    fn fifty_moves_needs_a_move_to_play() {
        // Mated with the clock at 100: no fifty-move draw.
        let mated = after("7k/5Q2/6K1/8/8/8/8/8 w - - 99 80", &["f7g7"]);
        assert!(mated.is_checkmate());
        assert!(!mated.is_fifty_moves() && !mated.can_claim_fifty_moves());
        let seventyfive = Position::from_fen("4k3/8/8/8/8/8/8/4K2R b - - 150 120").expect("valid");
        assert!(seventyfive.is_seventyfive_moves() && seventyfive.is_fifty_moves());
    }

    #[test]
    fn the_look_ahead_ignores_pawn_moves_and_captures() {
        // Clock 99: only a pawn move or a capture is legal, so no claim.
        let pos = Position::from_fen("k7/8/8/8/8/8/p1K5/8 b - - 99 80").expect("valid");
        assert!(pos.can_claim_fifty_moves(), "the king moves are reversible");
        let pawn_only = Position::from_fen("4k3/8/8/8/8/8/5q1P/7K w - - 99 80").expect("valid");
        assert_eq!(pawn_only.legal_moves().len(), 2, "h3 and h4 only");
        assert!(!pawn_only.can_claim_fifty_moves());
    }

    #[test]
    fn threefold_counts_the_position_after_the_claimed_move() {
        let start = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        let pos = after(start, &["a1a2", "e8d8", "a2a1", "d8e8", "a1a2", "e8d8"]);
        // a2a1 would bring back a position seen once before: not enough.
        assert_eq!(pos.repetitions(), 1);
        assert!(!pos.can_claim_threefold_repetition());
        let pos = after(start, &["a1a2", "e8d8", "a2a1", "d8e8", "a1a2", "e8d8", "a2a1"]);
        // Black's d8e8 now gives the start position a third time.
        assert!(!pos.is_repetition(3) && pos.can_claim_threefold_repetition() && pos.can_claim_draw());
    }
}
