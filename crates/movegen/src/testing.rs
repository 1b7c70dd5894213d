//! Helpers for the tests of this workspace's crates; not a stable API.
//!
//! Kept in the library (hidden from the docs, as `ox88_board::internals`)
//! rather than in a crate of its own: the helpers need only this crate,
//! every crate whose tests use them already depends on it, and there is no
//! extra crate to publish or keep in step.

use crate::MoveGen;
use ox88_board::{Board, Move};

/// The positions of a game of random legal moves from `start`, `start`
/// first: those the moves of [`random_line`] reach.
pub fn random_game(start: &Board, choices: &[u16]) -> Vec<Board> {
    let mut board = start.clone();
    let mut positions = vec![board.clone()];
    for m in random_line(start, choices) {
        board.make_move_unchecked(m);
        positions.push(board.clone());
    }
    positions
}

/// The moves of a game of random legal moves from `start`: each move is
/// the legal move the next choice picks (its value modulo the number of
/// legal moves), until the choices run out or the side to move has no
/// legal move.
pub fn random_line(start: &Board, choices: &[u16]) -> Vec<Move> {
    let mut board = start.clone();
    let mut line = Vec::with_capacity(choices.len());
    for &choice in choices {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::from(choice) % moves.len()];
        board.make_move_unchecked(m);
        line.push(m);
    }
    line
}

/// Starts for random games that reach the cases a move generator's fast
/// paths must get right: the initial position, a rich middlegame with
/// castling rights (Kiwipete), a Chess960 start, pins and en passant along
/// a rank, promotions on both sides, a position in check, and an en-passant
/// capture on.
pub const RANDOM_GAME_STARTS: [&str; 7] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];
