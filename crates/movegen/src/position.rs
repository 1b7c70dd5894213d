//! [`Position`]: a board with the moves that led to it, so that it can tell
//! whether the game is over (repetitions need the history).

use crate::outcome::{is_insufficient_material, DrawReason, Outcome, WinReason};
use crate::{IllegalMoveError, KeyHistory, MoveGen, Notation, ParseUciError, SanError};
use ox88_board::{Board, CastlingMode, Move, Undo};

/// A game in progress: the starting position, the moves played, the current
/// board and the keys of the earlier positions.
///
/// ```
/// use ox88_movegen::{DrawReason, Position, Outcome, WinReason};
/// use ox88_board::Color;
/// let mut game = Position::startpos();
/// for san in ["f3", "e5", "g4", "Qh4"] {
///     game.play_san(san)?;
/// }
/// assert_eq!(game.outcome(), Some(Outcome::Decisive { winner: Color::Black, reason: WinReason::Checkmate }));
/// game.undo();
/// assert_eq!(game.outcome(), None);
/// # Ok::<(), ox88_movegen::SanError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    start: Board,
    board: Board,
    moves: Vec<Move>,
    undos: Vec<Undo>,
    history: KeyHistory,
}

impl Position {
    /// A game from `start`, with no moves played. Earlier positions are
    /// unknown, so repetitions count from here.
    pub fn new(start: Board) -> Position {
        Position { board: start.clone(), start, moves: Vec::new(), undos: Vec::new(), history: KeyHistory::new() }
    }
    /// A game from the standard starting position.
    pub fn startpos() -> Position {
        Position::new(Board::startpos())
    }
    /// The position the game started from.
    pub fn start(&self) -> &Board {
        &self.start
    }
    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// The keys of the positions before the current one (to seed a
    /// search's history).
    pub fn history(&self) -> &KeyHistory {
        &self.history
    }

    /// Plays `m` if it is legal; otherwise leaves the game unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        let key = self.board.key();
        let undo = self.board.play(m)?;
        self.history.push(key);
        self.moves.push(m);
        self.undos.push(undo);
        Ok(())
    }
    /// Plays the move named in SAN.
    pub fn play_san(&mut self, san: &str) -> Result<Move, SanError> {
        let m = self.board.parse_san(san)?;
        self.play(m).expect("parse_san returns legal moves");
        Ok(m)
    }
    /// Plays the move named in UCI notation.
    pub fn play_uci(&mut self, uci: &str, mode: CastlingMode) -> Result<Move, ParseUciError> {
        let m = self.board.parse_uci(uci, mode)?;
        self.play(m).expect("parse_uci returns legal moves");
        Ok(m)
    }
    /// Takes back the last move, returning it (`None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let (m, undo) = (self.moves.pop()?, self.undos.pop()?);
        self.board.unmake_move(m, undo);
        self.history.pop();
        Some(m)
    }

    /// How many times the current position occurred before (same pieces,
    /// side to move, castling rights and en-passant possibility).
    pub fn repetitions(&self) -> usize {
        self.history.repetitions(self.board.key(), self.board.halfmove_clock())
    }

    /// The outcome if the game is over by itself: checkmate, stalemate,
    /// insufficient material, the 75-move rule or fivefold repetition.
    /// Draws that must be claimed are [`claimable_draw`](Self::claimable_draw).
    pub fn outcome(&self) -> Option<Outcome> {
        let board = &self.board;
        if !board.has_legal_moves() {
            return Some(if board.in_check() {
                Outcome::Decisive { winner: !board.side_to_move(), reason: WinReason::Checkmate }
            } else {
                Outcome::Draw { reason: DrawReason::Stalemate }
            });
        }
        let reason = if is_insufficient_material(board) {
            DrawReason::InsufficientMaterial
        } else if board.halfmove_clock() >= 150 {
            DrawReason::SeventyFiveMoves
        } else if self.repetitions() >= 4 {
            DrawReason::FivefoldRepetition
        } else {
            return None;
        };
        Some(Outcome::Draw { reason })
    }

    /// A draw the side to move may claim now: the fifty-move rule (100
    /// plies without a capture or pawn move) or threefold repetition. Claims
    /// that depend on the move about to be played are not considered.
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        if self.board.halfmove_clock() >= 100 {
            Some(DrawReason::FiftyMoves)
        } else if self.repetitions() >= 2 {
            Some(DrawReason::ThreefoldRepetition)
        } else {
            None
        }
    }

    /// The outcome when every claimable draw is claimed: [`outcome`](Self::outcome),
    /// else a [`claimable_draw`](Self::claimable_draw).
    pub fn outcome_with_claims(&self) -> Option<Outcome> {
        self.outcome().or_else(|| self.claimable_draw().map(|reason| Outcome::Draw { reason }))
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}
