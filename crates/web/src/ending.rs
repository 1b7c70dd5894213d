//! [`Ending`]: how a friend game ended, in words a page shows and a PGN's
//! `Termination` and `Result` tags carry.

use ox88_board::Color;
use ox88_movegen::DrawReason;
use serde::{Deserialize, Serialize};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can mate.
    InsufficientMaterial,
    /// Fifty moves by each side without a capture or a pawn move.
    FiftyMoves,
    /// Seventy-five moves by each side without a capture or a pawn move.
    SeventyFiveMoves,
    /// The same position for the third time.
    ThreefoldRepetition,
    /// The same position for the fifth time.
    FivefoldRepetition,
    /// A side ran out of time.
    Timeout,
    /// A side resigned.
    Resignation,
    /// The players agreed a draw.
    Agreement,
}

impl Termination {
    /// The name stored and sent (`checkmate`, `timeout`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient_material",
            Termination::FiftyMoves => "fifty_moves",
            Termination::SeventyFiveMoves => "seventy_five_moves",
            Termination::ThreefoldRepetition => "threefold_repetition",
            Termination::FivefoldRepetition => "fivefold_repetition",
            Termination::Timeout => "timeout",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
        }
    }

    /// The termination named `text` (as [`as_str`](Self::as_str) writes it).
    pub fn parse(text: &str) -> Option<Termination> {
        ALL.into_iter().find(|t| t.as_str() == text)
    }
}

const ALL: [Termination; 10] = [
    Termination::Checkmate,
    Termination::Stalemate,
    Termination::InsufficientMaterial,
    Termination::FiftyMoves,
    Termination::SeventyFiveMoves,
    Termination::ThreefoldRepetition,
    Termination::FivefoldRepetition,
    Termination::Timeout,
    Termination::Resignation,
    Termination::Agreement,
];

impl From<DrawReason> for Termination {
    fn from(reason: DrawReason) -> Termination {
        match reason {
            DrawReason::Stalemate => Termination::Stalemate,
            DrawReason::InsufficientMaterial => Termination::InsufficientMaterial,
            DrawReason::FiftyMoves => Termination::FiftyMoves,
            DrawReason::SeventyFiveMoves => Termination::SeventyFiveMoves,
            DrawReason::ThreefoldRepetition => Termination::ThreefoldRepetition,
            DrawReason::FivefoldRepetition => Termination::FivefoldRepetition,
        }
    }
}

/// How a game ended: the winner (none for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The side that won, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: Termination,
}

impl Ending {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The ending for a stored result and termination, if they agree.
    pub fn parse(result: &str, termination: &str) -> Option<Ending> {
        let winner = match result {
            "1-0" => Some(Color::White),
            "0-1" => Some(Color::Black),
            "1/2-1/2" => None,
            _ => return None,
        };
        Some(Ending { winner, termination: Termination::parse(termination)? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_round_trip_through_their_stored_text() {
        for termination in ALL {
            for winner in [Some(Color::White), Some(Color::Black), None] {
                let ending = Ending { winner, termination };
                assert_eq!(Ending::parse(ending.result(), termination.as_str()), Some(ending));
            }
        }
        assert_eq!(Ending::parse("1-1", "checkmate"), None);
        assert_eq!(Ending::parse("1-0", "boredom"), None);
    }
}
