//! `Board`'s pseudo-legal moves as python-chess has them: each piece's moves by its geometry to an empty square
//! or onto a piece of the other side, whether or not they leave the own king in check; pawns push, double-push
//! from their first rank, capture (en passant too) and promote; castling only where it is legal (python-chess
//! generates castling only where the king's path is safe).

use crate::board::BoardCore;
use crate::board_lines::attacks;
use crate::moves::PyMove;
use ox88_board::{CastlingMode, Color, Role, Square};
use pyo3::prelude::*;
use pyo3::types::PyList;

/// The promotions python-chess generates, in its order.
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

impl BoardCore {
    /// The pseudo-legal moves of the side to move, castling in the board's notation.
    pub fn pseudo_legal(&mut self) -> Vec<PyMove> {
        let mode = self.pos().castling_mode();
        let mut out: Vec<PyMove> =
            self.moves().iter().filter(|m| m.is_castle()).map(|&m| PyMove::of(m, mode)).collect();
        let ep = self.ep();
        let board = self.board();
        let us = board.side_to_move();
        let add = |out: &mut Vec<PyMove>, from: Square, to: Square, promote: bool| {
            let (from_square, to_square) = (from.index64() as u8, to.index64() as u8);
            if promote {
                out.extend(PROMOTIONS.iter().map(|&role| PyMove { from_square, to_square, promotion: role as u8 }));
            } else {
                out.push(PyMove { from_square, to_square, promotion: 0 });
            }
        };
        for &from in board.pieces(us) {
            let piece = board.piece_at(from).expect("piece list and mailbox agree");
            let pawn = piece.role() == Role::Pawn;
            for to in Square::all() {
                let target = board.piece_at(to);
                let takes = target.is_some_and(|p| p.color() != us) || (pawn && Some(to) == ep && target.is_none());
                if (takes || (!pawn && target.is_none())) && attacks(board, piece, from, to) {
                    add(&mut out, from, to, pawn && is_last_rank(to, us));
                }
            }
            if pawn {
                let step: i16 = if us == Color::White { 8 } else { -8 };
                let ahead = |sq: Square| Square::from_index64((sq.index64() as i16 + step) as u8);
                if let Some(one) = ahead(from).filter(|&sq| board.piece_at(sq).is_none()) {
                    add(&mut out, from, one, is_last_rank(one, us));
                    let first = if us == Color::White { 1 } else { 6 };
                    if from.index64() / 8 == first {
                        if let Some(two) = ahead(one).filter(|&sq| board.piece_at(sq).is_none()) {
                            add(&mut out, from, two, false);
                        }
                    }
                }
            }
        }
        out
    }
}

/// Whether `to` is the last rank for `color`'s pawns.
fn is_last_rank(to: Square, color: Color) -> bool {
    to.index64() / 8 == if color == Color::White { 7 } else { 0 }
}

#[pymethods]
impl BoardCore {
    /// The pseudo-legal moves of the side to move, as a list (``Board.pseudo_legal_moves`` is the view users
    /// meet).
    fn _pseudo_legal_list<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.ready()?;
        let moves = self.pseudo_legal();
        PyList::new(py, moves.into_iter().map(|m| m.object(py)).collect::<PyResult<Vec<_>>>()?)
    }
    /// Whether ``move`` is pseudo-legal: a move of a piece of the side to move by its geometry, whether or not
    /// it leaves the king in check (castling only where it is legal, also written as the king taking its rook
    /// in standard chess, as python-chess reads it).
    fn is_pseudo_legal(&mut self, r#move: &Bound<'_, PyMove>) -> PyResult<bool> {
        self.ready()?;
        let m = *r#move.get();
        let standard = self.pos().castling_mode() == CastlingMode::Standard;
        Ok((standard && self.find(m).is_ok_and(|found| found.is_castle())) || self.pseudo_legal().contains(&m))
    }
}
