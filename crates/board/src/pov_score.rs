//! [`PovScore`]: a score with the side it is seen from, so that it can be
//! read from White's point of view, or either side's (python-chess's
//! `PovScore`).

use crate::{Color, Score, WdlRates};
use std::fmt;

/// A [`Score`] and the side whose point of view it has (`turn`: the side to
/// move where an engine reported it).
///
/// Engines report scores from the side to move; a game record, a graph or
/// a reader wants them from White's side. [`white`](Self::white) and
/// [`pov`](Self::pov) turn it around; `Display` shows White's view.
///
/// ```
/// use ox88_board::{Color, PovScore, Score};
/// // Black to move, and Black is better by 0.29.
/// let seen = PovScore::new(Score::cp(29), Color::Black);
/// assert_eq!(seen.white(), Score::cp(-29));
/// assert_eq!(seen.pov(Color::Black), Score::cp(29));
/// assert_eq!(seen.to_string(), "-0.29");
/// // White to move, mated in 3 moves.
/// let mated = PovScore::new(Score::mated_in(6), Color::White);
/// assert_eq!((mated.to_string(), mated.black().to_string()), ("#-3".into(), "#+3".into()));
/// assert_eq!(mated.white().centipawns_with_mate(100_000), -99_997);
/// assert!(mated.is_mate());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PovScore {
    /// The score from `turn`'s point of view (positive: `turn` is better).
    pub score: Score,
    /// The side the score is seen from.
    pub turn: Color,
}

impl PovScore {
    /// `score` seen from `turn`'s side.
    pub const fn new(score: Score, turn: Color) -> PovScore {
        PovScore { score, turn }
    }
    /// The score from `turn`'s side, as given (python-chess's `relative`).
    pub const fn relative(self) -> Score {
        self.score
    }
    /// The score from `color`'s point of view.
    pub fn pov(self, color: Color) -> Score {
        if color == self.turn {
            self.score
        } else {
            -self.score
        }
    }
    /// The score from White's point of view.
    pub fn white(self) -> Score {
        self.pov(Color::White)
    }
    /// The score from Black's point of view.
    pub fn black(self) -> Score {
        self.pov(Color::Black)
    }
    /// Whether this is a mate score.
    pub const fn is_mate(self) -> bool {
        self.score.is_mate()
    }
    /// The expected outcome for `color` (see [`Score::wdl`]), `ply` half-moves
    /// into the game.
    pub fn wdl(self, color: Color, ply: u32) -> WdlRates {
        self.pov(color).wdl(ply)
    }
}

/// An even score, from White's side.
impl Default for PovScore {
    fn default() -> PovScore {
        PovScore::new(Score::ZERO, Color::White)
    }
}

/// White's point of view, as [`Score`] shows it: `+0.29`, `#-3`.
impl fmt::Display for PovScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.white(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_points_of_view_negate() {
        for score in [Score::cp(0), Score::cp(-450), Score::mate_in(1), Score::mated_in(0), Score::mated_in(8)] {
            for turn in Color::ALL {
                let pov = PovScore::new(score, turn);
                assert_eq!(pov.white(), -pov.black(), "{score:?} {turn:?}");
                assert_eq!(pov.pov(turn), score);
                assert_eq!(pov.is_mate(), score.is_mate());
            }
        }
        assert_eq!(PovScore::new(Score::MATE, Color::Black).to_string(), "#-0");
        assert_eq!(PovScore::new(Score::cp(-7), Color::Black).to_string(), "+0.07");
        // Black to move mates in 1: White is mated in 1 (python-chess's Mate(-1)).
        assert_eq!(PovScore::new(Score::mate_in(1), Color::Black).to_string(), "#-1");
    }
}
