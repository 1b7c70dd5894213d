//! `Move`: python-chess's move, a value of origin, destination and promotion, with the same names. Every move
//! ox88 hands out is one shared object per (origin, destination, promotion), made once, so that listing legal
//! moves allocates nothing on the Python side.

use crate::errors::InvalidMoveError;
use arrayvec::ArrayVec;
use ox88_board::{CastlingMode, Move as RustMove, Role, Square, UciMove};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyType};

/// A move from a square to a square, with the role a pawn promotes to: python-chess's `Move`.
///
/// Squares are python-chess's integers (a1 = 0, b1 = 1, ..., h8 = 63) and the promotion a piece type
/// (`KNIGHT` to `QUEEN`) or `None`. Castling is the king's move, `e1g1`, on a standard board, and the king
/// taking its own rook, `e1h1`, on a Chess960 board (as python-chess writes both). The null move is
/// `Move.null()`, written `0000`; it is false in a boolean context.
///
/// >>> import ox88 as chess
/// >>> move = chess.Move.from_uci("e7e8q")
/// >>> move.from_square == chess.E7, move.to_square == chess.E8, move.promotion == chess.QUEEN
/// (True, True, True)
/// >>> move.uci()
/// 'e7e8q'
#[pyclass(frozen, eq, hash, module = "ox88", name = "Move")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove {
    /// The origin square (0 to 63).
    #[pyo3(get)]
    pub from_square: u8,
    /// The destination square (0 to 63).
    #[pyo3(get)]
    pub to_square: u8,
    /// The promotion role as a piece type (1 to 6), or 0 for none.
    pub promotion: u8,
}

impl PyMove {
    /// The null move: a1 to a1.
    pub const NULL: PyMove = PyMove { from_square: 0, to_square: 0, promotion: 0 };

    /// Whether this is the null move.
    pub fn is_null(self) -> bool {
        self == PyMove::NULL
    }
    /// The squares of this move, as ox88's.
    pub fn squares(self) -> (Square, Square) {
        (square(self.from_square), square(self.to_square))
    }
    /// The promotion role, as ox88's.
    pub fn role(self) -> Option<Role> {
        crate::squares::role_of(self.promotion)
    }
    /// The move python-chess names for the ox88 move `m` in a position of castling mode `mode`.
    pub fn of(m: RustMove, mode: CastlingMode) -> PyMove {
        match m.to_uci(mode) {
            UciMove::Normal { from, to, promotion } => PyMove {
                from_square: from.index64() as u8,
                to_square: to.index64() as u8,
                promotion: promotion.map_or(0, |role| role as u8),
            },
            UciMove::Null => PyMove::NULL,
        }
    }
    /// The index of this move in the table of shared moves, if it has one (no promotion, or a promotion to
    /// knight, bishop, rook or queen).
    pub fn index(self) -> Option<usize> {
        let slot = match self.promotion {
            0 => 0,
            2..=5 => self.promotion as usize - 1,
            _ => return None,
        };
        Some((self.from_square as usize * 64 + self.to_square as usize) * 5 + slot)
    }
    /// The shared Python object of this move (a new object for a promotion to a king or pawn, which only
    /// hand-made moves have).
    pub fn object(self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        match self.index() {
            Some(index) => Ok(shared(py, index)?.clone_ref(py)),
            None => Py::new(py, self),
        }
    }
    /// The UCI text of this move ("0000" for the null move).
    pub fn uci_text(self) -> String {
        if self.is_null() {
            return "0000".to_owned();
        }
        let (from, to) = self.squares();
        match self.role() {
            Some(role) => format!("{from}{to}{}", role.char()),
            None => format!("{from}{to}"),
        }
    }
    /// Reads UCI text as python-chess does: two squares and an optional piece letter, or "0000".
    pub fn parse(uci: &str) -> PyResult<PyMove> {
        if uci == "0000" {
            return Ok(PyMove::NULL);
        }
        if uci.len() == 4 && uci.as_bytes()[1] == b'@' {
            return Err(InvalidMoveError::new_err(format!("drops are not supported (crazyhouse): {uci:?}")));
        }
        if !uci.is_ascii() || !(4..=5).contains(&uci.len()) {
            return Err(InvalidMoveError::new_err(format!(
                "expected UCI text of 4 or 5 characters, like \"e7e8q\": {uci:?}"
            )));
        }
        let bad = || {
            InvalidMoveError::new_err(format!(
                "invalid UCI move {uci:?}: expected two squares and an optional piece letter, like \"e7e8q\""
            ))
        };
        let from: Square = uci[0..2].parse().map_err(|_| bad())?;
        let to: Square = uci[2..4].parse().map_err(|_| bad())?;
        let promotion = match uci[4..].chars().next() {
            None => 0,
            Some(c) => Role::from_char(c).ok_or_else(bad)? as u8,
        };
        if from == to {
            return Err(InvalidMoveError::new_err(format!(
                "invalid UCI move {uci:?}: the same square twice (the null move is \"0000\")"
            )));
        }
        Ok(PyMove { from_square: from.index64() as u8, to_square: to.index64() as u8, promotion })
    }
}

/// Every move of 64 x 64 squares with no promotion or a promotion to knight, bishop, rook or queen, each made
/// when first asked for (a game meets a few hundred of them; the garbage collector, which visits every
/// `#[pyclass]` object, visits only those: made all at once, the 20,480 of them cost a random playout a tenth
/// more instructions in collections).
static MOVES: PyOnceLock<Vec<PyOnceLock<Py<PyMove>>>> = PyOnceLock::new();

/// The table of shared moves.
fn table(py: Python<'_>) -> &[PyOnceLock<Py<PyMove>>] {
    MOVES.get_or_init(py, || (0..64 * 64 * 5).map(|_| PyOnceLock::new()).collect())
}

/// The shared move at `index` of the table.
fn shared(py: Python<'_>, index: usize) -> PyResult<&Py<PyMove>> {
    table(py)[index].get_or_try_init(py, || {
        let (pair, slot) = (index / 5, index % 5);
        let promotion = if slot == 0 { 0 } else { slot as u8 + 1 };
        Py::new(py, PyMove { from_square: (pair / 64) as u8, to_square: (pair % 64) as u8, promotion })
    })
}

/// The shared objects of ox88's legal `moves` in a position of castling mode `mode`, as a Python list.
pub fn list<'py>(py: Python<'py>, moves: &[RustMove], mode: CastlingMode) -> PyResult<Bound<'py, PyList>> {
    // Legal moves promote only to knight, bishop, rook or queen: each has a shared object, made here first if
    // need be. The list is then filled straight from the table, one reference count a move (callgrind: a
    // vector of references in between, counted up and down again, made this function a tenth of a random
    // playout's ply; each move going through `shared`, a fifth).
    let table = table(py);
    let mut objects: ArrayVec<&Py<PyMove>, 256> = ArrayVec::new();
    for &m in moves {
        let index = table_index(m, mode);
        objects.push(match table[index].get(py) {
            Some(object) => object,
            None => shared(py, index)?,
        });
    }
    PyList::new(py, objects.iter().map(|object| object.bind(py)))
}

/// The index in the table of shared moves of the legal ox88 move `m` (which promotes, if at all, to a knight,
/// bishop, rook or queen): [`PyMove::of`] without its branches, for listing moves fast.
#[inline(always)]
pub fn table_index(m: RustMove, mode: CastlingMode) -> usize {
    let slot = m.promotion().map_or(0, |role| role as usize - 1);
    if m.is_castle() {
        let to = if mode == CastlingMode::Standard && m.is_standard_castle() { m.castle_king_target() } else { m.to() };
        return (m.from().index64() * 64 + to.index64()) * 5 + slot;
    }
    // The origin and destination as python-chess numbers them (a1 = 0) are the encoding's low twelve bits,
    // origin first: no square conversions (callgrind: they were most of the cost of listing a move).
    let squares = m.to_raw() as usize & 0xfff;
    ((squares & 63) * 64 + (squares >> 6)) * 5 + slot
}

/// The square of python-chess's integer `index` (taken modulo 64, as python-chess's tables would fail on
/// anything else; callers check ranges where a user gives the number).
pub fn square(index: u8) -> Square {
    Square::from_index64(index & 63).unwrap_or(Square::A1)
}

#[pymethods]
impl PyMove {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None, drop = None))]
    fn new(from_square: u8, to_square: u8, promotion: Option<u8>, drop: Option<u8>) -> PyResult<PyMove> {
        if drop.is_some() {
            return Err(pyo3::exceptions::PyValueError::new_err("drops are not supported (crazyhouse)"));
        }
        if from_square > 63 || to_square > 63 {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "squares are 0 to 63, not {from_square} and {to_square}"
            )));
        }
        let promotion = promotion.unwrap_or(0);
        if promotion > 6 {
            return Err(pyo3::exceptions::PyValueError::new_err(format!("piece types are 1 to 6, not {promotion}")));
        }
        Ok(PyMove { from_square, to_square, promotion })
    }
    /// The role a pawn promotes to (`KNIGHT` to `QUEEN`), or `None`.
    #[getter]
    fn promotion(&self) -> Option<u8> {
        (self.promotion != 0).then_some(self.promotion)
    }
    /// Always `None`: ox88 plays chess and Chess960, not crazyhouse.
    #[getter]
    fn drop(&self) -> Option<u8> {
        None
    }
    /// The move in UCI notation: "e2e4", "e7e8q", "0000" for the null move.
    fn uci(&self) -> String {
        self.uci_text()
    }
    /// The move as CECP (XBoard) writes it: its UCI text, and "@@@@" for the null move.
    fn xboard(&self) -> String {
        if self.is_null() {
            "@@@@".to_owned()
        } else {
            self.uci_text()
        }
    }
    /// Reads UCI text ("e2e4", "e7e8q", "0000"); `InvalidMoveError` (a `ValueError`) if it is not UCI.
    #[classmethod]
    fn from_uci(_cls: &Bound<'_, PyType>, py: Python<'_>, uci: &str) -> PyResult<Py<PyMove>> {
        PyMove::parse(uci)?.object(py)
    }
    /// The null move, `0000`: passes the turn (`Board.push` plays it).
    #[classmethod]
    fn null(_cls: &Bound<'_, PyType>, py: Python<'_>) -> PyResult<Py<PyMove>> {
        PyMove::NULL.object(py)
    }
    fn __bool__(&self) -> bool {
        !self.is_null()
    }
    fn __str__(&self) -> String {
        self.uci_text()
    }
    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.uci_text())
    }
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }
    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (u8, u8, Option<u8>)) {
        let m = slf.get();
        (slf.get_type(), (m.from_square, m.to_square, m.promotion()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_movegen::Position;

    /// The index from the encoding's bits is the one of the squares, for every legal move of positions with
    /// castling (both notations), en passant and promotions.
    #[test]
    fn table_index_is_that_of_the_squares() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/8/3p4/KPp4r/1R3p1k/8/4P1P1/8 w - c6 0 1",
        ];
        for fen in fens {
            for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
                let mut pos = Position::from_fen(fen).expect("a test position");
                pos.set_castling_mode(mode);
                for m in pos.legal_moves() {
                    let to = if mode == CastlingMode::Standard && m.is_standard_castle() {
                        m.castle_king_target()
                    } else {
                        m.to()
                    };
                    let slot = m.promotion().map_or(0, |role| role as usize - 1);
                    assert_eq!(table_index(m, mode), (m.from().index64() * 64 + to.index64()) * 5 + slot, "{m:?}");
                    assert_eq!(PyMove::of(m, mode).index(), Some(table_index(m, mode)), "{m:?}");
                }
            }
        }
    }
}
