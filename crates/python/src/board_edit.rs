//! New boards from a board (`copy` is in `board`): the root of the move stack, the mirror image; and the
//! edits python-chess allows on a board, each of which sets up a new position to play from.

use crate::board::BoardCore;
use crate::errors::illegal;
use crate::legal::LegalMoveGenerator;
use crate::moves::PyMove;
use crate::piece::PyPiece;
use crate::squares::{role, square};
use ox88_board::{Board, Color, Rank, Role, Setup, Square};
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
        let (from, to) = (square(from_square)?, square(to_square)?);
        let mut role = promotion.map(role).transpose()?;
        let pawn = self.board().piece_at(from).is_some_and(|p| p.role() == Role::Pawn);
        if role.is_none() && pawn && matches!(to.rank(), Rank::FIRST | Rank::EIGHTH) {
            role = Some(Role::Queen);
        }
        let m = self.pos().find_move(from, to, role).map_err(|e| illegal(e, &self.fen_text(false)))?;
        PyMove::of(m, self.pos().castling_mode()).object(py)
    }
    /// Puts `piece` on `square` (the move stack is cleared); `ValueError` if the result is no position to
    /// play from.
    fn set_piece_at(slf: PyRefMut<'_, Self>, square: i64, piece: &Bound<'_, PyPiece>) -> PyResult<()> {
        let (sq, piece) = (crate::squares::square(square)?, piece.get().piece());
        BoardCore::edit(slf, |setup| {
            setup.put(sq, piece);
        })
    }
    /// Removes and returns the piece on `square`, if any (the move stack is cleared).
    fn remove_piece_at(slf: PyRefMut<'_, Self>, square: i64) -> PyResult<Option<Py<PyPiece>>> {
        let py = slf.py();
        let sq = crate::squares::square(square)?;
        let Some(piece) = slf.board().piece_at(sq) else { return Ok(None) };
        BoardCore::edit(slf, |setup| {
            setup.remove(sq);
        })?;
        Ok(Some(PyPiece::object(py, piece)?))
    }
    /// Forgets the move stack, keeping the position.
    fn clear_stack(mut slf: PyRefMut<'_, Self>) -> PyResult<()> {
        let mut pos = Position::new(slf.board().clone());
        pos.set_castling_mode(slf.pos().castling_mode());
        slf.set_position(pos);
        BoardCore::sync_all(slf)
    }
    /// Sets the pieces from a FEN's first field, keeping side to move, castling and clocks where they still
    /// fit (the move stack is cleared).
    fn set_board_fen(slf: PyRefMut<'_, Self>, fen: &str) -> PyResult<()> {
        // Read with the board's side to move, which the edit keeps: a placement that leaves the other side in
        // check is refused, one that checks the side to move is not.
        let side = if slf.board().side_to_move() == Color::White { "w" } else { "b" };
        let placed = Board::from_fen_lenient(&format!("{} {side} - - 0 1", fen.trim()))
            .map_err(crate::errors::fen_error)?
            .0
            .to_setup();
        BoardCore::edit(slf, |setup| {
            setup.clear_pieces();
            for sq in Square::all() {
                if let Some(piece) = placed.piece_at(sq) {
                    setup.put(sq, piece);
                }
            }
        })
    }
    /// Sets the castling rights from a FEN's castling field ("KQkq", "HAha", "-"; the move stack is cleared).
    fn set_castling_fen(mut slf: PyRefMut<'_, Self>, castling: &str) -> PyResult<()> {
        let fen = slf.fen_text(false);
        let mut fields: Vec<&str> = fen.split(' ').collect();
        fields[2] = castling.trim();
        let board = Board::from_fen(&fields.join(" ")).map_err(crate::errors::fen_error)?;
        let mode = slf.pos().castling_mode();
        let mut pos = Position::new(board);
        pos.set_castling_mode(mode);
        slf.set_position(pos);
        BoardCore::sync_all(slf)
    }
    /// Sets castling rights to exactly the rooks of the mask `rights` (`board.castling_rights = ...`).
    #[setter(castling_rights)]
    fn set_castling_rights(slf: PyRefMut<'_, Self>, rights: u64) -> PyResult<()> {
        BoardCore::edit(slf, |setup| {
            setup.clear_castling();
            for sq in Square::all().filter(|sq| rights & crate::squares::bit(*sq) != 0) {
                match sq.rank() {
                    Rank::FIRST => setup.castle_with_rook(Color::White, sq.file()),
                    Rank::EIGHTH => setup.castle_with_rook(Color::Black, sq.file()),
                    _ => setup,
                };
            }
        })
    }
    /// Sets the en-passant square (`board.ep_square = ...`; the move stack is cleared).
    #[setter(ep_square)]
    fn set_ep_square(slf: PyRefMut<'_, Self>, square: Option<i64>) -> PyResult<()> {
        let sq = square.map(crate::squares::square).transpose()?;
        BoardCore::edit(slf, |setup| {
            setup.set_en_passant(sq);
        })
    }
}
