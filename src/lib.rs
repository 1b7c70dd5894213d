#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod engine;
mod evaluation;
#[cfg(doctest)]
mod facade_examples;
mod option_value;
pub mod prelude;
mod settings;
#[cfg(feature = "tuning")]
pub mod tuning;

pub use engine::Ox88;
pub use evaluation::{EngineEvaluator, EvalKind};
pub use ox88_board as board;
pub use ox88_book as book;
#[cfg(feature = "client")]
pub use ox88_client as client;
pub use ox88_control as control;
pub use ox88_eval as eval;
pub use ox88_movegen as movegen;
/// The front door of the library: a position with its moves, checked play,
/// notation and the rules (see [`movegen::Position`]).
pub use ox88_movegen::Position;
#[cfg(feature = "pgn")]
pub use ox88_pgn as pgn;
pub use ox88_protocol as protocol;
pub use ox88_search as search;
#[cfg(feature = "svg")]
pub use ox88_svg as svg;
pub use ox88_syzygy as syzygy;
pub use settings::{
    Settings, SettingsError, DEFAULT_HASH_MB, MAX_HASH_MB, MAX_MULTIPV, MAX_SYZYGY_PROBE_DEPTH, MAX_THREADS,
};
