#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod columns;
mod count;
mod dataset;
pub mod explore;
mod games;
mod import;
mod import_error;
pub mod input;
pub mod move_index;
mod output;
mod part_writer;
mod positions;
mod record;
mod refill;
pub mod selfplay;
mod tags;

pub use columns::Columns;
pub use count::count_games;
pub use games::{games_schema, GamesBatchBuilder};
pub use import::{import, ImportOptions, ImportSummary, Progress};
pub use import_error::ImportError;
pub use positions::{positions_schema, PositionsBatchBuilder};
pub use record::{GameRecord, GameRecorder};
pub use tags::Tags;
