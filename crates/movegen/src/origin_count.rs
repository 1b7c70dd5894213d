//! The moving piece's legal moves that come before its move in
//! [`move_index`](crate::move_index)'s order, counted by arithmetic when
//! every pseudo-legal move of the piece is legal: the side to move is not
//! in check, the piece is not pinned, and it is a knight, a bishop, a rook,
//! a queen, or a pawn that neither promotes nor may take en passant. Those
//! moves all differ in their destination, and destinations compare as
//! their 0x88 indices do (rank by rank, file by file: the order's a1 = 0),
//! so a move counts when its destination's index is below the played
//! move's. A slider's count along a ray is the squares up to its first
//! blocker, a capture included, that lie below the destination.
//!
//! The king (castling), a pinned piece, a check, promotions and en passant
//! take the careful path: the generator, move by move.

use crate::KingSafety;
use ox88_board::{Board, Color, Direction, Move, Role};

/// The number of legal moves of the piece on the legal move `m`'s origin
/// that come before `m` in the order, or `None` when the piece's moves need
/// the careful path.
#[inline(always)]
pub(crate) fn count_before(board: &Board, safety: &KingSafety, m: Move) -> Option<usize> {
    if safety.in_check() || (!safety.pins.is_empty() && safety.pin(m.from()).is_some()) {
        return None;
    }
    let (from, target) = (m.from().index0x88() as u8, m.to().index0x88() as u8);
    let us = board.side_to_move();
    match board.cell(from).role()? {
        Role::Knight => Some(
            Direction::KNIGHT
                .iter()
                .map(|&d| usize::from(board.cell_at(from, d).is_open_to(us) & (from.wrapping_add(d as u8) < target)))
                .sum(),
        ),
        Role::Bishop => Some(rays(board, !us, from, target, &Direction::DIAGONAL)),
        Role::Rook => Some(rays(board, !us, from, target, &Direction::STRAIGHT)),
        Role::Queen => Some(rays(board, !us, from, target, &Direction::ALL)),
        Role::Pawn => pawn(board, us, from, target),
        Role::King => None,
    }
}

/// The squares a slider on `from` reaches along `directions` (up to and
/// including a piece of `them`) whose 0x88 index is below `target`.
#[inline(always)]
fn rays(board: &Board, them: Color, from: u8, target: u8, directions: &[i8]) -> usize {
    let mut count = 0;
    for &ray in directions {
        let mut to = from.wrapping_add(ray as u8);
        let mut cell = board.cell_at(from, ray);
        while cell.is_empty() {
            count += usize::from(to < target);
            to = to.wrapping_add(ray as u8);
            cell = board.cell(to);
        }
        count += usize::from(cell.is_color(them) & (to < target));
    }
    count
}

/// A pawn's pushes and captures whose destination's 0x88 index is below
/// `target`; `None` for a pawn about to promote, or when an en-passant
/// capture may be on.
#[inline(always)]
fn pawn(board: &Board, us: Color, from: u8, target: u8) -> Option<usize> {
    let (rank, forward) = (from >> 4, us.forward());
    let (promotion_rank, start_rank) = match us {
        Color::White => (6, 1),
        Color::Black => (1, 6),
    };
    if rank == promotion_rank || board.en_passant().is_some() {
        return None;
    }
    let one = from.wrapping_add(forward as u8);
    let one_empty = board.cell_at(from, forward).is_empty();
    let two_empty = one_empty & (rank == start_rank) && board.cell_at(from, 2 * forward).is_empty();
    let mut count = usize::from(one_empty & (one < target));
    count += usize::from(two_empty & (one.wrapping_add(forward as u8) < target));
    for side in [Direction::WEST, Direction::EAST] {
        let to = one.wrapping_add(side as u8);
        count += usize::from(board.cell_at(from, forward + side).is_color(!us) & (to < target));
    }
    Some(count)
}
