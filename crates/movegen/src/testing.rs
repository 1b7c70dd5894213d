//! Helpers for the tests of this workspace's crates; not a stable API.
//!
//! Kept in the library (hidden from the docs, as `ox88_board::internals`)
//! rather than in a crate of its own: the helpers need only this crate,
//! every crate whose tests use them already depends on it, and there is no
//! extra crate to publish or keep in step.

use crate::MoveGen;
use ox88_board::Board;

/// The positions of a game of random legal moves from `start`, `start`
/// first: each move is the legal move the next choice picks (its value
/// modulo the number of legal moves), until the choices run out or the side
/// to move has no legal move.
pub fn random_game(start: &Board, choices: &[u16]) -> Vec<Board> {
    let mut board = start.clone();
    let mut positions = vec![board.clone()];
    for &choice in choices {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        board.make_move_unchecked(moves[usize::from(choice) % moves.len()]);
        positions.push(board.clone());
    }
    positions
}
