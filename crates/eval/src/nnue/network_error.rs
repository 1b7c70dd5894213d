//! [`NetworkError`]: why a network file or a set of weights is refused.

#[cfg(doc)]
use super::Network;
use super::{KingBucketError, FILE_VERSION, HIDDEN_SIZES, MAX_SCALE};

/// Why a network cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What failed.
        source: std::io::Error,
    },
    /// The data does not start with `ox88nnue`.
    #[error("not an ox88 network (no ox88nnue header)")]
    Magic,
    /// A format version this crate does not read.
    #[error("network format version {found}, but this build reads versions 1 to {FILE_VERSION}")]
    Version {
        /// The file's version.
        found: u32,
    },
    /// A hidden layer width this build does not evaluate.
    #[error("network hidden size {found}, but this build evaluates widths {HIDDEN_SIZES:?} only")]
    Hidden {
        /// The width: the file header's, or the length of the biases
        /// given to [`Network::from_weights`].
        found: u64,
    },
    /// Quantisation scales this build was not compiled for.
    #[error("network with {field} = {found}, but this build expects {expected}")]
    Architecture {
        /// The header field: `QA` or `QB`.
        field: &'static str,
        /// The file's value.
        found: u32,
        /// This build's value.
        expected: u32,
    },
    /// The scale is zero or beyond [`MAX_SCALE`].
    #[error("network scale {found} is not within 1..={MAX_SCALE}")]
    Scale {
        /// The file's scale.
        found: u32,
    },
    /// The data is not as long as the header says.
    #[error("network file is {found} bytes long, expected {expected}")]
    Size {
        /// The expected length.
        expected: usize,
        /// The actual length.
        found: usize,
    },
    /// The body does not match the header's hash: a damaged file.
    #[error("network body hash {found:016x} differs from the header's {expected:016x} (damaged file)")]
    Hash {
        /// The header's hash.
        expected: u64,
        /// The body's hash.
        found: u64,
    },
    /// A version 3 file's king-bucket table is not a valid layout.
    #[error("network king-bucket table: {0}")]
    KingBuckets(#[from] KingBucketError),
    /// An output weight beyond the weight clip (±507).
    #[error("output weight {index} is {value}, beyond the weight clip")]
    OutputWeight {
        /// Its index (bucket by bucket, the side to move's first).
        index: usize,
        /// Its value.
        value: i16,
    },
}
