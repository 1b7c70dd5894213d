//! Ending games early on the engines' own scores, as cutechess and
//! fastchess do: resignation when an engine sees itself lost (and, with
//! `twosided`, its opponent agrees) for some moves, a draw when both see
//! equality for some moves past a move number, and a maximum game length.

use crate::config::{Config, DrawRule, ResignRule};
use ox88_board::GameResult;
use ox88_board::{ByColor, Color};

/// The score history of one game, and the rules to judge it by.
pub struct Adjudicator {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    maxmoves: Option<u32>,
    /// Each side's scores of its own moves, most recent last (`None`: the
    /// engine gave no score).
    scores: ByColor<Vec<Option<i32>>>,
}

impl Adjudicator {
    pub fn new(config: &Config) -> Adjudicator {
        Adjudicator { resign: config.resign, draw: config.draw, maxmoves: config.maxmoves, scores: ByColor::default() }
    }

    /// A draw once the game has `maxmoves` moves (each side's), counting
    /// from the start position of the game.
    pub fn max_moves(&self, plies: usize) -> Option<String> {
        let max = self.maxmoves?;
        (plies >= 2 * max as usize).then(|| format!("Draw by adjudication: {max} moves played"))
    }

    /// Records the score of `side`'s move (centipawns from its side) and
    /// judges the game; `fullmove` is the move number now.
    pub fn after_move(&mut self, side: Color, score: Option<i32>, fullmove: u16) -> Option<(GameResult, String)> {
        self.scores[side].push(score);
        if let Some(rule) = self.resign {
            for loser in Color::ALL {
                let lost = last(&self.scores[loser], rule.movecount, |s| s <= -rule.score);
                let agreed = !rule.twosided || last(&self.scores[!loser], rule.movecount, |s| s >= rule.score);
                if lost && agreed {
                    let result = loser.fold(GameResult::Win(Color::Black), GameResult::Win(Color::White));
                    return Some((result, format!("{} wins by adjudication", loser.fold("Black", "White"))));
                }
            }
        }
        if let Some(rule) = self.draw {
            let quiet = |c: Color| last(&self.scores[c], rule.movecount, |s| s.abs() <= rule.score);
            if u32::from(fullmove) >= rule.movenumber && quiet(Color::White) && quiet(Color::Black) {
                return Some((GameResult::Draw, "Draw by adjudication".into()));
            }
        }
        None
    }
}

/// Whether the last `count` scores exist and all satisfy `test`.
fn last(scores: &[Option<i32>], count: u32, test: impl Fn(i32) -> bool) -> bool {
    let count = count.max(1) as usize;
    scores.len() >= count && scores[scores.len() - count..].iter().all(|s| s.is_some_and(&test))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse;

    fn adjudicator(options: &str) -> Adjudicator {
        let line = format!("-engine cmd=a -engine cmd=b {options}");
        let args: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        Adjudicator::new(&parse(&args).unwrap().unwrap())
    }

    #[test]
    fn resignation_needs_consecutive_lost_scores() {
        let mut a = adjudicator("-resign movecount=2 score=500");
        assert_eq!(a.after_move(Color::White, Some(-600), 10), None);
        assert_eq!(a.after_move(Color::Black, Some(600), 10), None);
        assert_eq!(a.after_move(Color::White, Some(-700), 11).map(|r| r.0), Some(GameResult::Win(Color::Black)));
        let mut a = adjudicator("-resign movecount=2 score=500 twosided=true");
        a.after_move(Color::White, Some(-600), 10);
        a.after_move(Color::Black, Some(100), 10);
        a.after_move(Color::White, Some(-600), 11);
        assert_eq!(a.after_move(Color::Black, Some(100), 11), None, "the opponent does not agree");
        let mut a = adjudicator("-resign movecount=2 score=500");
        a.after_move(Color::White, Some(-600), 10);
        a.after_move(Color::White, None, 11);
        assert_eq!(a.after_move(Color::White, Some(-600), 12), None, "a missing score breaks the run");
    }

    #[test]
    fn draws_after_the_move_number() {
        let mut a = adjudicator("-draw movenumber=20 movecount=2 score=10");
        for fullmove in 1..20 {
            assert_eq!(a.after_move(Color::White, Some(0), fullmove), None);
            assert_eq!(a.after_move(Color::Black, Some(5), fullmove), None);
        }
        assert_eq!(a.after_move(Color::White, Some(3), 20).map(|r| r.0), Some(GameResult::Draw));
        let a = adjudicator("-maxmoves 40");
        assert!(a.max_moves(79).is_none() && a.max_moves(80).is_some());
    }
}
