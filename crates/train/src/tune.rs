//! Texel tuning: the weights that best predict game results from positions.
//!
//! Each [`Sample`] is a (preferably quiet) position and the result of the
//! game it came from. The evaluation, seen from white, is turned into an
//! expected score by `1 / (1 + 10^(-k * eval / 400))`; the [`Tuner`] first
//! fits `k` to the current weights, then changes one weight at a time by a
//! step whenever that lowers the mean squared error over all samples
//! (coordinate descent), pass after pass until no step helps.

use ox88_board::{Board, Color, FenError};
use ox88_eval::{Classical, Evaluator, Weights};
use thiserror::Error;

/// A position and the result of its game, from white's side: 1 for a white
/// win, 0.5 for a draw, 0 for a black win.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position.
    pub board: Board,
    /// White's score in the game.
    pub result: f64,
}

/// Why a line is not a [`Sample`].
#[derive(Clone, Debug, Error, PartialEq)]
pub enum SampleError {
    /// The position is not valid FEN.
    #[error("invalid position: {0}")]
    Fen(#[from] FenError),
    /// No result found after the position.
    #[error("no game result (expected [1.0], [0.5], [0.0], 1-0, 1/2-1/2, 0-1 or c9 \"1-0\" after the position)")]
    NoResult,
}

impl Sample {
    /// Reads one line: a FEN (or the four EPD fields) followed by the result
    /// as `[1.0]`/`[0.5]`/`[0.0]`, `1-0`/`1/2-1/2`/`0-1`, or an EPD
    /// operation `c9 "1-0";`.
    ///
    /// ```
    /// use ox88_train::tune::Sample;
    /// let s = Sample::parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 [1.0]").unwrap();
    /// assert_eq!(s.result, 1.0);
    /// let s = Sample::parse("4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1/2-1/2\";").unwrap();
    /// assert_eq!(s.result, 0.5);
    /// assert!(Sample::parse("4k3/8/8/8/8/8/4P3/4K3 w - -").is_err());
    /// ```
    pub fn parse(line: &str) -> Result<Sample, SampleError> {
        let (position, result) = split_result(line.trim()).ok_or(SampleError::NoResult)?;
        let board = Board::from_fen(position.trim().trim_end_matches(';').trim())?;
        Ok(Sample { board, result })
    }
}

/// The position part of `line` and the result found after it.
fn split_result(line: &str) -> Option<(&str, f64)> {
    const RESULTS: [(&str, f64); 9] = [
        ("[1.0]", 1.0),
        ("[0.5]", 0.5),
        ("[0.0]", 0.0),
        ("c9 \"1-0\";", 1.0),
        ("c9 \"1/2-1/2\";", 0.5),
        ("c9 \"0-1\";", 0.0),
        ("1/2-1/2", 0.5),
        ("1-0", 1.0),
        ("0-1", 0.0),
    ];
    RESULTS.iter().find_map(|&(text, value)| line.strip_suffix(text).map(|rest| (rest, value)))
}

/// The old name of [`TuneProgress`], kept for one release.
#[deprecated(note = "renamed to TuneProgress")]
pub type Progress<'a> = TuneProgress<'a>;

/// What the tuner reports after each pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TuneProgress<'a> {
    /// Passes completed.
    pub pass: usize,
    /// Mean squared error of the weights so far.
    pub error: f64,
    /// Weights changed in this pass.
    pub changed: usize,
    /// The weights so far (to save a checkpoint).
    pub weights: &'a Weights,
}

/// Fits weights to [`Sample`]s by coordinate descent (see the module text).
///
/// ```
/// use ox88_eval::Weights;
/// use ox88_train::tune::{Sample, Tuner};
/// let samples = ["4k3/8/8/8/8/8/3QP3/4K3 w - - 0 1 [1.0]", "4k3/3q4/8/8/8/8/8/4K3 w - - 0 1 [0.0]"]
///     .iter()
///     .map(|line| Sample::parse(line).unwrap())
///     .collect();
/// let mut tuner = Tuner::new(samples, 1);
/// let weights = Weights::default();
/// let k = tuner.fit_k(&weights);
/// assert!(k > 0.0 && tuner.error(&weights) < 0.25);
/// ```
#[derive(Debug)]
pub struct Tuner {
    samples: Vec<Sample>,
    threads: usize,
    k: f64,
}

impl Tuner {
    /// A tuner over `samples`, evaluating them on `threads` threads, with
    /// `k` = 1 until [`fit_k`](Self::fit_k) is called.
    pub fn new(samples: Vec<Sample>, threads: usize) -> Tuner {
        Tuner { samples, threads: threads.max(1), k: 1.0 }
    }

    /// The samples.
    pub fn samples(&self) -> &[Sample] {
        &self.samples
    }

    /// The scaling constant of the sigmoid.
    pub fn k(&self) -> f64 {
        self.k
    }

    /// Sets the scaling constant, e.g. to the one another tuner fitted, so
    /// that a validation set is measured on the same scale.
    pub fn set_k(&mut self, k: f64) {
        self.k = k;
    }

    /// Mean squared difference between each sample's result and the score
    /// `weights` expect for it.
    pub fn error(&self, weights: &Weights) -> f64 {
        if self.samples.is_empty() {
            return 0.0;
        }
        let chunk = self.samples.len().div_ceil(self.threads);
        let k = self.k;
        let total: f64 = std::thread::scope(|scope| {
            let handles: Vec<_> =
                self.samples.chunks(chunk).map(|part| scope.spawn(move || squared_errors(part, weights, k))).collect();
            handles.into_iter().map(|h| h.join().expect("an evaluation thread panicked")).sum()
        });
        total / self.samples.len() as f64
    }

    /// Chooses the `k` that minimizes the error of `weights` (a ternary
    /// search over 0.05..=5), keeps it, and returns it.
    pub fn fit_k(&mut self, weights: &Weights) -> f64 {
        let (mut low, mut high) = (0.05, 5.0);
        for _ in 0..40 {
            let third = (high - low) / 3.0;
            let (a, b) = (low + third, high - third);
            self.k = a;
            let error_a = self.error(weights);
            self.k = b;
            let error_b = self.error(weights);
            if error_a <= error_b {
                high = b;
            } else {
                low = a;
            }
        }
        self.k = (low + high) / 2.0;
        self.k
    }

    /// Starting from `weights`, tries `+step` and `-step` (within the
    /// parameter's range) on each weight that `select` accepts (given its [`Parameter`](ox88_eval::Parameter)'s
    /// field and index) in turn and keeps a change when it lowers the error;
    /// repeats for at most `passes` passes or until a pass changes nothing,
    /// calling `progress` after each. Returns the best weights found.
    pub fn tune(
        &self,
        weights: Weights,
        passes: usize,
        step: i32,
        select: impl Fn(&str, usize) -> bool,
        mut progress: impl FnMut(&TuneProgress<'_>),
    ) -> Weights {
        let mut best = weights;
        let mut best_error = self.error(&best);
        let chosen: Vec<usize> = (best.parameters_mut().iter().enumerate())
            .filter(|(_, p)| select(p.field, p.index))
            .map(|(i, _)| i)
            .collect();
        for pass in 1..=passes {
            let mut changed = 0;
            for &i in &chosen {
                for delta in [step, -step] {
                    let mut trial = best.clone();
                    let mut parameters = trial.parameters_mut();
                    let parameter = &mut parameters[i];
                    let value = parameter.value.saturating_add(delta);
                    if !parameter.range.contains(&value) {
                        continue;
                    }
                    *parameter.value = value;
                    drop(parameters);
                    let error = self.error(&trial);
                    if error < best_error {
                        (best, best_error) = (trial, error);
                        changed += 1;
                        break;
                    }
                }
            }
            progress(&TuneProgress { pass, error: best_error, changed, weights: &best });
            if changed == 0 {
                break;
            }
        }
        best
    }
}

/// The summed squared errors of `samples` under `weights`.
fn squared_errors(samples: &[Sample], weights: &Weights, k: f64) -> f64 {
    let mut eval = Classical::with_weights(weights.clone()).with_pawn_table(1 << 12);
    samples
        .iter()
        .map(|sample| {
            let score = f64::from(eval.evaluate(&sample.board).raw());
            let white = if sample.board.side_to_move() == Color::White { score } else { -score };
            let expected = 1.0 / (1.0 + 10f64.powf(-k * white / 400.0));
            (sample.result - expected).powi(2)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples(lines: &[&str]) -> Vec<Sample> {
        lines.iter().map(|l| Sample::parse(l).unwrap()).collect()
    }

    #[test]
    fn results_in_every_notation() {
        for (line, result) in [
            ("8/8/8/8/8/8/8/K1k5 w - - 0 1 [0.5]", 0.5),
            ("8/8/8/8/8/8/8/K1k5 w - - 0 1 1-0", 1.0),
            ("8/8/8/8/8/8/8/K1k5 w - - 0 1; 0-1", 0.0),
            ("8/8/8/8/8/8/8/K1k5 w - - c9 \"0-1\";", 0.0),
            ("8/8/8/8/8/8/8/K1k5 w - - id \"x\"; c9 \"1-0\";", 1.0),
        ] {
            let parsed = Sample::parse(line);
            if line.contains("id") {
                // Other EPD operations are not part of a FEN.
                assert!(matches!(parsed, Err(SampleError::Fen(_))), "{line}");
            } else {
                assert_eq!(parsed.unwrap().result, result, "{line}");
            }
        }
        assert_eq!(Sample::parse("8/8/8/8/8/8/8/K1k5 w - - 0 1").unwrap_err(), SampleError::NoResult);
        assert!(matches!(Sample::parse("8/8/8/8/8/8/8/K1k6 w - - 0 1 [1.0]"), Err(SampleError::Fen(_))));
    }

    #[test]
    fn tuning_lowers_the_error_pass_after_pass() {
        // White is a knight up in every position but never wins: the tuner
        // should find knights worth less (and never raise the error).
        let lines: Vec<String> = ["4k3/p7/8/8/8/8/P7/1N2K3", "4k3/1p6/8/8/3N4/8/1P6/4K3", "3k4/7p/8/2N5/8/8/7P/6K1"]
            .iter()
            .map(|fen| format!("{fen} w - - 0 1 [0.5]"))
            .collect();
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let mut tuner = Tuner::new(samples(&lines), 2);
        let start = Weights::default();
        tuner.fit_k(&start);
        let before = tuner.error(&start);
        let mut errors = Vec::new();
        let tuned = tuner.tune(start.clone(), 2, 5, |field, _| field != "tempo", |p| errors.push(p.error));
        assert_eq!(tuned.tempo, start.tempo, "not selected");
        assert!(!errors.is_empty());
        assert!(errors.windows(2).all(|w| w[1] <= w[0]));
        assert!(tuner.error(&tuned) < before, "{} !< {before}", tuner.error(&tuned));
        assert_ne!(tuned, start);
    }
}
