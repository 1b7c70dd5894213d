#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod analysis;
mod asynchronous;
mod command;
mod engine;
mod error;
mod game_info;
mod info;
mod link;
mod log;
mod opponent;
mod play;
mod protocol;
mod reader;
mod reply;
mod results;
mod search;
mod session;
pub mod testing;
mod timeouts;
mod transport;
mod uci;
mod xboard;

pub use analysis::{Analysis, Stopper};
pub use asynchronous::AsyncEngine;
pub use command::EngineCommand;
pub use engine::ExternalEngine;
pub use error::{EngineError, Waiting};
pub use info::MAX_MULTIPV;
pub use log::EngineLog;
pub use opponent::Opponent;
pub use protocol::{ParseProtocolError, Protocol};
pub use reply::Reply;
pub use results::{AnalysisResult, Claim, EngineId, SearchReply};
pub use timeouts::Timeouts;

// The vocabulary a user of the client needs, so that one `use` line does.
pub use ox88_board::{Board, ByColor, Color, GameResult, Move, PovScore, Score};
pub use ox88_movegen::{Position, Termination};
#[allow(deprecated)]
pub use ox88_protocol::Clock;
pub use ox88_protocol::{Bound, Limits, LineReport, OptionKind, OptionSpec, OptionValue, Report, TimeLeft};
