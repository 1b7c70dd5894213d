//! [`Network`]: the quantised weights, and their file format (documented in
//! the [module](super) documentation).

use super::accumulator::Accumulator;
use super::layers::{with_layers, AnyLayers};
use super::{
    output_bucket, simd, KingBuckets, NetworkError, FILE_VERSION, HIDDEN_SIZES, MAX_SCALE, OUTPUT_BUCKETS, QA, QB,
};
use ox88_board::{Board, Score};
use std::path::Path;
use std::sync::OnceLock;

/// The file format version of networks without king buckets.
const UNBUCKETED_VERSION: u32 = 2;
/// The size of a version 3 file's king-bucket table, at the start of its
/// body.
const TABLE_SIZE: usize = 32;
/// The size of a network file's header in bytes.
pub const HEADER_SIZE: usize = 32;
const MAGIC: [u8; 8] = *b"ox88nnue";
/// The size of a body's weights with `inputs` feature rows of `hidden`
/// units and `buckets` output layers: feature weights and biases, output
/// weights, output biases.
const fn weights_size(inputs: usize, hidden: usize, buckets: usize) -> usize {
    2 * (inputs * hidden + hidden + buckets * 2 * hidden) + 4 * buckets
}
/// The network file built into the library.
const EMBEDDED: &[u8] = include_bytes!("../../nets/default.nnue");

/// A quantised network: the weights and the scale that turns its output into
/// centipawns. Its hidden layer may be any of [`HIDDEN_SIZES`] wide (the
/// file's header says which). Clones share the weights; share one between
/// threads behind an `Arc` ([`Nnue`](super::Nnue) does).
///
/// ```
/// use ox88_board::Board;
/// use ox88_eval::nnue::{Network, INPUTS};
/// // A network of 512 hidden units that counts White's pawns (features
/// // 8..16, on the second rank).
/// let hidden = 512;
/// let mut features = vec![0i16; INPUTS * hidden];
/// for square in 8..16 {
///     features[square * hidden] = 255; // 1.0 (QA) into hidden unit 0
/// }
/// let mut output = vec![0i16; 2 * hidden]; // one output layer for every bucket
/// output[0] = 256; // 1.0 (QB) from the side to move's unit 0
/// let network = Network::from_weights(&features, &vec![0; hidden], &output, &[0], 100)?;
/// assert_eq!(network.hidden(), 512);
/// // Eight pawns saturate the clipped unit: 1.0 squared times 100 cp.
/// assert_eq!(network.evaluate(&Board::startpos()).raw(), 100);
/// let bytes = network.to_bytes();
/// assert_eq!(Network::from_bytes(&bytes)?.hash(), network.hash());
/// // Widths other than 256, 512, 768 and 1024 are refused.
/// assert!(Network::from_weights(&vec![0; INPUTS * 300], &[0; 300], &[0; 600], &[0], 100).is_err());
/// # Ok::<(), ox88_eval::nnue::NetworkError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Network {
    layers: AnyLayers,
    /// The FNV-1a hash of the body: read from a file's header, or computed
    /// when first asked for (hashing 400 KB is most of building a network).
    hash: OnceLock<u64>,
}

impl Network {
    /// A network from its quantised weights: `feature_weights` row by row
    /// (`INPUTS` rows of the hidden width), `feature_bias` (as many as the
    /// hidden width, one of [`HIDDEN_SIZES`]), the output layers, and
    /// `scale` (centipawns per output unit). The output layers are either
    /// one per bucket — `output_weights` holds `OUTPUT_BUCKETS` times `2 *
    /// hidden` weights (each bucket's side to move's first, each within the
    /// weight clip, ±507) and `output_bias` `OUTPUT_BUCKETS` biases — or one
    /// for every bucket (`2 * hidden` weights, one bias).
    pub fn from_weights(
        feature_weights: &[i16],
        feature_bias: &[i16],
        output_weights: &[i16],
        output_bias: &[i32],
        scale: u32,
    ) -> Result<Network, NetworkError> {
        Network::from_bucketed_weights(
            KingBuckets::NONE,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
            scale,
        )
    }

    /// A network with king buckets: as [`from_weights`](Network::from_weights),
    /// with `king_buckets.inputs()` rows of feature weights (bucket 0's
    /// [`INPUTS`](super::INPUTS) rows first, each in
    /// [`feature_index`](super::feature_index) order).
    ///
    /// ```
    /// use ox88_board::Board;
    /// use ox88_eval::nnue::{KingBuckets, Network, INPUTS};
    /// let four = KingBuckets::named("4").unwrap();
    /// let hidden = 256;
    /// let network = Network::from_bucketed_weights(four, &vec![1; 4 * INPUTS * hidden], &vec![0; hidden], &vec![2; 2 * hidden], &[0], 100)?;
    /// assert_eq!(network.king_buckets(), four);
    /// let copy = Network::from_bytes(&network.to_bytes())?;
    /// assert_eq!((copy.king_buckets(), copy.hash()), (four, network.hash()));
    /// assert_eq!(copy.evaluate(&Board::startpos()), network.evaluate(&Board::startpos()));
    /// # Ok::<(), ox88_eval::nnue::NetworkError>(())
    /// ```
    pub fn from_bucketed_weights(
        king_buckets: KingBuckets,
        feature_weights: &[i16],
        feature_bias: &[i16],
        output_weights: &[i16],
        output_bias: &[i32],
        scale: u32,
    ) -> Result<Network, NetworkError> {
        let hidden = feature_bias.len();
        if !HIDDEN_SIZES.contains(&hidden) {
            return Err(NetworkError::Hidden { found: hidden as u64 });
        }
        let buckets = if output_bias.len() == 1 { 1 } else { OUTPUT_BUCKETS };
        for (found, expected) in [
            (feature_weights.len(), king_buckets.inputs() * hidden),
            (output_weights.len(), buckets * 2 * hidden),
            (2 * output_bias.len(), 2 * buckets),
        ] {
            if found != expected {
                return Err(NetworkError::Size { expected: 2 * expected, found: 2 * found });
            }
        }
        let weights = Weights { feature_weights, feature_bias, output_weights, output_bias };
        Network::assemble(hidden, king_buckets, weights, scale, OnceLock::new())
    }

    /// Reads a network file's bytes, checking the header and hash.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < HEADER_SIZE || bytes[..8] != MAGIC {
            return Err(NetworkError::Magic);
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("four bytes"));
        let u16_at = |i: usize| u32::from(u16::from_le_bytes(bytes[i..i + 2].try_into().expect("two bytes")));
        let version = u32_at(8);
        let buckets = match version {
            1 => 1,
            UNBUCKETED_VERSION | FILE_VERSION => OUTPUT_BUCKETS,
            found => return Err(NetworkError::Version { found }),
        };
        let hidden = u32_at(12) as usize;
        if !HIDDEN_SIZES.contains(&hidden) {
            return Err(NetworkError::Hidden { found: u64::from(u32_at(12)) });
        }
        for (field, found, expected) in [("QA", u16_at(20), QA as u32), ("QB", u16_at(22), QB as u32)] {
            if found != expected {
                return Err(NetworkError::Architecture { field, found, expected });
            }
        }
        let (king_buckets, table_size) = if version == FILE_VERSION {
            if bytes.len() < HEADER_SIZE + TABLE_SIZE {
                return Err(NetworkError::Size { expected: HEADER_SIZE + TABLE_SIZE, found: bytes.len() });
            }
            let table = bytes[HEADER_SIZE..][..TABLE_SIZE].try_into().expect("32 bytes");
            (KingBuckets::mirrored(table)?, TABLE_SIZE)
        } else {
            (KingBuckets::NONE, 0)
        };
        let size = HEADER_SIZE + table_size + weights_size(king_buckets.inputs(), hidden, buckets);
        if bytes.len() != size {
            return Err(NetworkError::Size { expected: size, found: bytes.len() });
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
        Network::from_body(&body[table_size..], hidden, king_buckets, buckets, u32_at(16), hash)
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

    /// The network of a file body's weights (after the king-bucket table)
    /// with `hidden` units and `buckets` output layers (1: one for every
    /// bucket).
    fn from_body(
        body: &[u8],
        hidden: usize,
        king_buckets: KingBuckets,
        buckets: usize,
        scale: u32,
        hash: OnceLock<u64>,
    ) -> Result<Network, NetworkError> {
        debug_assert_eq!(body.len(), weights_size(king_buckets.inputs(), hidden, buckets));
        let (weights, biases) = body.split_at(body.len() - 4 * buckets);
        let weights: Vec<i16> = weights.chunks_exact(2).map(|pair| i16::from_le_bytes([pair[0], pair[1]])).collect();
        let biases: Vec<i32> =
            biases.chunks_exact(4).map(|b| i32::from_le_bytes(b.try_into().expect("four bytes"))).collect();
        let (feature_weights, rest) = weights.split_at(king_buckets.inputs() * hidden);
        let (feature_bias, output_weights) = rest.split_at(hidden);
        let weights = Weights { feature_weights, feature_bias, output_weights, output_bias: &biases };
        Network::assemble(hidden, king_buckets, weights, scale, hash)
    }

    /// Checks the scale and builds the layers at width `hidden`, from
    /// weights of the sizes [`from_weights`](Network::from_weights) checks.
    fn assemble(
        hidden: usize,
        king_buckets: KingBuckets,
        weights: Weights<'_>,
        scale: u32,
        hash: OnceLock<u64>,
    ) -> Result<Network, NetworkError> {
        if !(1..=MAX_SCALE).contains(&scale) {
            return Err(NetworkError::Scale { found: scale });
        }
        let Weights { feature_weights, feature_bias, output_weights, output_bias } = weights;
        let layers =
            AnyLayers::new(hidden, king_buckets, feature_weights, feature_bias, output_weights, output_bias, scale)?;
        Ok(Network { layers, hash })
    }

    /// The network as the bytes of a file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let body = self.body();
        let mut bytes = Vec::with_capacity(HEADER_SIZE + body.len());
        bytes.extend(MAGIC);
        let version = if self.king_buckets().is_mirrored() { FILE_VERSION } else { UNBUCKETED_VERSION };
        bytes.extend(version.to_le_bytes());
        bytes.extend((self.hidden() as u32).to_le_bytes());
        bytes.extend(self.scale().to_le_bytes());
        bytes.extend((QA as u16).to_le_bytes());
        bytes.extend((QB as u16).to_le_bytes());
        bytes.extend(self.hash.get_or_init(|| fnv1a(&body)).to_le_bytes());
        bytes.extend(body);
        bytes
    }

    /// The file's body: the king-bucket table (version 3), the weights.
    fn body(&self) -> Vec<u8> {
        let king_buckets = self.king_buckets();
        let weights = with_layers!(&self.layers, layers => layers.body());
        if king_buckets.is_mirrored() {
            king_buckets.table().into_iter().chain(weights).collect()
        } else {
            weights
        }
    }

    /// The layers, for the evaluators.
    pub(crate) fn layers(&self) -> &AnyLayers {
        &self.layers
    }

    /// The hidden layer's width, per perspective: one of [`HIDDEN_SIZES`].
    pub fn hidden(&self) -> usize {
        self.layers.hidden()
    }

    /// The king-bucket layout ([`KingBuckets::NONE`] for networks of
    /// format versions 1 and 2).
    pub fn king_buckets(&self) -> KingBuckets {
        self.layers.king_buckets()
    }

    /// Centipawns per unit of the network's output (the sigmoid scale it
    /// was trained with).
    pub fn scale(&self) -> u32 {
        self.layers.scale()
    }

    /// The feature weights at scale [`QA`], row after row: one row of
    /// [`hidden`](Network::hidden) weights per input
    /// ([`INPUTS`](super::INPUTS) rows per king bucket, in
    /// [`bucketed_feature_index`](super::bucketed_feature_index) order).
    pub fn feature_weights(&self) -> &[i16] {
        with_layers!(&self.layers, layers => layers.feature_weights.as_flattened())
    }

    /// The feature biases at scale [`QA`], [`hidden`](Network::hidden) of them.
    pub fn feature_bias(&self) -> &[i16] {
        with_layers!(&self.layers, layers => &layers.feature_bias)
    }

    /// The output layer of `bucket` (below [`OUTPUT_BUCKETS`]) at scale
    /// [`QB`]: the side to move's [`hidden`](Network::hidden) weights, then
    /// the other side's; and its
    /// bias at scale `QA * QB`. A network with one output layer has the
    /// same layer in every bucket.
    ///
    /// # Panics
    ///
    /// If `bucket` is not below [`OUTPUT_BUCKETS`].
    pub fn output_layer(&self, bucket: usize) -> (&[i16], i32) {
        with_layers!(&self.layers, layers => (layers.output_weights[bucket].as_flattened(), layers.output_bias[bucket]))
    }

    /// The FNV-1a hash of the weights: the network's identity.
    pub fn hash(&self) -> u64 {
        *self.hash.get_or_init(|| fnv1a(&self.body()))
    }

    /// The network's output for `board`, from the side to move's point of
    /// view, computed from scratch (for one-off evaluations and checks; the
    /// search uses [`Nnue`](super::Nnue), which updates incrementally).
    pub fn evaluate(&self, board: &Board) -> Score {
        let (stm, bucket) = (board.side_to_move(), Network::bucket(board));
        Score::cp(with_layers!(&self.layers, layers => {
            let mut accumulator = Accumulator::default();
            simd::refresh(&mut accumulator, layers, board);
            simd::update_and_output(std::slice::from_mut(&mut accumulator), &[], layers, stm, bucket)
        }))
    }

    /// Both perspectives' accumulators for `board`, computed from scratch
    /// by the baseline build.
    #[cfg(test)]
    pub(crate) fn scratch_values(&self, board: &Board) -> [Vec<i16>; 2] {
        with_layers!(&self.layers, layers => {
            let mut accumulator = Accumulator::default();
            simd::refresh_portable(&mut accumulator, layers, board);
            accumulator.values.map(|row| row.to_vec())
        })
    }

    /// The output bucket of `board`, from its number of pieces.
    #[inline]
    pub(crate) fn bucket(board: &Board) -> usize {
        output_bucket(board.pieces(ox88_board::Color::White).len() + board.pieces(ox88_board::Color::Black).len())
    }
}

/// A network's weights as flat slices, before they are checked and laid
/// out in [`Layers`](super::layers::Layers).
struct Weights<'a> {
    feature_weights: &'a [i16],
    feature_bias: &'a [i16],
    output_weights: &'a [i16],
    output_bias: &'a [i32],
}

/// The 64-bit FNV-1a hash.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
