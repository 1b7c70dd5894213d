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

use ox88_eval::nnue::{Network, NetworkError, HIDDEN_SIZES, INPUTS, NETWORK_HEADER_SIZE, OUTPUT_BUCKETS};

/// bullet pads its quantised file to a multiple of this many bytes.
pub const BULLET_PADDING: usize = 64;

/// Why bullet's file is not a network ox88 can run.
#[derive(Debug, thiserror::Error)]
pub enum BulletNetError {
    /// The length fits no width with one output layer or eight (padding
    /// included).
    #[error(
        "a bullet network for ox88 with H hidden units (H one of {HIDDEN_SIZES:?}) is 2 * (768H + H + 2HB) + 4B \
         bytes with B = 1 or 8 output layers (with 256 units: {one} or {eight}), padded to a multiple of 64; \
         this file is {found} bytes: another hidden size or save format"
    )]
    Size {
        /// The file's length.
        found: usize,
        /// The unpadded length with 256 hidden units and one output layer.
        one: usize,
        /// The unpadded length with 256 hidden units and eight output buckets.
        eight: usize,
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
    2 * (INPUTS * hidden + hidden + buckets * 2 * hidden) + 4 * buckets
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
    let (hidden, buckets) = HIDDEN_SIZES
        .into_iter()
        .flat_map(|hidden| [(hidden, OUTPUT_BUCKETS), (hidden, 1)])
        .find(|&(hidden, buckets)| {
            let size = bullet_size(hidden, buckets);
            (size..=size.next_multiple_of(BULLET_PADDING)).contains(&bytes.len())
        })
        .ok_or(BulletNetError::Size {
            found: bytes.len(),
            one: bullet_size(256, 1),
            eight: bullet_size(256, OUTPUT_BUCKETS),
        })?;
    let size = bullet_size(hidden, buckets);
    if let Some(offset) = bytes[size..].iter().position(|&b| b != 0) {
        return Err(BulletNetError::Padding { offset: size + offset });
    }
    let i16s = |bytes: &[u8]| -> Vec<i16> {
        bytes.chunks_exact(2).map(|pair| i16::from_le_bytes([pair[0], pair[1]])).collect()
    };
    let (feature_weights, rest) = bytes.split_at(2 * INPUTS * hidden);
    let (feature_bias, rest) = rest.split_at(2 * hidden);
    let (output_weights, rest) = rest.split_at(2 * buckets * 2 * hidden);
    let output_bias: Vec<i32> = rest[..4 * buckets]
        .chunks_exact(4)
        .map(|four| i32::from_le_bytes(four.try_into().expect("four bytes")))
        .collect();
    Ok(Network::from_weights(&i16s(feature_weights), &i16s(feature_bias), &i16s(output_weights), &output_bias, scale)?)
}

/// An ox88 network in bullet's layout (eight output buckets, padded): what
/// [`from_bullet`] reads back. For starting a bullet run from weights ox88
/// trained, or comparing the two. The layout is ox88's file body, so this is
/// the file without its header.
pub fn to_bullet(network: &Network) -> Vec<u8> {
    let mut bytes = network.to_bytes().split_off(NETWORK_HEADER_SIZE);
    bytes.resize(bytes.len().next_multiple_of(BULLET_PADDING), 0);
    bytes
}
