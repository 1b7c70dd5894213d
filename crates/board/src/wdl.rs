//! [`WdlRates`]: how likely a win, a draw and a loss are for a score, by
//! Stockfish 16.1's win-rate model (python-chess's default model).

use crate::Score;

/// Expected wins, draws and losses per thousand games, for the side a
/// score is seen from.
///
/// Differences of [`expectation`](Self::expectation) are the sane way to
/// compare scores: +1.00 against -1.00 matters far more than +5.00
/// against +3.00.
///
/// ```
/// use ox88_board::{Score, WdlRates};
/// let even = Score::ZERO.wdl(30);
/// assert_eq!(even.wins, even.losses);
/// assert!(even.draws > 900);
/// assert_eq!(Score::mate_in(3).wdl(30), WdlRates { wins: 1000, draws: 0, losses: 0 });
/// let swing = Score::cp(100).wdl(30).expectation() - Score::cp(-100).wdl(30).expectation();
/// assert!((swing - 0.515).abs() < 0.001, "{swing}");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[doc(alias = "Wdl")]
pub struct WdlRates {
    /// Wins per thousand games.
    pub wins: u32,
    /// Draws per thousand games.
    pub draws: u32,
    /// Losses per thousand games.
    pub losses: u32,
}

impl WdlRates {
    /// The expected result, from 0.0 (a sure loss) to 1.0 (a sure win), a
    /// draw counting one half.
    pub fn expectation(self) -> f64 {
        let total = (self.wins + self.draws + self.losses).max(1);
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(total)
    }
    /// The same statistics from the other side.
    pub fn flip(self) -> WdlRates {
        WdlRates { wins: self.losses, draws: self.draws, losses: self.wins }
    }
}

impl Score {
    /// How likely a win, a draw and a loss are with this score, `ply`
    /// half-moves into the game: Stockfish 16.1's model, the default of
    /// python-chess's `Score.wdl()` (give `ply` 30 for its default).
    ///
    /// The model: a score `x` in Stockfish's internal units (centipawns
    /// times 3.56, clamped to ±4000) wins with probability
    /// `1 / (1 + exp((a - x) / b))`, where `a` and `b` are cubic
    /// polynomials of `m = clamp(ply / 2 + 1, 8, 120) / 32` fitted by
    /// Stockfish to its self-play games; losses are the wins of `-x`, draws
    /// the rest. Mates are sure wins or losses. The model was fitted to
    /// Stockfish's scale, which ox88's evaluation only approximates: read
    /// the numbers as a shape, not as ox88's own statistics.
    pub fn wdl(self, ply: u32) -> WdlRates {
        match self.mate_moves() {
            Some(_) if self.raw() > 0 => WdlRates { wins: 1000, draws: 0, losses: 0 },
            Some(_) => WdlRates { wins: 0, draws: 0, losses: 1000 },
            None => {
                let (wins, losses) = (win_rate(self.raw(), ply), win_rate(-self.raw(), ply));
                WdlRates { wins, draws: 1000 - wins - losses, losses }
            }
        }
    }
}

/// Wins per thousand for `cp` at `ply`, by Stockfish 16.1's model (its
/// published coefficients and its normalisation of 356 internal units per
/// pawn).
fn win_rate(cp: i32, ply: u32) -> u32 {
    const UNITS_PER_PAWN: f64 = 356.0;
    const A: [f64; 4] = [-1.06249702, 7.42016937, 0.89425629, 348.60356174];
    const B: [f64; 4] = [-5.33122190, 39.57831533, -90.84473771, 123.40620748];
    let m = (f64::from(ply) / 2.0 + 1.0).clamp(8.0, 120.0) / 32.0;
    let cubic = |c: [f64; 4]| ((c[0] * m + c[1]) * m + c[2]) * m + c[3];
    let x = (f64::from(cp) * UNITS_PER_PAWN / 100.0).clamp(-4000.0, 4000.0);
    let rate = 1000.0 / (1.0 + ((cubic(A) - x) / cubic(B)).exp());
    // Between 0 and 1000 by construction; rounded half up as Stockfish does.
    (rate + 0.5) as u32
}

#[cfg(test)]
mod tests {
    use crate::Score;

    /// Values python-chess 1.11.2 gives (`Cp(cp).wdl(ply=ply)`, model "sf").
    #[test]
    fn agrees_with_python_chess() {
        for (cp, ply, wins, draws, losses) in PYTHON_CHESS {
            let wdl = Score::cp(cp).wdl(ply);
            assert_eq!((wdl.wins, wdl.draws, wdl.losses), (wins, draws, losses), "{cp} centipawns at ply {ply}");
        }
    }

    const PYTHON_CHESS: [(i32, u32, u32, u32, u32); 9] = [
        (0, 30, 18, 964, 18),
        (29, 30, 55, 940, 5),
        (100, 30, 515, 485, 0),
        (-100, 30, 0, 485, 515),
        (250, 10, 995, 5, 0),
        (-250, 80, 0, 0, 1000),
        (500, 200, 1000, 0, 0),
        (1200, 30, 1000, 0, 0),
        (-40, 0, 8, 874, 118),
    ];

    #[test]
    fn mates_and_symmetry() {
        assert_eq!(Score::mated_in(0).wdl(0).expectation(), 0.0);
        for cp in [-3000, -120, 0, 45, 900] {
            assert_eq!(Score::cp(cp).wdl(60), Score::cp(-cp).wdl(60).flip());
        }
    }
}
