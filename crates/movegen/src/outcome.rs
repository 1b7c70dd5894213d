//! How a game ends: [`Outcome`] (the winner and the [`Termination`]), and
//! the rules that need no history (checkmate, stalemate, insufficient
//! material).

use ox88_board::{Board, Color, GameResult, Role, Square};
use std::fmt;
use std::str::FromStr;

/// How a game ended: the winner (none for a draw) and why, as
/// python-chess's `Outcome` says it.
///
/// ```
/// use ox88_board::{Color, GameResult};
/// use ox88_movegen::{Outcome, Termination};
/// let mate = Outcome::checkmate(Color::Black);
/// assert_eq!((mate.result(), mate.to_string()), (GameResult::Win(Color::Black), "0-1 {Black mates}".into()));
/// let flagged = Outcome { winner: Some(Color::White), termination: Termination::Timeout };
/// assert_eq!(flagged.result().to_string(), "1-0");
/// assert_eq!(Outcome::draw(Termination::Stalemate).winner, None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side that won, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: Termination,
}

/// Why a game ended (or may end, for the draws a player claims): the rules
/// a position decides ([`Position::outcome`](crate::Position::outcome)
/// gives those), and the ends the board cannot see, which whoever runs the
/// game decides (a resignation, a flag fall, a draw agreed).
///
/// [`as_str`](Self::as_str) and [`FromStr`] use the names the server's
/// JSON and the web page's games carry (`checkmate`, `fifty_moves`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
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
    /// A side ran out of time (a draw when the other cannot mate).
    Timeout,
    /// A side resigned.
    Resignation,
    /// The players agreed a draw.
    Agreement,
}

impl Termination {
    /// Every termination.
    pub const ALL: [Termination; 10] = [
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

    /// Whether a player must claim this draw (fifty moves, threefold
    /// repetition), rather than it ending the game by itself.
    pub fn is_claimable(self) -> bool {
        matches!(self, Termination::FiftyMoves | Termination::ThreefoldRepetition)
    }

    /// The name in snake case: `checkmate`, `fifty_moves`, `timeout`, ...
    ///
    /// ```
    /// use ox88_movegen::Termination;
    /// assert_eq!(Termination::ThreefoldRepetition.as_str(), "threefold_repetition");
    /// assert_eq!("timeout".parse(), Ok(Termination::Timeout));
    /// ```
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
}

/// [`Termination::as_str`]'s names.
impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Text that names no [`Termination`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown termination {text:?}: expected one of checkmate, stalemate, insufficient_material, fifty_moves, \
         seventy_five_moves, threefold_repetition, fivefold_repetition, timeout, resignation, agreement"
)]
pub struct ParseTerminationError {
    /// The text given.
    pub text: String,
}

impl FromStr for Termination {
    type Err = ParseTerminationError;
    fn from_str(text: &str) -> Result<Termination, ParseTerminationError> {
        let text = text.trim();
        Termination::ALL
            .into_iter()
            .find(|t| t.as_str() == text)
            .ok_or_else(|| ParseTerminationError { text: text.to_owned() })
    }
}

impl Outcome {
    /// `winner` checkmated the other side.
    pub const fn checkmate(winner: Color) -> Outcome {
        Outcome { winner: Some(winner), termination: Termination::Checkmate }
    }
    /// A draw, for `termination`'s reason.
    pub const fn draw(termination: Termination) -> Outcome {
        Outcome { winner: None, termination }
    }
    /// The game's result: a win for the winner, or a draw.
    pub fn result(self) -> GameResult {
        GameResult::from_winner(self.winner)
    }
    /// The outcome with this result and termination; `None` if the result
    /// is `*` (the game goes on).
    pub fn with_result(result: GameResult, termination: Termination) -> Option<Outcome> {
        match result {
            GameResult::Win(winner) => Some(Outcome { winner: Some(winner), termination }),
            GameResult::Draw => Some(Outcome::draw(termination)),
            GameResult::Unknown => None,
        }
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
        let side = |color: Color| format!("{color:?}");
        let reason = match (self.termination, self.winner) {
            (Termination::Checkmate, Some(winner)) => format!("{} mates", side(winner)),
            (Termination::Stalemate, _) => "Stalemate".into(),
            (Termination::InsufficientMaterial, _) => "Insufficient material".into(),
            (Termination::FiftyMoves, _) => "Fifty-move rule".into(),
            (Termination::SeventyFiveMoves, _) => "Seventy-five-move rule".into(),
            (Termination::ThreefoldRepetition, _) => "Threefold repetition".into(),
            (Termination::FivefoldRepetition, _) => "Fivefold repetition".into(),
            (Termination::Timeout, Some(winner)) => format!("{} wins on time", side(winner)),
            (Termination::Timeout, None) => "Time forfeit against a side that cannot be mated".into(),
            (Termination::Resignation, Some(winner)) => format!("{} resigns", side(!winner)),
            (Termination::Agreement, _) => "Draw agreed".into(),
            (termination, _) => termination.as_str().into(),
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
        let mate = Outcome::checkmate(Color::Black);
        assert_eq!(mate.result(), GameResult::Win(Color::Black));
        assert_eq!(mate.result().to_string(), "0-1");
        assert_eq!(mate.to_string(), "0-1 {Black mates}");
        let draw = Outcome::draw(Termination::ThreefoldRepetition);
        assert_eq!(draw.result(), GameResult::Draw);
        assert!(Termination::FiftyMoves.is_claimable());
        assert!(!Termination::FivefoldRepetition.is_claimable());
    }

    #[test]
    fn terminations_round_trip_through_their_names() {
        for termination in Termination::ALL {
            assert_eq!(termination.as_str().parse(), Ok(termination));
            for result in [GameResult::Win(Color::White), GameResult::Win(Color::Black), GameResult::Draw] {
                let outcome = Outcome::with_result(result, termination).expect("a finished game");
                assert_eq!((outcome.result(), outcome.termination), (result, termination));
            }
        }
        assert_eq!(Outcome::with_result(GameResult::Unknown, Termination::Checkmate), None);
        assert!("boredom".parse::<Termination>().unwrap_err().to_string().contains("\"boredom\""));
        let resigned = Outcome { winner: Some(Color::White), termination: Termination::Resignation };
        assert_eq!(resigned.to_string(), "1-0 {Black resigns}");
    }
}
