//! AdamW (Adam with decoupled weight decay) and the learning-rate schedule.

use crate::model::Model;

/// AdamW's state: the moving averages of each parameter's gradient and
/// squared gradient, and the number of steps taken.
#[derive(Clone, Debug, PartialEq)]
pub struct AdamW {
    /// First moments.
    pub m: Vec<f32>,
    /// Second moments.
    pub v: Vec<f32>,
    /// Steps taken.
    pub steps: u64,
    /// Decoupled weight decay, per unit of learning rate (not applied to
    /// biases).
    pub weight_decay: f32,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

impl AdamW {
    /// A fresh optimiser for `parameters` parameters (a model's
    /// `layout.parameters`).
    pub fn new(weight_decay: f32, parameters: usize) -> AdamW {
        AdamW { m: vec![0.0; parameters], v: vec![0.0; parameters], steps: 0, weight_decay }
    }

    /// One step: `grad` is the summed gradient of `count` samples.
    pub fn step(&mut self, model: &mut Model, grad: &[f32], count: usize, lr: f32) {
        self.steps += 1;
        let t = self.steps as i32;
        let correction1 = 1.0 - BETA1.powi(t);
        let correction2 = 1.0 - BETA2.powi(t);
        let inverse_count = 1.0 / count.max(1) as f32;
        let update = |range: std::ops::Range<usize>, decay: f32, model: &mut Model, m: &mut [f32], v: &mut [f32]| {
            for i in range {
                let g = grad[i] * inverse_count;
                m[i] = BETA1 * m[i] + (1.0 - BETA1) * g;
                v[i] = BETA2 * v[i] + (1.0 - BETA2) * g * g;
                let step = (m[i] / correction1) / ((v[i] / correction2).sqrt() + EPSILON);
                let w = &mut model.params[i];
                *w -= lr * (step + decay * *w);
            }
        };
        let (m, v) = (&mut self.m, &mut self.v);
        let (decay, layout) = (self.weight_decay, model.layout);
        update(0..layout.feature_bias, decay, model, m, v);
        update(layout.feature_bias..layout.output_weights, 0.0, model, m, v);
        update(layout.output_weights..layout.output_bias, decay, model, m, v);
        update(layout.output_bias..layout.parameters, 0.0, model, m, v);
        model.clip();
    }
}

/// How the learning rate changes over a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Schedule {
    /// From `start` down to `end` along half a cosine wave over the run.
    Cosine {
        /// The first learning rate.
        start: f32,
        /// The last.
        end: f32,
    },
    /// `start`, multiplied by `gamma` every `every` epochs.
    Step {
        /// The first learning rate.
        start: f32,
        /// Epochs between drops.
        every: u32,
        /// The factor of each drop.
        gamma: f32,
    },
}

impl Schedule {
    /// The learning rate at `progress` (0 at the start of the run, 1 at its
    /// end) in epoch `epoch` (from 0).
    pub fn rate(&self, progress: f64, epoch: u32) -> f32 {
        match *self {
            Schedule::Cosine { start, end } => {
                let cosine = (1.0 + (std::f64::consts::PI * progress.clamp(0.0, 1.0)).cos()) / 2.0;
                end + (start - end) * cosine as f32
            }
            Schedule::Step { start, every, gamma } => start * gamma.powi((epoch / every.max(1)) as i32),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedules() {
        let cosine = Schedule::Cosine { start: 1e-3, end: 1e-5 };
        assert_eq!(cosine.rate(0.0, 0), 1e-3);
        assert!((cosine.rate(1.0, 9) - 1e-5).abs() < 1e-9);
        assert!((cosine.rate(0.5, 4) - 0.000505).abs() < 1e-7);
        let step = Schedule::Step { start: 1e-3, every: 10, gamma: 0.1 };
        assert_eq!(step.rate(0.3, 9), 1e-3);
        assert!((step.rate(0.3, 10) - 1e-4).abs() < 1e-10);
    }

    #[test]
    fn a_step_moves_against_the_gradient_and_clips() {
        let layout = crate::model::Layout::new(256).unwrap();
        let mut model = Model::from_params(vec![0.5; layout.parameters], false, layout).unwrap();
        let mut grad = vec![0.0; layout.parameters];
        grad[0] = 2.0;
        grad[1] = -2.0;
        let mut adam = AdamW::new(0.0, layout.parameters);
        adam.step(&mut model, &grad, 1, 0.1);
        assert!((model.params[0] - 0.4).abs() < 1e-5 && (model.params[1] - 0.6).abs() < 1e-5);
        assert_eq!(model.params[2], 0.5);
        adam.step(&mut model, &grad, 1, 100.0);
        assert_eq!(model.params[1], ox88_eval::nnue::WEIGHT_CLIP);
    }
}
