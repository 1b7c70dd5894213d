//! Which moves give check, answered in a few instructions a move once the
//! position's lines to the enemy king are known.
//!
//! A search asks whether each move it tries gives check. [`CheckInfo`] walks
//! the eight lines and the knight and pawn squares around the enemy king once
//! per position; after that a move gives check directly when its destination
//! is one of the squares its piece checks from, and by discovery when it
//! leaves the line between one of its side's sliders and the king. Castling,
//! en passant and promotions, rare and with pieces moving in ways these masks
//! do not model, take the general test ([`MoveGen::gives_check`]).

use crate::MoveGen;
use ox88_board::{Board, Color, Direction, Move, Role, Square};

/// The lines to the enemy king of one position, for answering
/// [`gives_check`](Self::gives_check) quickly. Valid only for the board it
/// was made from.
///
/// ```
/// use ox88_board::{Board, Move, MoveKind, Square};
/// use ox88_movegen::{CheckInfo, MoveGen};
/// let board: Board = "4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1".parse().unwrap();
/// let info = CheckInfo::new(&board);
/// // The bishop leaves the e-file: the rook checks.
/// let bb5 = Move::new(Square::E2, Square::B5, MoveKind::Quiet);
/// assert!(info.gives_check(&board, bb5));
/// assert_eq!(info.gives_check(&board, bb5), board.gives_check(bb5));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CheckInfo {
    /// By [`Role::index`]: the squares (bit [`Square::index64`]) from which a
    /// piece of that role of the side to move attacks the enemy king, the
    /// lines cut at their first piece of either colour. None for the king.
    direct: [u64; 6],
    /// The side to move's pieces that stand alone between one of its sliders
    /// and the enemy king.
    discoverers: u64,
    /// The enemy king.
    king: Square,
}

impl CheckInfo {
    /// The lines to the enemy king of `board`.
    pub fn new(board: &Board) -> CheckInfo {
        let us = board.side_to_move();
        let king = board.king(!us);
        let k = king.index0x88() as u8;
        let mut direct = [0u64; 6];
        let mut discoverers = 0u64;
        // A pawn of ours attacks the king from one rank behind it.
        let pawn_steps: [i8; 2] = match us {
            Color::White => [-17, -15],
            Color::Black => [15, 17],
        };
        for step in pawn_steps {
            if let Some(square) = king.offset(step) {
                direct[Role::Pawn.index()] |= bit(square);
            }
        }
        for step in Direction::KNIGHT {
            if let Some(square) = king.offset(step) {
                direct[Role::Knight.index()] |= bit(square);
            }
        }
        for (steps, role) in [(Direction::DIAGONAL, Role::Bishop), (Direction::STRAIGHT, Role::Rook)] {
            for step in steps {
                let mut index = k;
                // The line up to and with its first piece (or the edge).
                let blocker = loop {
                    index = index.wrapping_add(step as u8);
                    let cell = board.cell(index);
                    if cell.is_wall() {
                        break None;
                    }
                    direct[role.index()] |= bit(Square::from_0x88_masked(index));
                    if !cell.is_empty() {
                        break Some(index);
                    }
                };
                // Ours, with our slider of this line next behind it: moving
                // it off the line discovers check.
                let Some(first) = blocker.filter(|&first| board.cell(first).is_color(us)) else { continue };
                let mut behind = first;
                let next = loop {
                    behind = behind.wrapping_add(step as u8);
                    let cell = board.cell(behind);
                    if !cell.is_empty() {
                        break cell;
                    }
                };
                if next.is_color(us) && matches!(next.role(), Some(r) if r == role || r == Role::Queen) {
                    discoverers |= bit(Square::from_0x88_masked(first));
                }
            }
        }
        direct[Role::Queen.index()] = direct[Role::Bishop.index()] | direct[Role::Rook.index()];
        CheckInfo { direct, discoverers, king }
    }

    /// Whether the legal move `m` of the board this was made from gives
    /// check; the same answer as [`MoveGen::gives_check`].
    #[inline]
    pub fn gives_check(&self, board: &Board, m: Move) -> bool {
        if m.is_castle() || m.is_en_passant() || m.is_promotion() {
            return board.gives_check(m);
        }
        let (from, to) = (m.from(), m.to());
        let Some(piece) = board.piece_at(from) else { return false };
        if self.direct[piece.role().index()] & bit(to) != 0 {
            return true;
        }
        self.discoverers & bit(from) != 0
            && ox88_board::geometry::step(self.king, to) != ox88_board::geometry::step(self.king, from)
    }
}

#[inline(always)]
fn bit(square: Square) -> u64 {
    1 << square.index64()
}
