//! ox88: a chess engine built from the ox88 crates.
pub use ox88_board as board;
pub use ox88_movegen as movegen;
