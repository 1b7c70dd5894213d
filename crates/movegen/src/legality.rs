//! Single-move questions: is a move legal here, does it give check, and a
//! checked way to play it.

use crate::generate::{generate_from, MoveList};
use crate::illegal::{diagnose, IllegalMoveError};
use crate::king_safety::KingSafety;
use ox88_board::geometry::{self, SLIDER_MASK};
use ox88_board::{Board, Move, Piece, Square, Undo};

/// Whether `m` (any 16-bit move, for example from a hash table) is legal.
pub(crate) fn is_legal(board: &Board, m: Move) -> bool {
    match board.piece_at(m.from()) {
        Some(piece) if piece.color() == board.side_to_move() => {}
        _ => return false,
    }
    let mut list = MoveList::new();
    generate_from(board, &KingSafety::of(board), m.from(), &mut list);
    list.contains(&m)
}

/// Whether the legal move `m` gives check. For any other move the answer
/// means nothing, but is given without panicking.
pub(crate) fn gives_check(board: &Board, m: Move) -> bool {
    let Some(mover) = board.piece_at(m.from()) else { return false };
    if m.is_castle() || m.is_en_passant() {
        // Rare, and with pieces moving in ways the fast test does not model:
        // made on a copy, which only a legal move may be.
        if !is_legal(board, m) {
            return false;
        }
        let mut after = board.clone();
        after.make_move_unchecked(m);
        return after.in_check();
    }
    let us = board.side_to_move();
    let their_king = board.king(!us);
    let (from, to) = (m.from(), m.to());
    let arriving = Piece::new(us, m.promotion().unwrap_or(mover.role()));
    // Direct check from the destination (the origin is empty afterwards).
    if geometry::pseudo_attacks(arriving, to, their_king)
        && (geometry::piece_mask(arriving) & SLIDER_MASK == 0 || board.path_clear(to, their_king, &[from]))
    {
        return true;
    }
    discovers_check(board, from, to, their_king)
}

/// Whether moving a piece away from `from` (to `to`) uncovers one of the
/// mover's sliders on the enemy king.
fn discovers_check(board: &Board, from: Square, to: Square, their_king: Square) -> bool {
    let ray = geometry::step(their_king, from);
    if geometry::attack_mask(their_king, from) & SLIDER_MASK == 0 || geometry::step(their_king, to) == ray {
        return false;
    }
    let mut square = from;
    while let Some(next) = square.offset(ray) {
        square = next;
        if let Some(piece) = board.piece_at(square) {
            let slides = if ray.abs() == 1 || ray.abs() == 16 {
                piece.role().slides_straight()
            } else {
                piece.role().slides_diagonally()
            };
            return piece.color() == board.side_to_move() && slides && board.path_clear(their_king, from, &[]);
        }
    }
    false
}

/// Plays `m` if it is legal; else says why not, leaving the board as it is.
pub(crate) fn play(board: &mut Board, m: Move) -> Result<Undo, IllegalMoveError> {
    if is_legal(board, m) {
        Ok(board.make_move_unchecked(m))
    } else {
        Err(diagnose(board, m))
    }
}
