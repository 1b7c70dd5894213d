//! `Board`'s rules: check, mate, stalemate, material, the draw rules and the outcome, in python-chess's order
//! and with its meanings (checked against python-chess after every ply of random games by the tests).

use crate::board::BoardCore;
use ox88_board::{Color, Role, Square};
use ox88_movegen::{MoveGen, Termination};
use pyo3::prelude::*;

/// python-chess's `Termination` values.
pub mod termination {
    /// Checkmate.
    pub const CHECKMATE: u8 = 1;
    /// Stalemate.
    pub const STALEMATE: u8 = 2;
    /// Neither side can mate.
    pub const INSUFFICIENT_MATERIAL: u8 = 3;
    /// 150 plies without a capture or pawn move.
    pub const SEVENTYFIVE_MOVES: u8 = 4;
    /// The same position five times.
    pub const FIVEFOLD_REPETITION: u8 = 5;
    /// A claim under the fifty-move rule.
    pub const FIFTY_MOVES: u8 = 6;
    /// A claim of threefold repetition.
    pub const THREEFOLD_REPETITION: u8 = 7;
}

/// python-chess's number for a termination a position decides (`None` for those it cannot: a resignation, a
/// flag fall, a draw agreed).
fn termination_code(termination: Termination) -> Option<u8> {
    use termination::*;
    Some(match termination {
        Termination::Checkmate => CHECKMATE,
        Termination::Stalemate => STALEMATE,
        Termination::InsufficientMaterial => INSUFFICIENT_MATERIAL,
        Termination::SeventyFiveMoves => SEVENTYFIVE_MOVES,
        Termination::FivefoldRepetition => FIVEFOLD_REPETITION,
        Termination::FiftyMoves => FIFTY_MOVES,
        Termination::ThreefoldRepetition => THREEFOLD_REPETITION,
        Termination::Timeout | Termination::Resignation | Termination::Agreement => return None,
    })
}

impl BoardCore {
    /// How the game ended, as python-chess decides it: [`Position::outcome`](ox88_movegen::Position::outcome),
    /// or with `claim_draw` [`Position::outcome_with_claims`](ox88_movegen::Position::outcome_with_claims)
    /// (both in python-chess's order). The termination's number and the winner (`None`: a draw).
    /// Without `claim_draw`, whether the side to move has a move comes from the move list kept for the
    /// position (listed here if need be: a playout asks for the moves next).
    pub fn outcome_code(&mut self, claim_draw: bool) -> Option<(u8, Option<bool>)> {
        let outcome = if claim_draw {
            self.pos().outcome_with_claims()
        } else {
            let has_moves = !self.moves().is_empty();
            self.pos().outcome_given_moves(has_moves)
        }?;
        Some((termination_code(outcome.termination)?, outcome.winner.map(|side| side == Color::White)))
    }
}

#[pymethods]
impl BoardCore {
    /// Whether the side to move is in check.
    fn is_check(&self) -> PyResult<bool> {
        self.ready()?;
        Ok(self.board().in_check())
    }
    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> PyResult<bool> {
        self.ready()?;
        Ok(self.pos().is_checkmate())
    }
    /// Whether the side to move has no legal move and is not in check.
    fn is_stalemate(&self) -> PyResult<bool> {
        self.ready()?;
        Ok(self.pos().is_stalemate())
    }
    /// Whether neither side has the material to mate, whatever is played.
    fn is_insufficient_material(&self) -> PyResult<bool> {
        self.ready()?;
        Ok(self.pos().is_insufficient_material())
    }
    /// Whether `color` cannot mate, whatever is played (python-chess's rule: a lone minor piece cannot, unless
    /// the other side's pieces could block its own king in; bishops of one square colour cannot, unless the
    /// other side has pawns or knights).
    fn has_insufficient_material(&self, color: bool) -> PyResult<bool> {
        self.ready()?;
        let board = self.board();
        let us = crate::squares::color(color);
        let roles =
            |side: Color| board.pieces(side).iter().filter_map(|&sq| board.piece_at(sq).map(|p| (sq, p.role())));
        if roles(us).any(|(_, r)| matches!(r, Role::Pawn | Role::Rook | Role::Queen)) {
            return Ok(false);
        }
        if roles(us).any(|(_, r)| r == Role::Knight) {
            return Ok(board.pieces(us).len() <= 2 && roles(!us).all(|(_, r)| matches!(r, Role::King | Role::Queen)));
        }
        let bishops: Vec<Square> = Color::ALL
            .into_iter()
            .flat_map(|side| roles(side).filter(|&(_, r)| r == Role::Bishop).map(|(sq, _)| sq))
            .collect();
        if roles(us).any(|(_, r)| r == Role::Bishop) {
            let one_colour = bishops.iter().all(|sq| sq.is_light()) || bishops.iter().all(|sq| !sq.is_light());
            let pawns_or_knights =
                Color::ALL.into_iter().any(|side| roles(side).any(|(_, r)| matches!(r, Role::Pawn | Role::Knight)));
            return Ok(one_colour && !pawns_or_knights);
        }
        Ok(true)
    }
    /// Whether the game is over by itself or (with `claim_draw`) by a draw the side to move may claim.
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&mut self, claim_draw: bool) -> PyResult<bool> {
        self.ready()?;
        Ok(self.outcome_code(claim_draw).is_some())
    }
    /// The termination's number and the winner if the game is over (`Board.outcome` builds the `Outcome`).
    #[pyo3(signature = (*, claim_draw = false))]
    fn _outcome(&mut self, claim_draw: bool) -> PyResult<Option<(u8, Option<bool>)>> {
        self.ready()?;
        Ok(self.outcome_code(claim_draw))
    }
    /// The result: "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&mut self, claim_draw: bool) -> PyResult<&'static str> {
        self.ready()?;
        Ok(match self.outcome_code(claim_draw) {
            Some((_, Some(true))) => "1-0",
            Some((_, Some(false))) => "0-1",
            Some((_, None)) => "1/2-1/2",
            None => "*",
        })
    }
    /// Whether the side to move may claim a draw: under the fifty-move rule or by threefold repetition, now
    /// or with a move it is about to play.
    fn can_claim_draw(&self) -> PyResult<bool> {
        self.ready()?;
        Ok(self.pos().can_claim_draw())
    }
    /// Whether a draw may be claimed under the fifty-move rule, now or with the next move.
    fn can_claim_fifty_moves(&self) -> PyResult<bool> {
        self.ready()?;
        Ok(self.pos().can_claim_fifty_moves())
    }
    /// Whether a draw may be claimed by threefold repetition, now or with the next move.
    fn can_claim_threefold_repetition(&self) -> PyResult<bool> {
        self.ready()?;
        Ok(self.pos().can_claim_threefold_repetition())
    }
    /// Whether 100 plies passed without a capture or pawn move (and the side to move has a move).
    fn is_fifty_moves(&self) -> PyResult<bool> {
        self.ready()?;
        Ok(self.pos().is_fifty_moves())
    }
    /// Whether 150 plies passed without a capture or pawn move (and the side to move has a move).
    fn is_seventyfive_moves(&self) -> PyResult<bool> {
        self.ready()?;
        Ok(self.pos().is_seventyfive_moves())
    }
    /// Whether the position occurred five times.
    fn is_fivefold_repetition(&self) -> PyResult<bool> {
        self.ready()?;
        Ok(self.pos().is_fivefold_repetition())
    }
    /// Whether the position occurred `count` times (counting back to the last capture, pawn move or loss of
    /// castling rights, and not across a null move).
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> PyResult<bool> {
        self.ready()?;
        Ok(self.pos().is_repetition(count))
    }
    /// Always `False`: ox88 plays chess and Chess960, whose games end only by the rules above.
    fn is_variant_end(&self) -> bool {
        false
    }
    /// python-chess's `clean_castling_rights()`: the rights as set that the pieces allow (an ox88 position
    /// keeps no others).
    fn clean_castling_rights(&self) -> u64 {
        match self.draft_ref() {
            Some(draft) => draft.clean_castling(self.pos().is_chess960()),
            None => self.castling_mask(),
        }
    }
    /// python-chess's `_valid_ep_square()`: the en-passant square if a double push could have left it.
    fn _valid_ep_square(&self) -> Option<u8> {
        let ep = self.draft_ref().map_or_else(|| self.ep(), |draft| draft.valid_ep());
        ep.map(|sq| sq.index64() as u8)
    }
    /// The checkers of the side to move, as a mask.
    fn _checkers_mask(&self) -> u64 {
        if let Some(draft) = self.draft_ref() {
            return draft.checkers();
        }
        BoardCore::mask(self.board().checkers())
    }
}
