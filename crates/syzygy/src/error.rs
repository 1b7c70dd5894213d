//! What can go wrong: opening a directory, and probing a position.

use std::fmt;
use std::path::PathBuf;
use thiserror::Error;

/// The two kinds of table file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableKind {
    /// `.rtbw`: win, draw or loss, for both sides to move.
    Wdl,
    /// `.rtbz`: the distance to the next capture or pawn move, for one side.
    Dtz,
}

impl TableKind {
    /// The file extension, without the dot.
    pub const fn extension(self) -> &'static str {
        match self {
            TableKind::Wdl => "rtbw",
            TableKind::Dtz => "rtbz",
        }
    }
}

impl fmt::Display for TableKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TableKind::Wdl => "WDL",
            TableKind::Dtz => "DTZ",
        })
    }
}

/// How a table file is damaged: what its bytes contradict.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Damage {
    /// The file does not begin with the magic bytes of its kind.
    #[error("magic bytes {found:02x?}, not those of a {kind} table")]
    Magic {
        /// The first four bytes (fewer for a shorter file).
        found: Vec<u8>,
        /// The kind the file's extension names.
        kind: TableKind,
    },
    /// The file is shorter than its own header says.
    #[error("the file has {length} bytes, its header needs {needed}")]
    Truncated {
        /// The length the header implies (at least).
        needed: u64,
        /// The file's length.
        length: u64,
    },
    /// A value in the file that no generator writes.
    #[error("{0}")]
    Inconsistent(&'static str),
}

/// Why a position could not be probed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ProbeError {
    /// Tables hold no position where castling is still possible.
    #[error("syzygy tables hold no position with castling rights")]
    Castling,
    /// More pieces than any table holds, or than the tablebase's largest table.
    #[error("the position has {count} pieces, the tables at most {max}")]
    TooManyPieces {
        /// The pieces on the board, kings included.
        count: usize,
        /// The most pieces a loaded table holds.
        max: usize,
    },
    /// The table the position (or a capture from it) needs is not loaded.
    #[error("no {kind} table {name} (file {name}.{ext})", ext = kind.extension())]
    MissingTable {
        /// The table's name, as its file is named: `KRPvKR`.
        name: String,
        /// WDL or DTZ.
        kind: TableKind,
    },
    /// The file of a table could not be read.
    #[error("cannot read {path}: {message}", path = path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        message: String,
    },
    /// The file of a table is damaged.
    #[error("{path} is damaged: {damage}", path = path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        damage: Damage,
    },
}

/// Why a directory could not be added to a [`Tablebase`](crate::Tablebase).
#[derive(Debug, Error)]
#[error("cannot read the directory {path}: {source}", path = path.display())]
pub struct OpenError {
    /// The directory.
    pub path: PathBuf,
    /// What the operating system said.
    #[source]
    pub source: std::io::Error,
}
