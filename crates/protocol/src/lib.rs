#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod auto;
mod engine;
mod event_loop;
mod moves;
mod options;
mod score;
pub mod testing;
pub mod uci;
mod words;
mod worker;
pub mod xboard;

pub use auto::{run_auto, run_stdio};
pub use engine::Engine;
pub use options::{
    OptionError, OptionKind, OptionSpec, OptionValue, CLEAR_HASH, DEFAULT_MOVE_OVERHEAD, HASH, MOVE_OVERHEAD, MULTIPV,
    PONDER, SYZYGY_PATH, THREADS, UCI_ANALYSE_MODE, UCI_CHESS960,
};
/// What passes through [`Engine`], from `ox88-control` (the crate a search
/// and the drivers share), re-exported so that one import does.
#[allow(deprecated)]
pub use ox88_control::Clock;
pub use ox88_control::{
    BenchReport, Bound, Limits, LineReport, ParseTimeControlError, Report, SearchResult, StopHandle, TimeControl,
    TimeLeft,
};
pub use score::{ScoreInfo, CECP_MATE};
pub use worker::Flow;
