//! Where self-play games start: random plies after the standard start, a
//! Chess960 arrangement, or a line of an opening book.

use ox88_board::{Board, CastlingMode, Random};
use ox88_movegen::{Epd, MoveGen, Position};
use ox88_train::chain;

/// The kinds of start, and how many random plies follow each.
pub struct Openings {
    /// Percent of games from a Chess960 arrangement.
    pub chess960_percent: usize,
    /// Positions of an EPD book, if one was given.
    pub book: Vec<Board>,
}

/// A game's start.
pub struct Start {
    /// The game after the random plies (its moves: the chain's opening).
    pub game: Position,
    /// The position before the random plies, as the chain stores it.
    pub origin: chain::ChainStart,
    /// Chess960 when it began from a Chess960 arrangement (other than the standard one).
    pub castling: CastlingMode,
}

impl Openings {
    /// Reads the book's positions (the first four fields of each line).
    pub fn read_book(path: &str) -> Result<Vec<Board>, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let boards: Vec<Board> = Epd::read_lines(&text)
            .map(|(number, epd)| epd.map(|epd| epd.board).map_err(|e| format!("{path}:{number}: {e}")))
            .collect::<Result<_, _>>()?;
        if boards.is_empty() {
            return Err(format!("{path}: no positions"));
        }
        Ok(boards)
    }

    /// A random start whose side to move has legal moves, or `None` when the
    /// random plies ran into the end of the game (the caller draws again).
    pub fn draw(&self, random: &mut Random) -> Option<Start> {
        let roll = random.below(100);
        let (origin, plies, castling) = if !self.book.is_empty() && roll < 30 {
            let board = self.book[random.below(self.book.len())].clone();
            (chain::ChainStart::Position(Box::new(board)), 2, CastlingMode::Standard)
        } else if roll >= 100 - self.chess960_percent {
            let number = random.below(960) as u16;
            let castling = if number == 518 { CastlingMode::Standard } else { CastlingMode::Chess960 };
            (chain::ChainStart::Arrangement(number), 6 + random.below(2), castling)
        } else {
            (chain::ChainStart::Arrangement(518), 8 + random.below(2), CastlingMode::Standard)
        };
        let mut game = Position::new(origin.board().expect("an arrangement below 960"));
        for _ in 0..plies {
            let moves = game.board().legal_moves();
            if moves.is_empty() {
                return None;
            }
            game.play(moves[random.below(moves.len())]).expect("a generated move is legal");
        }
        (game.board().has_legal_moves() && game.outcome_or_claimable_draw().is_none()).then_some(Start {
            game,
            origin,
            castling,
        })
    }
}
