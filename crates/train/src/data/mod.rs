//! Training data: positions labelled with a search score and the game's
//! result, packed into 32 bytes each, in files with a small versioned header.
//!
//! # File layout (version 1)
//!
//! A file is a 16-byte header followed by records of 32 bytes, back to back.
//! The header is the 8 bytes `ox88data`, the format version as a
//! little-endian `u32`, and 4 bytes that are zero. A file whose length is not
//! the header plus a whole number of records ends in a record cut short by an
//! interrupted write: readers ignore it and writers cut it off before
//! appending.
//!
//! # Record layout
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | occupied squares, a little-endian `u64`: bit `i` is square `i` (a1 = 0, b1 = 1, ..., h8 = 63) |
//! | 8..24 | one 4-bit code per occupied square, in increasing square order, the first in the low nibble of byte 8 |
//! | 24 | bit 7: black to move; bits 0..7: the en-passant target square, or 64 for none |
//! | 25 | the halfmove clock, saturated at 255 |
//! | 26..28 | the fullmove number, a little-endian `u16` |
//! | 28..30 | the search score in centipawns from White's point of view, a little-endian `i16` |
//! | 30 | the game's result from White's point of view: 0 loss, 1 draw, 2 win |
//! | 31 | flags: bit 0 set when the game began from a Chess960 arrangement; other bits zero |
//!
//! A piece code is its role in bits 0..3 (pawn 0, knight 1, bishop 2, rook 3,
//! queen 4, king 5, and 6 for a rook that may still castle) and its colour
//! in bit 3 (set for black). Encoding castling rights as "a rook that may
//! castle" covers Chess960 without another field: the rook's side of its king
//! tells which right it is.

mod bullet;
mod file;
mod packed;

pub use bullet::{to_bullet, BULLET_RECORD_SIZE};
pub use file::{append_records, count_records, read_records, DataError, HEADER, HEADER_SIZE, VERSION};
pub use packed::{GameResult, PackedPosition, RECORD_SIZE};
