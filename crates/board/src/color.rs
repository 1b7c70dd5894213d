//! The two sides, and a pair of values indexed by side.

use std::ops::{Index, IndexMut, Not};

/// A side: white or black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The other side.
    Black = 1,
}

impl Color {
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for white, 1 for black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The direction a pawn of this colour moves, as a 0x88 step (+16 or -16).
    #[inline(always)]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 16,
            Color::Black => -16,
        }
    }
    /// `'w'` or `'b'`, as FEN writes the side to move.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
    /// The colour's name in lower case (`white`, `black`), for messages,
    /// markup and wire formats.
    ///
    /// ```
    /// use ox88_board::Color;
    /// assert_eq!(Color::Black.name(), "black");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
    /// Picks `white` or `black` by this colour.
    #[inline(always)]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// One value for each side, indexed by [`Color`].
///
/// ```
/// use ox88_board::{ByColor, Color};
/// let mut material = ByColor::new(39, 39);
/// material[Color::Black] -= 9;
/// assert_eq!(material.white, 39);
/// assert_eq!(material[Color::Black], 30);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// A pair from white's and black's values.
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor { white, black }
    }
    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor { white: f(self.white), black: f(self.black) }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline(always)]
    fn index_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}
