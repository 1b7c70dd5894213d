//! [`Score`]: an evaluation in centipawns or a distance to mate, shared by the
//! evaluation, the search and the protocols (whose text forms live in
//! `ox88-protocol`), and written for people as `+0.29` or `#-3`.

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
/// assert_eq!(Score::cp(34).to_string(), "+0.34");
/// assert_eq!(Score::mate_in(5).to_string(), "#+3");
/// assert_eq!(Score::mated_in(4).to_string(), "#-2");
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
    /// The longest mate, in moves, that mate scores can express (a side
    /// mated in `n` moves is `2n` plies from it).
    pub const MAX_MATE_MOVES: i32 = Score::MAX_MATE_PLY / 2;
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
    /// The side that mates makes the last of the plies, so a mate `n`
    /// plies away is `(n + 1) / 2` moves either way: for the side to move,
    /// that is 1 ply for a mate in 1 and 2 plies for being mated in 1; seen
    /// from the other side ([`PovScore`](crate::PovScore) turns scores
    /// around), the same mates are `-1` and `+1`.
    #[doc(alias = "mate")]
    pub const fn mate_moves(self) -> Option<i32> {
        if !self.is_mate() {
            None
        } else if self.0 > 0 {
            Some((Score::MATE.0 - self.0 + 1) / 2)
        } else {
            Some(-((Score::MATE.0 + self.0 + 1) / 2))
        }
    }
    /// The mate score of `moves` moves to mate, as [`mate_moves`](Self::mate_moves)
    /// counts them (positive: the side to move mates; negative or zero: it
    /// is mated), with the plies an engine reports for it: the side to move
    /// mates with its `n`th move, `2n - 1` plies away, or is mated by the
    /// other side's `n`th move, `2n` plies away; `0` is mated now. Mates
    /// beyond [`MAX_MATE_PLY`](Self::MAX_MATE_PLY) plies are clamped to it.
    ///
    /// ```
    /// use ox88_board::Score;
    /// assert_eq!(Score::from_mate_moves(3), Score::mate_in(5));
    /// assert_eq!(Score::from_mate_moves(-2), Score::mated_in(4));
    /// assert_eq!(Score::from_mate_moves(0), Score::mated_in(0));
    /// for moves in [-7, -1, 0, 1, 12] {
    ///     assert_eq!(Score::from_mate_moves(moves).mate_moves(), Some(moves));
    /// }
    /// ```
    pub const fn from_mate_moves(moves: i32) -> Score {
        let plies = if moves > 0 { moves.saturating_mul(2) - 1 } else { moves.saturating_mul(-2) };
        let plies = if plies > Score::MAX_MATE_PLY { Score::MAX_MATE_PLY } else { plies };
        if moves > 0 {
            Score::mate_in(plies)
        } else {
            Score::mated_in(plies)
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
    /// The score in centipawns, or `None` for a mate score (python-chess's
    /// `score()`).
    #[doc(alias = "score")]
    pub const fn centipawns(self) -> Option<i32> {
        if self.is_mate() {
            None
        } else {
            Some(self.0)
        }
    }
    /// The score in centipawns, a mate in `n` moves counted as `mate_score -
    /// n` and being mated in `n` as `-mate_score + n` (python-chess's
    /// `score(mate_score=...)`), so that sooner mates weigh more.
    ///
    /// ```
    /// use ox88_board::Score;
    /// assert_eq!(Score::mate_in(5).centipawns_with_mate(100_000), 99_997);
    /// assert_eq!(Score::mated_in(4).centipawns_with_mate(100_000), -99_998);
    /// assert_eq!(Score::cp(-31).centipawns_with_mate(100_000), -31);
    /// ```
    #[doc(alias = "score")]
    pub const fn centipawns_with_mate(self, mate_score: i32) -> i32 {
        match self.mate_moves() {
            None => self.0,
            Some(moves) if self.0 > 0 => mate_score.saturating_sub(moves),
            Some(moves) => mate_score.saturating_neg().saturating_sub(moves),
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

/// As people read scores: pawns with two decimals and a sign (`+0.29`,
/// `-1.50`, `0.00`), and mates as `#+3` (the side to move mates in 3 moves)
/// or `#-2` (it is mated in 2; `#-0` when mated now), as python-chess and
/// the GUIs write them. The protocols' forms (`cp 29`, `mate 3`) are
/// written by `ox88-protocol`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_moves() {
            Some(moves) if self.0 > 0 => write!(f, "#+{moves}"),
            Some(moves) => write!(f, "#-{}", moves.unsigned_abs()),
            None if self.0 == 0 => f.write_str("0.00"),
            None => {
                let sign = if self.0 > 0 { '+' } else { '-' };
                let cp = self.0.unsigned_abs();
                write!(f, "{sign}{}.{:02}", cp / 100, cp % 100)
            }
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
        // The other side's view of a mate in 1 and of being mated in 2.
        assert_eq!((Score::mated_in(1).mate_moves(), Score::mated_in(3).mate_moves()), (Some(-1), Some(-2)));
        assert_eq!(Score::cp(500).mate_moves(), None);
        assert_eq!(Score::mated_in(0).to_string(), "#-0");
        assert_eq!(Score::MATE.to_string(), "#+0");
        assert_eq!(Score::cp(-12).to_string(), "-0.12");
        assert_eq!(Score::cp(-150).to_string(), "-1.50");
        assert_eq!(Score::cp(2905).to_string(), "+29.05");
        assert_eq!(Score::ZERO.to_string(), "0.00");
        assert_eq!((Score::cp(12).centipawns(), Score::mate_in(3).centipawns()), (Some(12), None));
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
    }
}
