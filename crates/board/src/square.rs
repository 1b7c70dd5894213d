//! Squares, files and ranks on the 0x88 board.
//!
//! A [`Square`] is the 0x88 index `rank * 16 + file`. The eight columns 8..15 of
//! each row are off the board, so a square plus a direction step is off the
//! board exactly when `index & 0x88 != 0`: one test covers all four edges.

use std::fmt;
use std::str::FromStr;

/// A file (column), `a` to `h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct File(u8);

/// A rank (row), `1` to `8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl File {
    /// The a-file.
    pub const A: File = File(0);
    /// The b-file.
    pub const B: File = File(1);
    /// The c-file.
    pub const C: File = File(2);
    /// The d-file.
    pub const D: File = File(3);
    /// The e-file.
    pub const E: File = File(4);
    /// The f-file.
    pub const F: File = File(5);
    /// The g-file.
    pub const G: File = File(6);
    /// The h-file.
    pub const H: File = File(7);
    /// All files from a to h.
    pub const ALL: [File; 8] = [File(0), File(1), File(2), File(3), File(4), File(5), File(6), File(7)];

    /// The file with index `0..8` (a = 0), or `None` when out of range.
    pub const fn new(index: u8) -> Option<File> {
        if index < 8 {
            Some(File(index))
        } else {
            None
        }
    }
    /// The index of this file, `0..8` (a = 0).
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The lower-case letter of this file.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
    /// The file named by a letter `a..h` (either case).
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File(c as u8 - b'a')),
            'A'..='H' => Some(File(c as u8 - b'A')),
            _ => None,
        }
    }
}

impl Rank {
    /// The first rank.
    pub const FIRST: Rank = Rank(0);
    /// The second rank.
    pub const SECOND: Rank = Rank(1);
    /// The third rank.
    pub const THIRD: Rank = Rank(2);
    /// The fourth rank.
    pub const FOURTH: Rank = Rank(3);
    /// The fifth rank.
    pub const FIFTH: Rank = Rank(4);
    /// The sixth rank.
    pub const SIXTH: Rank = Rank(5);
    /// The seventh rank.
    pub const SEVENTH: Rank = Rank(6);
    /// The eighth rank.
    pub const EIGHTH: Rank = Rank(7);
    /// All ranks from 1 to 8.
    pub const ALL: [Rank; 8] = [Rank(0), Rank(1), Rank(2), Rank(3), Rank(4), Rank(5), Rank(6), Rank(7)];

    /// The rank with index `0..8` (rank 1 = 0), or `None` when out of range.
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 {
            Some(Rank(index))
        } else {
            None
        }
    }
    /// The index of this rank, `0..8` (rank 1 = 0).
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The digit of this rank, `'1'..='8'`.
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }
    /// The rank named by a digit `1..8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank(c as u8 - b'1')),
            _ => None,
        }
    }
    /// The same rank seen from the other side of the board (1 <-> 8).
    pub const fn flip(self) -> Rank {
        Rank(7 - self.0)
    }
}

/// A square of the board, stored as its 0x88 index `rank * 16 + file`.
///
/// ```
/// use ox88_board::{File, Rank, Square};
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4, Square::from_coords(File::E, Rank::FOURTH));
/// assert_eq!(e4.index0x88(), 0x34);
/// assert_eq!(e4.index64(), 28);
/// assert_eq!(e4.to_string(), "e4");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

/// The error of parsing a square name such as `"e4"`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid square {text:?}: expected a file a-h and a rank 1-8, like \"e4\"")]
pub struct ParseSquareError {
    /// The text given.
    pub text: String,
}

macro_rules! squares {
    ($($name:ident = $value:expr),* $(,)?) => {
        impl Square {
            $(
                #[doc = concat!("The square ", stringify!($name), ".")]
                pub const $name: Square = Square($value);
            )*
        }
    };
}

squares! {
    A1 = 0x00, B1 = 0x01, C1 = 0x02, D1 = 0x03, E1 = 0x04, F1 = 0x05, G1 = 0x06, H1 = 0x07,
    A2 = 0x10, B2 = 0x11, C2 = 0x12, D2 = 0x13, E2 = 0x14, F2 = 0x15, G2 = 0x16, H2 = 0x17,
    A3 = 0x20, B3 = 0x21, C3 = 0x22, D3 = 0x23, E3 = 0x24, F3 = 0x25, G3 = 0x26, H3 = 0x27,
    A4 = 0x30, B4 = 0x31, C4 = 0x32, D4 = 0x33, E4 = 0x34, F4 = 0x35, G4 = 0x36, H4 = 0x37,
    A5 = 0x40, B5 = 0x41, C5 = 0x42, D5 = 0x43, E5 = 0x44, F5 = 0x45, G5 = 0x46, H5 = 0x47,
    A6 = 0x50, B6 = 0x51, C6 = 0x52, D6 = 0x53, E6 = 0x54, F6 = 0x55, G6 = 0x56, H6 = 0x57,
    A7 = 0x60, B7 = 0x61, C7 = 0x62, D7 = 0x63, E7 = 0x64, F7 = 0x65, G7 = 0x66, H7 = 0x67,
    A8 = 0x70, B8 = 0x71, C8 = 0x72, D8 = 0x73, E8 = 0x74, F8 = 0x75, G8 = 0x76, H8 = 0x77,
}

impl Square {
    /// The square on `file` and `rank`.
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 16 + file.0)
    }
    /// The square with 0x88 index `index`, or `None` if it is off the board.
    pub const fn from_0x88(index: u8) -> Option<Square> {
        if index & 0x88 == 0 {
            Some(Square(index))
        } else {
            None
        }
    }
    /// The square with 0x88 index `index & 0x77`: for an index the caller
    /// knows to be on the board (a generator's walk over the mailbox), without
    /// an edge test.
    #[inline(always)]
    pub const fn from_0x88_masked(index: u8) -> Square {
        Square(index & 0x77)
    }
    /// The square with dense index `0..64` (a1 = 0, b1 = 1, ..., h8 = 63), or
    /// `None` when out of range.
    pub const fn from_index64(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index + (index & !7)))
        } else {
            None
        }
    }
    /// The 0x88 index of this square, `rank * 16 + file`.
    #[inline(always)]
    pub const fn index0x88(self) -> usize {
        self.0 as usize
    }
    /// The dense index of this square, `0..64` (a1 = 0, h8 = 63).
    #[inline(always)]
    pub const fn index64(self) -> usize {
        ((self.0 + (self.0 & 7)) >> 1) as usize
    }
    /// The file of this square.
    #[inline(always)]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }
    /// The rank of this square.
    #[inline(always)]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 4)
    }
    /// The square `delta` 0x88 steps away (see [`crate::Direction`]), or
    /// `None` if that leaves the board.
    #[inline(always)]
    pub const fn offset(self, delta: i8) -> Option<Square> {
        let target = self.0.wrapping_add(delta as u8);
        if target & 0x88 == 0 {
            Some(Square(target))
        } else {
            None
        }
    }
    /// The same square seen from the other side (a1 <-> a8).
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 0x70)
    }
    /// The same square mirrored left to right (a1 <-> h1).
    pub const fn flip_horizontal(self) -> Square {
        Square(self.0 ^ 0x07)
    }
    /// Whether this is a light square (h1 is light, a1 is dark).
    pub const fn is_light(self) -> bool {
        (self.0 + (self.0 >> 4)) & 1 == 1
    }
    /// Chebyshev (king-move) distance between two squares.
    pub const fn distance(self, other: Square) -> u8 {
        let df = (self.0 & 7).abs_diff(other.0 & 7);
        let dr = (self.0 >> 4).abs_diff(other.0 >> 4);
        if df > dr {
            df
        } else {
            dr
        }
    }
    /// The 0x88 difference `to - from`, in `-119..=119`; the index of the
    /// square-difference tables of [`crate::geometry`].
    #[inline(always)]
    pub const fn diff(from: Square, to: Square) -> i16 {
        to.0 as i16 - from.0 as i16
    }
    /// All 64 squares, a1, b1, ..., h8.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0u8..64).map(|i| Square(i + (i & !7)))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(file), Some(rank)) if f.is_ascii_lowercase() => Ok(Square::from_coords(file, rank)),
                _ => Err(ParseSquareError { text: s.to_owned() }),
            },
            _ => Err(ParseSquareError { text: s.to_owned() }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_conversions_round_trip() {
        for (i, sq) in Square::all().enumerate() {
            assert_eq!(sq.index64(), i);
            assert_eq!(Square::from_index64(i as u8), Some(sq));
            assert_eq!(Square::from_0x88(sq.index0x88() as u8), Some(sq));
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::from_index64(64), None);
        assert_eq!(Square::from_0x88(0x08), None);
    }

    #[test]
    fn offsets_stop_at_every_edge() {
        assert_eq!(Square::H1.offset(1), None);
        assert_eq!(Square::A1.offset(-1), None);
        assert_eq!(Square::A1.offset(-16), None);
        assert_eq!(Square::H8.offset(16), None);
        assert_eq!(Square::E4.offset(17), Some(Square::F5));
    }

    #[test]
    fn colours_and_distances() {
        assert!(!Square::A1.is_light());
        assert!(Square::H1.is_light());
        assert_eq!(Square::A1.distance(Square::H8), 7);
        assert_eq!(Square::E4.distance(Square::F6), 2);
    }

    #[test]
    fn bad_names_are_errors() {
        for bad in ["", "e", "e9", "i1", "E4", "e44", "é4"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
