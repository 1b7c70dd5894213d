//! `Board`'s pieces and squares: what stands where, the kings, masks of pieces and attackers, castling rights and
//! the position's key, read from the position or from the draft of an edited board.

use crate::board::BoardCore;
use crate::piece::PyPiece;
use ox88_board::{Color, Square};
use ox88_movegen::MoveGen;
use pyo3::prelude::*;

#[pymethods]
impl BoardCore {
    /// The piece on `square`, or `None`.
    fn piece_at(&self, py: Python<'_>, square: i64) -> PyResult<Option<Py<PyPiece>>> {
        match self.piece_on(crate::squares::square(square)?) {
            Some(piece) => Ok(Some(PyPiece::object(py, piece)?)),
            None => Ok(None),
        }
    }
    /// The piece type on `square`, or `None`.
    fn piece_type_at(&self, square: i64) -> PyResult<Option<u8>> {
        Ok(self.piece_on(crate::squares::square(square)?).map(|p| p.role() as u8))
    }
    /// The colour of the piece on `square`, or `None`.
    fn color_at(&self, square: i64) -> PyResult<Option<bool>> {
        Ok(self.piece_on(crate::squares::square(square)?).map(|p| p.color() == Color::White))
    }
    /// The square of `color`'s king (`None` on a board being set up without one).
    fn king(&self, color: bool) -> Option<u8> {
        let color = crate::squares::color(color);
        let king = self.draft_ref().map_or_else(|| Some(self.board().king(color)), |d| d.king(color));
        king.map(|sq| sq.index64() as u8)
    }
    /// A dictionary of square to piece for every piece on the board.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let map = pyo3::types::PyDict::new(py);
        for sq in Square::all() {
            if let Some(piece) = self.piece_on(sq) {
                map.set_item(sq.index64(), PyPiece::object(py, piece)?)?;
            }
        }
        Ok(map)
    }
    /// The mask of the squares of `color`'s pieces of `piece_type`.
    fn _pieces_mask(&self, piece_type: i64, color: bool) -> PyResult<u64> {
        let piece = ox88_board::Piece::new(crate::squares::color(color), crate::squares::role(piece_type)?);
        if let Some(draft) = self.draft_ref() {
            return Ok(draft.mask(|p| p == piece));
        }
        let board = self.board();
        Ok(BoardCore::mask(board.pieces(piece.color()).iter().copied().filter(|&sq| board.piece_at(sq) == Some(piece))))
    }
    /// The mask of the squares of `color`'s pieces that attack `square`.
    fn _attackers_mask(&self, color: bool, square: i64) -> PyResult<u64> {
        let (target, color) = (crate::squares::square(square)?, crate::squares::color(color));
        if let Some(draft) = self.draft_ref() {
            return Ok(draft.attackers(color, target));
        }
        Ok(BoardCore::mask(self.board().attackers(target, color)))
    }
    /// Whether a piece of `color` attacks `square`.
    fn is_attacked_by(&self, color: bool, square: i64) -> PyResult<bool> {
        if self.draft_ref().is_some() {
            return Ok(self._attackers_mask(color, square)? != 0);
        }
        Ok(self.board().is_attacked(crate::squares::square(square)?, crate::squares::color(color)))
    }
    /// Whether `color` still has the right to castle on the king's side.
    fn has_kingside_castling_rights(&self, color: bool) -> bool {
        if !self.playable() {
            return self.draft_rights(color).1;
        }
        self.board().castling().rook(crate::squares::color(color), ox88_board::CastlingSide::Short).is_some()
    }
    /// Whether `color` still has the right to castle on the queen's side.
    fn has_queenside_castling_rights(&self, color: bool) -> bool {
        if !self.playable() {
            return self.draft_rights(color).0;
        }
        self.board().castling().rook(crate::squares::color(color), ox88_board::CastlingSide::Long).is_some()
    }
    /// Whether `color` may still castle on either side.
    fn has_castling_rights(&self, color: bool) -> bool {
        self.has_kingside_castling_rights(color) || self.has_queenside_castling_rights(color)
    }
    /// Whether an en-passant capture is legal now.
    fn has_legal_en_passant(&self) -> PyResult<bool> {
        self.ready()?;
        Ok(self.board().has_legal_en_passant())
    }
    /// The Polyglot (Zobrist) key of the position.
    fn _key(&self) -> PyResult<u64> {
        self.ready()?;
        Ok(self.pos().key())
    }
}

impl BoardCore {
    /// The piece on `square`, of the draft if the board has one.
    pub(crate) fn piece_on(&self, square: Square) -> Option<ox88_board::Piece> {
        match self.draft_ref() {
            Some(draft) => draft.piece_at(square),
            None => self.board().piece_at(square),
        }
    }
    /// Whether `color` may castle on the a-side and on the h-side by the draft's clean rights (python-chess:
    /// a rook of the rights on the king's first rank, the king there too).
    fn draft_rights(&self, color: bool) -> (bool, bool) {
        let (Some(draft), side) = (self.draft_ref(), crate::squares::color(color)) else { return (false, false) };
        let rank: u64 = if color { 0xFF } else { 0xFF << 56 };
        let rights = draft.clean_castling(self.pos().is_chess960()) & rank;
        // Compared with the highest king of `color` on its first rank, as python-chess compares.
        let kings = draft.mask(|p| p == ox88_board::Piece::new(side, ox88_board::Role::King)) & rank;
        if kings == 0 {
            return (false, false);
        }
        let king = 1u64 << (63 - kings.leading_zeros());
        (rights & (king - 1) != 0, rights & !(king | (king - 1)) != 0)
    }
}
