//! Zobrist keys with the Polyglot random numbers, so that a position's key is
//! the one Polyglot opening books are indexed by.

use crate::polyglot_random::POLYGLOT_RANDOM;
use crate::{Color, Piece, Role, Square};

const CASTLING_OFFSET: usize = 768;
const EN_PASSANT_OFFSET: usize = 772;
const TURN_OFFSET: usize = 780;

/// The key of `piece` standing on `square`.
#[inline(always)]
pub fn piece_key(piece: Piece, square: Square) -> u64 {
    POLYGLOT_RANDOM[PIECE_OFFSETS[piece.bits() as usize & 31] as usize + square.index64()]
}

/// The offset of each piece's 64 keys in the Polyglot table, indexed by the
/// piece's byte. Polyglot numbers pieces black pawn = 0, white pawn = 1,
/// black knight = 2, ...
static PIECE_OFFSETS: [u16; 32] = {
    let mut offsets = [0u16; 32];
    let mut i = 0;
    while i < 12 {
        let color = if i < 6 { Color::White } else { Color::Black };
        if let Some(role) = Role::from_index(i % 6) {
            let kind = 2 * role.index() + (color as usize == 0) as usize;
            offsets[Piece::new(color, role).bits() as usize] = 64 * kind as u16;
        }
        i += 1;
    }
    offsets
};

/// The combined key of a set of castling rights (bits in Polyglot order).
#[inline(always)]
pub fn castling_key(bits: u8) -> u64 {
    CASTLING_KEYS[bits as usize & 15]
}

/// The key of an en-passant capture being possible on `square`'s file.
#[inline(always)]
pub fn en_passant_key(square: Square) -> u64 {
    POLYGLOT_RANDOM[EN_PASSANT_OFFSET + square.file().index() as usize]
}

/// The key toggled when the side to move changes (Polyglot adds it when white
/// is to move).
#[inline(always)]
pub fn side_key() -> u64 {
    POLYGLOT_RANDOM[TURN_OFFSET]
}

const fn build_castling_keys() -> [u64; 16] {
    let mut keys = [0u64; 16];
    let mut bits = 0;
    while bits < 16 {
        let mut i = 0;
        while i < 4 {
            if bits & (1 << i) != 0 {
                keys[bits] ^= POLYGLOT_RANDOM[CASTLING_OFFSET + i];
            }
            i += 1;
        }
        bits += 1;
    }
    keys
}

static CASTLING_KEYS: [u64; 16] = build_castling_keys();
