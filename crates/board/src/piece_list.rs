//! The squares of one side's pieces, in a fixed-size array.

use crate::Square;

/// The most pieces one side can have: it starts with 16 and can only lose
/// pieces (a promotion replaces the pawn).
pub const MAX_PIECES: usize = 16;

/// The squares of one side's pieces. The order is an implementation detail
/// (it changes as pieces are captured) but is restored exactly by unmake.
#[derive(Clone, Copy, Debug)]
pub struct PieceList {
    squares: [Square; MAX_PIECES],
    len: u8,
}

impl PieceList {
    /// An empty list.
    pub const EMPTY: PieceList = PieceList { squares: [Square::A1; MAX_PIECES], len: 0 };

    /// The occupied squares.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }
    /// How many pieces the side has.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// Appends `square`, returning its slot. The caller guarantees room.
    #[inline(always)]
    pub(crate) fn push(&mut self, square: Square) -> u8 {
        let slot = self.len;
        self.squares[slot as usize] = square;
        self.len += 1;
        slot
    }
    /// Replaces the square in `slot`.
    #[inline(always)]
    pub(crate) fn set(&mut self, slot: u8, square: Square) {
        self.squares[slot as usize] = square;
    }
    /// Removes the entry in `slot` by moving the last entry into it; returns
    /// the square that moved into `slot` (if a different entry did).
    #[inline(always)]
    pub(crate) fn swap_remove(&mut self, slot: u8) -> Option<Square> {
        self.len -= 1;
        if slot == self.len {
            None
        } else {
            let moved = self.squares[self.len as usize];
            self.squares[slot as usize] = moved;
            Some(moved)
        }
    }
    /// Undoes [`swap_remove`](Self::swap_remove): puts `square` back in `slot`,
    /// moving the entry there to the end; returns that entry's square.
    #[inline(always)]
    pub(crate) fn reinsert(&mut self, slot: u8, square: Square) -> Option<Square> {
        let end = self.len;
        self.len += 1;
        if slot == end {
            self.squares[slot as usize] = square;
            None
        } else {
            let moved = self.squares[slot as usize];
            self.squares[end as usize] = moved;
            self.squares[slot as usize] = square;
            Some(moved)
        }
    }
}
