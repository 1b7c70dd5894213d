#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bench;
mod history;
mod ordering;
mod params;
mod qsearch;
mod root;
mod search;
mod see;
mod tablebase;
mod threads;
mod time;
mod tt;
mod tt_score;
mod worker;

pub use bench::{bench, BENCH_DEPTH, BENCH_FENS};
/// The types the search shares with whatever drives it (the protocol
/// drivers), re-exported from `ox88-control` so that one import does.
#[allow(deprecated)]
pub use ox88_control::Clock;
pub use ox88_control::{BenchReport, Bound, Limits, LineReport, Report, SearchResult, StopHandle, TimeLeft};
pub use params::{SearchParams, Tunable, TunableError};
pub use tablebase::TablebaseProbing;
pub use threads::Searcher;
pub use time::TimeManager;

/// The deepest ply the search reaches (quiescence included).
pub(crate) const MAX_PLY: usize = 128;

/// The stack a thread that runs a search should have (ox88-control's): the
/// search's own helper threads get this much; a caller running
/// [`Searcher::search`] on a thread it spawns should give it as much.
pub use ox88_control::SEARCH_STACK_BYTES;
