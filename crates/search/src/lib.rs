#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bench;
mod history;
mod limits;
mod ordering;
mod params;
mod qsearch;
mod report;
mod root;
mod search;
mod see;
mod stop;
mod threads;
mod time;
mod tt;
mod worker;

pub use bench::{bench, BenchResult, BENCH_DEPTH, BENCH_FENS};
pub use history::{History, PieceTo, HISTORY_MAX};
pub use limits::{Clock, Limits};
pub use ordering::{MovePicker, Pick};
pub use params::SearchParams;
pub use report::{Bound, LineReport, Report, SearchResult};
pub use see::{see_ge, see_value};
pub use stop::StopHandle;
pub use threads::Searcher;
pub use time::TimeManager;
pub use tt::{TranspositionTable, TtBound, TtEntry};

/// The deepest ply the search reaches (quiescence included).
pub const MAX_PLY: usize = 128;
