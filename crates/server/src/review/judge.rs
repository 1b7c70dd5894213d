//! lichess's published measures of a move, computed here: the winning
//! chances of a score, the judgement of a move by the winning chances it
//! gives away (inaccuracy, mistake, blunder), and the accuracy of a move
//! and of a game.
//!
//! The formulas and constants are lichess's (lichess.org/page/accuracy; its
//! source, lila's `WinPercent`, `Advice` and `AccuracyPercent`):
//!
//! - winning chances `2 / (1 + exp(-0.00368208 · cp)) − 1`, in [−1, 1];
//!   Win% is `50 + 50 · chances` with the centipawns held within ±1000 (a
//!   mate counts as ±1000);
//! - a move that lowers its side's winning chances by 0.3 or more is a
//!   blunder, 0.2 a mistake, 0.1 an inaccuracy; where a mate appears or is
//!   lost, the judgement follows the score on the other side (a mate let in
//!   from −10 or worse is an inaccuracy, from −7 a mistake, else a blunder;
//!   a mate let go to +10 or better is an inaccuracy, to +7 a mistake, else a
//!   blunder);
//! - a move's accuracy `103.1668100711649 · exp(−0.04354415386753951 · loss)
//!   − 3.166924740191411 + 1` (within 0 and 100), where `loss` is the Win% it
//!   gives away;
//! - a player's accuracy: the mean of the mean of their moves' accuracies
//!   weighted by how much the Win% moves around them (the standard deviation
//!   of Win% over a window of `plies / 10` positions, 2 to 8, held within 0.5
//!   and 12) and their harmonic mean.
//!
//! Where lila starts a game's Win% list from a fixed +0.15, this starts from
//! the evaluation of the game's own first position (games here may start
//! from any position).

use ox88::board::{ByColor, Color};
use ox88::pgn::annotation::EvalScore;
use serde::Serialize;
use utoipa::ToSchema;

/// The centipawns Win% and accuracy are computed within (a mate counts as
/// this many).
pub const CEILING: i32 = 1000;

/// The winning chances of White at `cp` centipawns (White's view), from −1
/// (lost) to 1 (won).
///
/// ```
/// use ox88_server::review::judge::winning_chances;
/// assert_eq!(winning_chances(0), 0.0);
/// assert!((winning_chances(100) - 0.1820).abs() < 1e-4);
/// assert!((winning_chances(-100) + winning_chances(100)).abs() < 1e-12);
/// ```
pub fn winning_chances(cp: i32) -> f64 {
    const MULTIPLIER: f64 = -0.003_682_08;
    (2.0 / (1.0 + (MULTIPLIER * f64::from(cp)).exp()) - 1.0).clamp(-1.0, 1.0)
}

/// White's centipawns for `score`, a mate counting as [`CEILING`], within
/// ±[`CEILING`].
pub fn ceiled_cp(score: EvalScore) -> i32 {
    match score {
        EvalScore::Centipawns(cp) => cp.clamp(-CEILING, CEILING),
        EvalScore::Mate(moves) if moves > 0 => CEILING,
        EvalScore::Mate(_) => -CEILING,
    }
}

/// White's Win% at `score`, from 0 to 100.
pub fn win_percent(score: EvalScore) -> f64 {
    50.0 + 50.0 * winning_chances(ceiled_cp(score))
}

/// How bad a move was, by the winning chances it gave away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    /// 0.1 of the winning chances given away (`?!`).
    Inaccuracy,
    /// 0.2 (`?`).
    Mistake,
    /// 0.3 or more (`??`).
    Blunder,
}

impl Judgement {
    /// The judgement's name: `Inaccuracy`, `Mistake`, `Blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }

    /// Its PGN annotation: `?!`, `?`, `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

/// The mover's centipawns and mate (a score is one or the other).
fn mover_view(score: EvalScore, mover: Color) -> (Option<i32>, Option<i32>) {
    let sign = mover.fold(1, -1);
    match score {
        EvalScore::Centipawns(cp) => (Some(cp.saturating_mul(sign)), None),
        EvalScore::Mate(moves) => (None, Some(moves.saturating_mul(sign))),
    }
}

/// The judgement of `mover`'s move from a position scored `before` to one
/// scored `after` (both White's view), or `None` for a good enough move.
///
/// ```
/// use ox88::board::Color;
/// use ox88::pgn::annotation::EvalScore::{Centipawns, Mate};
/// use ox88_server::review::judge::{judge, Judgement};
/// assert_eq!(judge(Centipawns(30), Centipawns(-250), Color::White), Some(Judgement::Blunder));
/// assert_eq!(judge(Centipawns(30), Centipawns(-250), Color::Black), None, "Black gained");
/// assert_eq!(judge(Centipawns(-200), Mate(-4), Color::White), Some(Judgement::Blunder), "a mate let in");
/// ```
pub fn judge(before: EvalScore, after: EvalScore, mover: Color) -> Option<Judgement> {
    let (before_cp, before_mate) = mover_view(before, mover);
    let (after_cp, after_mate) = mover_view(after, mover);
    if let (Some(before_cp), Some(after_cp)) = (before_cp, after_cp) {
        let lost = winning_chances(before_cp) - winning_chances(after_cp);
        return [(0.3, Judgement::Blunder), (0.2, Judgement::Mistake), (0.1, Judgement::Inaccuracy)]
            .into_iter()
            .find(|&(threshold, _)| lost >= threshold)
            .map(|(_, judgement)| judgement);
    }
    // A mate on one side or both: judged by whether a mate was let in or let go.
    let let_in = before_mate.is_none() && after_mate.is_some_and(|m| m < 0);
    let let_go = before_mate.is_some_and(|m| m > 0) && after_mate.is_none_or(|m| m < 0);
    // The mover's score on the side without the mate (0 when both are mates).
    let cp = if let_in {
        -before_cp.unwrap_or(0)
    } else if let_go {
        after_cp.unwrap_or(0)
    } else {
        return None;
    };
    Some(if cp > 999 {
        Judgement::Inaccuracy
    } else if cp > 700 {
        Judgement::Mistake
    } else {
        Judgement::Blunder
    })
}

/// The accuracy of a move that took its side's Win% from `before` to
/// `after` (both the mover's), from 0 to 100.
///
/// ```
/// use ox88_server::review::judge::move_accuracy;
/// assert_eq!(move_accuracy(60.0, 60.0), 100.0);
/// assert_eq!(move_accuracy(60.0, 70.0), 100.0, "nothing given away");
/// assert!((move_accuracy(60.0, 50.0) - 64.58).abs() < 0.01);
/// ```
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let raw = 103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * (before - after)).exp() - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// Each side's accuracy over a game: `wins` holds White's Win% in each
/// position, from the first (before `first_mover` moves) to the last; `None`
/// for a side that made no move.
pub fn game_accuracy(first_mover: Color, wins: &[f64]) -> ByColor<Option<f64>> {
    let moves = wins.len().saturating_sub(1);
    if moves == 0 {
        return ByColor::new(None, None);
    }
    let window = (moves / 10).clamp(2, 8).min(wins.len());
    // One weight per move: the first moves share the first window.
    let weights = (0..moves).map(|i| {
        let start = (i + 1).saturating_sub(window - 1).min(wins.len() - window);
        standard_deviation(&wins[start..start + window]).clamp(0.5, 12.0)
    });
    let mut per_side: ByColor<Vec<(f64, f64)>> = ByColor::default();
    for (i, weight) in weights.enumerate() {
        let mover = if i % 2 == 0 { first_mover } else { !first_mover };
        let (before, after) = match mover {
            Color::White => (wins[i], wins[i + 1]),
            Color::Black => (100.0 - wins[i], 100.0 - wins[i + 1]),
        };
        per_side[mover].push((move_accuracy(before, after), weight));
    }
    per_side.map(|moves| {
        if moves.is_empty() {
            return None;
        }
        let weighted = moves.iter().map(|(a, w)| a * w).sum::<f64>() / moves.iter().map(|(_, w)| w).sum::<f64>();
        let harmonic = moves.len() as f64 / moves.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
        Some((weighted + harmonic) / 2.0)
    })
}

/// The population standard deviation of `values`.
fn standard_deviation(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use EvalScore::{Centipawns as Cp, Mate};

    #[test]
    fn the_thresholds_are_on_the_winning_chances_given_away() {
        // From level, 0.1 of the chances is about 55 cp, 0.2 about 110, 0.3 about 168.
        assert_eq!(judge(Cp(0), Cp(-50), Color::White), None);
        assert_eq!(judge(Cp(0), Cp(-60), Color::White), Some(Judgement::Inaccuracy));
        assert_eq!(judge(Cp(0), Cp(-120), Color::White), Some(Judgement::Mistake));
        assert_eq!(judge(Cp(0), Cp(-180), Color::White), Some(Judgement::Blunder));
        assert_eq!(judge(Cp(0), Cp(180), Color::Black), Some(Judgement::Blunder), "Black's view");
        // The same 300 cp matter less when the game is decided.
        assert_eq!(judge(Cp(1000), Cp(700), Color::White), None);
        assert_eq!(judge(Cp(200), Cp(-100), Color::White), Some(Judgement::Blunder));
    }

    #[test]
    fn mates_let_in_or_let_go_are_judged_by_the_score_on_the_other_side() {
        assert_eq!(judge(Cp(-1200), Mate(-5), Color::White), Some(Judgement::Inaccuracy), "already lost");
        assert_eq!(judge(Cp(-800), Mate(-5), Color::White), Some(Judgement::Mistake));
        assert_eq!(judge(Cp(100), Mate(-5), Color::White), Some(Judgement::Blunder));
        assert_eq!(judge(Mate(3), Cp(1500), Color::White), Some(Judgement::Inaccuracy), "still winning");
        assert_eq!(judge(Mate(3), Cp(800), Color::White), Some(Judgement::Mistake));
        assert_eq!(judge(Mate(3), Cp(100), Color::White), Some(Judgement::Blunder));
        assert_eq!(judge(Mate(3), Mate(-2), Color::White), Some(Judgement::Blunder), "from mating to mated");
        assert_eq!(judge(Mate(-3), Cp(-500), Color::Black), Some(Judgement::Blunder), "Black let its mate go");
        assert_eq!(judge(Mate(3), Mate(4), Color::White), None, "a slower mate is no judgement");
        assert_eq!(judge(Mate(-3), Mate(-2), Color::White), None, "mated either way");
        assert_eq!(judge(Cp(50), Mate(2), Color::White), None, "a mate found");
    }

    #[test]
    fn win_percent_holds_scores_within_the_ceiling() {
        assert_eq!(win_percent(Cp(0)), 50.0);
        assert_eq!(win_percent(Cp(5_000)), win_percent(Cp(1_000)));
        assert_eq!(win_percent(Mate(2)), win_percent(Cp(1_000)));
        assert_eq!(win_percent(Mate(-1)), win_percent(Cp(-1_000)));
        assert!(win_percent(Cp(1_000)) > 97.0 && win_percent(Cp(1_000)) < 98.0);
    }

    #[test]
    fn a_flawless_game_is_all_but_100_and_a_blunder_costs_its_side_alone() {
        let level = [50.0; 21];
        let accuracy = game_accuracy(Color::White, &level);
        assert_eq!((accuracy.white, accuracy.black), (Some(100.0), Some(100.0)));
        // Black's 11th move (ply 21 of 0..) gives away 40 points of Win%.
        let mut wins = vec![50.0; 30];
        for win in &mut wins[22..] {
            *win = 90.0;
        }
        let accuracy = game_accuracy(Color::White, &wins);
        assert_eq!(accuracy.white, Some(100.0));
        let black = accuracy.black.expect("Black moved");
        assert!(black < 90.0 && black > 40.0, "{black}");
        // One move each way: White's only move, then Black's.
        let accuracy = game_accuracy(Color::Black, &[50.0, 50.0]);
        assert_eq!((accuracy.white, accuracy.black), (None, Some(100.0)));
        assert_eq!(game_accuracy(Color::White, &[50.0]), ByColor::new(None, None));
    }
}
