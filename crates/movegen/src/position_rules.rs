//! [`Position`]'s questions about the state of the game: check, mate,
//! stalemate, insufficient material, repetitions, draws and the outcome.

use crate::outcome::{is_insufficient_material, Outcome, Termination};
use crate::{MoveGen, Position};

impl Position {
    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.board().in_check()
    }
    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.board().is_checkmate()
    }
    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        self.board().is_stalemate()
    }
    /// Whether neither side can ever checkmate, whatever is played (see
    /// [`is_insufficient_material`](crate::is_insufficient_material)).
    pub fn is_insufficient_material(&self) -> bool {
        is_insufficient_material(self.board())
    }
    /// How many times the current position occurred before in this game:
    /// the same pieces, side to move, castling rights, and en-passant
    /// capture if one is legal (FIDE 9.2.3: "the same possible moves"; an
    /// en-passant square whose capture is illegal does not count). 2 means
    /// a threefold repetition.
    pub fn repetitions(&self) -> usize {
        let board = self.board();
        self.history().repetitions(board.repetition_key(), board.halfmove_clock())
    }

    /// The outcome if the game is over by itself, without a claim, as
    /// python-chess's `board.outcome()` answers.
    ///
    /// When more than one ending applies, the first of these is reported,
    /// in python-chess's order: checkmate, insufficient material,
    /// stalemate, the seventy-five-move rule, fivefold repetition. So a
    /// stalemate with insufficient material is reported as insufficient
    /// material (FIDE ranks neither first: both end the game at once), and
    /// checkmate and stalemate take precedence over the seventy-five-move
    /// rule (FIDE 9.6.2). Draws that must be claimed are
    /// [`outcome_with_claims`](Self::outcome_with_claims) and
    /// [`claimable_draw`](Self::claimable_draw).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_given_moves(self.board().has_legal_moves())
    }

    /// [`outcome`](Self::outcome) for a caller that already knows whether
    /// the side to move has a legal move (from the move list it keeps for
    /// the position), so that no move is generated here. `has_moves` must
    /// be exactly that: a wrong one gives a wrong outcome.
    ///
    /// ```
    /// use ox88_movegen::Position;
    /// let pos = Position::startpos();
    /// let moves = pos.legal_moves();
    /// assert_eq!(pos.outcome_given_moves(!moves.is_empty()), pos.outcome());
    /// ```
    pub fn outcome_given_moves(&self, has_moves: bool) -> Option<Outcome> {
        let board = self.board();
        let reason = if !has_moves && board.in_check() {
            return Some(Outcome::checkmate(!board.side_to_move()));
        } else if is_insufficient_material(board) {
            Termination::InsufficientMaterial
        } else if !has_moves {
            Termination::Stalemate
        } else if board.halfmove_clock() >= 150 {
            Termination::SeventyFiveMoves
        } else if self.repetitions() >= 4 {
            Termination::FivefoldRepetition
        } else {
            return None;
        };
        Some(Outcome::draw(reason))
    }

    /// The number of move sequences `depth` plies long from here (perft),
    /// on a copy of the board: the position is unchanged. The fast paths
    /// ([`perft`](crate::perft), [`divide`](crate::divide), the parallel
    /// and hashed ones) work on a [`Board`](ox88_board::Board).
    ///
    /// ```
    /// use ox88_movegen::Position;
    /// assert_eq!(Position::startpos().perft(3), 8902);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        crate::perft(&mut self.board().clone(), depth)
    }

    /// Whether the game is over by itself ([`outcome`](Self::outcome) is
    /// not `None`).
    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// A draw the side to move may claim with the position on the board:
    /// the fifty-move rule (100 plies without a capture or pawn move), else
    /// threefold repetition.
    ///
    /// `None` once the game is over by itself ([`outcome`](Self::outcome)):
    /// checkmate and stalemate end the game at once (FIDE 5.1, 5.2), so a
    /// mated side has nothing to claim, whatever its clock says. Claims that
    /// depend on the move about to be played are not considered (they are
    /// [`can_claim_draw`](Self::can_claim_draw) and
    /// [`outcome_with_claims`](Self::outcome_with_claims)). The
    /// termination is [`FiftyMoves`](Termination::FiftyMoves) or
    /// [`ThreefoldRepetition`](Termination::ThreefoldRepetition).
    pub fn claimable_draw(&self) -> Option<Termination> {
        if self.outcome().is_some() {
            None
        } else if self.board().halfmove_clock() >= 100 {
            Some(Termination::FiftyMoves)
        } else if self.repetitions() >= 2 {
            Some(Termination::ThreefoldRepetition)
        } else {
            None
        }
    }

    /// The outcome when the side to move claims every draw it may claim, as
    /// python-chess's `board.outcome(claim_draw=True)` answers:
    /// [`outcome`](Self::outcome), else a draw under the fifty-move rule if
    /// [`can_claim_fifty_moves`](Self::can_claim_fifty_moves), else by
    /// threefold repetition if
    /// [`can_claim_threefold_repetition`](Self::can_claim_threefold_repetition).
    /// Both claims may rest on the move about to be played (FIDE 9.2.1,
    /// 9.3.1): the draw is then one the side to move may have, not one on
    /// the board. Something that ends games for the players (an arbiter, a
    /// match runner) wants [`outcome_or_claimable_draw`](Self::outcome_or_claimable_draw).
    ///
    /// ```
    /// use ox88_movegen::{Position, Termination};
    /// let mut pos = Position::startpos();
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
    ///     pos.play_uci(uci)?;
    /// }
    /// // Black may claim by announcing f6g8, which repeats the start a third time.
    /// let claimed = pos.outcome_with_claims().map(|o| o.termination);
    /// assert_eq!(claimed, Some(Termination::ThreefoldRepetition));
    /// assert_eq!(pos.outcome_or_claimable_draw(), None);
    /// # Ok::<(), ox88_movegen::UciMoveError>(())
    /// ```
    pub fn outcome_with_claims(&self) -> Option<Outcome> {
        self.outcome().or_else(|| {
            let claim = if self.can_claim_fifty_moves() {
                Termination::FiftyMoves
            } else if self.can_claim_threefold_repetition() {
                Termination::ThreefoldRepetition
            } else {
                return None;
            };
            Some(Outcome::draw(claim))
        })
    }

    /// The outcome if the game is over by itself or a draw may be claimed
    /// with the position on the board: [`outcome`](Self::outcome), else a
    /// [`claimable_draw`](Self::claimable_draw). What ends a game the
    /// moment a repetition or the fifty-move count is reached (a match
    /// runner, a friendly game) asks this; a claim that needs the next move
    /// is left to the player who would make it.
    pub fn outcome_or_claimable_draw(&self) -> Option<Outcome> {
        self.outcome().or_else(|| self.claimable_draw().map(Outcome::draw))
    }
}
