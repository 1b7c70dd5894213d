//! Networks trained by [bullet](https://github.com/jw1912/bullet), the GPU
//! trainer most engines use, imported as ox88 networks.
//!
//! bullet trains any graph; ox88 can only run its own architecture,
//! `(768 -> H) x 2 -> 1` with SCReLU, `H` one of 256, 512, 768 or 1024
//! ([`HIDDEN_SIZES`]), and one output layer or eight chosen by the piece
//! count. Trained that way and saved in the layout below (docs/nnue.md
//! gives the whole bullet configuration), bullet's `quantised.bin` is
//! ox88's network body without a header:
//!
//! | weights | bullet's `SavedFormat` | bytes |
//! |---|---|---|
//! | `l0w` | `quantise::<i16>(255)` | 768 inputs × `H` `i16`, input by input |
//! | `l0b` | `quantise::<i16>(255)` | `H` `i16` |
//! | `l1w` | `quantise::<i16>(256).transpose()` | per output bucket, `2H` `i16`: side to move's `H`, then the other side's |
//! | `l1b` | `quantise::<i32>(255 * 256)` | one `i32` per output bucket |
//!
//! all little-endian, as bullet writes them, followed by zero bytes up to a
//! multiple of 64 bytes (bullet pads the file). The width and the number of
//! output layers follow from the file's length. The inputs must be bullet's
//! `Chess768` (own pieces first, the board seen from each side, which is
//! what [`feature_index`](ox88_eval::nnue::feature_index) computes), the
//! activation `screlu`, and the output buckets `MaterialCount<8>` (the
//! same `(pieces - 2) / 4` as [`output_bucket`](ox88_eval::nnue::output_bucket))
//! or none. The scale is bullet's `eval_scale` (400 in its examples): the
//! centipawns of one output unit.
//!
//! With king buckets ([`from_bullet_bucketed`]) the inputs are bullet's
//! `ChessBucketsMirrored` with the layout's table (the 32 entries of
//! [`KingBuckets::table`], which bullet indexes the same way: rank by rank,
//! files a to d, a king on files e-h mirrored), and `l0w` holds
//! `768 × buckets` inputs, bucket by bucket; the rest is as above.

use ox88_eval::nnue::{KingBuckets, Network, NetworkError, HIDDEN_SIZES, INPUTS, NETWORK_HEADER_SIZE, OUTPUT_BUCKETS};

/// bullet pads its quantised file to a multiple of this many bytes.
pub const BULLET_PADDING: usize = 64;

/// Why bullet's file is not a network ox88 can run.
#[derive(Debug, thiserror::Error)]
pub enum BulletNetError {
    /// The length fits no width with one output layer or eight (padding
    /// included).
    #[error(
        "a bullet network for ox88 with H hidden units (H one of {HIDDEN_SIZES:?}) and K = {king_buckets} king \
         buckets is 2 * (768KH + H + 2HB) + 4B bytes with B = 1 or 8 output layers (with 256 units: {one} or \
         {eight}), padded to a multiple of 64; this file is {found} bytes: another hidden size, king-bucket \
         layout or save format"
    )]
    Size {
        /// The file's length.
        found: usize,
        /// The unpadded length with 256 hidden units and one output layer.
        one: usize,
        /// The unpadded length with 256 hidden units and eight output buckets.
        eight: usize,
        /// The king buckets the file was read for.
        king_buckets: usize,
    },
    /// A byte of the padding is not zero: more data than the layout holds.
    #[error("byte {offset} is past the weights but not zero padding: another save format")]
    Padding {
        /// The byte's offset in the file.
        offset: usize,
    },
    /// The weights do not make an ox88 network (an output weight beyond the
    /// clip, a scale out of range).
    #[error(transparent)]
    Network(#[from] NetworkError),
}

/// The unpadded length of bullet's file with `hidden` units and `buckets`
/// output layers.
pub const fn bullet_size(hidden: usize, buckets: usize) -> usize {
    bullet_bucketed_size(1, hidden, buckets)
}

/// The unpadded length of bullet's file with `king_buckets` sets of input
/// weights, `hidden` units and `buckets` output layers.
pub const fn bullet_bucketed_size(king_buckets: usize, hidden: usize, buckets: usize) -> usize {
    2 * (king_buckets * INPUTS * hidden + hidden + buckets * 2 * hidden) + 4 * buckets
}

/// The network in `bytes`, bullet's `quantised.bin` saved as the module
/// documentation says, with `scale` centipawns per output unit (bullet's
/// `eval_scale`). The width and the number of output layers (one or eight)
/// follow from the length.
///
/// ```
/// use ox88_train::bullet_net::{from_bullet, bullet_size};
/// // A network of zeros with 512 hidden units and eight output buckets,
/// // padded as bullet pads it.
/// let bytes = vec![0u8; bullet_size(512, 8).next_multiple_of(64)];
/// let network = from_bullet(&bytes, 400)?;
/// assert_eq!(network.hidden(), 512);
/// assert_eq!(network.evaluate(&ox88_board::Board::startpos()).raw(), 0);
/// assert!(from_bullet(&bytes[..1000], 400).is_err());
/// # Ok::<(), ox88_train::bullet_net::BulletNetError>(())
/// ```
pub fn from_bullet(bytes: &[u8], scale: u32) -> Result<Network, BulletNetError> {
    from_bullet_bucketed(bytes, scale, KingBuckets::NONE)
}

/// [`from_bullet`] for a network bullet trained with `king_buckets` (its
/// `ChessBucketsMirrored` inputs with the layout's table; see the module
/// documentation).
///
/// ```
/// use ox88_eval::nnue::KingBuckets;
/// use ox88_train::bullet_net::{bullet_bucketed_size, from_bullet_bucketed};
/// let four = KingBuckets::named("4").unwrap();
/// let bytes = vec![0u8; bullet_bucketed_size(4, 256, 8).next_multiple_of(64)];
/// let network = from_bullet_bucketed(&bytes, 400, four)?;
/// assert_eq!((network.hidden(), network.king_buckets()), (256, four));
/// // The same file is not a network of another layout.
/// assert!(from_bullet_bucketed(&bytes, 400, KingBuckets::named("8").unwrap()).is_err());
/// # Ok::<(), ox88_train::bullet_net::BulletNetError>(())
/// ```
pub fn from_bullet_bucketed(bytes: &[u8], scale: u32, king_buckets: KingBuckets) -> Result<Network, BulletNetError> {
    let inputs = king_buckets.count();
    let (hidden, buckets) = HIDDEN_SIZES
        .into_iter()
        .flat_map(|hidden| [(hidden, OUTPUT_BUCKETS), (hidden, 1)])
        .find(|&(hidden, buckets)| {
            let size = bullet_bucketed_size(inputs, hidden, buckets);
            (size..=size.next_multiple_of(BULLET_PADDING)).contains(&bytes.len())
        })
        .ok_or(BulletNetError::Size {
            found: bytes.len(),
            one: bullet_bucketed_size(inputs, 256, 1),
            eight: bullet_bucketed_size(inputs, 256, OUTPUT_BUCKETS),
            king_buckets: inputs,
        })?;
    let size = bullet_bucketed_size(inputs, hidden, buckets);
    if let Some(offset) = bytes[size..].iter().position(|&b| b != 0) {
        return Err(BulletNetError::Padding { offset: size + offset });
    }
    let i16s = |bytes: &[u8]| -> Vec<i16> {
        bytes.chunks_exact(2).map(|pair| i16::from_le_bytes([pair[0], pair[1]])).collect()
    };
    let (feature_weights, rest) = bytes.split_at(2 * king_buckets.inputs() * hidden);
    let (feature_bias, rest) = rest.split_at(2 * hidden);
    let (output_weights, rest) = rest.split_at(2 * buckets * 2 * hidden);
    let output_bias: Vec<i32> = rest[..4 * buckets]
        .chunks_exact(4)
        .map(|four| i32::from_le_bytes(four.try_into().expect("four bytes")))
        .collect();
    let (feature_weights, feature_bias, output_weights) =
        (i16s(feature_weights), i16s(feature_bias), i16s(output_weights));
    Ok(Network::from_bucketed_weights(
        king_buckets,
        &feature_weights,
        &feature_bias,
        &output_weights,
        &output_bias,
        scale,
    )?)
}

/// An ox88 network in bullet's layout (eight output buckets, padded): what
/// [`from_bullet`] reads back. For starting a bullet run from weights ox88
/// trained, or comparing the two. The layout is ox88's file body, so this is
/// the file without its header (and without the king-bucket table of a
/// bucketed network: bullet's configuration holds it).
pub fn to_bullet(network: &Network) -> Vec<u8> {
    let table = if network.king_buckets().is_mirrored() { network.king_buckets().table().len() } else { 0 };
    let mut bytes = network.to_bytes().split_off(NETWORK_HEADER_SIZE + table);
    bytes.resize(bytes.len().next_multiple_of(BULLET_PADDING), 0);
    bytes
}
