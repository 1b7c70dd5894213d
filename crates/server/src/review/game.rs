//! [`ReplayedGame`]: a game sent for review, its moves played out once with
//! ox88's rules: each position's key and FEN, each move in UCI and SAN, and
//! how the game ended on the board.

use crate::search::MoveText;
use ox88::board::{Color, Move};
use ox88::movegen::{Outcome, Position};
use ox88_web::store::{PositionKey, ReviewGame};

/// A reviewed game, replayed.
#[derive(Clone, Debug)]
pub struct ReplayedGame {
    /// The game as kept.
    pub record: ReviewGame,
    /// Each position's key, from the start to the end (one more than the moves).
    pub keys: Vec<PositionKey>,
    /// Each position as FEN.
    pub fens: Vec<String>,
    /// Each move in both notations.
    pub moves: Vec<MoveText>,
    /// The side to move at the start.
    pub first_mover: Color,
    /// How the last position ends the game by the rules (mate, stalemate, a
    /// draw the rules make), if it does.
    pub ending: Option<Outcome>,
}

impl ReplayedGame {
    /// Replays `record`; the reason when its start or a move is not legal
    /// (kept games were checked when they were sent: a damaged store).
    pub fn replay(record: ReviewGame) -> Result<ReplayedGame, String> {
        let mut position =
            Position::from_fen(&record.start_fen).map_err(|e| format!("start {:?}: {e}", record.start_fen))?;
        let first_mover = position.side_to_move();
        let (mut keys, mut fens) = (vec![PositionKey::of(&position)], vec![position.fen()]);
        let mut moves = Vec::with_capacity(record.moves.len());
        for (ply, uci) in record.moves.iter().enumerate() {
            let m = position.parse_uci(uci).map_err(|e| format!("move {ply} {uci:?}: {e}"))?;
            moves.push(MoveText::new(&position, m).ok_or_else(|| format!("move {ply} {uci:?}: not legal"))?);
            position.play_unchecked(m);
            keys.push(PositionKey::of(&position));
            fens.push(position.fen());
        }
        let ending = position.outcome();
        Ok(ReplayedGame { record, keys, fens, moves, first_mover, ending })
    }

    /// The side that makes move `ply`.
    pub fn mover(&self, ply: usize) -> Color {
        if ply % 2 == 0 {
            self.first_mover
        } else {
            !self.first_mover
        }
    }

    /// The positions to search, in order, with the game's history behind
    /// each (repetitions count): `each(ply, position)`, stopping when it
    /// answers `false`. The last position is left out when the game ended on
    /// it by the rules.
    pub fn for_each_position(&self, mut each: impl FnMut(usize, &Position) -> bool) {
        // Replayed once already: the start and the moves are legal.
        let mut position = Position::from_fen(&self.record.start_fen).expect("a replayed start");
        let searched = if self.ending.is_some() { self.moves.len() } else { self.moves.len() + 1 };
        for ply in 0..searched {
            if !each(ply, &position) {
                return;
            }
            if let Some(text) = self.moves.get(ply) {
                let m: Move = position.parse_uci(&text.uci.to_string()).expect("a replayed move");
                position.play_unchecked(m);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(fen: &str, moves: &[&str]) -> ReviewGame {
        ReviewGame {
            start_fen: fen.into(),
            moves: moves.iter().map(|&m| m.to_owned()).collect(),
            white: None,
            black: None,
            result: None,
        }
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn a_game_to_mate_is_replayed_and_its_last_position_is_not_searched() {
        let game = ReplayedGame::replay(record(START, &["f2f3", "e7e5", "g2g4", "d8h4"])).expect("legal");
        assert_eq!(game.moves.iter().map(|m| m.san.to_string()).collect::<Vec<_>>(), ["f3", "e5", "g4", "Qh4#"]);
        assert_eq!((game.keys.len(), game.fens.len()), (5, 5));
        assert_eq!(game.ending.and_then(|o| o.winner), Some(Color::Black));
        assert_eq!((game.mover(0), game.mover(3)), (Color::White, Color::Black));
        let mut searched = Vec::new();
        game.for_each_position(|ply, position| {
            searched.push((ply, position.fen()));
            true
        });
        assert_eq!(searched.len(), 4, "the mated position is not searched");
        assert_eq!(searched[3].1, game.fens[3]);
    }

    #[test]
    fn a_game_from_a_position_with_black_to_move_replays_and_bad_moves_are_named() {
        let fen = "6k1/8/6K1/8/8/8/8/R7 b - - 0 1";
        let game = ReplayedGame::replay(record(fen, &["g8h8", "a1a8"])).expect("legal");
        assert_eq!((game.first_mover, game.mover(1)), (Color::Black, Color::White));
        assert!(game.ending.is_some(), "Ra8 mates");
        let error = ReplayedGame::replay(record(START, &["e2e4", "e2e4"])).expect_err("illegal");
        assert!(error.contains("move 1 \"e2e4\""), "{error}");
        assert!(ReplayedGame::replay(record("not a fen", &[])).is_err());
    }
}
