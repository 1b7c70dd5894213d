//! Checkers and pinned pieces: what constrains the side to move's moves.

use arrayvec::ArrayVec;
use ox88_board::geometry::{self, SLIDER_MASK};
use ox88_board::{Board, Square};

/// The checks and pins against the side to move's king, found in one pass
/// over the enemy piece list.
#[derive(Clone, Debug, Default)]
pub struct KingSafety {
    /// The pieces giving check (at most two).
    pub checkers: ArrayVec<Square, 2>,
    /// The direction from the king to the (first) checker, when it is a
    /// slider; 0 for a knight or pawn check.
    pub check_ray: i8,
    /// Pinned pieces of the side to move, with the direction from the king
    /// towards the pinner.
    pub pins: ArrayVec<(Square, i8), 8>,
}

impl KingSafety {
    /// Analyses the side to move's king.
    #[inline]
    pub fn of(board: &Board) -> KingSafety {
        let us = board.side_to_move();
        let king = board.king(us);
        let mut safety = KingSafety::default();
        for &from in board.pieces(!us) {
            let piece = board.piece_at(from).expect("piece list and mailbox agree");
            let mask = geometry::piece_mask(piece);
            if geometry::attack_mask(from, king) & mask == 0 {
                continue;
            }
            if mask & SLIDER_MASK == 0 {
                let _ = safety.checkers.try_push(from);
                continue;
            }
            // Walk from the king towards the slider: no piece between means
            // check; exactly one of ours means a pin.
            let step = geometry::step(king, from);
            let mut square = king;
            let mut blocker = None;
            loop {
                square = square.offset(step).expect("the slider lies on this ray");
                if square == from {
                    match blocker {
                        None => {
                            if safety.checkers.is_empty() {
                                safety.check_ray = step;
                            }
                            // A third checker (only in composed positions) adds nothing: two already
                            // mean that only the king may move.
                            let _ = safety.checkers.try_push(from);
                        }
                        Some(pinned) => safety.pins.push((pinned, step)),
                    }
                    break;
                }
                if let Some(piece) = board.piece_at(square) {
                    if piece.color() != us || blocker.is_some() {
                        break;
                    }
                    blocker = Some(square);
                }
            }
        }
        safety
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        !self.checkers.is_empty()
    }

    /// The pin direction of the piece on `square`, if it is pinned.
    #[inline(always)]
    pub fn pin(&self, square: Square) -> Option<i8> {
        self.pins.iter().find(|(s, _)| *s == square).map(|&(_, d)| d)
    }
}
