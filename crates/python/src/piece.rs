//! `Piece`: python-chess's piece, a piece type and a colour. The twelve pieces are shared objects.

use ox88_board::{Color, Piece, Role};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// A piece: a piece type (`PAWN` = 1 to `KING` = 6) and a colour (`WHITE` is `True`), python-chess's `Piece`.
///
/// >>> import ox88 as chess
/// >>> knight = chess.Piece.from_symbol("n")
/// >>> knight.piece_type == chess.KNIGHT, knight.color == chess.BLACK, knight.symbol()
/// (True, True, 'n')
#[pyclass(frozen, eq, hash, module = "ox88", name = "Piece")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPiece {
    /// The piece type, 1 (pawn) to 6 (king).
    #[pyo3(get)]
    pub piece_type: u8,
    /// The colour: `True` for white.
    #[pyo3(get)]
    pub color: bool,
}

static PIECES: PyOnceLock<Vec<Py<PyPiece>>> = PyOnceLock::new();

impl PyPiece {
    /// ox88's piece.
    pub fn piece(self) -> Piece {
        let role = crate::squares::role_of(self.piece_type).unwrap_or(Role::Pawn);
        Piece::new(if self.color { Color::White } else { Color::Black }, role)
    }
    /// python-chess's piece of ox88's `piece`.
    pub fn of(piece: Piece) -> PyPiece {
        PyPiece { piece_type: piece.role() as u8, color: piece.color() == Color::White }
    }
    /// The shared Python object of ox88's `piece`.
    pub fn object(py: Python<'_>, piece: Piece) -> PyResult<Py<PyPiece>> {
        let table = PIECES.get_or_try_init(py, || -> PyResult<Vec<Py<PyPiece>>> {
            (0..12).map(|i| Py::new(py, PyPiece { piece_type: (i % 6 + 1) as u8, color: i < 6 })).collect()
        })?;
        let index = (piece.role() as usize - 1) + if piece.color() == Color::White { 0 } else { 6 };
        Ok(table[index].clone_ref(py))
    }
}

#[pymethods]
impl PyPiece {
    #[new]
    fn new(piece_type: u8, color: bool) -> PyResult<PyPiece> {
        if !(1..=6).contains(&piece_type) {
            return Err(PyValueError::new_err(format!("piece types are 1 (pawn) to 6 (king), not {piece_type}")));
        }
        Ok(PyPiece { piece_type, color })
    }
    /// The piece's letter: upper case for white ("N"), lower case for black ("n").
    fn symbol(&self) -> String {
        self.piece().char().to_string()
    }
    /// The piece's Unicode chess symbol ("♘" for a white knight); `invert_color` swaps the colours.
    #[pyo3(signature = (*, invert_color = false))]
    pub(crate) fn unicode_symbol(&self, invert_color: bool) -> &'static str {
        const SYMBOLS: [&str; 12] = ["♙", "♘", "♗", "♖", "♕", "♔", "♟", "♞", "♝", "♜", "♛", "♚"];
        let black = self.color == invert_color;
        SYMBOLS[(self.piece_type as usize - 1) + if black { 6 } else { 0 }]
    }
    /// The piece of a letter ("N", "n"); `ValueError` for any other text.
    #[classmethod]
    fn from_symbol(_cls: &Bound<'_, PyType>, py: Python<'_>, symbol: &str) -> PyResult<Py<PyPiece>> {
        let mut chars = symbol.chars();
        match (chars.next().and_then(Piece::from_char), chars.next()) {
            (Some(piece), None) => PyPiece::object(py, piece),
            _ => Err(PyValueError::new_err(format!("invalid piece symbol {symbol:?}: expected one of PNBRQK pnbrqk"))),
        }
    }
    fn __str__(&self) -> String {
        self.symbol()
    }
    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (u8, bool)) {
        let p = slf.get();
        (slf.get_type(), (p.piece_type, p.color))
    }
}
