//! bullet's chess data format, so that ox88's self-play data can train a
//! network with bullet, the GPU trainer most engines use.
//!
//! A bullet record is 32 bytes, everything seen from the side to move (the
//! board turned over when Black is to move: square `s` becomes `s ^ 56`):
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | occupied squares, a little-endian `u64` (bit `i`: square `i`, a1 = 0) |
//! | 8..24 | one 4-bit code per occupied square in increasing square order, the first in the low nibble: the role in bits 0..3 (pawn 0 ... king 5), bit 3 set for the side not to move |
//! | 24..26 | the score in centipawns for the side to move, a little-endian `i16` |
//! | 26 | the result for the side to move: 0 loss, 1 draw, 2 win |
//! | 27 | the side to move's king square |
//! | 28 | the other king's square, turned over again (`^ 56`) |
//! | 29..32 | zero |
//!
//! The file has no header: records back to back. Castling rights, the en-passant
//! square, the move counters and the Chess960 flag have no place in it.

use super::{GameResult, PackedPosition};
use ox88_board::{Color, Role};

/// The size of a bullet record in bytes.
pub const BULLET_RECORD_SIZE: usize = 32;

/// `record` as a bullet record, or `None` if it has no result or lacks a
/// king of either side (no record ox88 writes).
///
/// ```
/// use ox88_board::Board;
/// use ox88_train::data::{to_bullet, GameResult, PackedPosition};
/// let record = PackedPosition::new(&Board::startpos(), 25, GameResult::Draw, false);
/// let bullet = to_bullet(&record).unwrap();
/// assert_eq!(bullet[..8], 0xffff_0000_0000_ffffu64.to_le_bytes());
/// assert_eq!((i16::from_le_bytes([bullet[24], bullet[25]]), bullet[26]), (25, 1));
/// assert_eq!((bullet[27], bullet[28]), (4, 4)); // e1, and e8 turned over
/// ```
pub fn to_bullet(record: &PackedPosition) -> Option<[u8; BULLET_RECORD_SIZE]> {
    let us = record.side_to_move();
    let turn = |square: u8| if us == Color::White { square } else { square ^ 56 };
    let mut squares = [(0u8, 0u8); 32];
    let mut count = 0;
    let (mut our_king, mut their_king) = (None, None);
    for (square, color, role) in record.pieces() {
        let square = turn(square);
        let theirs = u8::from(color != us) << 3;
        squares[count] = (square, theirs | role.index() as u8);
        count += 1;
        if role == Role::King {
            *(if color == us { &mut our_king } else { &mut their_king }) = Some(square);
        }
    }
    // Turning the board over reverses the order of the ranks.
    let squares = &mut squares[..count];
    squares.sort_unstable_by_key(|&(square, _)| square);
    let mut bytes = [0u8; BULLET_RECORD_SIZE];
    let occupied = squares.iter().fold(0u64, |bits, &(square, _)| bits | 1 << square);
    bytes[0..8].copy_from_slice(&occupied.to_le_bytes());
    for (i, &(_, code)) in squares.iter().enumerate() {
        bytes[8 + i / 2] |= code << (4 * (i % 2));
    }
    let score = match us {
        Color::White => record.score(),
        Color::Black => record.score().saturating_neg(),
    };
    bytes[24..26].copy_from_slice(&score.to_le_bytes());
    let white_result = record.result()? as u8;
    bytes[26] = if us == Color::White { white_result } else { GameResult::WhiteWins as u8 - white_result };
    bytes[27] = our_king?;
    bytes[28] = their_king? ^ 56;
    Some(bytes)
}
