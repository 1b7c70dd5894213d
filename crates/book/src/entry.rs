//! One Polyglot book entry: 16 big-endian bytes.

use ox88_board::{Board, CastlingMode, Move, Role, Square, UciMove};
use ox88_movegen::MoveGen;

/// Size of an entry in a `.bin` file.
pub const ENTRY_SIZE: usize = 16;

/// A book entry: a position's key, a move, its weight and the learning field.
///
/// The move is Polyglot's 16-bit encoding: bits 0-5 the destination square,
/// 6-11 the origin (both `rank * 8 + file`), 12-14 the promotion (0 none,
/// 1 knight, 2 bishop, 3 rook, 4 queen). Castling is written as the king
/// taking its own rook ("e1h1"), as in Chess960.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BookEntry {
    /// The Polyglot key of the position ([`Board::key`]).
    pub key: u64,
    /// The move, in Polyglot's encoding.
    pub raw_move: u16,
    /// How good the move is; moves are chosen in proportion to it.
    pub weight: u16,
    /// Polyglot's learning data (unused by ox88, kept for writing back).
    pub learn: u32,
}

/// The old name of [`BookEntry`], kept for one release.
#[deprecated(note = "renamed to BookEntry")]
pub type Entry = BookEntry;

impl BookEntry {
    /// Reads an entry from its 16 bytes.
    pub fn from_bytes(bytes: &[u8; ENTRY_SIZE]) -> BookEntry {
        let field = |range: std::ops::Range<usize>| bytes[range].iter().fold(0u64, |acc, &b| (acc << 8) | b as u64);
        BookEntry {
            key: field(0..8),
            raw_move: field(8..10) as u16,
            weight: field(10..12) as u16,
            learn: field(12..16) as u32,
        }
    }

    /// The entry's 16 bytes.
    pub fn to_bytes(&self) -> [u8; ENTRY_SIZE] {
        let mut bytes = [0u8; ENTRY_SIZE];
        bytes[0..8].copy_from_slice(&self.key.to_be_bytes());
        bytes[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        bytes[10..12].copy_from_slice(&self.weight.to_be_bytes());
        bytes[12..16].copy_from_slice(&self.learn.to_be_bytes());
        bytes
    }

    /// The move as position-free UCI text, castling as king-takes-rook.
    pub fn uci_move(&self) -> UciMove {
        let square = |bits: u16| Square::from_index64((bits & 63) as u8).expect("six bits are a square");
        let promotion = match (self.raw_move >> 12) & 7 {
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            _ => None,
        };
        UciMove::Normal { from: square(self.raw_move >> 6), to: square(self.raw_move), promotion }
    }

    /// The legal move of `board` this entry stands for, if any (an entry of
    /// another position with the same key, or a corrupt one, gives `None`).
    pub fn to_move(&self, board: &Board) -> Option<Move> {
        let wanted = self.uci_move();
        board.legal_moves().into_iter().find(|m| m.to_uci(CastlingMode::Chess960) == wanted)
    }

    /// Polyglot's encoding of `m` (castling as king-takes-rook).
    pub fn encode_move(m: Move) -> u16 {
        let promotion = match m.promotion() {
            None => 0,
            Some(Role::Knight) => 1,
            Some(Role::Bishop) => 2,
            Some(Role::Rook) => 3,
            Some(_) => 4,
        };
        (promotion << 12) | ((m.from().index64() as u16) << 6) | m.to().index64() as u16
    }
}
