//! Castling rights, stored as the castling rooks' squares so that standard
//! chess and Chess960 share one representation.

use crate::{Color, Square};

/// Castling towards the h-file (king side) or the a-file (queen side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// King side, "O-O": the king ends on g, the rook on f.
    Short = 0,
    /// Queen side, "O-O-O": the king ends on c, the rook on d.
    Long = 1,
}

impl CastlingSide {
    /// Both sides, short first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::Short, CastlingSide::Long];

    /// The side's name as players say it, `kingside` or `queenside`, for
    /// messages, markup and wire formats.
    ///
    /// ```
    /// use ox88_board::CastlingSide;
    /// assert_eq!(CastlingSide::Long.name(), "queenside");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            CastlingSide::Short => "kingside",
            CastlingSide::Long => "queenside",
        }
    }
}

/// The castling rights of both sides: for each colour and side, the square of
/// the rook that may still castle, if any.
///
/// ```
/// use ox88_board::{CastlingRights, CastlingSide, Color, Square};
/// let mut rights = CastlingRights::NONE;
/// rights.set(Color::White, CastlingSide::Short, Square::H1);
/// assert_eq!(rights.rook(Color::White, CastlingSide::Short), Some(Square::H1));
/// assert_eq!(rights.rook(Color::Black, CastlingSide::Long), None);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CastlingRights {
    /// Bit `2 * color + side` is set when that right exists. The order (white
    /// short, white long, black short, black long) is Polyglot's.
    bits: u8,
    /// The rook squares, indexed like `bits`; meaningful only where the bit is set.
    rooks: [Square; 4],
}

impl Default for CastlingRights {
    fn default() -> Self {
        CastlingRights::NONE
    }
}

const fn index(color: Color, side: CastlingSide) -> usize {
    color as usize * 2 + side as usize
}

impl CastlingRights {
    /// No castling rights.
    pub const NONE: CastlingRights =
        CastlingRights { bits: 0, rooks: [Square::H1, Square::A1, Square::H8, Square::A8] };

    /// The rights as four bits in Polyglot order (white short, white long,
    /// black short, black long).
    #[inline(always)]
    pub const fn bits(&self) -> u8 {
        self.bits
    }
    /// Whether no side may castle.
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.bits == 0
    }
    /// The square of the rook `color` may castle with on `side`.
    #[inline(always)]
    pub const fn rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let i = index(color, side);
        if self.bits & (1 << i) != 0 {
            Some(self.rooks[i])
        } else {
            None
        }
    }
    /// Grants `color` the right to castle on `side` with the rook on `rook`.
    pub fn set(&mut self, color: Color, side: CastlingSide, rook: Square) {
        let i = index(color, side);
        self.bits |= 1 << i;
        self.rooks[i] = rook;
    }
    /// Removes the right of `color` to castle on `side`.
    pub fn clear(&mut self, color: Color, side: CastlingSide) {
        self.bits &= !(1 << index(color, side));
    }
    /// Removes both rights of `color`.
    #[inline(always)]
    pub fn clear_color(&mut self, color: Color) {
        self.bits &= !(3 << (2 * color as u8));
    }
    /// Removes any right whose rook stands on `square` (the rook moved or was
    /// captured).
    #[inline(always)]
    pub fn clear_rook_square(&mut self, square: Square) {
        let mut i = 0;
        while i < 4 {
            if self.rooks[i] == square {
                self.bits &= !(1 << i);
            }
            i += 1;
        }
    }
    /// Iterates over the existing rights as (colour, side, rook square).
    pub fn iter(&self) -> impl Iterator<Item = (Color, CastlingSide, Square)> + '_ {
        Color::ALL
            .into_iter()
            .flat_map(|color| CastlingSide::ALL.into_iter().map(move |side| (color, side)))
            .filter_map(|(color, side)| self.rook(color, side).map(|rook| (color, side, rook)))
    }
}

/// Rights are equal when the same rights exist with the same rooks; the
/// squares remembered for rights that are gone do not count.
impl PartialEq for CastlingRights {
    fn eq(&self, other: &CastlingRights) -> bool {
        self.bits == other.bits && (0..4).all(|i| self.bits & (1 << i) == 0 || self.rooks[i] == other.rooks[i])
    }
}

impl Eq for CastlingRights {}

impl std::hash::Hash for CastlingRights {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.bits.hash(state);
        for i in 0..4 {
            if self.bits & (1 << i) != 0 {
                self.rooks[i].hash(state);
            }
        }
    }
}
