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
    PIECE_KEYS[(piece.bits() as usize & 31) << 7 | (square.index0x88() & 127)]
}

/// The Polyglot key of each piece on each square, indexed by the piece's
/// byte times 128 plus the square's 0x88 index: one load, no bounds test
/// (entries that are no piece or no square hold 0).
static PIECE_KEYS: [u64; 32 * 128] = {
    let mut keys = [0u64; 32 * 128];
    let mut piece = 0;
    while piece < 32 {
        let offset = PIECE_OFFSETS[piece] as usize;
        let mut square = 0;
        while square < 64 {
            // Only piece bytes have an offset; the others (offset 0) are
            // never asked for, and read the zero left in their rows.
            if piece & 7 != 0 && piece & 7 <= 6 && (piece & 24 == 8 || piece & 24 == 16) {
                keys[piece << 7 | (square & 56) << 1 | (square & 7)] = POLYGLOT_RANDOM[offset + square];
            }
            square += 1;
        }
        piece += 1;
    }
    keys
};

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
