//! [`Score`]: an evaluation in centipawns or a distance to mate, shared by the
//! evaluation, the search and the protocols (which print it).

use std::fmt;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

/// A score in centipawns from the point of view of the side to move
/// (positive: the side to move is better), or a mate score.
///
/// Mate scores are counted in plies from the root of the search: being
/// checkmated now is `-MATE`, giving mate with the next move is `MATE - 1`.
/// Every score whose absolute value is at least [`Score::MATE_BOUND`] is a
/// mate score; evaluations stay strictly inside that bound. Arithmetic
/// saturates at the ends of `i32` instead of overflowing.
///
/// ```
/// use ox88_board::Score;
/// assert_eq!(Score::cp(34).to_string(), "cp 34");
/// assert_eq!(Score::mate_in(5).to_string(), "mate 3");
/// assert_eq!(Score::mated_in(4).to_string(), "mate -2");
/// assert_eq!(-Score::mate_in(5), Score::mated_in(5));
/// assert!(Score::mate_in(5) > Score::cp(2000));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i32);

impl Score {
    /// Zero: an equal position.
    pub const ZERO: Score = Score(0);
    /// The score of a drawn position.
    pub const DRAW: Score = Score(0);
    /// The score of giving checkmate now (no real position has it: the mated
    /// side scores `-MATE`).
    pub const MATE: Score = Score(32_000);
    /// Above every score, for the initial window of an alpha-beta search.
    pub const INFINITE: Score = Score(32_001);
    /// The longest mate, in plies, that mate scores can express.
    pub const MAX_MATE_PLY: i32 = 1_000;
    /// The smallest absolute value of a mate score.
    pub const MATE_BOUND: Score = Score(32_000 - Score::MAX_MATE_PLY);

    /// A score of `centipawns`, clamped strictly inside the mate bound so that
    /// it can never be mistaken for a mate.
    #[inline]
    pub const fn cp(centipawns: i32) -> Score {
        let bound = Score::MATE_BOUND.0 - 1;
        Score(if centipawns > bound {
            bound
        } else if centipawns < -bound {
            -bound
        } else {
            centipawns
        })
    }
    /// A score from its raw value (for transposition tables), unchecked
    /// beyond `-INFINITE..=INFINITE` clamping.
    #[inline]
    pub const fn from_raw(raw: i32) -> Score {
        let inf = Score::INFINITE.0;
        Score(if raw > inf {
            inf
        } else if raw < -inf {
            -inf
        } else {
            raw
        })
    }
    /// The raw value: centipawns for ordinary scores.
    #[inline(always)]
    pub const fn raw(self) -> i32 {
        self.0
    }
    /// The score of the side that gives mate `ply` plies from now.
    #[inline]
    pub const fn mate_in(ply: i32) -> Score {
        Score(Score::MATE.0.saturating_sub(ply))
    }
    /// The score of the side that is checkmated `ply` plies from now.
    #[inline]
    pub const fn mated_in(ply: i32) -> Score {
        Score((-Score::MATE.0).saturating_add(ply))
    }
    /// Whether this is a mate score (for either side).
    #[inline]
    pub const fn is_mate(self) -> bool {
        self.0.abs() >= Score::MATE_BOUND.0 && self.0.abs() <= Score::MATE.0
    }
    /// Mate in moves (not plies), as UCI prints it: positive when the side to
    /// move mates, negative when it is mated; `None` for ordinary scores.
    pub const fn mate_moves(self) -> Option<i32> {
        if !self.is_mate() {
            None
        } else if self.0 > 0 {
            Some((Score::MATE.0 - self.0 + 1) / 2)
        } else {
            Some(-(Score::MATE.0 + self.0) / 2)
        }
    }
    /// The plies to mate (from the root) of a mate score, positive or
    /// negative like [`mate_moves`](Self::mate_moves).
    pub const fn mate_plies(self) -> Option<i32> {
        if !self.is_mate() {
            None
        } else if self.0 > 0 {
            Some(Score::MATE.0 - self.0)
        } else {
            Some(-(Score::MATE.0 + self.0))
        }
    }
    /// Converts a score relative to the root into one relative to the node
    /// `ply` plies deep, for storing in a transposition table (mate
    /// distances are then counted from the node, so they stay right when the
    /// node is reached by another path).
    #[inline]
    pub const fn to_tt(self, ply: i32) -> Score {
        if self.0 >= Score::MATE_BOUND.0 {
            Score(self.0.saturating_add(ply))
        } else if self.0 <= -Score::MATE_BOUND.0 {
            Score(self.0.saturating_sub(ply))
        } else {
            self
        }
    }
    /// The inverse of [`to_tt`](Self::to_tt): a stored score read back at a
    /// node `ply` plies from the root.
    #[inline]
    pub const fn from_tt(self, ply: i32) -> Score {
        if self.0 >= Score::MATE_BOUND.0 {
            Score(self.0.saturating_sub(ply))
        } else if self.0 <= -Score::MATE_BOUND.0 {
            Score(self.0.saturating_add(ply))
        } else {
            self
        }
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline(always)]
    fn neg(self) -> Score {
        Score(self.0.saturating_neg())
    }
}

impl Add<i32> for Score {
    type Output = Score;
    #[inline(always)]
    fn add(self, rhs: i32) -> Score {
        Score(self.0.saturating_add(rhs))
    }
}

impl Sub<i32> for Score {
    type Output = Score;
    #[inline(always)]
    fn sub(self, rhs: i32) -> Score {
        Score(self.0.saturating_sub(rhs))
    }
}

impl Add for Score {
    type Output = Score;
    #[inline(always)]
    fn add(self, rhs: Score) -> Score {
        Score(self.0.saturating_add(rhs.0))
    }
}

impl Sub for Score {
    type Output = Score;
    #[inline(always)]
    fn sub(self, rhs: Score) -> Score {
        Score(self.0.saturating_sub(rhs.0))
    }
}

impl AddAssign<i32> for Score {
    #[inline(always)]
    fn add_assign(&mut self, rhs: i32) {
        self.0 = self.0.saturating_add(rhs);
    }
}

impl SubAssign<i32> for Score {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: i32) {
        self.0 = self.0.saturating_sub(rhs);
    }
}

/// As the protocols print it: `cp 34`, `mate 3`, `mate -2`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_moves() {
            Some(moves) => write!(f, "mate {moves}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves_like_uci() {
        assert_eq!(Score::mate_in(1).mate_moves(), Some(1));
        assert_eq!(Score::mate_in(2).mate_moves(), Some(1));
        assert_eq!(Score::mate_in(3).mate_moves(), Some(2));
        assert_eq!(Score::mated_in(0).mate_moves(), Some(0));
        assert_eq!(Score::mated_in(2).mate_moves(), Some(-1));
        assert_eq!(Score::mated_in(4).mate_moves(), Some(-2));
        assert_eq!(Score::mated_in(4).mate_plies(), Some(-4));
        assert_eq!(Score::cp(500).mate_moves(), None);
        assert_eq!(Score::mated_in(0).to_string(), "mate 0");
        assert_eq!(Score::cp(-12).to_string(), "cp -12");
    }

    #[test]
    fn the_mate_bound_separates_mates_from_evaluations() {
        assert!(Score::mate_in(Score::MAX_MATE_PLY).is_mate());
        assert!(!Score::mate_in(Score::MAX_MATE_PLY + 1).is_mate());
        assert!(!Score::cp(1_000_000).is_mate());
        assert!(!Score::cp(-1_000_000).is_mate());
        assert!(!Score::INFINITE.is_mate());
        assert!(Score::INFINITE > Score::MATE);
        assert!(-Score::INFINITE < Score::mated_in(0));
    }

    #[test]
    fn tt_conversion_round_trips_and_rebases_mates() {
        for ply in [0, 1, 7, 40] {
            for s in [Score::cp(13), Score::mate_in(9 + ply), Score::mated_in(12 + ply), Score::DRAW] {
                assert_eq!(s.to_tt(ply).from_tt(ply), s);
            }
        }
        // Mate in 3 plies from a node 5 plies deep: 8 plies from the root.
        let at_node = Score::mate_in(3);
        assert_eq!(at_node.from_tt(5), Score::mate_in(8));
        assert_eq!(Score::mate_in(8).to_tt(5), at_node);
    }

    #[test]
    fn arithmetic() {
        let mut s = Score::cp(10) + 5 - Score::cp(3);
        s += 2;
        s -= 1;
        assert_eq!(s, Score::cp(13));
        assert_eq!((-s).raw(), -13);
        assert_eq!(Score::from_raw(40_000), Score::INFINITE);
        // Saturating at the ends of i32, never overflowing.
        let low = Score::ZERO - i32::MAX - i32::MAX;
        assert_eq!(low.raw(), i32::MIN);
        assert_eq!((-low).raw(), i32::MAX);
        assert_eq!(Score::mate_in(i32::MIN).to_tt(i32::MAX).raw(), i32::MAX);
        assert_eq!(Score::mated_in(i32::MIN).from_tt(i32::MAX).raw(), -1);
    }
}
