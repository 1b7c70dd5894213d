//! How a game ends: [`Outcome`], and the rules that need no history
//! (checkmate, stalemate, insufficient material).

use ox88_board::{Board, Color, GameResult, Role, Square};
use std::fmt;

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The side that won.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

/// Why a game was won, as far as the position tells (resignation and time
/// forfeits belong to whoever runs the clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser is in check and has no legal move.
    Checkmate,
}

/// Why a game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can ever mate (K v K, K+minor v K, bishops all on
    /// squares of one colour).
    InsufficientMaterial,
    /// 100 plies without a capture or pawn move: a player may claim the draw.
    FiftyMoves,
    /// 150 plies without a capture or pawn move: drawn automatically.
    SeventyFiveMoves,
    /// The position occurred for the third time: a player may claim the draw.
    ThreefoldRepetition,
    /// The position occurred for the fifth time: drawn automatically.
    FivefoldRepetition,
}

impl DrawReason {
    /// Whether a player must claim this draw (fifty moves, threefold
    /// repetition), rather than it ending the game by itself.
    pub fn is_claimable(self) -> bool {
        matches!(self, DrawReason::FiftyMoves | DrawReason::ThreefoldRepetition)
    }
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
    /// The game's result: a win for the winner, or a draw.
    pub fn result(self) -> GameResult {
        GameResult::from_winner(self.winner())
    }
}

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        outcome.result()
    }
}

impl fmt::Display for Outcome {
    /// The PGN result with the reason, as UCI GUIs and PGN comments show it:
    /// "1-0 {White mates}".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = match self {
            Outcome::Decisive { winner: Color::White, .. } => "White mates",
            Outcome::Decisive { winner: Color::Black, .. } => "Black mates",
            Outcome::Draw { reason } => match reason {
                DrawReason::Stalemate => "Stalemate",
                DrawReason::InsufficientMaterial => "Insufficient material",
                DrawReason::FiftyMoves => "Fifty-move rule",
                DrawReason::SeventyFiveMoves => "Seventy-five-move rule",
                DrawReason::ThreefoldRepetition => "Threefold repetition",
                DrawReason::FivefoldRepetition => "Fivefold repetition",
            },
        };
        write!(f, "{} {{{reason}}}", self.result())
    }
}

/// Whether neither side can ever checkmate, whatever is played: no pawns,
/// rooks or queens, and either at most one minor piece in all, or only
/// bishops, all standing on squares of one colour.
///
/// ```
/// use ox88_board::Board;
/// use ox88_movegen::is_insufficient_material;
/// let same_colour: Board = "4k3/8/8/2b5/8/8/8/2B1K3 w - - 0 1".parse().unwrap();
/// assert!(is_insufficient_material(&same_colour));
/// let opposite: Board = "4k3/8/8/3b4/8/8/8/2B1K3 w - - 0 1".parse().unwrap();
/// assert!(!is_insufficient_material(&opposite));
/// ```
pub fn is_insufficient_material(board: &Board) -> bool {
    let mut minors = 0;
    let mut knights = 0;
    let mut bishop_colours = [false; 2];
    for color in Color::ALL {
        for &square in board.pieces(color) {
            match board.piece_at(square).map(|p| p.role()) {
                Some(Role::King) => {}
                Some(Role::Knight) => {
                    minors += 1;
                    knights += 1;
                }
                Some(Role::Bishop) => {
                    minors += 1;
                    bishop_colours[usize::from(Square::is_light(square))] = true;
                }
                _ => return false,
            }
        }
    }
    minors <= 1 || (knights == 0 && !(bishop_colours[0] && bishop_colours[1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn insufficient(fen: &str) -> bool {
        is_insufficient_material(&fen.parse().expect("valid FEN"))
    }

    #[test]
    fn material_that_cannot_mate() {
        assert!(insufficient("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        assert!(insufficient("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"));
        assert!(insufficient("4k3/8/8/8/8/8/8/4KB2 b - - 0 1"));
        assert!(insufficient("4kb2/8/8/8/8/8/8/4K3 w - - 0 1"));
        // Bishops on f1 (light) and c8 (light).
        assert!(insufficient("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1"));
    }

    #[test]
    fn material_that_can_mate() {
        assert!(!insufficient("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1"));
        assert!(!insufficient("4k3/8/8/8/8/8/8/3NKB2 w - - 0 1"));
        assert!(!insufficient("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1"));
        // Bishops on f1 (light) and f8 (dark).
        assert!(!insufficient("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1"));
        assert!(!insufficient("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
        assert!(!insufficient("4k3/8/8/8/8/8/8/4K2R w - - 0 1"));
        assert!(!insufficient("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
    }

    #[test]
    fn results_and_claims() {
        let mate = Outcome::Decisive { winner: Color::Black, reason: WinReason::Checkmate };
        assert_eq!(mate.result(), GameResult::Win(Color::Black));
        assert_eq!(mate.result().to_string(), "0-1");
        assert_eq!(mate.to_string(), "0-1 {Black mates}");
        let draw = Outcome::Draw { reason: DrawReason::ThreefoldRepetition };
        assert_eq!(draw.result(), GameResult::Draw);
        assert!(DrawReason::FiftyMoves.is_claimable());
        assert!(!DrawReason::FivefoldRepetition.is_claimable());
    }
}
