//! The score of an encounter, the Elo difference it measures (logistic and
//! normalized, from game pairs: the pentanomial model), the likelihood of
//! superiority, and the sequential probability ratio test.

/// Wins, draws, losses from one side's point of view, and the game pairs
/// (the same opening with both colours) by their points: `penta[k]` counts
/// pairs worth `k / 2` points (0, 0.5, 1, 1.5, 2). Pairs worth one point
/// are a win and a loss or two draws: `even` counts them apart (WL, DD).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub penta: [u32; 5],
    pub even: [u32; 2],
}

impl MatchScore {
    /// A game worth `half_points` (0 loss, 1 draw, 2 win).
    pub fn add_game(&mut self, half_points: u8) {
        match half_points {
            0 => self.losses += 1,
            1 => self.draws += 1,
            _ => self.wins += 1,
        }
    }

    /// A finished pair whose games were worth `first` and `second` half
    /// points.
    pub fn add_pair(&mut self, first: u8, second: u8) {
        let total = usize::from((first + second).min(4));
        self.penta[total] += 1;
        if total == 2 {
            self.even[usize::from(first == 1)] += 1;
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn pairs(&self) -> u32 {
        self.penta.iter().sum()
    }

    pub fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }

    /// The same results from the other side.
    pub fn flipped(&self) -> MatchScore {
        let p = self.penta;
        MatchScore {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
            penta: [p[4], p[3], p[2], p[1], p[0]],
            even: self.even,
        }
    }

    pub fn merge(&mut self, other: &MatchScore) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        for (a, b) in self.penta.iter_mut().zip(other.penta).chain(self.even.iter_mut().zip(other.even)) {
            *a += b;
        }
    }
}

/// The 95 % quantile of the normal distribution, both sides.
const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference a score (0..1) means in the logistic model; scores
/// at or beyond 0 and 1 are infinite.
pub fn elo(score: f64) -> f64 {
    if score >= 1.0 {
        f64::INFINITY
    } else if score <= 0.0 {
        f64::NEG_INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// What a score says, computed from game pairs when there are any (their
/// variance takes the colours and the openings into account), otherwise from
/// single games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Logistic Elo and its 95 % error.
    pub elo: f64,
    pub error: f64,
    /// Normalized Elo and its 95 % error.
    pub nelo: f64,
    pub nelo_error: f64,
    /// The likelihood of superiority, 0..1.
    pub los: f64,
    /// Draws (or drawn pairs) as a share.
    pub draw_ratio: f64,
}

/// The mean score per game, its variance per unit (pair or game), and the
/// number of units.
fn moments(score: &MatchScore) -> Option<(f64, f64, f64, f64)> {
    if score.pairs() > 0 {
        let n = f64::from(score.pairs());
        let (mean, variance) = mean_variance(&score.penta.map(f64::from), &PAIR_POINTS);
        // A pair's score per game varies like a mean of two games: nElo
        // scales by the square root of two.
        Some((mean, variance, n, 2.0))
    } else if score.games() > 0 {
        let counts = [score.losses, score.draws, score.wins].map(f64::from);
        let (mean, variance) = mean_variance(&counts, &[0.0, 0.5, 1.0]);
        Some((mean, variance, f64::from(score.games()), 1.0))
    } else {
        None
    }
}

/// A pair's points per game, by pentanomial class.
const PAIR_POINTS: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

fn mean_variance(counts: &[f64], points: &[f64]) -> (f64, f64) {
    let total: f64 = counts.iter().sum();
    let mean = counts.iter().zip(points).map(|(c, a)| c * a).sum::<f64>() / total;
    let variance = counts.iter().zip(points).map(|(c, a)| c * (a - mean).powi(2)).sum::<f64>() / total;
    (mean, variance)
}

pub fn rating(score: &MatchScore) -> Option<Rating> {
    let (mean, variance, n, unit) = moments(score)?;
    let spread = (variance / n).sqrt();
    let (low, high) = (mean - Z95 * spread, mean + Z95 * spread);
    let nelo_of = |s: f64| {
        if variance > 0.0 {
            (s - 0.5) / (unit * variance).sqrt() * (800.0 / std::f64::consts::LN_10)
        } else {
            // One result every time: as far from even as it gets, or even.
            beyond_even(s, f64::INFINITY, 0.0)
        }
    };
    let half_width = |f: &dyn Fn(f64) -> f64| if spread > 0.0 { (f(high) - f(low)) / 2.0 } else { 0.0 };
    let los = if spread > 0.0 {
        0.5 * (1.0 + erf((mean - 0.5) / (spread * std::f64::consts::SQRT_2)))
    } else {
        // No spread: the one result seen is certain.
        0.5 + beyond_even(mean, 0.5, 0.0)
    };
    let draws = if score.pairs() > 0 {
        f64::from(score.penta[2]) / f64::from(score.pairs())
    } else {
        f64::from(score.draws) / f64::from(score.games())
    };
    Some(Rating {
        elo: elo(mean),
        error: half_width(&elo),
        nelo: nelo_of(mean),
        nelo_error: half_width(&nelo_of),
        los,
        draw_ratio: draws,
    })
}

/// `far` with the sign of `score - 0.5`, or `even` for a score of one half.
fn beyond_even(score: f64, far: f64, even: f64) -> f64 {
    if score > 0.5 {
        far
    } else if score < 0.5 {
        -far
    } else {
        even
    }
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

/// A sequential probability ratio test of elo0 against elo1, on game pairs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    /// ln(beta / (1 - alpha)): at or below it, H0 is accepted.
    pub lower: f64,
    /// ln((1 - beta) / alpha): at or above it, H1 is accepted.
    pub upper: f64,
    /// Normalized Elo (as fastchess and fishtest by default), else logistic.
    pub normalized: bool,
    /// Pentanomial counts of earlier runs of the same two engines, added to
    /// this run's before the ratio is taken: a test stopped and resumed (with
    /// another `-srand`) decides on all its pairs.
    pub prior: [u32; 5],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Continue,
    H0,
    H1,
}

impl Sprt {
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64, normalized: bool) -> Sprt {
        let (lower, upper) = ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln());
        Sprt { elo0, elo1, lower, upper, normalized, prior: [0; 5] }
    }

    /// The same test continuing from the pentanomial counts `prior` of
    /// earlier runs.
    pub fn with_prior(self, prior: [u32; 5]) -> Sprt {
        Sprt { prior, ..self }
    }

    /// The log-likelihood ratio of the pairs so far: the generalized
    /// likelihood ratio of two multinomial distributions fitted by maximum
    /// likelihood under each hypothesis (M. Van den Bergh, "Comparing the
    /// approximations for the generalized log likelihood ratio of a
    /// multinomial distribution", and "Normalized Elo", section 4.1). Empty
    /// classes count as 0.001 pairs, as fishtest does, so that the fit
    /// exists from the first pair.
    pub fn llr(&self, score: &MatchScore) -> f64 {
        let mut penta = score.penta;
        for (count, earlier) in penta.iter_mut().zip(self.prior) {
            *count = count.saturating_add(earlier);
        }
        if penta.iter().all(|&c| c == 0) {
            return 0.0;
        }
        let counts = penta.map(|c| if c == 0 { 1e-3 } else { f64::from(c) });
        let total: f64 = counts.iter().sum();
        let observed = counts.map(|c| c / total);
        let (p0, p1) = if self.normalized {
            // Pair t-values: per game nElo times the square root of two.
            let t = |nelo: f64| std::f64::consts::SQRT_2 * nelo / (800.0 / std::f64::consts::LN_10);
            (fit_t_value(&observed, t(self.elo0)), fit_t_value(&observed, t(self.elo1)))
        } else {
            let score = |e: f64| 1.0 / (1.0 + 10f64.powf(-e / 400.0));
            (fit_mean(&observed, score(self.elo0)), fit_mean(&observed, score(self.elo1)))
        };
        total * observed.iter().zip(p0.iter().zip(&p1)).map(|(o, (a, b))| o * (b / a).ln()).sum::<f64>()
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        if llr >= self.upper {
            Verdict::H1
        } else if llr <= self.lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// The root of the decreasing function `f` between `low` and `high`
/// (exclusive), by bisection.
fn decreasing_root(f: impl Fn(f64) -> f64, low: f64, high: f64) -> f64 {
    let (mut low, mut high) = (low, high);
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if f(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    0.5 * (low + high)
}

/// The distribution closest to `observed` (maximum likelihood) whose mean
/// score is `s`: p_i = o_i / (1 + θ (a_i - s)), θ making the mean s.
fn fit_mean(observed: &[f64; 5], s: f64) -> [f64; 5] {
    let f =
        |theta: f64| observed.iter().zip(PAIR_POINTS).map(|(o, a)| o * (a - s) / (1.0 + theta * (a - s))).sum::<f64>();
    let theta = decreasing_root(f, -1.0 / (1.0 - s) + 1e-12, 1.0 / s - 1e-12);
    std::array::from_fn(|i| observed[i] / (1.0 + theta * (PAIR_POINTS[i] - s)))
}

/// The distribution closest to `observed` whose t-value (mean minus one
/// half, over the standard deviation) is `t`, found by fixed-point iteration
/// from the uniform distribution.
fn fit_t_value(observed: &[f64; 5], t: f64) -> [f64; 5] {
    let mut p = [0.2; 5];
    for _ in 0..100 {
        let (mean, variance) = mean_variance(&p, &PAIR_POINTS);
        let sigma = variance.sqrt().max(1e-9);
        let phi: [f64; 5] = std::array::from_fn(|i| {
            let a = PAIR_POINTS[i];
            a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mean) / sigma).powi(2))
        });
        let (min, max) = phi.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        if min >= 0.0 || max <= 0.0 {
            break;
        }
        let f = |theta: f64| observed.iter().zip(phi).map(|(o, x)| o * x / (1.0 + theta * x)).sum::<f64>();
        let theta = decreasing_root(f, -1.0 / max + 1e-12, -1.0 / min - 1e-12);
        let next: [f64; 5] = std::array::from_fn(|i| observed[i] / (1.0 + theta * phi[i]));
        let change = next.iter().zip(&p).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        p = next;
        if change < 1e-10 {
            break;
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn penta(counts: [u32; 5]) -> MatchScore {
        let mut score = MatchScore { penta: counts, ..MatchScore::default() };
        for (k, &n) in counts.iter().enumerate() {
            // Any split of the pairs into games with these points will do.
            for _ in 0..n {
                match k {
                    0 => score.losses += 2,
                    1 => (score.losses, score.draws) = (score.losses + 1, score.draws + 1),
                    2 => score.draws += 2,
                    3 => (score.wins, score.draws) = (score.wins + 1, score.draws + 1),
                    _ => score.wins += 2,
                }
            }
        }
        score
    }

    #[test]
    fn elo_of_known_scores() {
        assert!((elo(0.75) - 190.848).abs() < 1e-3);
        assert_eq!(elo(0.5), 0.0);
        let even = rating(&penta([10, 20, 40, 20, 10])).unwrap();
        assert!(even.elo.abs() < 1e-9 && (even.los - 0.5).abs() < 1e-9);
        assert!(even.error > 0.0 && even.nelo_error > 0.0);
        let strong = rating(&penta([0, 5, 20, 40, 35])).unwrap();
        assert!(strong.elo > 150.0 && strong.los > 0.999);
        assert_eq!(rating(&penta([1, 0, 0, 0, 1])).unwrap().elo, 0.0);
        let sweep = rating(&penta([0, 0, 0, 0, 3])).unwrap();
        assert_eq!((sweep.elo, sweep.error, sweep.los), (f64::INFINITY, 0.0, 1.0));
        let lopsided = rating(&penta([0, 0, 1, 0, 1])).unwrap();
        assert!(lopsided.elo > 0.0 && lopsided.error == f64::INFINITY);
        assert!(rating(&MatchScore::default()).is_none());
    }

    #[test]
    fn erf_matches_known_values() {
        for (x, y) in [(0.0, 0.0), (0.5, 0.520_499_9), (1.0, 0.842_700_8), (-2.0, -0.995_322_3)] {
            assert!((erf(x) - y).abs() < 1e-6, "erf({x})");
        }
    }

    #[test]
    fn llr_agrees_with_the_normal_approximation() {
        // For small Elo differences the GSPRT's LLR is close to
        // N (s1 - s0)(2 mean - s0 - s1) / (2 variance).
        let score = penta([22, 261, 519, 277, 77]);
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05, false);
        let n = f64::from(score.pairs());
        let (mean, variance) = mean_variance(&score.penta.map(f64::from), &PAIR_POINTS);
        let s = |e: f64| 1.0 / (1.0 + 10f64.powf(-e / 400.0));
        let approx = n * (s(5.0) - s(0.0)) * (2.0 * mean - s(0.0) - s(5.0)) / (2.0 * variance);
        let exact = sprt.llr(&score);
        assert!((exact - approx).abs() < 0.05 * approx.abs().max(0.1), "{exact} vs {approx}");
        // The normalized model points the same way.
        let normalized = Sprt::new(0.0, 5.0, 0.05, 0.05, true).llr(&score);
        assert!(normalized > 0.0 && (normalized - exact).abs() < 0.5 * exact.abs(), "{normalized} vs {exact}");
    }

    #[test]
    fn verdicts_at_the_bounds() {
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05, true);
        assert!((sprt.upper - 2.944).abs() < 1e-3 && (sprt.lower + 2.944).abs() < 1e-3);
        assert_eq!(sprt.verdict(sprt.llr(&penta([0, 10, 100, 400, 400]))), Verdict::H1);
        assert_eq!(sprt.verdict(sprt.llr(&penta([400, 400, 100, 10, 0]))), Verdict::H0);
        assert_eq!(sprt.verdict(sprt.llr(&penta([1, 2, 3, 2, 1]))), Verdict::Continue);
        assert_eq!(sprt.llr(&MatchScore::default()), 0.0);
    }

    #[test]
    fn a_prior_counts_as_pairs_already_played() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05, true);
        let (earlier, now) = ([26, 115, 169, 108, 37], [19, 64, 99, 57, 20]);
        let all = penta([45, 179, 268, 165, 57]);
        let resumed = sprt.with_prior(earlier).llr(&penta(now));
        assert!((resumed - sprt.llr(&all)).abs() < 1e-9, "{resumed} vs {}", sprt.llr(&all));
        assert!((resumed - sprt.llr(&penta(now))).abs() > 0.01, "the prior must change the ratio");
        // Before this run's first pair, the ratio is the earlier runs'.
        let before = sprt.with_prior(earlier).llr(&MatchScore::default());
        assert!((before - sprt.llr(&penta(earlier))).abs() < 1e-9);
    }

    #[test]
    fn scores_flip_and_merge() {
        let mut a = penta([1, 2, 3, 4, 5]);
        let b = a.flipped();
        assert_eq!((b.wins, b.losses, b.penta), (a.losses, a.wins, [5, 4, 3, 2, 1]));
        a.merge(&b);
        assert_eq!(a.wins, a.losses);
    }
}
