//! python-chess's numbers for ox88's vocabulary: squares as integers 0 to 63 (a1 = 0, h8 = 63), colours as
//! booleans (`True` is white), piece types as 1 (pawn) to 6 (king); checked where a user hands them in.

use ox88_board::{Color, Role, Square};
use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

/// The square of python-chess's number, or a `ValueError` naming it.
pub fn square(index: i64) -> PyResult<Square> {
    u8::try_from(index)
        .ok()
        .and_then(Square::from_index64)
        .ok_or_else(|| PyValueError::new_err(format!("squares are 0 (a1) to 63 (h8), not {index}")))
}

/// The role of python-chess's piece type, or a `ValueError` naming it.
pub fn role(piece_type: i64) -> PyResult<Role> {
    u8::try_from(piece_type)
        .ok()
        .and_then(role_of)
        .ok_or_else(|| PyValueError::new_err(format!("piece types are 1 (pawn) to 6 (king), not {piece_type}")))
}

/// The colour of python-chess's boolean.
pub fn color(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

/// The bit of `square` in python-chess's square masks (`SquareSet`, `castling_rights`).
pub fn bit(square: Square) -> u64 {
    1 << square.index64()
}

/// The role of python-chess's piece type 1 (pawn) to 6 (king).
pub fn role_of(piece_type: u8) -> Option<Role> {
    Role::from_index(usize::from(piece_type).checked_sub(1)?)
}
