//! [`EvalScore`]: an engine's score as a `[%eval ...]` comment writes it,
//! from White's point of view, and its conversions to and from the
//! point-of-view score ([`PovScore`]) engines and the client report.

use ox88_board::{Color, PovScore, Score};

/// An engine's score as a comment writes it, from White's point of view.
///
/// It converts from a [`PovScore`] (`EvalScore::from(pov)`: White's view,
/// a mate counted in moves), and back with [`to_pov`](Self::to_pov), which
/// needs the side to move to count a mate in plies again.
///
/// ```
/// use ox88_board::{Color, PovScore, Score};
/// use ox88_pgn::annotation::EvalScore;
/// // Black to move and better by 0.29: White's view is -0.29.
/// let reported = PovScore::new(Score::cp(29), Color::Black);
/// assert_eq!(EvalScore::from(reported), EvalScore::Centipawns(-29));
/// // Black to move, mated in 2 moves (White mates with its second move).
/// let mated = PovScore::new(Score::mated_in(4), Color::Black);
/// assert_eq!(EvalScore::from(mated), EvalScore::Mate(2));
/// assert_eq!(EvalScore::Mate(2).to_pov(Color::Black), mated);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EvalScore {
    /// Centipawns: `[%eval 0.17]` is 17, `[%eval -1.5]` is -150.
    Centipawns(i32),
    /// Mate in that many moves: positive when White mates (`#3`), negative
    /// when Black does (`#-3`).
    Mate(i32),
}

impl EvalScore {
    /// The score seen from `turn`, the side to move in the position the
    /// comment scores (as [`PovScore`] holds engine scores). A mate in `n`
    /// moves is `2n - 1` plies for the side that mates when it is to move,
    /// `2n` when the other side is; `#0` (or `#-0`) is the side to move
    /// checkmated.
    pub fn to_pov(self, turn: Color) -> PovScore {
        let score = match self {
            EvalScore::Centipawns(cp) => PovScore::new(Score::cp(cp), Color::White).pov(turn),
            // White's moves to mate, seen from `turn`.
            EvalScore::Mate(moves) if turn == Color::White => Score::from_mate_moves(moves),
            EvalScore::Mate(moves) => Score::from_mate_moves(moves.saturating_neg()),
        };
        PovScore::new(score, turn)
    }
}

/// White's view of `pov`: centipawns, or a mate in moves.
impl From<PovScore> for EvalScore {
    fn from(pov: PovScore) -> EvalScore {
        let white = pov.white();
        match (white.mate_moves(), white.centipawns()) {
            (Some(moves), _) => EvalScore::Mate(moves),
            (None, Some(cp)) => EvalScore::Centipawns(cp),
            // A score is a mate or has centipawns.
            (None, None) => EvalScore::Centipawns(white.raw()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_round_trip_through_white_s_view() {
        // Scores an engine reports: the side to move mates in an odd number
        // of plies, or is mated in an even number.
        let scores = [Score::cp(0), Score::cp(-450), Score::cp(17), Score::mate_in(1), Score::mate_in(5)]
            .into_iter()
            .chain([Score::mated_in(0), Score::mated_in(2), Score::mated_in(8), Score::mate_in(7)]);
        for score in scores {
            for turn in Color::ALL {
                let pov = PovScore::new(score, turn);
                let eval = EvalScore::from(pov);
                assert_eq!(eval.to_pov(turn), pov, "{score:?} {turn:?} {eval:?}");
                // The comment is White's view, whoever is to move.
                let white = match eval {
                    EvalScore::Centipawns(cp) => Score::cp(cp) == pov.white(),
                    EvalScore::Mate(moves) => Some(moves) == pov.white().mate_moves(),
                };
                assert!(white, "{score:?} {turn:?} {eval:?}");
            }
        }
        assert_eq!(EvalScore::from(PovScore::new(Score::mate_in(1), Color::Black)), EvalScore::Mate(-1));
        assert_eq!(EvalScore::Centipawns(-150).to_pov(Color::Black).relative(), Score::cp(150));
    }
}
