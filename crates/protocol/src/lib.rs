#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod engine;
mod limits;
mod options;
mod score;
pub mod uci;
mod words;
pub mod xboard;

pub use engine::{BenchReport, BestMove, Engine, SearchInfo, StopHandle};
pub use limits::{Clock, Limits};
pub use options::{
    OptionError, OptionKind, OptionSpec, OptionValue, CLEAR_HASH, HASH, MOVE_OVERHEAD, MULTIPV, PONDER, THREADS,
    UCI_CHESS960,
};
pub use score::{Bound, ScoreInfo, CECP_MATE};
