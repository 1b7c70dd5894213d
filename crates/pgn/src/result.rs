//! [`GameResult`]: the game termination marker ("1-0", "0-1", "1/2-1/2",
//! "*") and the `Result` tag's value.

use ox88_board::Color;
use ox88_movegen::Outcome;
use std::fmt;
use std::str::FromStr;

/// How a game ended, as PGN records it.
///
/// ```
/// use ox88_pgn::GameResult;
/// use ox88_board::Color;
/// assert_eq!("1/2-1/2".parse::<GameResult>(), Ok(GameResult::Draw));
/// assert_eq!(GameResult::Win(Color::Black).to_string(), "0-1");
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
    /// The marker as PGN writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::Win(Color::White) => "1-0",
            GameResult::Win(Color::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a marker: the four of the standard, and "1/2" and "½-½" as
    /// people also write a draw.
    pub fn from_ascii(text: &[u8]) -> Option<GameResult> {
        Some(match text {
            b"1-0" => GameResult::Win(Color::White),
            b"0-1" => GameResult::Win(Color::Black),
            b"1/2-1/2" | b"1/2" | [0xc2, 0xbd, b'-', 0xc2, 0xbd] => GameResult::Draw,
            b"*" => GameResult::Unknown,
            _ => return None,
        })
    }

    /// The winner, if one side won.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::Win(color) => Some(color),
            _ => None,
        }
    }
}

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        match outcome.winner() {
            Some(color) => GameResult::Win(color),
            None => GameResult::Draw,
        }
    }
}

/// Text that is not a game termination marker.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid game result {0:?}: expected \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\"")]
pub struct ParseResultError(pub String);

impl FromStr for GameResult {
    type Err = ParseResultError;
    fn from_str(text: &str) -> Result<GameResult, ParseResultError> {
        GameResult::from_ascii(text.trim().as_bytes()).ok_or_else(|| ParseResultError(text.to_owned()))
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
    fn round_trips_and_sloppy_draws() {
        for r in [GameResult::Win(Color::White), GameResult::Win(Color::Black), GameResult::Draw, GameResult::Unknown] {
            assert_eq!(r.as_str().parse::<GameResult>(), Ok(r));
        }
        assert_eq!(GameResult::from_ascii(b"1/2"), Some(GameResult::Draw));
        assert_eq!(GameResult::from_ascii("½-½".as_bytes()), Some(GameResult::Draw));
        assert!("2-0".parse::<GameResult>().is_err());
    }
}
