#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod board_svg;
mod draw;
mod pieces;

pub use board_svg::{Arrow, BoardSvg, Tint};
pub use pieces::{piece_sprite, PIECE_SIZE};
