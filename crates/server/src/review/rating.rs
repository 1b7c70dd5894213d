//! Puzzle ratings: Glicko (Glickman's first system), a try being one game
//! between the puzzle and the player who tries it: the player wins when the
//! puzzle is solved at the first try. Both ratings move, each by how
//! surprising the result was and how sure the other's rating is.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A rating and how uncertain it is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Glicko {
    /// The rating.
    pub rating: f64,
    /// Its deviation (Glicko's RD): about a third of the 99 % interval.
    pub deviation: f64,
}

/// The smallest deviation a rating keeps (it stays open to change).
pub const MIN_DEVIATION: f64 = 45.0;

/// The deviation of a rating nothing is known about.
pub const MAX_DEVIATION: f64 = 350.0;

const Q: f64 = std::f64::consts::LN_10 / 400.0;

/// How much a result against a rating of deviation `rd` counts.
fn g(rd: f64) -> f64 {
    1.0 / (1.0 + 3.0 * Q * Q * rd * rd / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

impl Glicko {
    /// A rating, its deviation held within [`MIN_DEVIATION`] and
    /// [`MAX_DEVIATION`] and the rating within 400 and 4,000.
    pub fn new(rating: f64, deviation: f64) -> Glicko {
        let rating = if rating.is_finite() { rating.clamp(400.0, 4_000.0) } else { 1_500.0 };
        let deviation =
            if deviation.is_finite() { deviation.clamp(MIN_DEVIATION, MAX_DEVIATION) } else { MAX_DEVIATION };
        Glicko { rating, deviation }
    }

    /// The expected score of `self` against `other`.
    pub fn expected(self, other: Glicko) -> f64 {
        1.0 / (1.0 + 10f64.powf(-g(other.deviation) * (self.rating - other.rating) / 400.0))
    }

    /// `self` after one game against `other` that scored `score` (1 a win,
    /// 0 a loss, 0.5 a draw).
    ///
    /// ```
    /// use ox88_server::review::rating::Glicko;
    /// let (player, puzzle) = (Glicko::new(1500.0, 200.0), Glicko::new(1500.0, 350.0));
    /// let won = player.after(puzzle, 1.0);
    /// assert!(won.rating > 1500.0 && won.deviation < 200.0);
    /// assert!(puzzle.after(player, 0.0).rating < 1500.0 - (won.rating - 1500.0), "the less certain moves more");
    /// ```
    pub fn after(self, other: Glicko, score: f64) -> Glicko {
        let expected = self.expected(other);
        let g = g(other.deviation);
        let d2 = 1.0 / (Q * Q * g * g * expected * (1.0 - expected));
        let precision = 1.0 / (self.deviation * self.deviation) + 1.0 / d2;
        let rating = self.rating + Q / precision * g * (score - expected);
        Glicko::new(rating, (1.0 / precision).sqrt())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glickman_s_example_game_by_game() {
        // Glickman's worked example: 1500 (RD 200) beats 1400 (RD 30), loses
        // to 1550 (RD 100) and to 1700 (RD 300), rated as one period to
        // 1464 (RD 151.4). One game at a time moves less: each game's result
        // is taken as known before the next.
        let player = Glicko::new(1500.0, 200.0);
        let after = player
            .after(Glicko::new(1400.0, 30.0), 1.0)
            .after(Glicko::new(1550.0, 100.0), 0.0)
            .after(Glicko::new(1700.0, 300.0), 0.0);
        assert!((after.rating - 1464.0).abs() < 10.0, "{after:?}");
        assert!((after.deviation - 151.4).abs() < 5.0, "{after:?}");
        let first = player.after(Glicko::new(1400.0, 30.0), 1.0);
        assert!((first.rating - 1563.0).abs() < 3.0, "{first:?}");
    }

    #[test]
    fn ratings_stay_in_range_whatever_they_are_given() {
        let wild = Glicko::new(f64::NAN, f64::INFINITY);
        assert_eq!((wild.rating, wild.deviation), (1_500.0, MAX_DEVIATION));
        assert_eq!(Glicko::new(1_500.0, -3.0).deviation, MIN_DEVIATION);
        let sure = Glicko::new(2_000.0, 10.0).after(Glicko::new(100.0, 350.0), 1.0);
        assert!(sure.deviation >= MIN_DEVIATION && sure.rating >= 2_000.0);
        assert_eq!(Glicko::new(9_999.0, 50.0).rating, 4_000.0);
    }
}
