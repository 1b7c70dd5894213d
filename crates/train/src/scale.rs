//! The sigmoid scale: the number of centipawns per unit of the logistic
//! curve that best turns the data's search scores into its game results.
//!
//! The labels are ox88's classical search scores; fitting the scale to the
//! results says how much a centipawn of that evaluation is worth in
//! expected score, and the network is trained (and its output scaled back)
//! with it, so that its scores keep the classical evaluation's meaning of a
//! centipawn (the search's margins are tuned in it).

use crate::model::sigmoid;
use crate::positions::NetworkSample;

/// The mean squared error of `sigmoid(score / scale)` against the results.
pub fn error(samples: &[NetworkSample], scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let e = f64::from(s.result) - f64::from(sigmoid((f64::from(s.score) / scale) as f32));
            e * e
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale (between 50 and 3,000 cp) that minimises [`error`], by a
/// golden-section search over its logarithm.
pub fn fit(samples: &[NetworkSample]) -> f64 {
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (50f64.ln(), 3000f64.ln());
    let f = |x: f64| error(samples, x.exp());
    let mut a = high - phi * (high - low);
    let mut b = low + phi * (high - low);
    let (mut fa, mut fb) = (f(a), f(b));
    while high - low > 1e-4 {
        if fa < fb {
            high = b;
            (b, fb) = (a, fa);
            a = high - phi * (high - low);
            fa = f(a);
        } else {
            low = a;
            (a, fa) = (b, fb);
            b = low + phi * (high - low);
            fb = f(b);
        }
    }
    ((low + high) / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results drawn from a logistic curve of a known scale are fitted back.
    #[test]
    fn fits_a_known_scale() {
        let template = NetworkSample { features: [[0; 32]; 2], count: 2, score: 0, result: 0.0 };
        let mut samples = Vec::new();
        for score in (-1000i16..=1000).step_by(10) {
            let p = sigmoid(f32::from(score) / 250.0);
            // Per score, 100 games whose share of wins is p.
            for k in 0..100 {
                let result = if (k as f32) < p * 100.0 { 1.0 } else { 0.0 };
                samples.push(NetworkSample { score, result, ..template });
            }
        }
        let scale = fit(&samples);
        assert!((scale - 250.0).abs() < 5.0, "{scale}");
    }
}
