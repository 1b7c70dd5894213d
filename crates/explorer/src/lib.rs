#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod build;
mod combine;
mod explorer;
mod games;
mod opening_names;
mod run;
mod stats;
mod varint;

pub use build::{merge, merge_shifted, RunBuilder};
pub use combine::combine;
pub use explorer::{compact, Explorer, ExplorerInfo, ExplorerWriter};
pub use games::{GameAppender, GameInfo, GameStore};
pub use opening_names::{OpeningName, OpeningNames, OpeningNamesError};
pub use run::{Run, RunEntries, RunInfo, RunWriter};
pub use stats::{GameNumber, Stats, Winner};

use std::path::PathBuf;

/// Why the explorer could not do something.
#[derive(Debug, thiserror::Error)]
pub enum ExplorerError {
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A file does not hold what the explorer wrote.
    #[error("{}: not an explorer file, or damaged", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
    },
    /// The folder holds no explorer.
    #[error("{}: no explorer here (no manifest)", path.display())]
    Missing {
        /// The folder.
        path: PathBuf,
    },
}
