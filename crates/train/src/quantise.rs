//! Export: the float network rounded into `ox88_eval::nnue::Network`'s
//! integers, and a check of how far the two disagree.

use crate::model::Model;
use crate::positions::NetworkSample;
use ox88_board::Board;
use ox88_eval::nnue::{Network, NetworkError, OUTPUT_BUCKETS, QA, QB};

/// Rounds `model` into a network of its width; `scale` is the objective's
/// (centipawns per output unit).
pub fn quantise(model: &Model, scale: f32) -> Result<Network, NetworkError> {
    let (p, layout) = (&model.params, &model.layout);
    let round = |values: &[f32], factor: f32| -> Vec<i16> {
        values.iter().map(|&w| (w * factor).round().clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16).collect()
    };
    let feature_weights = round(&p[..layout.feature_bias], QA as f32);
    let feature_bias = round(&p[layout.feature_bias..layout.output_weights], QA as f32);
    // The clip keeps every weight within what the network format allows.
    // Without buckets, bucket 0's layer serves all (`from_weights` copies
    // one layer into every bucket).
    let buckets = if model.bucketed { OUTPUT_BUCKETS } else { 1 };
    let output_weights = round(&p[layout.output_weights..][..buckets * 2 * layout.hidden], QB as f32);
    let output_bias: Vec<i32> =
        p[layout.output_bias..][..buckets].iter().map(|&b| (b * (QA * QB) as f32).round() as i32).collect();
    Network::from_bucketed_weights(
        layout.king_buckets,
        &feature_weights,
        &feature_bias,
        &output_weights,
        &output_bias,
        scale.round() as u32,
    )
}

/// How the quantised network's scores differ from the float network's.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Agreement {
    /// Positions compared.
    pub positions: usize,
    /// The mean absolute difference in centipawns.
    pub mean: f64,
    /// The largest absolute difference in centipawns.
    pub max: f64,
    /// The share of positions that differ by more than 10 cp.
    pub over_10: f64,
}

/// Compares `network` (integer, from the board) with `model` (float, from
/// the sample) on each `(board, sample)` pair, both in centipawns for the
/// side to move. Scores beyond ±`cap` cp are clamped first: there the
/// search cares about the sign, not the exact value.
pub fn agreement(
    model: &Model,
    scale: f32,
    network: &Network,
    positions: &[(Board, NetworkSample)],
    cap: f64,
) -> Agreement {
    let mut total = 0.0;
    let mut max = 0.0f64;
    let mut over = 0;
    for (board, sample) in positions {
        let float = (f64::from(model.forward(sample)) * f64::from(scale)).clamp(-cap, cap);
        let integer = f64::from(network.evaluate(board).raw()).clamp(-cap, cap);
        let difference = (float - integer).abs();
        total += difference;
        max = max.max(difference);
        over += usize::from(difference > 10.0);
    }
    let n = positions.len().max(1) as f64;
    Agreement { positions: positions.len(), mean: total / n, max, over_10: over as f64 / n }
}
