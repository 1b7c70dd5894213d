//! python-chess's exceptions, raised with ox88's messages: `IllegalMoveError`, `InvalidMoveError` and
//! `AmbiguousMoveError` are `ValueError`s, as in python-chess, so `except ValueError` catches every one.

use ox88_board::FenError;
use ox88_movegen::{IllegalMoveError as RustIllegal, SanError, UciMoveError};
use pyo3::exceptions::PyValueError;
use pyo3::{create_exception, PyErr};

create_exception!(ox88, IllegalMoveError, PyValueError, "A move that is well formed but not legal in the position.");
create_exception!(ox88, InvalidMoveError, PyValueError, "Move text that is not valid notation (UCI or SAN).");
create_exception!(ox88, AmbiguousMoveError, PyValueError, "SAN that names more than one legal move.");

/// A bad FEN: a `ValueError` naming the field, as python-chess raises.
pub fn fen_error(error: FenError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// An illegal move, named by its squares.
pub fn illegal(error: RustIllegal, fen: &str) -> PyErr {
    IllegalMoveError::new_err(format!("{error} in {fen}"))
}

/// UCI text that is not syntax, or names no legal move.
pub fn uci_error(error: UciMoveError, fen: &str) -> PyErr {
    match error {
        UciMoveError::Syntax(e) => InvalidMoveError::new_err(e.to_string()),
        UciMoveError::NullMove => IllegalMoveError::new_err(format!("{error} in {fen}")),
        UciMoveError::Illegal(e) => illegal(e, fen),
    }
}

/// SAN that is not syntax, is ambiguous, or names no legal move.
pub fn san_error(error: SanError, fen: &str) -> PyErr {
    match error {
        SanError::Syntax(e) => InvalidMoveError::new_err(e.to_string()),
        SanError::Ambiguous { .. } => AmbiguousMoveError::new_err(format!("{error} in {fen}")),
        SanError::Illegal { .. } | SanError::MissingPromotion { .. } => {
            IllegalMoveError::new_err(format!("{error} in {fen}"))
        }
    }
}
