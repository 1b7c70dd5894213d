//! `Board`'s lines of attack as python-chess's masks: what a piece attacks, what pins a piece to its king, and the
//! squares each side occupies, on ox88-board's geometry.

use crate::board::BoardCore;
use ox88_board::geometry::{self, SLIDER_MASK};
use ox88_board::{Board, Piece, Square};
use pyo3::prelude::*;

/// Every square, as python-chess's `BB_ALL`.
const ALL: u64 = u64::MAX;

/// Whether `piece` on `from` attacks `to` on `board`: the piece's geometry, and for a slider nothing between.
pub(crate) fn attacks(board: &Board, piece: Piece, from: Square, to: Square) -> bool {
    to != from
        && geometry::pseudo_attacks(piece, from, to)
        && (geometry::piece_mask(piece) & SLIDER_MASK == 0 || board.path_clear(from, to, &[]))
}

/// The whole line through `a` and `b` (on one rank, file or diagonal), edge to edge, as a mask.
fn line(a: Square, b: Square) -> u64 {
    let step = geometry::step(a, b);
    let mut mask = BoardCore::mask([a]);
    for delta in [step, -step] {
        let mut at = a;
        while let Some(next) = at.offset(delta) {
            mask |= BoardCore::mask([next]);
            at = next;
        }
    }
    mask
}

#[pymethods]
impl BoardCore {
    /// The mask of the squares the piece on `square` attacks (0 for an empty square): python-chess's
    /// `attacks_mask`. A slider's lines end at the first piece on each, whatever its colour, which is included.
    fn attacks_mask(&self, square: i64) -> PyResult<u64> {
        let from = crate::squares::square(square)?;
        if let Some(draft) = self.draft_ref() {
            return Ok(BoardCore::mask(Square::all().filter(|&to| draft.attacks(from, to))));
        }
        let board = self.board();
        let Some(piece) = board.piece_at(from) else { return Ok(0) };
        Ok(BoardCore::mask(Square::all().filter(|&to| attacks(board, piece, from, to))))
    }

    /// python-chess's `pin_mask`: if a piece of the other side would attack `color`'s king through `square`
    /// and nothing else stands between, the whole line through the king and that piece; else every square.
    /// (As in python-chess, `square` need not hold a piece of `color`.)
    fn pin_mask(&self, color: bool, square: i64) -> PyResult<u64> {
        let color = crate::squares::color(color);
        let target = crate::squares::square(square)?;
        let king = self.draft_ref().map_or_else(|| Some(self.board().king(color)), |draft| draft.king(color));
        let Some(king) = king else { return Ok(ALL) };
        for sniper in Square::all() {
            let Some(piece) = self.piece_on(sniper).filter(|p| p.color() != color) else { continue };
            let pins = geometry::piece_mask(piece) & SLIDER_MASK != 0
                && geometry::pseudo_attacks(piece, sniper, king)
                && geometry::between(sniper, king).any(|between| between == target)
                && geometry::between(sniper, king).all(|sq| sq == target || self.piece_on(sq).is_none());
            if pins {
                return Ok(line(king, sniper));
            }
        }
        Ok(ALL)
    }

    /// The mask of the squares `color`'s pieces stand on.
    fn _occupied_mask(&self, color: bool) -> u64 {
        let color_ = crate::squares::color(color);
        if let Some(draft) = self.draft_ref() {
            return draft.mask(|p| p.color() == color_);
        }
        BoardCore::mask(self.board().pieces(crate::squares::color(color)).iter().copied())
    }
}
