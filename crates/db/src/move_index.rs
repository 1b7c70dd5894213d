//! The compact move column, `move_indices`: each move as its index among
//! the legal moves of the position it is played in, one byte a ply, as
//! [`ox88_movegen::move_index`] gives it (its documentation states the
//! order: origin square, destination square, promotion) and
//! [`ox88_movegen::move_at_index`] reads it back. ox88-train's chain files
//! store moves the same way. A null move (`--`) is [`NULL_MOVE_INDEX`]: no
//! position has 255 legal moves (the most known is 218).
//!
//! ```
//! use ox88_board::Board;
//! use ox88_movegen::{move_at_index, move_index, Notation};
//! let board = Board::startpos();
//! let e4 = board.parse_uci("e2e4", ox88_board::CastlingMode::Standard)?;
//! let index = move_index(&board, e4).unwrap();
//! assert_eq!(move_at_index(&board, index), Some(e4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

/// The byte that stands for a null move.
pub const NULL_MOVE_INDEX: u8 = 255;
