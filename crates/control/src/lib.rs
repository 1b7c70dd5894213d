#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod limits;
mod report;
mod result;
mod stop;

pub use limits::{Clock, Limits};
pub use report::{Bound, LineReport, Report};
pub use result::{BenchReport, SearchResult};
pub use stop::StopHandle;
