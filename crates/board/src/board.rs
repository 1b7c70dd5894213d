//! The [`Board`]: a 0x88 mailbox, one piece list per side, and the rest of
//! the position state (side to move, castling, en passant, clocks, keys).

use crate::cell::{Cell, WALL_BIT};
use crate::piece::{BLACK_BIT, WHITE_BIT};
use crate::piece_list::PieceList;
use crate::{zobrist, ByColor, CastlingRights, Color, Piece, Role, Square};
use std::hash::{Hash, Hasher};
use std::num::NonZeroU8;

/// How far the mailbox's storage reaches beyond the 0x88 indices `0..=255`
/// on each side: any 0x88 index plus any `i8` step stays inside it, so a
/// read `delta` steps from a square needs neither a wrap to `u8` nor a
/// bounds test, and compiles to one load with the step as its displacement.
const MAILBOX_PAD: usize = 128;
/// The mailbox's storage: [`MAILBOX_PAD`] entries, the 256 of the 0x88
/// indices, [`MAILBOX_PAD`] more.
const MAILBOX_LEN: usize = MAILBOX_PAD + 256 + MAILBOX_PAD;

/// The mailbox of an empty board: 0 on the 64 squares, the wall on every
/// other entry (see [`Cell`]).
const EMPTY_MAILBOX: [u8; MAILBOX_LEN] = {
    let mut cells = [WALL_BIT; MAILBOX_LEN];
    let mut i = 0;
    while i < 128 {
        if i & 0x88 == 0 {
            cells[MAILBOX_PAD + i] = 0;
        }
        i += 1;
    }
    cells
};

/// A chess position.
///
/// The 128-entry mailbox answers "what is on this square", the piece lists
/// answer "where are this side's pieces"; a square-to-slot index keeps them in
/// step so that adding, removing and moving a piece are O(1) with no search.
///
/// ```
/// use ox88_board::{Board, Color, Piece, Role, Square};
/// let board = Board::startpos();
/// assert_eq!(board.piece_at(Square::E1), Some(Piece::new(Color::White, Role::King)));
/// assert_eq!(board.side_to_move(), Color::White);
/// assert_eq!(board.key(), 0x463b96181691fc9c);
/// assert_eq!(board.pieces(Color::Black).len(), 16);
/// ```
#[derive(Clone)]
pub struct Board {
    /// Piece bytes indexed by 0x88 index plus [`MAILBOX_PAD`]; walls off the
    /// board (see [`Cell`]).
    squares: [u8; MAILBOX_LEN],
    slots: [u8; 128],
    lists: [PieceList; 2],
    kings: [Square; 2],
    /// Piece counts indexed by the piece's byte.
    counts: [u8; 32],
    pub(crate) side: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) en_passant: Option<Square>,
    pub(crate) halfmove_clock: u16,
    pub(crate) fullmove_number: u16,
    pub(crate) key: u64,
    pub(crate) pawn_key: u64,
}

impl Board {
    /// A board with no pieces, white to move, no rights, clocks 0 and 1.
    /// Not a playable position until kings are placed (FEN parsing does it).
    pub(crate) fn empty() -> Board {
        Board {
            squares: EMPTY_MAILBOX,
            slots: [0; 128],
            lists: [PieceList::EMPTY; 2],
            kings: [Square::E1, Square::E8],
            counts: [0; 32],
            side: Color::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: zobrist::side_key(),
            pawn_key: 0,
        }
    }

    /// The piece on `square`, if any.
    #[inline(always)]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        // On-board entries hold 0 or a piece's byte, never the wall.
        NonZeroU8::new(self.squares[MAILBOX_PAD + square.index0x88()]).map(Piece::from_raw)
    }
    /// The mailbox entry at any 0x88 index, on or off the board: the move
    /// generator's view, which steps from square to square without edge
    /// tests (off-board indices read as [`Cell::WALL`]).
    #[inline(always)]
    pub fn cell(&self, index: u8) -> Cell {
        Cell::from_bits(self.squares[MAILBOX_PAD + index as usize])
    }
    /// The mailbox entry `delta` 0x88 steps from the index `index`, read
    /// without wrapping the sum to a byte (with a constant `delta`, one load):
    /// the wall wherever the sum is off the board, so for a square `index`
    /// the same as [`cell`](Self::cell)`(index.wrapping_add(delta as u8))`.
    ///
    /// ```
    /// use ox88_board::{Board, Direction, Square};
    /// let board = Board::startpos();
    /// let e2 = Square::E2.index0x88() as u8;
    /// assert_eq!(board.cell_at(e2, Direction::NORTH), board.cell(e2 + 16));
    /// assert!(board.cell_at(Square::A1.index0x88() as u8, Direction::WEST).is_wall());
    /// ```
    #[inline(always)]
    pub fn cell_at(&self, index: u8, delta: i8) -> Cell {
        Cell::from_bits(self.squares[(index as usize + MAILBOX_PAD).wrapping_add_signed(delta as isize)])
    }
    /// The squares of `color`'s pieces (king included), in no particular order.
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> &[Square] {
        self.lists[color.index()].as_slice()
    }
    /// The squares of `color`'s pieces other than pawns (king included), in no
    /// particular order: the first part of [`pieces`](Self::pieces).
    ///
    /// ```
    /// use ox88_board::{Board, Color};
    /// let board = Board::startpos();
    /// assert_eq!(board.non_pawns(Color::White).len(), 8);
    /// assert_eq!(board.pawns(Color::White).len(), 8);
    /// ```
    #[inline(always)]
    pub fn non_pawns(&self, color: Color) -> &[Square] {
        self.lists[color.index()].non_pawns()
    }
    /// The squares of `color`'s pawns, in no particular order: the rest of
    /// [`pieces`](Self::pieces).
    #[inline(always)]
    pub fn pawns(&self, color: Color) -> &[Square] {
        self.lists[color.index()].pawns()
    }
    /// The square of `color`'s king.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.kings[color.index()]
    }
    /// Each side's squares as a bitboard (bit `i` is square `i`: a1 = 0,
    /// b1 = 1, …, h8 = 63), read from the mailbox a rank (eight bytes) at a
    /// time: for code that counts moves on bitboards. Nothing is kept up to
    /// date by make and unmake, so this costs a few dozen instructions a
    /// call.
    ///
    /// ```
    /// use ox88_board::Board;
    /// let occupancy = Board::startpos().occupancy();
    /// assert_eq!((occupancy.white, occupancy.black), (0xffff, 0xffff << 48));
    /// ```
    #[inline(always)]
    pub fn occupancy(&self) -> ByColor<u64> {
        // Multiplying moves the low bit of each byte (file a lowest) into the
        // top byte, each to its own bit, with no carries.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        const LOW_BITS: u64 = 0x0101_0101_0101_0101;
        let (mut white, mut black) = (0, 0);
        for rank in 0..8 {
            let start = MAILBOX_PAD + 16 * rank;
            let row = u64::from_le_bytes(self.squares[start..start + 8].try_into().expect("a rank is eight bytes"));
            let gather = |bit: u8| (row >> bit.trailing_zeros() & LOW_BITS).wrapping_mul(GATHER) >> 56 << (8 * rank);
            white |= gather(WHITE_BIT);
            black |= gather(BLACK_BIT);
        }
        ByColor::new(white, black)
    }
    /// How many pieces of this kind are on the board.
    #[inline(always)]
    pub fn count(&self, piece: Piece) -> usize {
        self.counts[piece.bits() as usize] as usize
    }
    /// How many pieces of `role` each side has.
    pub fn count_role(&self, role: Role) -> ByColor<usize> {
        ByColor::new(self.count(Piece::new(Color::White, role)), self.count(Piece::new(Color::Black, role)))
    }
    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// The castling rights.
    #[inline(always)]
    pub fn castling(&self) -> &CastlingRights {
        &self.castling
    }
    /// The en-passant target square, kept only when a pawn of the side to move
    /// stands beside the pawn that just advanced two squares, so that it
    /// could capture (the rule Polyglot keys follow).
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }
    /// Plies since the last capture or pawn move (the fifty-move counter).
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }
    /// The move number, starting at 1 and increased after black's move.
    #[inline(always)]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }
    /// The Zobrist key of the position, equal to its Polyglot book key.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }
    /// A Zobrist key of the pawns alone (for pawn-structure caches).
    #[inline(always)]
    pub fn pawn_key(&self) -> u64 {
        self.pawn_key
    }

    #[inline(always)]
    fn put(&mut self, square: Square, piece: Piece) {
        self.squares[MAILBOX_PAD + square.index0x88()] = piece.bits();
    }
    #[inline(always)]
    fn take(&mut self, square: Square) -> Piece {
        let piece = self.piece_at(square).expect("a piece stands on the square");
        self.squares[MAILBOX_PAD + square.index0x88()] = 0;
        piece
    }

    /// Puts `piece` on the empty `square`.
    #[inline(always)]
    pub(crate) fn add_piece(&mut self, square: Square, piece: Piece) {
        debug_assert!(self.piece_at(square).is_none());
        let color = piece.color();
        self.lists[color.index()].push(square, piece.is(Role::Pawn), &mut self.slots);
        self.put(square, piece);
        self.counts[piece.bits() as usize] += 1;
        if piece.is(Role::King) {
            self.kings[color.index()] = square;
        }
        self.toggle_keys(piece, square);
    }

    /// Removes the piece on `square` and returns it with the piece-list slot it
    /// had (for [`restore_piece`](Self::restore_piece)).
    #[inline(always)]
    pub(crate) fn remove_piece(&mut self, square: Square) -> (Piece, u8) {
        let piece = self.take(square);
        let slot = self.slots[square.index0x88() & 127];
        self.lists[piece.color().index()].remove(slot, piece.is(Role::Pawn), &mut self.slots);
        self.counts[piece.bits() as usize] -= 1;
        self.toggle_keys(piece, square);
        (piece, slot)
    }

    /// Undoes [`remove_piece`](Self::remove_piece) exactly, piece-list order
    /// included; the keys are left to the caller (unmake restores them whole).
    #[inline(always)]
    pub(crate) fn restore_piece(&mut self, square: Square, piece: Piece, slot: u8) {
        self.lists[piece.color().index()].restore(slot, square, piece.is(Role::Pawn), &mut self.slots);
        self.put(square, piece);
        self.counts[piece.bits() as usize] += 1;
    }

    /// Moves the piece on `from` to the empty square `to`; with `KEYS`, the
    /// keys follow (unmake restores them whole instead).
    #[inline(always)]
    pub(crate) fn move_piece<const KEYS: bool>(&mut self, from: Square, to: Square) -> Piece {
        let piece = self.take(from);
        debug_assert!(self.piece_at(to).is_none());
        let slot = self.slots[from.index0x88() & 127];
        self.put(to, piece);
        self.slots[to.index0x88() & 127] = slot;
        self.lists[piece.color().index()].set(slot, to);
        if piece.is(Role::King) {
            self.kings[piece.color().index()] = to;
        }
        if KEYS {
            let k = zobrist::piece_key(piece, from) ^ zobrist::piece_key(piece, to);
            self.key ^= k;
            if piece.is(Role::Pawn) {
                self.pawn_key ^= k;
            }
        }
        piece
    }

    /// Turns the pawn on `square` into `piece` (promotion), moving it to the
    /// pieces' part of its list; returns the slot it had, for
    /// [`unpromote`](Self::unpromote).
    #[inline(always)]
    pub(crate) fn promote(&mut self, square: Square, piece: Piece) -> u8 {
        let pawn = self.piece_at(square).expect("a pawn to promote");
        let slot = self.slots[square.index0x88() & 127];
        self.lists[piece.color().index()].promote(slot, &mut self.slots);
        self.counts[pawn.bits() as usize] -= 1;
        self.counts[piece.bits() as usize] += 1;
        self.put(square, piece);
        self.toggle_keys(pawn, square);
        self.toggle_keys(piece, square);
        slot
    }

    /// Undoes [`promote`](Self::promote): the piece on `square` becomes a
    /// pawn again, back in `slot`. The keys are left to the caller.
    #[inline(always)]
    pub(crate) fn unpromote(&mut self, square: Square, slot: u8) {
        let piece = self.piece_at(square).expect("a promoted piece");
        let pawn = Piece::new(piece.color(), Role::Pawn);
        self.lists[piece.color().index()].unpromote(slot, &mut self.slots);
        self.counts[piece.bits() as usize] -= 1;
        self.counts[pawn.bits() as usize] += 1;
        self.put(square, pawn);
    }

    #[inline(always)]
    fn toggle_keys(&mut self, piece: Piece, square: Square) {
        let k = zobrist::piece_key(piece, square);
        self.key ^= k;
        if piece.is(Role::Pawn) {
            self.pawn_key ^= k;
        }
    }

    /// The key computed from scratch (the incremental [`key`](Self::key) must
    /// always equal it).
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for &square in self.pieces(color) {
                let piece = self.piece_at(square).expect("piece list and mailbox agree");
                key ^= zobrist::piece_key(piece, square);
            }
        }
        key ^= zobrist::castling_key(self.castling.bits());
        if let Some(ep) = self.en_passant {
            key ^= zobrist::en_passant_key(ep);
        }
        if self.side == Color::White {
            key ^= zobrist::side_key();
        }
        key
    }

    /// The pawn key computed from scratch.
    pub fn compute_pawn_key(&self) -> u64 {
        Square::all()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
            .filter(|(_, p)| p.role() == Role::Pawn)
            .fold(0, |key, (sq, p)| key ^ zobrist::piece_key(p, sq))
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.king(self.side), !self.side)
    }
}

/// Two boards are equal when they hold the same position: pieces, side to
/// move, castling rights, en-passant square and clocks. The order of the
/// piece lists is not part of the position.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.squares == other.squares
            && self.side == other.side
            && self.castling == other.castling
            && self.en_passant == other.en_passant
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
    }
}

impl Eq for Board {}

impl Hash for Board {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key.hash(state);
        self.halfmove_clock.hash(state);
        self.fullmove_number.hash(state);
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::startpos()
    }
}

/// A board is its own board: functions that read a position's board (the PGN
/// writer's) take `&impl AsRef<Board>`, so a `Board` or a `Position` will do.
impl AsRef<Board> for Board {
    fn as_ref(&self) -> &Board {
        self
    }
}

impl Board {
    /// Moves the king from `king_from` to `king_to` and the rook from
    /// `rook_from` to `rook_to` at once, as castling does; in Chess960 any of
    /// these squares may coincide. Slots are kept, so the reverse call undoes
    /// it exactly.
    #[inline(always)]
    pub(crate) fn relocate_castling<const KEYS: bool>(
        &mut self,
        king_from: Square,
        rook_from: Square,
        king_to: Square,
        rook_to: Square,
    ) {
        let king = self.piece_at(king_from).expect("castling king present");
        let rook = self.piece_at(rook_from).expect("castling rook present");
        let (king_slot, rook_slot) = (self.slots[king_from.index0x88() & 127], self.slots[rook_from.index0x88() & 127]);
        let list = &mut self.lists[king.color().index()];
        list.set(king_slot, king_to);
        list.set(rook_slot, rook_to);
        self.squares[MAILBOX_PAD + king_from.index0x88()] = 0;
        self.squares[MAILBOX_PAD + rook_from.index0x88()] = 0;
        self.put(king_to, king);
        self.put(rook_to, rook);
        self.slots[king_to.index0x88() & 127] = king_slot;
        self.slots[rook_to.index0x88() & 127] = rook_slot;
        self.kings[king.color().index()] = king_to;
        if KEYS {
            self.toggle_keys(king, king_from);
            self.toggle_keys(king, king_to);
            self.toggle_keys(rook, rook_from);
            self.toggle_keys(rook, rook_to);
        }
    }

    /// The piece-list slot of the piece on `square` (for consistency checks).
    pub(crate) fn slot(&self, square: Square) -> u8 {
        self.slots[square.index0x88() & 127]
    }
}
