//! [`Network`]: the quantised weights, and their file format (documented in
//! the [module](super) documentation).

use super::accumulator::{Accumulator, Row};
use super::{output_bucket, HIDDEN, INPUTS, OUTPUT_BUCKETS, QA, QB};
use ox88_board::{Board, Score};
use std::path::Path;
use std::sync::OnceLock;

/// The largest scale (centipawns per output unit) a network may have: far
/// beyond any sigmoid scale, and small enough that scaling the output never
/// overflows.
pub const MAX_SCALE: u32 = 100_000;
/// The file format version this crate writes (it also reads version 1).
pub const FILE_VERSION: u32 = 2;
/// The size of a network file's header in bytes.
pub const HEADER_SIZE: usize = 32;
const MAGIC: [u8; 8] = *b"ox88nnue";
/// The size of a body with `buckets` output layers: feature weights and
/// biases, output weights, output biases.
const fn body_size(buckets: usize) -> usize {
    2 * (INPUTS * HIDDEN + HIDDEN + buckets * 2 * HIDDEN) + 4 * buckets
}
/// The size of the body this crate writes.
const BODY_SIZE: usize = body_size(OUTPUT_BUCKETS);
/// The network file built into the library.
const EMBEDDED: &[u8] = include_bytes!("../../nets/default.nnue");
/// The largest output weight magnitude: the weight clip, quantised.
const MAX_OUTPUT_WEIGHT: i16 = (super::WEIGHT_CLIP * QB as f32 + 0.5) as i16;

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
    /// An architecture this build was not compiled for.
    #[error("network with {field} = {found}, but this build expects {expected}")]
    Architecture {
        /// The header field: `hidden`, `QA` or `QB`.
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
    /// An output weight beyond the weight clip (±507).
    #[error("output weight {index} is {value}, beyond the weight clip")]
    OutputWeight {
        /// Its index (bucket by bucket, the side to move's first).
        index: usize,
        /// Its value.
        value: i16,
    },
}

/// A quantised network: the weights and the scale that turns its output into
/// centipawns. Share one between threads behind an `Arc` ([`Nnue`](super::Nnue)
/// does).
///
/// ```
/// use ox88_board::Board;
/// use ox88_eval::nnue::{Network, HIDDEN, INPUTS};
/// // A network that counts White's pawns (feature 8..16 on the second rank).
/// let mut features = vec![0i16; INPUTS * HIDDEN];
/// for square in 8..16 {
///     features[square * HIDDEN] = 255; // 1.0 (QA) into hidden unit 0
/// }
/// let mut output = vec![0i16; 2 * HIDDEN]; // one output layer for every bucket
/// output[0] = 256; // 1.0 (QB) from the side to move's unit 0
/// let network = Network::from_weights(&features, &[0; HIDDEN], &output, &[0], 100)?;
/// // Eight pawns saturate the clipped unit: 1.0 squared times 100 cp.
/// assert_eq!(network.evaluate(&Board::startpos()).raw(), 100);
/// let bytes = network.to_bytes();
/// assert_eq!(Network::from_bytes(&bytes)?.hash(), network.hash());
/// # Ok::<(), ox88_eval::nnue::NetworkError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Network {
    /// One row per input.
    pub(crate) feature_weights: Box<[Row]>,
    pub(crate) feature_bias: Row,
    /// For each output bucket, the side to move's perspective's weights,
    /// then the other side's.
    pub(crate) output_weights: [[Row; 2]; OUTPUT_BUCKETS],
    pub(crate) output_bias: [i32; OUTPUT_BUCKETS],
    /// For each bucket, 32,768 times the sum of its output weights
    /// (wrapping): what the output layer's shifted squares leave out.
    pub(crate) square_offset: [i32; OUTPUT_BUCKETS],
    scale: u32,
    /// The FNV-1a hash of the body: read from a file's header, or computed
    /// when first asked for (hashing 400 KB is most of building a network).
    hash: OnceLock<u64>,
}

impl Network {
    /// A network from its quantised weights: `feature_weights` row by row
    /// (`INPUTS` rows of `HIDDEN`), `feature_bias` (`HIDDEN`), the output
    /// layers, and `scale` (centipawns per output unit). The output layers
    /// are either one per bucket — `output_weights` holds `OUTPUT_BUCKETS`
    /// times `2 * HIDDEN` weights (each bucket's side to move's first, each
    /// within the weight clip, ±507) and `output_bias` `OUTPUT_BUCKETS`
    /// biases — or one for every bucket (`2 * HIDDEN` weights, one bias).
    pub fn from_weights(
        feature_weights: &[i16],
        feature_bias: &[i16],
        output_weights: &[i16],
        output_bias: &[i32],
        scale: u32,
    ) -> Result<Network, NetworkError> {
        let buckets = if output_bias.len() == 1 { 1 } else { OUTPUT_BUCKETS };
        for (found, expected) in [
            (feature_weights.len(), INPUTS * HIDDEN),
            (feature_bias.len(), HIDDEN),
            (output_weights.len(), buckets * 2 * HIDDEN),
            (2 * output_bias.len(), 2 * buckets),
        ] {
            if found != expected {
                return Err(NetworkError::Size { expected: 2 * expected, found: 2 * found });
            }
        }
        let row = |values: &[i16]| -> Row { values.try_into().expect("a slice of HIDDEN values") };
        let feature_weights = feature_weights.chunks_exact(HIDDEN).map(row).collect();
        let layer = |bucket: usize| {
            let layer = &output_weights[(bucket % buckets) * 2 * HIDDEN..][..2 * HIDDEN];
            [row(&layer[..HIDDEN]), row(&layer[HIDDEN..])]
        };
        let output_weights = std::array::from_fn(layer);
        let output_bias = std::array::from_fn(|bucket| output_bias[bucket % buckets]);
        Network::assemble(feature_weights, row(feature_bias), output_weights, output_bias, scale, OnceLock::new())
    }

    /// Reads a network file's bytes, checking the header and hash.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < HEADER_SIZE || bytes[..8] != MAGIC {
            return Err(NetworkError::Magic);
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("four bytes"));
        let u16_at = |i: usize| u32::from(u16::from_le_bytes(bytes[i..i + 2].try_into().expect("two bytes")));
        let buckets = match u32_at(8) {
            1 => 1,
            FILE_VERSION => OUTPUT_BUCKETS,
            found => return Err(NetworkError::Version { found }),
        };
        for (field, found, expected) in
            [("hidden", u32_at(12), HIDDEN as u32), ("QA", u16_at(20), QA as u32), ("QB", u16_at(22), QB as u32)]
        {
            if found != expected {
                return Err(NetworkError::Architecture { field, found, expected });
            }
        }
        if bytes.len() != HEADER_SIZE + body_size(buckets) {
            return Err(NetworkError::Size { expected: HEADER_SIZE + body_size(buckets), found: bytes.len() });
        }
        let expected = u64::from_le_bytes(bytes[24..32].try_into().expect("eight bytes"));
        let body = &bytes[HEADER_SIZE..];
        let found = fnv1a(body);
        if found != expected {
            return Err(NetworkError::Hash { expected, found });
        }
        // A version 1 body is not what `to_bytes` writes: its hash is not
        // the network's.
        let hash = if buckets == OUTPUT_BUCKETS { OnceLock::from(expected) } else { OnceLock::new() };
        Network::from_body(body, buckets, u32_at(16), hash)
    }

    /// The network built into the library (`crates/eval/nets/default.nnue`;
    /// docs/nnue.md says how it was trained).
    pub fn embedded() -> Network {
        Network::from_bytes(EMBEDDED).expect("the embedded network is checked by the tests")
    }

    /// Reads the network file at `path`.
    pub fn load(path: impl AsRef<Path>) -> Result<Network, NetworkError> {
        let path = path.as_ref();
        let bytes =
            std::fs::read(path).map_err(|source| NetworkError::Io { path: path.display().to_string(), source })?;
        Network::from_bytes(&bytes)
    }

    /// The network of a file's body with `buckets` output layers (1: one
    /// for every bucket).
    fn from_body(body: &[u8], buckets: usize, scale: u32, hash: OnceLock<u64>) -> Result<Network, NetworkError> {
        debug_assert_eq!(body.len(), body_size(buckets));
        let mut rows = body.chunks_exact(2 * HIDDEN).map(|bytes| {
            let mut row: Row = [0; HIDDEN];
            for (value, pair) in row.iter_mut().zip(bytes.chunks_exact(2)) {
                *value = i16::from_le_bytes([pair[0], pair[1]]);
            }
            row
        });
        let feature_weights: Box<[Row]> = rows.by_ref().take(INPUTS).collect();
        let mut row = || rows.next().expect("the body holds every row");
        let feature_bias = row();
        let layers: Vec<[Row; 2]> = (0..buckets).map(|_| [row(), row()]).collect();
        let biases = &body[body.len() - 4 * buckets..];
        let bias = |bucket: usize| i32::from_le_bytes(biases[4 * bucket..][..4].try_into().expect("four bytes"));
        let output_weights = std::array::from_fn(|bucket| layers[bucket % buckets]);
        let output_bias = std::array::from_fn(|bucket| bias(bucket % buckets));
        Network::assemble(feature_weights, feature_bias, output_weights, output_bias, scale, hash)
    }

    /// Checks the scale and the output weights, and derives what evaluation needs.
    fn assemble(
        feature_weights: Box<[Row]>,
        feature_bias: Row,
        output_weights: [[Row; 2]; OUTPUT_BUCKETS],
        output_bias: [i32; OUTPUT_BUCKETS],
        scale: u32,
        hash: OnceLock<u64>,
    ) -> Result<Network, NetworkError> {
        if !(1..=MAX_SCALE).contains(&scale) {
            return Err(NetworkError::Scale { found: scale });
        }
        if let Some((index, &value)) = output_weights
            .as_flattened()
            .as_flattened()
            .iter()
            .enumerate()
            .find(|(_, w)| w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16)
        {
            return Err(NetworkError::OutputWeight { index, value });
        }
        let square_offset = output_weights
            .map(|layer| layer.as_flattened().iter().fold(0i32, |sum, &w| sum.wrapping_add(32_768 * i32::from(w))));
        Ok(Network { feature_weights, feature_bias, output_weights, output_bias, square_offset, scale, hash })
    }

    /// The network as the bytes of a file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER_SIZE + BODY_SIZE);
        bytes.extend(MAGIC);
        bytes.extend(FILE_VERSION.to_le_bytes());
        bytes.extend((HIDDEN as u32).to_le_bytes());
        bytes.extend(self.scale.to_le_bytes());
        bytes.extend((QA as u16).to_le_bytes());
        bytes.extend((QB as u16).to_le_bytes());
        let body = self.body();
        bytes.extend(self.hash.get_or_init(|| fnv1a(&body)).to_le_bytes());
        bytes.extend(body);
        bytes
    }

    /// The weights as a file's body.
    fn body(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(BODY_SIZE);
        let rows = self.feature_weights.iter().chain([&self.feature_bias]).chain(self.output_weights.as_flattened());
        body.extend(rows.flat_map(|row| row.iter().flat_map(|v| v.to_le_bytes())));
        body.extend(self.output_bias.iter().flat_map(|b| b.to_le_bytes()));
        body
    }

    /// Centipawns per unit of the network's output (the sigmoid scale it
    /// was trained with).
    pub fn scale(&self) -> u32 {
        self.scale
    }

    /// The feature weights at scale [`QA`]: one row of `HIDDEN` per input
    /// ([`INPUTS`] rows, in [`feature_index`](super::feature_index) order).
    pub fn feature_weights(&self) -> &[[i16; HIDDEN]] {
        &self.feature_weights
    }

    /// The feature biases at scale [`QA`].
    pub fn feature_bias(&self) -> &[i16; HIDDEN] {
        &self.feature_bias
    }

    /// The output layer of `bucket` (below [`OUTPUT_BUCKETS`]) at scale
    /// [`QB`]: the side to move's weights, then the other side's; and its
    /// bias at scale `QA * QB`. A network with one output layer has the
    /// same layer in every bucket.
    ///
    /// # Panics
    ///
    /// If `bucket` is not below [`OUTPUT_BUCKETS`].
    pub fn output_layer(&self, bucket: usize) -> (&[[i16; HIDDEN]; 2], i32) {
        (&self.output_weights[bucket], self.output_bias[bucket])
    }

    /// The FNV-1a hash of the weights: the network's identity.
    pub fn hash(&self) -> u64 {
        *self.hash.get_or_init(|| fnv1a(&self.body()))
    }

    /// The network's output for `board`, from the side to move's point of
    /// view, computed from scratch (for one-off evaluations and checks; the
    /// search uses [`Nnue`](super::Nnue), which updates incrementally).
    pub fn evaluate(&self, board: &Board) -> Score {
        let mut accumulator = Accumulator::default();
        accumulator.refresh(self, board);
        Score::cp(accumulator.output(board.side_to_move(), Network::bucket(board), self))
    }

    /// The output bucket of `board`, from its number of pieces.
    #[inline]
    pub(crate) fn bucket(board: &Board) -> usize {
        output_bucket(board.pieces(ox88_board::Color::White).len() + board.pieces(ox88_board::Color::Black).len())
    }
}

/// The 64-bit FNV-1a hash.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
