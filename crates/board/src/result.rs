//! [`GameResult`]: how a game ended, as PGN, CECP and GUIs write it ("1-0",
//! "0-1", "1/2-1/2", "*"). The one result type of every crate.

use crate::Color;
use std::fmt;
use std::str::FromStr;

/// How a game ended: a win for one side, a draw, or not known (in progress,
/// abandoned, or never recorded).
///
/// It reads and writes the four game termination markers of PGN, which are
/// also CECP's `result` words and what the UCI GUIs show.
///
/// ```
/// use ox88_board::{Color, GameResult};
/// assert_eq!("1/2-1/2".parse::<GameResult>(), Ok(GameResult::Draw));
/// assert_eq!(GameResult::Win(Color::Black).to_string(), "0-1");
/// assert_eq!(GameResult::from_winner(Some(Color::White)), GameResult::Win(Color::White));
/// assert_eq!(GameResult::Draw.score_for(Color::White), Some(0.5));
/// assert!("2-0".parse::<GameResult>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// "1-0" or "0-1": that side won.
    Win(Color),
    /// "1/2-1/2".
    Draw,
    /// "*": in progress, abandoned or unknown.
    #[default]
    Unknown,
}

impl GameResult {
    /// The four results, for tests and tables.
    pub const ALL: [GameResult; 4] =
        [GameResult::Win(Color::White), GameResult::Win(Color::Black), GameResult::Draw, GameResult::Unknown];

    /// The marker as PGN writes it: "1-0", "0-1", "1/2-1/2" or "*".
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::Win(Color::White) => "1-0",
            GameResult::Win(Color::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result of a finished game won by `winner` (`None`: a draw).
    pub const fn from_winner(winner: Option<Color>) -> GameResult {
        match winner {
            Some(color) => GameResult::Win(color),
            None => GameResult::Draw,
        }
    }

    /// The winner, if one side won.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::Win(color) => Some(color),
            _ => None,
        }
    }

    /// Whether the game is over: a win or a draw, not [`Unknown`](Self::Unknown).
    pub const fn is_finished(self) -> bool {
        !matches!(self, GameResult::Unknown)
    }

    /// The points `color` scored: 1, 0.5 or 0, or `None` if the game is not
    /// finished. `score_for(Color::White)` is the label training data wants.
    pub fn score_for(self, color: Color) -> Option<f32> {
        match self {
            GameResult::Win(winner) if winner == color => Some(1.0),
            GameResult::Win(_) => Some(0.0),
            GameResult::Draw => Some(0.5),
            GameResult::Unknown => None,
        }
    }
}

/// Text that is not one of the four game results.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid game result {text:?}: expected \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\"")]
pub struct ParseGameResultError {
    /// The text given.
    pub text: String,
}

/// Reads one of the four markers exactly, with surrounding whitespace
/// allowed. (PGN readers that accept sloppier draws, like "1/2", do so
/// themselves.)
impl FromStr for GameResult {
    type Err = ParseGameResultError;
    fn from_str(text: &str) -> Result<GameResult, ParseGameResultError> {
        GameResult::ALL
            .into_iter()
            .find(|result| result.as_str() == text.trim())
            .ok_or_else(|| ParseGameResultError { text: text.to_owned() })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_result() {
        for result in GameResult::ALL {
            assert_eq!(result.to_string().parse::<GameResult>(), Ok(result));
            assert_eq!(format!(" {result}\n").parse::<GameResult>(), Ok(result));
        }
    }

    #[test]
    fn refuses_other_text_and_names_it() {
        for bad in ["", "1/2", "2-0", "1-0 0-1", "½-½"] {
            assert_eq!(bad.parse::<GameResult>(), Err(ParseGameResultError { text: bad.to_owned() }));
        }
        let message = "1-1".parse::<GameResult>().unwrap_err().to_string();
        assert!(message.contains("\"1-1\""), "{message}");
    }

    #[test]
    fn winners_and_scores() {
        assert_eq!(GameResult::from_winner(None), GameResult::Draw);
        assert_eq!(GameResult::Win(Color::Black).winner(), Some(Color::Black));
        assert_eq!(GameResult::Draw.winner(), None);
        assert_eq!(GameResult::Win(Color::Black).score_for(Color::White), Some(0.0));
        assert_eq!(GameResult::Win(Color::Black).score_for(Color::Black), Some(1.0));
        assert_eq!(GameResult::Unknown.score_for(Color::White), None);
        assert!(!GameResult::Unknown.is_finished() && GameResult::Draw.is_finished());
    }
}
