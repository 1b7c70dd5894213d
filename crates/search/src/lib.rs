#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod history;
mod limits;
mod ordering;
mod report;
mod see;
mod stop;
mod time;
mod tt;

pub use history::{History, PieceTo, HISTORY_MAX};
pub use limits::{Clock, Limits};
pub use ordering::{MovePicker, Pick};
pub use report::{Bound, LineReport, Report, SearchResult};
pub use see::{see_ge, see_value};
pub use stop::StopHandle;
pub use time::TimeManager;
pub use tt::{TranspositionTable, TtBound, TtEntry};

/// The deepest ply the search reaches (quiescence included).
pub const MAX_PLY: usize = 128;
