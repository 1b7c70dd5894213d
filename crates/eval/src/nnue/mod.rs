//! An efficiently updatable neural network evaluation (NNUE).
//!
//! # Architecture
//!
//! `(768 -> H) x 2 -> 1 x 8`, where the hidden width `H` is one of
//! [`HIDDEN_SIZES`] (256, 512, 768 or 1024: the network file says which;
//! the embedded network has 256). The 768 inputs are one per (piece colour
//! relative to a perspective, role, square) — see [`feature_index`]. Each
//! side's perspective sums the weight rows of the pieces on the board into an
//! accumulator of `H` values (one shared weight matrix; Black's
//! perspective sees the board mirrored top to bottom). The output is a
//! weighted sum of the squared clipped accumulators (SCReLU,
//! `clamp(x, 0, 1)^2`), the side to move's first, plus a bias; times the
//! network's scale it is a score in centipawns. There are
//! [`OUTPUT_BUCKETS`] sets of output weights and biases, and the number of
//! pieces on the board chooses one ([`output_bucket`]): the same hidden
//! units may weigh differently in an ending than in the middlegame. A
//! network trained with one output layer has all eight alike.
//!
//! A network may also have king buckets ([`KingBuckets`]): several sets of
//! the 768 feature weights, each perspective using the set its own king's
//! square chooses, and seeing the board mirrored left to right when its
//! king is on files e to h. The inputs are then `buckets × 768`
//! ([`bucketed_feature_index`]); when a king move changes its side's
//! bucket or mirroring, that side's accumulator is computed from scratch.
//!
//! A move changes at most four inputs (castling: two pieces move; a capture:
//! one moves, one goes), so the search keeps a stack of accumulators and
//! updates the new one from its parent with only the changed rows (see
//! [`Nnue`] and the incremental hooks of [`Evaluator`](crate::Evaluator)).
//!
//! The width is a const generic inside: each width has its own fixed-size
//! rows and its own compiled loops, and an evaluator chooses among them once
//! per evaluation. The loops are compiled for three instruction sets and
//! chosen at run time by the processor's features (AVX-512, AVX2, or the
//! baseline SSE2), through the `multiversion` crate, so that one binary is
//! fast on every x86-64; all three give identical results.
//!
//! # Quantisation
//!
//! The network is trained in `f32` (the `ox88-train` tool) and stored in
//! integers. The trainer clips every weight to ±[`WEIGHT_CLIP`] (1.98).
//!
//! - feature weights and biases: `i16`, times [`QA`] (255). The accumulator
//!   is `i16` too: 32 pieces and the bias stay below 33 × 505 = 16,665 in
//!   magnitude.
//! - the activation: `v = clamp(acc, 0, QA)` and its square, which fits in
//!   16 bits unsigned (255² = 65,025). The output layer works with the
//!   square less 32,768, which fits in `i16` (a 16-bit multiply, `pmullw`,
//!   and flipping the top bit), and adds back 32,768 times the sum of the
//!   output weights, a constant of the network.
//! - output weights: `i16`, times [`QB`] (256), so within ±507. `i16` rather
//!   than `i8` because the shifted square times the weight is then a
//!   16-to-32-bit multiply-add (`pmaddwd` on baseline x86-64, which the
//!   compiler emits from the plain loop), and because `i8` would leave too
//!   few steps: output weights are typically 0.1-0.3, and a step of 1/64
//!   (what ±127 allows for weights up to 2) moved evaluations by 6 cp on
//!   average in a trial, against about 0.6 cp with 1/256.
//! - output biases: `i32`, times `QA * QB`.
//!
//! The output sums in `i32` with wrapping adds: neither the order the
//! compiler picks nor the added constant changes the result, which is exact
//! while the true sum fits, that is while the network's output stays below
//! 2^31 / (255² × 256) = 129 sigmoid units (17,000 cp at the scales the
//! data gives): beyond anything the training data holds.
//!
//! # File format (versions 2 and 3)
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | `ox88nnue` |
//! | 8..12 | format version, little-endian `u32` (2, or 3 with king buckets) |
//! | 12..16 | hidden size `H`, `u32`: 256, 512, 768 or 1024 |
//! | 16..20 | scale: centipawns per output unit, `u32` |
//! | 20..22 | `QA`, `u16` (255) |
//! | 22..24 | `QB`, `u16` (256) |
//! | 24..32 | FNV-1a 64 hash of the body (bytes 32.., the table included), `u64` |
//! | 32..64 | version 3 only: the king-bucket table, one byte per king square of files a-d (`rank * 4 + file`, in the perspective's own view), the buckets numbered from 0 with none skipped, fewer than [`MAX_KING_BUCKETS`] |
//! | .. | feature weights: 768 rows (one per input) of `H` `i16`, for each king bucket (one in version 2); feature biases: `H` `i16`; output weights: for each of the 8 buckets, 2 rows of `H` `i16` (side to move, then the other side); output biases: 8 `i32`; all little-endian |
//!
//! Version 1 files (networks 0 to 2) have one output layer: 2 rows of
//! output weights and one bias. They still load, as a network whose buckets
//! are all alike; written back they are version 2 (and so hash differently).
//!
//! The engine embeds one network ([`Network::embedded`]); others load with
//! [`Network::load`].

mod accumulator;
mod evaluator;
mod features;
mod king_buckets;
mod layers;
mod network;
mod network_error;
mod simd;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_buckets;

pub use evaluator::Nnue;
pub use features::{bucketed_feature_index, feature_index};
pub use king_buckets::{KingBucketError, KingBuckets, MAX_KING_BUCKETS};
pub use network::{Network, HEADER_SIZE as NETWORK_HEADER_SIZE};
pub use network_error::NetworkError;

/// The largest scale (centipawns per output unit) a network may have: far
/// beyond any sigmoid scale, and small enough that scaling the output never
/// overflows.
pub const MAX_SCALE: u32 = 100_000;
/// The newest file format version, which networks with king buckets are
/// written in; networks without are written in version 2, and version 1
/// still reads.
pub const FILE_VERSION: u32 = 3;
/// The number of inputs per king bucket: 2 colours × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// The hidden layer widths (per perspective) a network may have.
pub const HIDDEN_SIZES: [usize; 4] = [256, 512, 768, 1024];
/// The embedded network's hidden width, and the trainer's default.
pub const DEFAULT_HIDDEN: usize = 256;
/// The feature weights' scale: `1.0` is stored as `QA`; also the clipped
/// accumulator's ceiling, small enough that its square fits in `u16`.
pub const QA: i32 = 255;
/// The output weights' scale: `1.0` is stored as `QB`.
pub const QB: i32 = 256;
/// The trainer keeps every float weight within ±`WEIGHT_CLIP`, so that the
/// quantised accumulator and the output layer's products fit in `i16`.
pub const WEIGHT_CLIP: f32 = 1.98;
/// The number of output layers: the one used depends on how many pieces
/// are on the board ([`output_bucket`]).
pub const OUTPUT_BUCKETS: usize = 8;

/// The output layer for a position with `pieces` pieces on the board, kings
/// included: `(pieces - 2) / 4`, so 2-5 pieces use layer 0 and 30-32 layer 7.
///
/// ```
/// use ox88_eval::nnue::{output_bucket, OUTPUT_BUCKETS};
/// assert_eq!(output_bucket(32), OUTPUT_BUCKETS - 1);
/// assert_eq!(output_bucket(3), 0);
/// ```
#[inline]
pub fn output_bucket(pieces: usize) -> usize {
    (pieces.clamp(2, 32) - 2) / 4
}
