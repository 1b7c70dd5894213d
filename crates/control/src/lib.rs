#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod clock;
mod limits;
mod report;
mod result;
mod stop;
mod time_control;

pub use clock::{Flagged, GameClock};
#[allow(deprecated)]
pub use limits::Clock;
pub use limits::{Limits, TimeLeft};
pub use report::{Bound, LineReport, Report};
pub use result::{BenchReport, SearchResult};
pub use stop::StopHandle;
pub use time_control::{ParseTimeControlError, TimeControl};

/// The stack a thread that runs a search should have, whoever spawns it (the
/// search's helper threads, a protocol driver's search thread, a data
/// generator): a search recurses up to its deepest ply, some 2.5 KB a ply in
/// an optimised build and many times that in a debug build, where the 2 MB
/// a spawned thread gets by default does not hold it. Only the pages used
/// are ever committed.
pub const SEARCH_STACK_BYTES: usize = 64 << 20;
