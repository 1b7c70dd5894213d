//! Mate scores in the transposition table: the search counts mates from
//! the root, the table from the stored node, so that an entry stays right
//! when its position is reached by another path at another depth.

use ox88_board::Score;

/// Conversions of a [`Score`] between the root's and a node's frame, as
/// methods so that the search reads `score.to_tt(ply)`.
pub(crate) trait TtScore {
    /// A score relative to the root as one relative to the node `ply`
    /// plies deep, for storing.
    fn to_tt(self, ply: i32) -> Score;
    /// The inverse of [`to_tt`](Self::to_tt): a stored score read back at a
    /// node `ply` plies from the root.
    fn read_tt(self, ply: i32) -> Score;
}

impl TtScore for Score {
    #[inline]
    fn to_tt(self, ply: i32) -> Score {
        if self >= Score::MATE_BOUND {
            self + ply
        } else if self <= -Score::MATE_BOUND {
            self - ply
        } else {
            self
        }
    }
    #[inline]
    fn read_tt(self, ply: i32) -> Score {
        if self >= Score::MATE_BOUND {
            self - ply
        } else if self <= -Score::MATE_BOUND {
            self + ply
        } else {
            self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::TtScore;
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
    fn saturates_instead_of_overflowing() {
        assert_eq!(Score::mate_in(i32::MIN).to_tt(i32::MAX).raw(), i32::MAX);
        assert_eq!(Score::mated_in(i32::MIN).read_tt(i32::MAX).raw(), -1);
    }
}
