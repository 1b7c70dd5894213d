//! Self-play games as chains: each game its start, then each move as its
//! index among the legal moves with the search's score, and the result once.
//! About 2 bytes a position after zstd (docs/training-data.md has the
//! measures), where a [packed record](crate::data) takes 32: the form the
//! generated data is kept in, in the repository's `data/selfplay/`.
//!
//! # Game stream (version 1)
//!
//! Games follow one another with nothing between them. A game is:
//!
//! | bytes | field |
//! |---|---|
//! | 1 | the start's kind: 0 a Chess960 arrangement, 1 any position |
//! | 2 or 32 | kind 0: the arrangement's number, a little-endian `u16` (Scharnagl's numbering, 518 the standard start); kind 1: the position as a 32-byte [`PackedPosition`](crate::data::PackedPosition) (its label fields zero) |
//! | 1 | bits 0..2: the result, White's half points (0 loss, 1 draw, 2 win, 3 none); bit 2: Chess960 castling; other bits zero |
//! | 1 | the number of opening plies (moves played without a search), `n` |
//! | n | each opening ply's move index |
//! | ... | the searched plies, each its move index and, when its position has more than one legal move, its score |
//! | 1 | 255: the end of the game; or 254, then the index of the best move of a last position searched and not played from (a game stopped on its score) and that position's score, which end the game |
//!
//! A move index is the move's place, from 0, in the position's legal moves
//! ordered by origin square, then destination square (a1 = 0 ... h8 = 63;
//! castling is the king taking its own rook), then promotion (knight,
//! bishop, rook, queen): an order fixed by the rules alone
//! ([`ox88_movegen::move_index`], the one ox88-db's `move_indices` uses). A position with a single legal move is played
//! without a search and has no score. A score is the search's, in
//! centipawns from White's side, written as its difference from the game's
//! previous score (0 before the first) in zigzag form (`2d` for `d >= 0`,
//! `-2d - 1` below) as a base-128 varint, low group first, at most three
//! bytes. The side to move, the clocks and the castling rights follow from
//! the moves.
//!
//! # Files
//!
//! A chain file is a 32-byte header and the game stream:
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | `ox88game` |
//! | 8..12 | the format version, a little-endian `u32` (1) |
//! | 12..16 | flags, a little-endian `u32`: bit 0 set when the stream is one zstd frame; other bits zero |
//! | 16..24 | the stream's length unpacked, a little-endian `u64` (0 in a raw file) |
//! | 24..28 | the games, a little-endian `u32` (0 in a raw file) |
//! | 28..32 | the scored positions, a little-endian `u32` (0 in a raw file) |
//!
//! A finished chunk ([`write_chunk`]) is compressed, at most
//! [`MAX_CHUNK_BYTES`] (20 MB), and its counts are checked when it is read. A raw file ([`append_game`]) is the one a
//! generator appends to, a game a write: a last game cut short by a killed
//! process is left out by readers and cut off by [`recover_in_progress`].
//! Training takes the positions [`is_training_position`] accepts.

mod codec;
mod file;
#[cfg(test)]
mod tests;

pub use codec::{is_training_position, ChainGame, ChainPly, ChainStart};
pub use file::{
    append_game, count_games, read_games, read_training_positions, recover_in_progress, visit_games, write_chunk,
    ChainHeader, StreamCounts, CHAIN_HEADER_SIZE, CHAIN_MAGIC, CHAIN_VERSION, MAX_CHUNK_BYTES, MAX_STREAM_BYTES,
};

/// Why a game or a chain file cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ChainError {
    /// Reading, writing or unpacking a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What failed.
        source: std::io::Error,
    },
    /// The file does not start with the header of a version this crate reads.
    #[error("{path}: not an ox88 game chain file of version {CHAIN_VERSION}")]
    Header {
        /// The file.
        path: String,
    },
    /// A game's bytes end before the game does.
    #[error("the game's bytes end early")]
    Truncated,
    /// A game's bytes (or a game to write) break a rule of the format.
    #[error("{0}")]
    Invalid(&'static str),
    /// A file's game cannot be decoded.
    #[error("{path}: game {game}: {reason}")]
    Corrupt {
        /// The file.
        path: String,
        /// The game's number in the file, from 0.
        game: u64,
        /// What is wrong with it.
        reason: Box<ChainError>,
    },
}
