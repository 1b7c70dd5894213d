//! The squares of one side's pieces, in a fixed-size array: the pieces other
//! than pawns first, then the pawns, so that a generator can loop over each
//! part without asking every entry what it is.

use crate::Square;

/// The most pieces one side can have: it starts with 16 and can only lose
/// pieces (a promotion replaces the pawn).
pub const MAX_PIECES: usize = 16;

/// The array index of a slot (always below [`MAX_PIECES`], a power of two:
/// the mask only spares the bounds test).
#[inline(always)]
fn index(slot: u8) -> usize {
    const { assert!(MAX_PIECES.is_power_of_two()) };
    slot as usize & (MAX_PIECES - 1)
}

/// The squares of one side's pieces: slots `0..pawns_from` hold the pieces
/// other than pawns (king included), slots `pawns_from..len` the pawns. The
/// order within each part is an implementation detail (it changes as pieces
/// are captured) but is restored exactly by unmake.
///
/// Every method that moves an entry also updates the board's square-to-slot
/// index `slots`, so the two always agree.
#[derive(Clone, Copy, Debug)]
pub struct PieceList {
    squares: [Square; MAX_PIECES],
    len: u8,
    pawns_from: u8,
}

impl PieceList {
    /// An empty list.
    pub const EMPTY: PieceList = PieceList { squares: [Square::A1; MAX_PIECES], len: 0, pawns_from: 0 };

    /// The occupied squares.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }
    /// The squares of the pieces other than pawns.
    #[inline(always)]
    pub fn non_pawns(&self) -> &[Square] {
        &self.squares[..self.pawns_from as usize]
    }
    /// The squares of the pawns.
    #[inline(always)]
    pub fn pawns(&self) -> &[Square] {
        &self.squares[self.pawns_from as usize..self.len as usize]
    }

    #[inline(always)]
    fn put(&mut self, slot: u8, square: Square, slots: &mut [u8; 128]) {
        self.squares[index(slot)] = square;
        slots[square.index0x88() & 127] = slot;
    }
    #[inline(always)]
    fn relocate(&mut self, from: u8, to: u8, slots: &mut [u8; 128]) {
        let square = self.squares[index(from)];
        self.put(to, square, slots);
    }
    #[inline(always)]
    fn swap(&mut self, a: u8, b: u8, slots: &mut [u8; 128]) {
        let (square_a, square_b) = (self.squares[index(a)], self.squares[index(b)]);
        self.put(a, square_b, slots);
        self.put(b, square_a, slots);
    }

    /// Adds a piece (a pawn if `pawn`) on `square`. The caller guarantees room.
    pub(crate) fn push(&mut self, square: Square, pawn: bool, slots: &mut [u8; 128]) {
        if !pawn {
            if self.pawns_from < self.len {
                self.relocate(self.pawns_from, self.len, slots);
            }
            self.put(self.pawns_from, square, slots);
            self.pawns_from += 1;
        } else {
            self.put(self.len, square, slots);
        }
        self.len += 1;
    }
    /// Replaces the square in `slot` (the piece there moved).
    #[inline(always)]
    pub(crate) fn set(&mut self, slot: u8, square: Square) {
        self.squares[index(slot)] = square;
    }
    /// Removes the entry in `slot` (a pawn if `pawn`), filling the hole from
    /// the end of its part (and, for a piece, the pieces' part's new hole
    /// from the end of the pawns).
    #[inline(always)]
    pub(crate) fn remove(&mut self, slot: u8, pawn: bool, slots: &mut [u8; 128]) {
        if pawn {
            let last = self.len - 1;
            if slot != last {
                self.relocate(last, slot, slots);
            }
        } else {
            let last_piece = self.pawns_from - 1;
            if slot != last_piece {
                self.relocate(last_piece, slot, slots);
            }
            if self.pawns_from != self.len {
                self.relocate(self.len - 1, last_piece, slots);
            }
            self.pawns_from -= 1;
        }
        self.len -= 1;
    }
    /// Undoes [`remove`](Self::remove) exactly: puts `square` back in `slot`.
    #[inline(always)]
    pub(crate) fn restore(&mut self, slot: u8, square: Square, pawn: bool, slots: &mut [u8; 128]) {
        self.len += 1;
        if pawn {
            let last = self.len - 1;
            if slot != last {
                self.relocate(slot, last, slots);
            }
        } else {
            self.pawns_from += 1;
            let last_piece = self.pawns_from - 1;
            if self.pawns_from != self.len {
                self.relocate(last_piece, self.len - 1, slots);
            }
            if slot != last_piece {
                self.relocate(slot, last_piece, slots);
            }
        }
        self.put(slot, square, slots);
    }
    /// The pawn in `slot` has promoted: it joins the pieces' part (swapping
    /// places with the first pawn). [`unpromote`](Self::unpromote) with the
    /// same `slot` undoes it.
    #[inline(always)]
    pub(crate) fn promote(&mut self, slot: u8, slots: &mut [u8; 128]) {
        if slot != self.pawns_from {
            self.swap(slot, self.pawns_from, slots);
        }
        self.pawns_from += 1;
    }
    /// Undoes [`promote`](Self::promote) of the pawn that was in `slot`.
    #[inline(always)]
    pub(crate) fn unpromote(&mut self, slot: u8, slots: &mut [u8; 128]) {
        self.pawns_from -= 1;
        if slot != self.pawns_from {
            self.swap(slot, self.pawns_from, slots);
        }
    }
}
