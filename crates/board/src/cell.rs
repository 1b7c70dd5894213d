//! The raw mailbox, as a move generator reads it: a [`Cell`] for every 0x88
//! index `0..=255`, where every off-board index reads as a wall.
//!
//! A 0x88 index plus any piece step (at most two ranks and two files) wraps,
//! in `u8` arithmetic, to an index that is either on the board or has bit
//! 0x80 or 0x08 set. The board stores a wall in each of those entries, so a
//! generator can step with `index.wrapping_add(delta)` and read the cell
//! without testing for the edge first: the wall is neither empty nor a piece
//! of either colour, so it stops slides and is never a target.

use crate::piece::color_bit;
use crate::{Color, Piece, Role};

/// The byte a wall (an off-board entry of the mailbox) holds.
pub(crate) const WALL_BIT: u8 = 0x20;

/// One entry of the mailbox: empty, a piece, or the wall beyond the board's
/// edge. A copy of one byte, with tests that compile to a single bit test.
///
/// ```
/// use ox88_board::{Board, Color, Role, Square};
/// let board = Board::startpos();
/// let e2 = Square::E2.index0x88() as u8;
/// assert!(board.cell(e2).is_color(Color::White));
/// assert_eq!(board.cell(e2).role(), Some(Role::Pawn));
/// assert!(board.cell(e2 + 16).is_empty());
/// assert!(board.cell(e2 + 16).is_open_to(Color::Black));
/// let off = Square::H1.index0x88() as u8 + 1; // east of h1: off the board
/// assert!(board.cell(off).is_wall());
/// assert!(!board.cell(off).is_open_to(Color::White));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// An empty square.
    pub const EMPTY: Cell = Cell(0);
    /// The wall beyond the edge of the board.
    pub const WALL: Cell = Cell(WALL_BIT);

    /// The cell holding `piece`.
    #[inline(always)]
    pub const fn of(piece: Piece) -> Cell {
        Cell(piece.bits())
    }
    #[inline(always)]
    pub(crate) const fn from_bits(bits: u8) -> Cell {
        Cell(bits)
    }
    /// Whether the square is on the board and empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Whether this is the wall beyond the board.
    #[inline(always)]
    pub const fn is_wall(self) -> bool {
        self.0 == WALL_BIT
    }
    /// Whether a piece of `color` stands here.
    #[inline(always)]
    pub const fn is_color(self, color: Color) -> bool {
        self.0 & color_bit(color) != 0
    }
    /// Whether a piece of `color` may move here: the square is on the board
    /// and empty or held by the other side.
    #[inline(always)]
    pub const fn is_open_to(self, color: Color) -> bool {
        self.0 & (color_bit(color) | WALL_BIT) == 0
    }
    /// The piece standing here, if any.
    #[inline(always)]
    pub const fn piece(self) -> Option<Piece> {
        match std::num::NonZeroU8::new(self.0 & !WALL_BIT) {
            // Cells hold only 0, the wall or a piece's byte.
            Some(bits) => Some(Piece::from_raw(bits)),
            None => None,
        }
    }
    /// The role of the piece standing here, if any.
    #[inline(always)]
    pub const fn role(self) -> Option<Role> {
        match self.piece() {
            Some(piece) => Some(piece.role()),
            None => None,
        }
    }
    /// A small number for tables indexed by what stands here: the role's
    /// number (pawn 1 to king 6, as `Role as u8`) for a piece, 0 for an empty
    /// square or the wall.
    #[inline(always)]
    pub const fn role_code(self) -> usize {
        (self.0 & 7) as usize
    }
}
