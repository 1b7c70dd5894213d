//! Where self-play games start: random plies after the standard start, a
//! Chess960 arrangement, or a line of an opening book.

use ox88_board::{Board, CastlingMode, Random};
use ox88_movegen::{Epd, MoveGen, Position};
use ox88_train::chain;

/// A game from the standard start begins with 8 to 12 random plies (the
/// range Carp's and Svart's generators use; both found opening books
/// worse), each length as likely.
const MIN_RANDOM_PLIES: usize = 8;
const MAX_RANDOM_PLIES: usize = 12;

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
            let plies = MIN_RANDOM_PLIES + random.below(MAX_RANDOM_PLIES - MIN_RANDOM_PLIES + 1);
            (chain::ChainStart::Arrangement(518), plies, CastlingMode::Standard)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_starts_have_8_to_12_random_plies_the_same_for_a_seed() {
        let openings = Openings { chess960_percent: 0, book: Vec::new() };
        let draw_all = |seed| {
            let mut random = Random::new(seed);
            (0..300).filter_map(|_| openings.draw(&mut random)).map(|s| s.game).collect::<Vec<Position>>()
        };
        let games = draw_all(7);
        assert!(games.len() > 290, "{} of 300 starts played", games.len());
        let mut lengths = [0; 13];
        for game in &games {
            lengths[game.moves().len()] += 1;
            assert!(game.board().has_legal_moves());
        }
        assert_eq!(lengths[..8].iter().sum::<usize>(), 0, "{lengths:?}");
        assert!(lengths[8..].iter().all(|&n| n > 30), "each length about a fifth: {lengths:?}");
        // The same seed draws the same starts, another seed others.
        let keys = |games: &[Position]| games.iter().map(|g| g.board().key()).collect::<Vec<_>>();
        assert_eq!(keys(&draw_all(7)), keys(&games));
        assert_ne!(keys(&draw_all(8)), keys(&games));
    }

    #[test]
    fn chess960_starts_have_6_or_7_random_plies_from_an_arrangement() {
        let openings = Openings { chess960_percent: 100, book: Vec::new() };
        let mut random = Random::new(11);
        for start in (0..50).filter_map(|_| openings.draw(&mut random)) {
            let plies = start.game.moves().len();
            assert!((6..=7).contains(&plies), "{plies} plies");
            assert!(matches!(start.origin, chain::ChainStart::Arrangement(n) if n < 960));
        }
    }
}
