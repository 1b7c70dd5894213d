//! ox88: a chess engine composed from the ox88 crates, and the crates
//! themselves, re-exported so that `ox88` alone gives the whole library.
//!
//! - [`board`]: squares, pieces, moves, FEN, Zobrist keys, make/unmake;
//! - [`movegen`]: legal moves, perft, UCI and SAN notation, game outcome;
//! - [`eval`]: static evaluation behind the `Evaluator` trait;
//! - [`search`]: the alpha-beta search;
//! - [`protocol`]: UCI and CECP/XBoard drivers over an engine trait.
//!
//! This crate is glue only: [`Ox88`] puts the search and evaluation behind
//! the protocol crate's engine trait.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod convert;
mod engine;

pub use engine::{Ox88, DEFAULT_HASH_MB};
pub use ox88_board as board;
pub use ox88_eval as eval;
pub use ox88_movegen as movegen;
pub use ox88_protocol as protocol;
pub use ox88_search as search;
