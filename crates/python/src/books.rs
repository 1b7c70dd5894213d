//! `ox88.syzygy` and `ox88.polyglot`'s cores: Syzygy tablebases (ox88-syzygy) and Polyglot opening books
//! (ox88-book), probed with a board's position.

use crate::board::BoardCore;
use crate::moves::PyMove;
use ox88_book::Book;
use ox88_syzygy::{ProbeError, Tablebase};
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyError, PyOSError, PyValueError};
use pyo3::prelude::*;

create_exception!(ox88, MissingTableError, PyKeyError, "The table a position needs is not loaded.");

fn probe_error(error: ProbeError) -> PyErr {
    match error {
        ProbeError::MissingTable { .. } | ProbeError::TooManyPieces { .. } | ProbeError::Castling => {
            MissingTableError::new_err(error.to_string())
        }
        other => PyOSError::new_err(other.to_string()),
    }
}

/// Syzygy tables loaded from directories (`ox88.syzygy.open_tablebase` makes one).
#[pyclass(module = "ox88._core", name = "TablebaseCore")]
pub struct TablebaseCore {
    tables: Tablebase,
}

#[pymethods]
impl TablebaseCore {
    #[new]
    fn new() -> TablebaseCore {
        TablebaseCore { tables: Tablebase::new() }
    }
    /// Loads the tables of a directory; the number of files found.
    fn add_directory(&mut self, directory: &str) -> PyResult<usize> {
        self.tables.add_directory(directory).map_err(|e| PyOSError::new_err(e.to_string()))
    }
    /// Win (2), cursed win (1), draw (0), blessed loss (-1) or loss (-2) for the side to move.
    fn probe_wdl(&self, board: PyRef<'_, BoardCore>) -> PyResult<i32> {
        board.ready()?;
        self.tables.probe_wdl(board.pos()).map(|wdl| wdl.value()).map_err(probe_error)
    }
    /// The distance to zeroing (a capture or pawn move) in plies, signed as python-chess signs it.
    fn probe_dtz(&self, board: PyRef<'_, BoardCore>) -> PyResult<i32> {
        board.ready()?;
        self.tables.probe_dtz(board.pos()).map(|dtz| dtz.plies()).map_err(probe_error)
    }
    /// The most pieces a loaded table holds.
    fn max_pieces(&self) -> usize {
        self.tables.max_pieces()
    }
}

/// A book entry: (key, raw move, weight, learn, move).
type EntryRow = (u64, u16, u16, u32, Py<PyMove>);

/// A Polyglot book (`ox88.polyglot.open_reader` makes one).
#[pyclass(module = "ox88._core", name = "BookCore")]
pub struct BookCore {
    book: Book,
}

#[pymethods]
impl BookCore {
    #[new]
    fn new(path: &str) -> PyResult<BookCore> {
        Book::open(path).map(|book| BookCore { book }).map_err(|e| PyOSError::new_err(e.to_string()))
    }
    fn __len__(&self) -> usize {
        self.book.len()
    }
    /// The entries of the board's position, in file order: (key, raw move, weight, learn, move), skipping
    /// entries whose move is not legal.
    fn find_all(&self, py: Python<'_>, board: PyRef<'_, BoardCore>) -> PyResult<Vec<EntryRow>> {
        board.ready()?;
        let pos = board.pos();
        let mode = pos.castling_mode();
        self.book
            .entries(pos.key())
            .filter_map(|e| e.to_move(pos.board()).map(|m| (e, m)))
            .map(|(e, m)| Ok((e.key, e.raw_move, e.weight, e.learn, PyMove::of(m, mode).object(py)?)))
            .collect()
    }
}

/// The Polyglot (Zobrist) key of a FEN's position.
#[pyfunction]
pub fn _zobrist_hash(fen: &str) -> PyResult<u64> {
    ox88_board::Board::from_fen_lenient(fen).map(|(b, _)| b.key()).map_err(|e| PyValueError::new_err(e.to_string()))
}
