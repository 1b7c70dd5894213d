//! Batches that single calls cannot do fast: perft, and boards encoded for neural networks (piece planes and
//! legal-move masks) as bytes that NumPy views without a copy.

use crate::board::BoardCore;
use ox88_board::{CastlingMode, Color, Square};
use ox88_movegen::MoveGen;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyByteArray;

/// The number of move sequences `depth` plies long from the board's position (perft), on `threads` threads;
/// the GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (board, depth, threads = 1))]
pub fn perft(py: Python<'_>, board: PyRef<'_, BoardCore>, depth: u32, threads: usize) -> PyResult<u64> {
    if depth > 12 {
        return Err(PyValueError::new_err(format!("perft to depth {depth} would not finish; at most 12")));
    }
    board.ready()?;
    let mut root = board.board().clone();
    drop(board);
    Ok(py.detach(|| {
        if threads > 1 && depth > 1 {
            ox88_movegen::divide_parallel(&root, depth, threads).iter().map(|&(_, n)| n).sum()
        } else {
            ox88_movegen::perft(&mut root, depth)
        }
    }))
}

/// Planes of `boards`: for each, 12 planes of 64 squares (a1 first), one a piece kind (White's pawn, knight,
/// bishop, rook, queen, king, then Black's), 1 where such a piece stands; with `side_to_move`, from the side to
/// move's point of view (its pieces first, the board flipped for Black). `n * 768` bytes.
#[pyfunction]
#[pyo3(signature = (boards, side_to_move = false))]
pub fn _piece_planes<'py>(
    py: Python<'py>,
    boards: Vec<PyRef<'py, BoardCore>>,
    side_to_move: bool,
) -> PyResult<Bound<'py, PyByteArray>> {
    let mut bytes = vec![0u8; boards.len() * 12 * 64];
    for (i, board) in boards.iter().enumerate() {
        board.ready()?;
        let board = board.board();
        let flip = side_to_move && board.side_to_move() == Color::Black;
        let planes = &mut bytes[i * 768..(i + 1) * 768];
        for color in Color::ALL {
            for &sq in board.pieces(color) {
                let Some(piece) = board.piece_at(sq) else { continue };
                let own = (piece.color() == Color::White) != flip;
                let plane = usize::from(!own) * 6 + piece.role().index();
                let square = if flip { sq.flip_vertical() } else { sq };
                planes[plane * 64 + square.index64()] = 1;
            }
        }
    }
    Ok(PyByteArray::new(py, &bytes))
}

/// Legal-move masks of `boards`: for each, 64 x 64 bytes, 1 at `from * 64 + to` for every legal move (castling as
/// the board writes it: `e1g1` in standard chess, king takes rook in Chess960; the four promotions of one pawn
/// move share their entry). `n * 4096` bytes.
#[pyfunction]
pub fn _legal_move_masks<'py>(
    py: Python<'py>,
    boards: Vec<PyRef<'py, BoardCore>>,
) -> PyResult<Bound<'py, PyByteArray>> {
    let mut bytes = vec![0u8; boards.len() * 4096];
    for (i, board) in boards.iter().enumerate() {
        board.ready()?;
        let mode: CastlingMode = board.pos().castling_mode();
        let mask = &mut bytes[i * 4096..(i + 1) * 4096];
        for m in board.board().legal_moves() {
            let to: Square = match m.to_uci(mode) {
                ox88_board::UciMove::Normal { to, .. } => to,
                ox88_board::UciMove::Null => continue,
            };
            mask[m.from().index64() * 64 + to.index64()] = 1;
        }
    }
    Ok(PyByteArray::new(py, &bytes))
}
