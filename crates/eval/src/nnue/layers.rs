//! [`Layers`]: a network's quantised weights at one hidden width `H`, in
//! fixed-size rows, and [`AnyLayers`], the widths a network may have.
//!
//! The width is a const generic so that the accumulators and the output
//! layer keep fixed-size arrays (whose loops the compiler unrolls and
//! vectorises without bounds checks) at every width; an evaluator matches
//! on [`AnyLayers`] once per evaluation, never inside the loops.

use super::{KingBuckets, NetworkError, HIDDEN_SIZES, OUTPUT_BUCKETS, QB, WEIGHT_CLIP};
use std::sync::Arc;

/// The largest output weight magnitude: the weight clip, quantised.
const MAX_OUTPUT_WEIGHT: i16 = (WEIGHT_CLIP * QB as f32 + 0.5) as i16;

/// The weights of a network with `H` hidden units per perspective.
#[derive(Clone, Debug)]
pub(crate) struct Layers<const H: usize> {
    /// Which rows each perspective uses.
    pub king_buckets: KingBuckets,
    /// One row per input: `INPUTS` per king bucket.
    pub feature_weights: Box<[[i16; H]]>,
    pub feature_bias: [i16; H],
    /// For each output bucket, the side to move's perspective's weights,
    /// then the other side's.
    pub output_weights: [[[i16; H]; 2]; OUTPUT_BUCKETS],
    pub output_bias: [i32; OUTPUT_BUCKETS],
    /// For each bucket, 32,768 times the sum of its output weights
    /// (wrapping): what the output layer's shifted squares leave out.
    pub square_offset: [i32; OUTPUT_BUCKETS],
    /// Centipawns per unit of output.
    pub scale: u32,
}

impl<const H: usize> Layers<H> {
    /// The layers of flat weights whose sizes the caller has checked:
    /// `king_buckets.inputs() * H` feature weights, `H` biases, and
    /// `buckets` output layers of `2 * H` weights with `buckets` biases (1:
    /// one layer for every bucket). Checks the output weights' range.
    pub fn new(
        king_buckets: KingBuckets,
        feature_weights: &[i16],
        feature_bias: &[i16],
        output_weights: &[i16],
        output_bias: &[i32],
        scale: u32,
    ) -> Result<Layers<H>, NetworkError> {
        let buckets = output_bias.len();
        debug_assert!(buckets == 1 || buckets == OUTPUT_BUCKETS);
        debug_assert_eq!(
            (feature_weights.len(), feature_bias.len(), output_weights.len()),
            (king_buckets.inputs() * H, H, buckets * 2 * H)
        );
        if let Some((index, &value)) =
            output_weights.iter().enumerate().find(|(_, w)| w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16)
        {
            return Err(NetworkError::OutputWeight { index, value });
        }
        let row = |values: &[i16]| -> [i16; H] { values.try_into().expect("a slice of H values") };
        let layer = |bucket: usize| {
            let layer = &output_weights[(bucket % buckets) * 2 * H..][..2 * H];
            [row(&layer[..H]), row(&layer[H..])]
        };
        let output_weights: [[[i16; H]; 2]; OUTPUT_BUCKETS] = std::array::from_fn(layer);
        let square_offset = std::array::from_fn(|bucket| {
            output_weights[bucket].as_flattened().iter().fold(0i32, |sum, &w| sum.wrapping_add(32_768 * i32::from(w)))
        });
        Ok(Layers {
            king_buckets,
            feature_weights: feature_weights.chunks_exact(H).map(row).collect(),
            feature_bias: row(feature_bias),
            output_weights,
            output_bias: std::array::from_fn(|bucket| output_bias[bucket % buckets]),
            square_offset,
            scale,
        })
    }

    /// The weights as a file's body, after the king-bucket table if any
    /// (the module documentation of `nnue` gives the layout).
    pub fn body(&self) -> Vec<u8> {
        let size = 2 * (self.king_buckets.inputs() * H + H + OUTPUT_BUCKETS * 2 * H) + 4 * OUTPUT_BUCKETS;
        let mut body = Vec::with_capacity(size);
        let rows = self.feature_weights.iter().chain([&self.feature_bias]).chain(self.output_weights.as_flattened());
        body.extend(rows.flat_map(|row| row.iter().flat_map(|v| v.to_le_bytes())));
        body.extend(self.output_bias.iter().flat_map(|b| b.to_le_bytes()));
        debug_assert_eq!(body.len(), size);
        body
    }
}

/// A network's layers at whichever of the [`HIDDEN_SIZES`] it has; shared
/// (an `Arc`) by the network and the evaluators built from it.
#[derive(Clone, Debug)]
pub(crate) enum AnyLayers {
    H256(Arc<Layers<256>>),
    H512(Arc<Layers<512>>),
    H768(Arc<Layers<768>>),
    H1024(Arc<Layers<1024>>),
}

/// Runs `$body` with `$layers` bound to the `Arc<Layers<H>>` of whichever
/// width `$any` (an [`AnyLayers`]) holds: one match, then code generic in
/// the width.
macro_rules! with_layers {
    ($any:expr, $layers:ident => $body:expr) => {
        match $any {
            $crate::nnue::layers::AnyLayers::H256($layers) => $body,
            $crate::nnue::layers::AnyLayers::H512($layers) => $body,
            $crate::nnue::layers::AnyLayers::H768($layers) => $body,
            $crate::nnue::layers::AnyLayers::H1024($layers) => $body,
        }
    };
}
pub(crate) use with_layers;

impl AnyLayers {
    /// The layers of flat weights (sizes as [`Layers::new`] says) at the
    /// width `hidden`, which must be one of [`HIDDEN_SIZES`].
    pub fn new(
        hidden: usize,
        king_buckets: KingBuckets,
        feature_weights: &[i16],
        feature_bias: &[i16],
        output_weights: &[i16],
        output_bias: &[i32],
        scale: u32,
    ) -> Result<AnyLayers, NetworkError> {
        // The same call at each width: the width is a type parameter.
        macro_rules! layers {
            () => {
                Arc::new(Layers::new(king_buckets, feature_weights, feature_bias, output_weights, output_bias, scale)?)
            };
        }
        Ok(match hidden {
            256 => AnyLayers::H256(layers!()),
            512 => AnyLayers::H512(layers!()),
            768 => AnyLayers::H768(layers!()),
            1024 => AnyLayers::H1024(layers!()),
            found => {
                debug_assert!(!HIDDEN_SIZES.contains(&found));
                return Err(NetworkError::Hidden { found: found as u64 });
            }
        })
    }

    /// The hidden width.
    pub fn hidden(&self) -> usize {
        with_layers!(self, layers => layers.feature_bias.len())
    }

    /// Centipawns per unit of output.
    pub fn scale(&self) -> u32 {
        with_layers!(self, layers => layers.scale)
    }

    /// The king-bucket layout.
    pub fn king_buckets(&self) -> KingBuckets {
        with_layers!(self, layers => layers.king_buckets)
    }
}
