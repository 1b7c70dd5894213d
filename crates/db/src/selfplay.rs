//! Fast self-play games, for filling a collection to the size a real
//! database has (the explorer's load tests): thousands of games a second,
//! each a real game of legal moves to a real end, with players of several
//! strengths so that ratings differ.
//!
//! A player of skill `s` (0 to 10) picks a move at random with probability
//! `(10 - s) / 20`; otherwise the move that captures the most (promotions
//! and checks count a little), ties broken at random. Its nominal rating is
//! `800 + 150 s`: a label for the explorer's averages, not a measurement.
//! A game ends at mate, stalemate, insufficient material, a threefold
//! repetition or the fifty-move rule (both claimed at once), or is
//! adjudicated a draw at 300 plies. Game `i` of a seed is the same whatever
//! the number of threads.

use ox88_board::{Color, GameResult, Move, Random, Role};
use ox88_movegen::{MoveGen, Position, Termination};
use ox88_pgn::{Date, Headers, Writer};
use std::io::{self, Write};

/// The longest game, in plies, before it is adjudicated a draw.
pub const MAX_PLIES: usize = 300;

/// A piece's value in the generator's greed.
fn value(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The move a player of `skill` picks in `position`.
fn pick(position: &Position, skill: usize, random: &mut Random) -> Move {
    let moves = position.legal_moves();
    if random.below(20) >= 10 + skill {
        return moves[random.below(moves.len())];
    }
    let board = position.board();
    let greed = |m: Move| -> usize {
        let captured = if m.is_en_passant() { 1 } else { board.piece_at(m.to()).map_or(0, |p| value(p.role())) };
        let captured = if m.is_castle() { 0 } else { captured };
        let promotion = m.promotion().map_or(0, value);
        let check = position.gives_check(m);
        // A check that mates wins outright.
        let mate = check && {
            let mut after = board.clone();
            after.make_move_unchecked(m);
            !after.has_legal_moves()
        };
        10 * (captured + promotion) as usize + 4 * usize::from(check) + 1000 * usize::from(mate)
    };
    let mut best = (0, moves[0]);
    for &m in &moves {
        let score = greed(m) * 8 + random.below(8);
        if score >= best.0 {
            best = (score, m);
        }
    }
    best.1
}

/// Plays game `index` of `seed`: its moves and how it ended.
pub fn play(seed: u64, index: u64) -> (Position, GameResult, &'static str, [usize; 2]) {
    let mut random = Random::new(seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let skills = [random.below(11), random.below(11)];
    let mut position = Position::startpos();
    loop {
        if let Some(outcome) = position.outcome() {
            let end = if outcome.termination == Termination::Checkmate { "Normal" } else { "Draw" };
            return (position, outcome.result(), end, skills);
        }
        if position.is_repetition(3) || position.is_fifty_moves() {
            return (position, GameResult::Draw, "Draw", skills);
        }
        if position.moves().len() >= MAX_PLIES {
            return (position, GameResult::Draw, "Adjudication", skills);
        }
        let skill = skills[usize::from(position.side_to_move() == Color::Black)];
        let m = pick(&position, skill, &mut random);
        position.play_unchecked(m);
    }
}

/// Writes games `range` of `seed` as PGN to `out`. They are dated one after
/// the other from 2026.01.01, `per_day` games a day.
pub fn write_games(out: impl Write, seed: u64, range: std::ops::Range<u64>, per_day: u64) -> io::Result<()> {
    let mut writer = Writer::new(io::BufWriter::with_capacity(1 << 16, out));
    let first_day = 20_454; // 2026-01-01
    for index in range {
        let (end, result, termination, skills) = play(seed, index);
        let mut headers = Headers::new();
        let date = Date::from_days_since_epoch(first_day + (index / per_day.max(1)) as i64).to_string();
        headers.set("Event", "ox88 self-play");
        headers.set("Site", "ox88-db generate");
        headers.set("Date", &date);
        headers.set("Round", (index + 1).to_string());
        headers.set("White", format!("ox88-selfplay-{}", skills[0]));
        headers.set("Black", format!("ox88-selfplay-{}", skills[1]));
        headers.set("Result", result.as_str());
        headers.set("UTCDate", &date);
        headers.set("WhiteElo", (800 + 150 * skills[0]).to_string());
        headers.set("BlackElo", (800 + 150 * skills[1]).to_string());
        headers.set("Termination", termination);
        writer.tags(&headers)?;
        let mut position = Position::startpos();
        writer.begin_movetext(&position);
        for &m in end.moves() {
            writer.write_move(&position, m)?;
            position.play_unchecked(m);
        }
        writer.end_game(result)?;
    }
    writer.into_inner()?.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_pgn::Reader;

    #[test]
    fn games_are_legal_finished_and_the_same_for_a_seed() {
        let mut text = Vec::new();
        write_games(&mut text, 7, 0..100, 10).unwrap();
        let mut again = Vec::new();
        write_games(&mut again, 7, 50..100, 10).unwrap();
        assert!(text.ends_with(&again), "game i depends on the seed and i alone");
        let mut results = [0; 3];
        for game in Reader::from_bytes(&text).games() {
            let game = game.unwrap();
            let mut position = game.start_position().unwrap();
            for m in game.mainline_moves().unwrap() {
                position.play(m).unwrap();
            }
            let result = game.outcome();
            match game.headers.get("Termination") {
                Some("Normal") => assert!(position.is_checkmate() && result == position.outcome().unwrap().result()),
                Some("Adjudication") => assert_eq!(position.moves().len(), MAX_PLIES),
                _ => assert_eq!(result, GameResult::Draw),
            }
            results[match result {
                GameResult::Win(Color::White) => 0,
                GameResult::Win(Color::Black) => 2,
                _ => 1,
            }] += 1;
            let elo: usize = game.headers.get("WhiteElo").unwrap().parse().unwrap();
            assert!((800..=2300).contains(&elo));
        }
        assert_eq!(results.iter().sum::<u32>(), 100);
        assert!(results[0] > 0 && results[2] > 0, "{results:?}");
        assert_eq!(Reader::from_bytes(&text).games().nth(9).unwrap().unwrap().headers.get("Date"), Some("2026.01.01"));
    }
}
