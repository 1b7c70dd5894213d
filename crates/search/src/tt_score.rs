//! Decisive scores — mates, and tablebase wins and losses — in the
//! transposition table: the search counts them from the root, the table
//! from the stored node, so that an entry stays right when its position is
//! reached by another path at another depth.
//!
//! The scale, from the top: mate scores (at least [`Score::MATE_BOUND`]),
//! then tablebase wins ([`tb_win`]: [`TB_WIN`] less the plies from the root
//! to the position the tables decided, down to [`TB_WIN_BOUND`]), then
//! evaluations, which the search keeps below the tablebase band.

use crate::MAX_PLY;
use ox88_board::Score;

/// The score of a tablebase win at the root: just below every mate score.
pub(crate) const TB_WIN: Score = Score::from_raw(Score::MATE_BOUND.raw() - 1 - MAX_PLY as i32);

/// The least tablebase win: one found [`MAX_PLY`] plies from the root.
/// Every score at least this high (or at most its negation) is decisive.
pub(crate) const TB_WIN_BOUND: Score = Score::from_raw(TB_WIN.raw() - MAX_PLY as i32);

/// The score of a tablebase win `ply` plies from the root: below every mate
/// score, above every evaluation; sooner wins score higher.
pub(crate) fn tb_win(ply: usize) -> Score {
    TB_WIN - ply.min(MAX_PLY) as i32
}

/// Conversions of a [`Score`] between the root's and a node's frame, as
/// methods so that the search reads `score.to_tt(ply)`.
pub(crate) trait TtScore {
    /// A score relative to the root as one relative to the node `ply`
    /// plies deep, for storing.
    fn to_tt(self, ply: i32) -> Score;
    /// The inverse of [`to_tt`](Self::to_tt): a stored score read back at a
    /// node `ply` plies from the root.
    fn read_tt(self, ply: i32) -> Score;
    /// Whether the score is a mate or a tablebase result rather than an
    /// evaluation: such scores are exact facts about the game, which
    /// pruning margins and aspiration windows must not treat as estimates.
    fn is_decisive(&self) -> bool;
    /// An evaluation kept below the tablebase band, so that no evaluation
    /// is read as a decisive score.
    fn clamped_to_evaluations(self) -> Score;
}

impl TtScore for Score {
    #[inline]
    fn to_tt(self, ply: i32) -> Score {
        if self >= TB_WIN_BOUND {
            self + ply
        } else if self <= -TB_WIN_BOUND {
            self - ply
        } else {
            self
        }
    }
    #[inline]
    fn read_tt(self, ply: i32) -> Score {
        if self >= TB_WIN_BOUND {
            self - ply
        } else if self <= -TB_WIN_BOUND {
            self + ply
        } else {
            self
        }
    }
    #[inline]
    fn is_decisive(&self) -> bool {
        *self >= TB_WIN_BOUND || *self <= -TB_WIN_BOUND
    }
    #[inline]
    fn clamped_to_evaluations(self) -> Score {
        let limit = TB_WIN_BOUND.raw() - 1;
        Score::from_raw(self.raw().clamp(-limit, limit))
    }
}

#[cfg(test)]
mod tests {
    use super::{tb_win, TtScore, TB_WIN, TB_WIN_BOUND};
    use crate::MAX_PLY;
    use ox88_board::Score;

    #[test]
    fn tt_conversion_round_trips_and_rebases_mates() {
        for ply in [0, 1, 7, 40] {
            for s in [Score::cp(13), Score::mate_in(9 + ply), Score::mated_in(12 + ply), Score::DRAW] {
                assert_eq!(s.to_tt(ply).read_tt(ply), s);
            }
        }
        // Mate in 3 plies from a node 5 plies deep: 8 plies from the root.
        let at_node = Score::mate_in(3);
        assert_eq!(at_node.read_tt(5), Score::mate_in(8));
        assert_eq!(Score::mate_in(8).to_tt(5), at_node);
    }

    #[test]
    fn tablebase_results_are_rebased_like_mates() {
        // A win the tables gave 9 plies from the root, stored at its node
        // and read back where the same position is 4 or 30 plies deep.
        let found = tb_win(9);
        assert_eq!(found.to_tt(9), TB_WIN);
        assert_eq!(found.to_tt(9).read_tt(4), tb_win(4));
        assert_eq!(found.to_tt(9).read_tt(30), tb_win(30));
        assert_eq!((-found).to_tt(9).read_tt(4), -tb_win(4));
        // Stored 3 plies above the decided position (a node whose best
        // line reaches it): still 3 plies more than where it is read.
        assert_eq!(tb_win(12).to_tt(9).read_tt(20), tb_win(23));
        for ply in [0, 1, 17, MAX_PLY as i32 - 1] {
            for s in [tb_win(ply as usize), -tb_win(ply as usize), tb_win(MAX_PLY)] {
                assert_eq!(s.to_tt(ply).read_tt(ply), s);
            }
        }
    }

    #[test]
    fn the_bands_are_ordered_and_evaluations_stay_below_them() {
        assert!(tb_win(0) < Score::MATE_BOUND && tb_win(0) > tb_win(1));
        assert_eq!(tb_win(MAX_PLY), TB_WIN_BOUND);
        assert_eq!(tb_win(MAX_PLY + 50), TB_WIN_BOUND);
        assert!(TB_WIN_BOUND.is_decisive() && (-TB_WIN_BOUND).is_decisive() && Score::mated_in(3).is_decisive());
        let huge = Score::cp(1_000_000).clamped_to_evaluations();
        assert!(!huge.is_decisive() && huge.to_tt(60) == huge && huge.read_tt(60) == huge);
        assert!(!(-huge).is_decisive());
        assert_eq!(Score::cp(250).clamped_to_evaluations(), Score::cp(250));
    }

    #[test]
    fn saturates_instead_of_overflowing() {
        assert_eq!(Score::mate_in(i32::MIN).to_tt(i32::MAX).raw(), i32::MAX);
        assert_eq!(Score::mated_in(i32::MIN).read_tt(i32::MAX).raw(), -1);
    }
}
