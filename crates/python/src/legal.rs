//! `board.legal_moves`: python-chess's `LegalMoveGenerator`, a live view of a board's legal moves.

use crate::board::BoardCore;
use crate::moves::PyMove;
use pyo3::prelude::*;
use pyo3::types::PyIterator;

/// The legal moves of a board, as `board.legal_moves` gives them: iterate over them, ask `len()`,
/// `count()`, `bool()` and `move in board.legal_moves`. The view is live: it lists the moves of the
/// board's position when asked, not when it was made. The order is ox88's generation order, not
/// python-chess's.
#[pyclass(frozen, module = "ox88", name = "LegalMoveGenerator")]
pub struct LegalMoveGenerator {
    board: Py<BoardCore>,
}

impl LegalMoveGenerator {
    /// The view of `board`'s legal moves.
    pub fn of(board: Py<BoardCore>) -> LegalMoveGenerator {
        LegalMoveGenerator { board }
    }
}

#[pymethods]
impl LegalMoveGenerator {
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let mut board = self.board.borrow_mut(py);
        board.ready()?;
        let mode = board.pos().castling_mode();
        crate::moves::list(py, board.moves(), mode)?.try_iter()
    }
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        let mut board = self.board.borrow_mut(py);
        board.ready()?;
        Ok(board.moves().len())
    }
    /// The number of legal moves.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }
    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.__len__(py)? > 0)
    }
    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let board = self.board.borrow(py);
        board.ready()?;
        Ok(r#move.cast::<PyMove>().is_ok_and(|m| board.legal(*m.get()).is_some()))
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let board = self.board.borrow(py);
        board.ready()?;
        let sans: Vec<String> = board.pos().legal_moves().iter().map(|&m| board.san_of(m)).collect();
        Ok(format!("<LegalMoveGenerator at {:#x} ({})>", self as *const Self as usize, sans.join(", ")))
    }
}
