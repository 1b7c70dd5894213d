//! [`ImportError`]: why an import failed, shared by the import and the
//! dataset folder it writes to.

use parquet::errors::ParquetError;
use std::io;
use std::path::PathBuf;

/// Why an import failed.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// The output holds a dataset and `append` was not asked for.
    #[error("{} already holds a dataset: add to it with --append, or remove it", path.display())]
    Exists {
        /// The dataset folder.
        path: PathBuf,
    },
    /// An existing part has other columns than this import would write.
    #[error("{} has other columns than this import writes (same options as its first import?)", path.display())]
    Schema {
        /// The part.
        path: PathBuf,
    },
    /// Writing Parquet failed.
    #[error("parquet: {0}")]
    Parquet(#[from] ParquetError),
}
