//! The float network the trainer optimises, with the same architecture as
//! `ox88_eval::nnue` (its module documentation describes it): forward and
//! backward passes over sparse samples, and the training objective.
//!
//! All parameters live in one flat vector (the optimiser and checkpoints
//! treat them alike); [`Layout`] says where each part starts.

use crate::positions::NetworkSample;
use ox88_board::Random;
use ox88_eval::nnue::{output_bucket, KingBuckets, Network, HIDDEN_SIZES, INPUTS, OUTPUT_BUCKETS, QA, QB, WEIGHT_CLIP};

/// Where each part of a network of `hidden` units lies in the flat
/// parameter vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The hidden layer's width, one of [`HIDDEN_SIZES`].
    pub hidden: usize,
    /// The king-bucket layout: `king_buckets.inputs()` feature rows.
    pub king_buckets: KingBuckets,
    /// The feature biases (`hidden` of them) start here, after the feature
    /// weights (`INPUTS` rows of `hidden` per king bucket, from 0).
    pub feature_bias: usize,
    /// The output weights, bucket by bucket: the side to move's `hidden`,
    /// then the other side's.
    pub output_weights: usize,
    /// The output biases, one per bucket.
    pub output_bias: usize,
    /// The number of parameters.
    pub parameters: usize,
    /// Layouts are made by [`Layout::new`] only, so their width is one of
    /// [`HIDDEN_SIZES`].
    made_by_new: (),
}

impl Layout {
    /// The layout at width `hidden` without king buckets, if it is one of
    /// [`HIDDEN_SIZES`] (the tests' shorthand).
    #[cfg(test)]
    pub fn new(hidden: usize) -> Option<Layout> {
        Layout::with_king_buckets(hidden, KingBuckets::NONE)
    }

    /// The layout at width `hidden` (one of [`HIDDEN_SIZES`]) with
    /// `king_buckets`.
    pub fn with_king_buckets(hidden: usize, king_buckets: KingBuckets) -> Option<Layout> {
        HIDDEN_SIZES.contains(&hidden).then(|| {
            let feature_bias = king_buckets.inputs() * hidden;
            let output_weights = feature_bias + hidden;
            let output_bias = output_weights + OUTPUT_BUCKETS * 2 * hidden;
            let parameters = output_bias + OUTPUT_BUCKETS;
            Layout { hidden, king_buckets, feature_bias, output_weights, output_bias, parameters, made_by_new: () }
        })
    }
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
    pub fn target(&self, sample: &NetworkSample) -> f32 {
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

/// Calls the method `$f` of `$model` at its width: `$f::<H>($args)` with `H`
/// the layout's, one match per sample.
macro_rules! at_width {
    ($model:ident, $f:ident($($arg:expr),*)) => {
        match $model.layout.hidden {
            256 => $model.$f::<256>($($arg),*),
            512 => $model.$f::<512>($($arg),*),
            768 => $model.$f::<768>($($arg),*),
            1024 => $model.$f::<1024>($($arg),*),
            // `Layout::new` makes no other width, and every layout comes from it.
            other => unreachable!("hidden width {other} is not one of {HIDDEN_SIZES:?}"),
        }
    };
}

/// The float network.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Where each part lies in `params`.
    pub layout: Layout,
    /// Every parameter, laid out as `layout` says.
    pub params: Vec<f32>,
    /// Whether each output bucket has its own layer; if not, bucket 0's
    /// serves every position (the others are unused) and the export
    /// copies it into all.
    pub bucketed: bool,
}

impl Model {
    /// A freshly initialised network of `layout`'s width: weights uniform
    /// in ±1/sqrt(fan-in) (768 inputs for the feature rows, whatever the
    /// king buckets, twice the hidden width for the output), biases zero.
    pub fn new(seed: u64, bucketed: bool, layout: Layout) -> Model {
        let mut random = Random::new(seed);
        let mut params = vec![0.0; layout.parameters];
        let feature_bound = 1.0 / (INPUTS as f32).sqrt();
        for w in &mut params[..layout.feature_bias] {
            *w = random.uniform(feature_bound);
        }
        let output_bound = 1.0 / (2.0 * layout.hidden as f32).sqrt();
        for w in &mut params[layout.output_weights..layout.output_bias] {
            *w = random.uniform(output_bound);
        }
        Model { layout, params, bucketed }
    }

    /// The float network a quantised one stands for: each weight divided by
    /// its scale (QA, QB, QA·QB), so that exporting it again gives the same
    /// file. With `bucketed` false, bucket 0's output layer is taken.
    #[cfg(test)]
    pub fn from_network(network: &Network, bucketed: bool) -> Model {
        Model::from_network_with(network, bucketed, network.king_buckets())
            .expect("a network's own king buckets fit it")
    }

    /// As [`from_network`](Model::from_network), into a model with
    /// `king_buckets`: a network of one bucket has its 768 feature rows
    /// copied into every bucket (a start for a bucketed network). From a
    /// network without mirroring into a mirrored layout they are mirrored
    /// left to right, so that a king on files e-h — most positions: before
    /// castling and after castling short — sees exactly the weights it saw.
    /// A network of several buckets starts only its own layout, and a
    /// mirrored one no unmirrored layout (`None` otherwise).
    pub fn from_network_with(network: &Network, bucketed: bool, king_buckets: KingBuckets) -> Option<Model> {
        let own = network.king_buckets();
        if (own != king_buckets && own.count() > 1) || (own.is_mirrored() && !king_buckets.is_mirrored()) {
            return None;
        }
        let layout = Layout::with_king_buckets(network.hidden(), king_buckets)?;
        let mut params = Vec::with_capacity(layout.parameters);
        let qa = QA as f32;
        let hidden = network.hidden();
        let rows: Vec<&[i16]> = network.feature_weights().chunks_exact(hidden).collect();
        let copies = if own == king_buckets { 1 } else { king_buckets.count() };
        // Row `f` of a mirrored view is the square `f ^ 7`'s.
        let flip = if king_buckets.is_mirrored() && !own.is_mirrored() { 7 } else { 0 };
        for _ in 0..copies {
            for row in 0..rows.len() {
                params.extend(rows[row ^ flip].iter().map(|&w| f32::from(w) / qa));
            }
        }
        params.extend(network.feature_bias().iter().map(|&b| f32::from(b) / qa));
        for bucket in 0..OUTPUT_BUCKETS {
            let (layer, _) = network.output_layer(bucket);
            params.extend(layer.iter().map(|&w| f32::from(w) / QB as f32));
        }
        params.extend((0..OUTPUT_BUCKETS).map(|bucket| network.output_layer(bucket).1 as f32 / (QA * QB) as f32));
        debug_assert_eq!(params.len(), layout.parameters);
        Some(Model { layout, params, bucketed })
    }

    /// A network of `layout`'s width from its parameters
    /// (`layout.parameters` of them).
    pub fn from_params(params: Vec<f32>, bucketed: bool, layout: Layout) -> Option<Model> {
        (params.len() == layout.parameters).then_some(Model { layout, params, bucketed })
    }

    /// The hidden layer's width.
    pub fn hidden(&self) -> usize {
        self.layout.hidden
    }

    /// The output layer `sample` goes through.
    #[inline]
    pub fn bucket(&self, sample: &NetworkSample) -> usize {
        if self.bucketed {
            output_bucket(usize::from(sample.count))
        } else {
            0
        }
    }

    /// The network's output for `sample`, in sigmoid units (times the
    /// objective's scale: centipawns).
    pub fn forward(&self, sample: &NetworkSample) -> f32 {
        at_width!(self, forward_at(sample))
    }

    /// The squared error of `sample` against the objective's target.
    pub fn loss(&self, sample: &NetworkSample, objective: &Objective) -> f32 {
        let error = sigmoid(self.forward(sample)) - objective.target(sample);
        error * error
    }

    /// Adds the gradient of `sample`'s squared error to `grad` (laid out
    /// like the parameters) and returns the error.
    pub fn backward(&self, sample: &NetworkSample, objective: &Objective, grad: &mut [f32]) -> f32 {
        at_width!(self, backward_at(sample, objective, grad))
    }

    // The passes at width `H` (the layout's): fixed-size rows, which the
    // compiler unrolls and vectorises as it does for one width alone.

    /// Both perspectives' accumulators for `sample`.
    #[inline]
    fn accumulators<const H: usize>(&self, sample: &NetworkSample) -> [[f32; H]; 2] {
        let bias: &[f32; H] = self.params[self.layout.feature_bias..][..H].try_into().expect("H biases");
        let mut accumulators = [*bias; 2];
        for (p, accumulator) in accumulators.iter_mut().enumerate() {
            for &feature in sample.active(p) {
                let start = usize::from(feature) * H;
                let row: &[f32; H] = self.params[start..][..H].try_into().expect("a row");
                for i in 0..H {
                    accumulator[i] += row[i];
                }
            }
        }
        accumulators
    }

    fn output_weights<const H: usize>(&self, bucket: usize) -> [&[f32; H]; 2] {
        let weights = &self.params[self.layout.output_weights + bucket * 2 * H..][..2 * H];
        [weights[..H].try_into().expect("a row"), weights[H..].try_into().expect("a row")]
    }

    fn forward_at<const H: usize>(&self, sample: &NetworkSample) -> f32 {
        self.output::<H>(&self.accumulators(sample), self.bucket(sample))
    }

    /// The output from the accumulators through output layer `bucket`.
    #[inline]
    fn output<const H: usize>(&self, accumulators: &[[f32; H]; 2], bucket: usize) -> f32 {
        let mut out = self.params[self.layout.output_bias + bucket];
        for (accumulator, weights) in accumulators.iter().zip(self.output_weights::<H>(bucket)) {
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

    fn backward_at<const H: usize>(&self, sample: &NetworkSample, objective: &Objective, grad: &mut [f32]) -> f32 {
        let accumulators = self.accumulators::<H>(sample);
        let bucket = self.bucket(sample);
        let weights = self.output_weights::<H>(bucket);
        let predicted = sigmoid(self.output(&accumulators, bucket));
        let error = predicted - objective.target(sample);
        // d(error^2)/d(out).
        let g = 2.0 * error * predicted * (1.0 - predicted);
        grad[self.layout.output_bias + bucket] += g;
        let (feature_grad, rest) = grad.split_at_mut(self.layout.feature_bias);
        let (bias_grad, rest) = rest.split_at_mut(H);
        let bias_grad: &mut [f32; H] = bias_grad.try_into().expect("H biases");
        let output_grad = &mut rest[bucket * 2 * H..][..2 * H];
        for (p, accumulator) in accumulators.iter().enumerate() {
            let out_grad: &mut [f32; H] = (&mut output_grad[p * H..][..H]).try_into().expect("a row");
            let mut hidden_grad = [0.0f32; H];
            for i in 0..H {
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
                let row: &mut [f32; H] =
                    (&mut feature_grad[usize::from(feature) * H..][..H]).try_into().expect("a row");
                for i in 0..H {
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

    fn sample(fen: &str, score: i32, king_buckets: &KingBuckets) -> NetworkSample {
        let board: Board = fen.parse().unwrap();
        let record = PackedPosition::new(&board, score, GameResult::Win(Color::White), CastlingMode::Standard);
        NetworkSample::from_record(&record, king_buckets).unwrap()
    }

    /// The analytic gradient against finite differences, on parameters of
    /// every part of the network.
    #[test]
    fn backward_matches_finite_differences() {
        for bucketed in [false, true] {
            check_gradient(bucketed, Layout::new(256).unwrap());
        }
        check_gradient(true, Layout::new(512).unwrap());
        let eight = KingBuckets::named("8").unwrap();
        check_gradient(true, Layout::with_king_buckets(256, eight).unwrap());
    }

    fn check_gradient(bucketed: bool, layout: Layout) {
        let hidden = layout.hidden;
        let mut model = Model::new(3, bucketed, layout);
        // Biases that put accumulators inside the clip, where gradients flow.
        for b in &mut model.params[layout.feature_bias..layout.output_weights] {
            *b = 0.4;
        }
        let objective = Objective { scale: 300.0, wdl: 0.3 };
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1";
        let s = sample(fen, 150, &layout.king_buckets);
        // With king buckets the features are the buckets' (both kings on
        // e1/e8: bucket 3 of "8", mirrored).
        if layout.king_buckets.count() > 1 {
            assert!(s.active(0).iter().chain(s.active(1)).all(|&f| (3 * INPUTS..4 * INPUTS).contains(&usize::from(f))));
        }
        let mut grad = vec![0.0; layout.parameters];
        model.backward(&s, &objective, &mut grad);
        let stm_feature = usize::from(s.active(0)[3]);
        let other_feature = usize::from(s.active(1)[7]);
        // 32 pieces: the last bucket when each has its own layer.
        let bucket = if bucketed { OUTPUT_BUCKETS - 1 } else { 0 };
        assert_eq!(model.bucket(&s), bucket);
        let output = layout.output_weights + bucket * 2 * hidden;
        let checks = [
            stm_feature * hidden + 5,
            other_feature * hidden + 17,
            other_feature * hidden + hidden - 17,
            layout.feature_bias + 9,
            output + 2,
            output + hidden + 40,
            output + 2 * hidden - 3,
            layout.output_bias + bucket,
        ];
        // Only the sample's own output layer learns from it.
        let other = if bucketed { 0 } else { 1 };
        assert!(grad[layout.output_weights + other * 2 * hidden..][..2 * hidden].iter().all(|&g| g == 0.0));
        assert_eq!(grad[layout.output_bias + other], 0.0);
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
        let s = sample("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 0, &KingBuckets::NONE);
        assert_eq!(Objective { scale: 400.0, wdl: 0.0 }.target(&s), 0.5);
        assert_eq!(Objective { scale: 400.0, wdl: 1.0 }.target(&s), 1.0);
        assert!((Objective { scale: 400.0, wdl: 0.5 }.target(&s) - 0.75).abs() < 1e-6);
    }
}
