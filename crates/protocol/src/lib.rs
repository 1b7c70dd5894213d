#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod auto;
mod engine;
mod event_loop;
mod limits;
mod moves;
mod options;
mod score;
pub mod testing;
pub mod uci;
mod words;
mod worker;
pub mod xboard;

pub use auto::{run_auto, run_stdio};
pub use engine::{BenchReport, BestMove, Engine, SearchInfo, StopHandle};
pub use limits::{Clock, Limits};
pub use options::{
    OptionError, OptionKind, OptionSpec, OptionValue, CLEAR_HASH, HASH, MOVE_OVERHEAD, MULTIPV, PONDER, THREADS,
    UCI_CHESS960,
};
pub use score::{Bound, ScoreInfo, CECP_MATE};
pub use worker::Flow;
