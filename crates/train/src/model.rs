//! The float network the trainer optimises, with the same architecture as
//! `ox88_eval::nnue` (its module documentation describes it): forward and
//! backward passes over sparse samples, and the training objective.
//!
//! All parameters live in one flat vector (the optimiser and checkpoints
//! treat them alike); [`Layout`] says where each part starts.

use crate::positions::Sample;
use ox88_board::Random;
use ox88_eval::nnue::{output_bucket, Network, HIDDEN, INPUTS, OUTPUT_BUCKETS, QA, QB, WEIGHT_CLIP};

/// Where each part of the network lies in the flat parameter vector.
pub struct Layout;

impl Layout {
    /// The feature weights: `INPUTS` rows of `HIDDEN`.
    pub const FEATURE_WEIGHTS: usize = 0;
    /// The feature biases (`HIDDEN`).
    pub const FEATURE_BIAS: usize = INPUTS * HIDDEN;
    /// The output weights, bucket by bucket: the side to move's `HIDDEN`,
    /// then the other side's.
    pub const OUTPUT_WEIGHTS: usize = Layout::FEATURE_BIAS + HIDDEN;
    /// The output biases, one per bucket.
    pub const OUTPUT_BIAS: usize = Layout::OUTPUT_WEIGHTS + OUTPUT_BUCKETS * 2 * HIDDEN;
    /// The number of parameters.
    pub const PARAMETERS: usize = Layout::OUTPUT_BIAS + OUTPUT_BUCKETS;
}

/// What the network learns to predict: the side to move's expected score,
/// blending the search score (through a sigmoid of the given scale) with the
/// game's result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Objective {
    /// Centipawns per sigmoid unit: `sigmoid(score / scale)` is the expected
    /// score the search's evaluation implies.
    pub scale: f32,
    /// The weight of the game's result in the target (0: the search score
    /// alone; 1: the result alone).
    pub wdl: f32,
}

impl Objective {
    /// The target for `sample`, in 0..=1.
    #[inline]
    pub fn target(&self, sample: &Sample) -> f32 {
        let eval = sigmoid(f32::from(sample.score) / self.scale);
        self.wdl * sample.result + (1.0 - self.wdl) * eval
    }
}

/// The logistic function.
#[inline(always)]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// SCReLU: the square of the input clipped to 0..=1.
#[inline(always)]
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

type Row = [f32; HIDDEN];

/// The float network.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Every parameter, laid out as [`Layout`] says.
    pub params: Vec<f32>,
    /// Whether each output bucket has its own layer; if not, bucket 0's
    /// serves every position (the others are unused) and the export
    /// copies it into all.
    pub bucketed: bool,
}

impl Model {
    /// A freshly initialised network: weights uniform in ±1/sqrt(fan-in)
    /// (768 inputs for the feature rows, 512 for the output), biases zero.
    pub fn new(seed: u64, bucketed: bool) -> Model {
        let mut random = Random::new(seed);
        let mut params = vec![0.0; Layout::PARAMETERS];
        let feature_bound = 1.0 / (INPUTS as f32).sqrt();
        for w in &mut params[..Layout::FEATURE_BIAS] {
            *w = random.uniform(feature_bound);
        }
        let output_bound = 1.0 / (2.0 * HIDDEN as f32).sqrt();
        for w in &mut params[Layout::OUTPUT_WEIGHTS..Layout::OUTPUT_BIAS] {
            *w = random.uniform(output_bound);
        }
        Model { params, bucketed }
    }

    /// The float network a quantised one stands for: each weight divided by
    /// its scale (QA, QB, QA·QB), so that exporting it again gives the same
    /// file. With `bucketed` false, bucket 0's output layer is taken.
    pub fn from_network(network: &Network, bucketed: bool) -> Model {
        let mut params = Vec::with_capacity(Layout::PARAMETERS);
        let qa = QA as f32;
        params.extend(network.feature_weights().as_flattened().iter().map(|&w| f32::from(w) / qa));
        params.extend(network.feature_bias().iter().map(|&b| f32::from(b) / qa));
        for bucket in 0..OUTPUT_BUCKETS {
            let (layer, _) = network.output_layer(bucket);
            params.extend(layer.as_flattened().iter().map(|&w| f32::from(w) / QB as f32));
        }
        params.extend((0..OUTPUT_BUCKETS).map(|bucket| network.output_layer(bucket).1 as f32 / (QA * QB) as f32));
        debug_assert_eq!(params.len(), Layout::PARAMETERS);
        Model { params, bucketed }
    }

    /// A network from its parameters (`Layout::PARAMETERS` of them).
    pub fn from_params(params: Vec<f32>, bucketed: bool) -> Option<Model> {
        (params.len() == Layout::PARAMETERS).then_some(Model { params, bucketed })
    }

    /// The output layer `sample` goes through.
    #[inline]
    pub fn bucket(&self, sample: &Sample) -> usize {
        if self.bucketed {
            output_bucket(usize::from(sample.count))
        } else {
            0
        }
    }

    /// Both perspectives' accumulators for `sample`.
    #[inline]
    fn accumulators(&self, sample: &Sample) -> [Row; 2] {
        let bias: &Row = self.params[Layout::FEATURE_BIAS..][..HIDDEN].try_into().expect("HIDDEN biases");
        let mut accumulators = [*bias; 2];
        for (p, accumulator) in accumulators.iter_mut().enumerate() {
            for &feature in sample.active(p) {
                let start = usize::from(feature) * HIDDEN;
                let row: &Row = self.params[start..][..HIDDEN].try_into().expect("a row");
                for i in 0..HIDDEN {
                    accumulator[i] += row[i];
                }
            }
        }
        accumulators
    }

    fn output_weights(&self, bucket: usize) -> [&Row; 2] {
        let weights = &self.params[Layout::OUTPUT_WEIGHTS + bucket * 2 * HIDDEN..][..2 * HIDDEN];
        [weights[..HIDDEN].try_into().expect("a row"), weights[HIDDEN..].try_into().expect("a row")]
    }

    /// The network's output for `sample`, in sigmoid units (times the
    /// objective's scale: centipawns).
    pub fn forward(&self, sample: &Sample) -> f32 {
        self.output(&self.accumulators(sample), self.bucket(sample))
    }

    /// The output from the accumulators through output layer `bucket`.
    #[inline]
    fn output(&self, accumulators: &[Row; 2], bucket: usize) -> f32 {
        let mut out = self.params[Layout::OUTPUT_BIAS + bucket];
        for (accumulator, weights) in accumulators.iter().zip(self.output_weights(bucket)) {
            // Eight partial sums, so that the compiler may vectorise the
            // loop (one sum would fix the order of the float additions).
            let mut lanes = [0.0f32; 8];
            for (a, w) in accumulator.chunks_exact(8).zip(weights.chunks_exact(8)) {
                for j in 0..8 {
                    lanes[j] += screlu(a[j]) * w[j];
                }
            }
            out += lanes.iter().sum::<f32>();
        }
        out
    }

    /// The squared error of `sample` against the objective's target.
    pub fn loss(&self, sample: &Sample, objective: &Objective) -> f32 {
        let error = sigmoid(self.forward(sample)) - objective.target(sample);
        error * error
    }

    /// Adds the gradient of `sample`'s squared error to `grad` (laid out
    /// like the parameters) and returns the error.
    pub fn backward(&self, sample: &Sample, objective: &Objective, grad: &mut [f32]) -> f32 {
        let accumulators = self.accumulators(sample);
        let bucket = self.bucket(sample);
        let weights = self.output_weights(bucket);
        let predicted = sigmoid(self.output(&accumulators, bucket));
        let error = predicted - objective.target(sample);
        // d(error^2)/d(out).
        let g = 2.0 * error * predicted * (1.0 - predicted);
        grad[Layout::OUTPUT_BIAS + bucket] += g;
        let (feature_grad, rest) = grad.split_at_mut(Layout::FEATURE_BIAS);
        let (bias_grad, rest) = rest.split_at_mut(HIDDEN);
        let bias_grad: &mut Row = bias_grad.try_into().expect("HIDDEN biases");
        let output_grad = &mut rest[bucket * 2 * HIDDEN..][..2 * HIDDEN];
        for (p, accumulator) in accumulators.iter().enumerate() {
            let out_grad: &mut Row = (&mut output_grad[p * HIDDEN..][..HIDDEN]).try_into().expect("a row");
            let mut hidden_grad = [0.0f32; HIDDEN];
            for i in 0..HIDDEN {
                let a = accumulator[i];
                let clipped = a.clamp(0.0, 1.0);
                out_grad[i] += g * clipped * clipped;
                // The derivative of clamp(a, 0, 1)^2: 2a inside, 0 outside
                // (`clipped` is already 0 below).
                let slope = if a < 1.0 { 2.0 * clipped } else { 0.0 };
                hidden_grad[i] = g * weights[p][i] * slope;
                bias_grad[i] += hidden_grad[i];
            }
            for &feature in sample.active(p) {
                let row: &mut Row =
                    (&mut feature_grad[usize::from(feature) * HIDDEN..][..HIDDEN]).try_into().expect("a row");
                for i in 0..HIDDEN {
                    row[i] += hidden_grad[i];
                }
            }
        }
        error * error
    }

    /// Keeps every parameter within ±`WEIGHT_CLIP`, the range quantisation
    /// relies on.
    pub fn clip(&mut self) {
        for w in &mut self.params {
            *w = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::Board;
    use ox88_board::{CastlingMode, Color, GameResult};
    use ox88_train::data::PackedPosition;

    fn sample(fen: &str, score: i32) -> Sample {
        let board: Board = fen.parse().unwrap();
        Sample::from_record(&PackedPosition::new(&board, score, GameResult::Win(Color::White), CastlingMode::Standard))
            .unwrap()
    }

    /// The analytic gradient against finite differences, on parameters of
    /// every part of the network.
    #[test]
    fn backward_matches_finite_differences() {
        for bucketed in [false, true] {
            check_gradient(bucketed);
        }
    }

    fn check_gradient(bucketed: bool) {
        let mut model = Model::new(3, bucketed);
        // Biases that put accumulators inside the clip, where gradients flow.
        for b in &mut model.params[Layout::FEATURE_BIAS..Layout::OUTPUT_WEIGHTS] {
            *b = 0.4;
        }
        let objective = Objective { scale: 300.0, wdl: 0.3 };
        let s = sample("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", 150);
        let mut grad = vec![0.0; Layout::PARAMETERS];
        model.backward(&s, &objective, &mut grad);
        let stm_feature = usize::from(s.active(0)[3]);
        let other_feature = usize::from(s.active(1)[7]);
        // 32 pieces: the last bucket when each has its own layer.
        let bucket = if bucketed { OUTPUT_BUCKETS - 1 } else { 0 };
        assert_eq!(model.bucket(&s), bucket);
        let output = Layout::OUTPUT_WEIGHTS + bucket * 2 * HIDDEN;
        let checks = [
            stm_feature * HIDDEN + 5,
            other_feature * HIDDEN + 17,
            Layout::FEATURE_BIAS + 9,
            output + 2,
            output + HIDDEN + 40,
            Layout::OUTPUT_BIAS + bucket,
        ];
        // Only the sample's own output layer learns from it.
        let other = if bucketed { 0 } else { 1 };
        assert!(grad[Layout::OUTPUT_WEIGHTS + other * 2 * HIDDEN..][..2 * HIDDEN].iter().all(|&g| g == 0.0));
        assert_eq!(grad[Layout::OUTPUT_BIAS + other], 0.0);
        for index in checks {
            // Steps small enough to stay clear of the activation's kinks,
            // large enough that f32 rounding of the loss stays below 1 %.
            let h = 5e-3;
            let original = model.params[index];
            model.params[index] = original + h;
            let up = f64::from(model.loss(&s, &objective));
            model.params[index] = original - h;
            let down = f64::from(model.loss(&s, &objective));
            model.params[index] = original;
            let numeric = (up - down) / (2.0 * f64::from(h));
            let analytic = f64::from(grad[index]);
            assert!(
                (numeric - analytic).abs() <= 1e-2 * analytic.abs().max(1e-4),
                "parameter {index}: numeric {numeric:e}, analytic {analytic:e}"
            );
        }
    }

    #[test]
    fn the_target_blends_score_and_result() {
        let s = sample("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 0);
        assert_eq!(Objective { scale: 400.0, wdl: 0.0 }.target(&s), 0.5);
        assert_eq!(Objective { scale: 400.0, wdl: 1.0 }.target(&s), 1.0);
        assert!((Objective { scale: 400.0, wdl: 0.5 }.target(&s) - 0.75).abs() < 1e-6);
    }
}
