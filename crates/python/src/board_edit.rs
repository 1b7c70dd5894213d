//! New boards from a board (`copy` is in `board`): the root of the move stack, the mirror image; and the
//! edits python-chess allows on a board, each of which sets up a new position to play from.

use crate::board::BoardCore;
use crate::draft::Draft;
use crate::errors::illegal;
use crate::legal::LegalMoveGenerator;
use crate::moves::PyMove;
use crate::piece::PyPiece;
use crate::squares::{role, square};
use ox88_board::{Board, Rank, Role, Setup, Square};
use ox88_movegen::Position;
use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;

impl BoardCore {
    /// A new instance of `slf`'s class holding `pos`.
    pub fn spawn<'py>(slf: &Bound<'py, Self>, pos: Position) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let ty = slf.get_type();
        let board = ty.call_method1(intern!(py, "__new__"), (&ty,))?;
        let core = board.cast::<BoardCore>()?;
        if slf.borrow().slots {
            BoardCore::install_slots(core)?;
        }
        let mut core = core.borrow_mut();
        core.set_position(pos);
        BoardCore::sync_all(core)?;
        Ok(board)
    }
}

/// The position seen from the other side: the board flipped top to bottom, the colours swapped.
fn mirrored(board: &Board) -> PyResult<Board> {
    let mut setup = Setup::empty();
    for sq in Square::all() {
        if let Some(piece) = board.piece_at(sq) {
            setup.put(sq.flip_vertical(), ox88_board::Piece::new(!piece.color(), piece.role()));
        }
    }
    for (color, _, rook) in board.castling().iter() {
        setup.castle_with_rook(!color, rook.file());
    }
    setup
        .set_side_to_move(!board.side_to_move())
        .set_en_passant(board.en_passant().map(Square::flip_vertical))
        .set_halfmove_clock(board.halfmove_clock())
        .set_fullmove_number(board.fullmove_number());
    setup.build().map_err(|e| PyValueError::new_err(e.to_string()))
}

#[pymethods]
impl BoardCore {
    /// The legal moves: iterate over them, `len()`, `count()`, `move in board.legal_moves`.
    #[getter]
    fn legal_moves(slf: Py<Self>) -> LegalMoveGenerator {
        LegalMoveGenerator::of(slf)
    }
    /// A new board with the position the move stack starts from.
    fn root<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        if slf.borrow().draft_ref().is_some() {
            // An edited board has no moves to take back: its root is itself.
            return BoardCore::copy(slf, None);
        }
        let pos = {
            let this = slf.borrow();
            let first = this.before_nulls.first().unwrap_or(this.pos());
            let mut root = Position::new(first.start().clone());
            root.set_castling_mode(this.pos().castling_mode());
            root
        };
        BoardCore::spawn(slf, pos)
    }
    /// A new board with the mirror image of the position: flipped top to bottom, colours swapped, the other
    /// side to move (no move stack).
    fn mirror<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        if let Some(draft) = slf.borrow().draft_ref().map(Draft::mirrored) {
            let board = BoardCore::spawn(slf, slf.borrow().pos().clone())?;
            let mut core = board.cast::<BoardCore>()?.borrow_mut();
            core.settle(draft);
            BoardCore::sync_all(core)?;
            return Ok(board);
        }
        let pos = {
            let this = slf.borrow();
            let mut pos = Position::new(mirrored(this.board())?);
            pos.set_castling_mode(this.pos().castling_mode());
            pos
        };
        BoardCore::spawn(slf, pos)
    }
    /// The legal move from `from_square` to `to_square` (castling as the king's move or king takes rook); a
    /// pawn reaching the last rank promotes to `promotion`, a queen if `None`. `IllegalMoveError` if none.
    #[pyo3(signature = (from_square, to_square, promotion = None))]
    fn find_move(
        &self,
        py: Python<'_>,
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
    ) -> PyResult<Py<PyMove>> {
        self.ready()?;
        let (from, to) = (square(from_square)?, square(to_square)?);
        let mut role = promotion.map(role).transpose()?;
        let pawn = self.board().piece_at(from).is_some_and(|p| p.role() == Role::Pawn);
        if role.is_none() && pawn && matches!(to.rank(), Rank::FIRST | Rank::EIGHTH) {
            role = Some(Role::Queen);
        }
        let m = self.pos().find_move(from, to, role).map_err(|e| illegal(e, &self.fen_text(false)))?;
        PyMove::of(m, self.pos().castling_mode()).object(py)
    }
    /// Puts `piece` on `square` (the move stack is cleared; `piece=None` empties the square).
    #[pyo3(signature = (square, piece, promoted = false))]
    fn set_piece_at(
        slf: PyRefMut<'_, Self>,
        square: i64,
        piece: Option<&Bound<'_, PyPiece>>,
        promoted: bool,
    ) -> PyResult<()> {
        let _ = promoted;
        let (sq, piece) = (crate::squares::square(square)?, piece.map(|p| p.get().piece()));
        BoardCore::edit(slf, |draft| draft.squares[sq.index64()] = piece)
    }
    /// Removes and returns the piece on `square`, if any (the move stack is cleared).
    fn remove_piece_at(slf: PyRefMut<'_, Self>, square: i64) -> PyResult<Option<Py<PyPiece>>> {
        let py = slf.py();
        let sq = crate::squares::square(square)?;
        let Some(piece) = slf.draft().piece_at(sq) else { return Ok(None) };
        BoardCore::edit(slf, |draft| draft.squares[sq.index64()] = None)?;
        Ok(Some(PyPiece::object(py, piece)?))
    }
    /// Becomes a copy of `other` without its move stack (`apply_mirror`, `apply_transform`).
    fn _assign(mut slf: PyRefMut<'_, Self>, other: PyRef<'_, Self>) -> PyResult<()> {
        let (draft, mut pos) = (other.draft_ref().cloned(), Position::new(other.board().clone()));
        pos.set_castling_mode(other.pos().castling_mode());
        slf.set_position(pos);
        if let Some(draft) = draft {
            slf.settle(draft);
        }
        BoardCore::sync_all(slf)
    }
    /// Forgets the move stack, keeping the position.
    fn clear_stack(mut slf: PyRefMut<'_, Self>) -> PyResult<()> {
        if slf.draft_ref().is_some() {
            return Ok(()); // an edited board has no moves
        }
        let mut pos = Position::new(slf.board().clone());
        pos.set_castling_mode(slf.pos().castling_mode());
        slf.set_position(pos);
        BoardCore::sync_all(slf)
    }
    /// Sets the pieces from a FEN's first field, keeping side to move, castling rights, the en-passant square
    /// and the clocks as they are set (the move stack is cleared); `ValueError` for a field that is not one.
    fn set_board_fen(slf: PyRefMut<'_, Self>, fen: &str) -> PyResult<()> {
        let squares = placement(fen.trim())?;
        BoardCore::edit(slf, |draft| draft.squares = squares)
    }
    /// Sets the castling rights from a FEN's castling field ("KQkq", "HAha", "-") as python-chess reads it:
    /// `K`/`Q` the outermost rook on that side of the king, a file letter that file (the move stack is cleared).
    fn set_castling_fen(slf: PyRefMut<'_, Self>, castling: &str) -> PyResult<()> {
        let castling = castling.trim();
        let rights = slf
            .draft()
            .castling_from_fen(castling)
            .ok_or_else(|| PyValueError::new_err(format!("invalid castling fen: {castling:?}")))?;
        BoardCore::edit(slf, |draft| draft.castling = rights)
    }
    /// Sets castling rights to exactly the rooks of the mask `rights` (`board.castling_rights = ...`).
    #[setter(castling_rights)]
    fn set_castling_rights(slf: PyRefMut<'_, Self>, rights: u64) -> PyResult<()> {
        BoardCore::edit(slf, |draft| draft.castling = rights)
    }
    /// Sets the en-passant square (`board.ep_square = ...`; the move stack is cleared).
    #[setter(ep_square)]
    fn set_ep_square(slf: PyRefMut<'_, Self>, square: Option<i64>) -> PyResult<()> {
        let sq = square.map(crate::squares::square).transpose()?;
        BoardCore::edit(slf, |draft| draft.ep = sq)
    }
}

/// The squares of a FEN's placement field, read by ox88-board's FEN reader (its syntax only: python-chess's
/// `set_board_fen` takes any placement), or a `ValueError` naming what is wrong.
fn placement(field: &str) -> PyResult<[Option<ox88_board::Piece>; 64]> {
    if field.contains(char::is_whitespace) {
        return Err(PyValueError::new_err(format!("invalid board fen {field:?}: expected one field")));
    }
    let setup: Setup = format!("{field} w - - 0 1").parse().map_err(crate::errors::fen_error)?;
    Ok(Draft::of_setup(&setup, "-").map_or([None; 64], |draft| draft.squares))
}
