//! Piece kinds ([`Role`]) and coloured pieces ([`Piece`]).

use crate::Color;
use std::fmt;
use std::num::NonZeroU8;

/// The kind of a piece, regardless of colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// A pawn.
    Pawn = 1,
    /// A knight.
    Knight = 2,
    /// A bishop.
    Bishop = 3,
    /// A rook.
    Rook = 4,
    /// A queen.
    Queen = 5,
    /// A king.
    King = 6,
}

impl Role {
    /// All roles, pawn to king.
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
    /// The roles a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Knight, Role::Rook, Role::Bishop];

    /// `0..6`, pawn = 0, king = 5: an index for per-role tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize - 1
    }
    /// The role from its table index `0..6`.
    pub const fn from_index(index: usize) -> Option<Role> {
        match index {
            0 => Some(Role::Pawn),
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            5 => Some(Role::King),
            _ => None,
        }
    }
    /// The lower-case letter of this role (`p n b r q k`).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }
    /// The role's name in lower case (`pawn`, `knight`, ... `king`), for
    /// messages and markup.
    ///
    /// ```
    /// use ox88_board::Role;
    /// assert_eq!(Role::Knight.name(), "knight");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
    /// The upper-case letter of this role (`P N B R Q K`), as SAN writes it.
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }
    /// The role named by a letter, in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
    /// Whether this role slides along diagonals (bishop, queen).
    #[inline(always)]
    pub const fn slides_diagonally(self) -> bool {
        matches!(self, Role::Bishop | Role::Queen)
    }
    /// Whether this role slides along ranks and files (rook, queen).
    #[inline(always)]
    pub const fn slides_straight(self) -> bool {
        matches!(self, Role::Rook | Role::Queen)
    }
}

/// The bit a piece byte has when the piece is white.
pub(crate) const WHITE_BIT: u8 = 8;
/// The bit a piece byte has when the piece is black.
pub(crate) const BLACK_BIT: u8 = 16;

/// The colour bit of a piece byte: [`WHITE_BIT`] or [`BLACK_BIT`].
#[inline(always)]
pub(crate) const fn color_bit(color: Color) -> u8 {
    WHITE_BIT << color as u8
}

/// The role of each value of a piece's low three bits (0 and 7 never occur).
const ROLE_OF_BITS: [Role; 8] =
    [Role::King, Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King, Role::King];

/// A piece: a role of a colour. Stored in one non-zero byte, so that an
/// `Option<Piece>` (an occupied or empty square) is one byte too. The byte is
/// the role number (1..=6) plus 8 for white or 16 for black: a colour test is
/// one bit test, which the move generator relies on (see [`crate::Cell`]).
///
/// ```
/// use ox88_board::{Color, Piece, Role};
/// let knight = Piece::new(Color::Black, Role::Knight);
/// assert_eq!(knight.color(), Color::Black);
/// assert_eq!(knight.role(), Role::Knight);
/// assert_eq!(knight.char(), 'n');
/// assert_eq!(Piece::from_char('N'), Some(Piece::new(Color::White, Role::Knight)));
/// assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    /// The piece of `color` and `role`.
    #[inline(always)]
    pub const fn new(color: Color, role: Role) -> Piece {
        match NonZeroU8::new(role as u8 | color_bit(color)) {
            Some(bits) => Piece(bits),
            // Roles are numbered from 1, so the bits are never zero.
            None => unreachable!(),
        }
    }
    /// The colour of this piece.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0.get() & BLACK_BIT == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
    /// The role of this piece.
    #[inline(always)]
    pub const fn role(self) -> Role {
        // A table lookup instead of a match: one load on the generator's
        // hottest path (it cut perft's instructions per node measurably).
        ROLE_OF_BITS[(self.0.get() & 7) as usize]
    }
    /// A dense index `0..12` for per-piece tables: white pawn..king are
    /// 0..6, black pawn..king 6..12.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.color().index() * 6 + self.role().index()
    }
    /// Whether this piece has `role` (one bit test, no table).
    #[inline(always)]
    pub const fn is(self, role: Role) -> bool {
        self.0.get() & 7 == role as u8
    }
    /// The piece's byte (see the type's documentation).
    #[inline(always)]
    pub(crate) const fn bits(self) -> u8 {
        self.0.get()
    }
    /// The piece whose byte is `bits`, which the caller knows to be a piece's
    /// byte (a mailbox entry that is neither empty nor a wall).
    #[inline(always)]
    pub(crate) const fn from_raw(bits: NonZeroU8) -> Piece {
        Piece(bits)
    }
    /// The FEN letter: upper case for white, lower case for black.
    pub const fn char(self) -> char {
        match self.color() {
            Color::White => self.role().upper_char(),
            Color::Black => self.role().char(),
        }
    }
    /// The piece named by a FEN letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        match Role::from_char(c) {
            Some(role) => Some(Piece::new(color, role)),
            None => None,
        }
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
