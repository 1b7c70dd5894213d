//! One game between two engines: clocks, the rules of chess, adjudication,
//! and every fault an engine can commit, each ending the game with a
//! result and a reason.

use crate::adjudication::Adjudicator;
use crate::config::Config;
use crate::openings::Opening;
use crate::player::{Failure, Fault, Player};
use crate::tc::limits;
use ox88_board::GameResult;
use ox88_board::{ByColor, Color, Move};
use ox88_client::Score;
use ox88_control::GameClock;
use ox88_movegen::{is_insufficient_material, Outcome, Termination};
use ox88_pgn::annotation::engine_comment;
use std::time::{Duration, Instant};

/// A finished game.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    pub white: String,
    pub black: String,
    pub opening: Opening,
    /// The moves the engines played, after the opening.
    pub moves: Vec<Move>,
    /// For each of them: score from the mover's side, depth and time, as
    /// cutechess writes them ("+0.35/12 0.210s").
    pub comments: Vec<String>,
    pub result: GameResult,
    /// Why it ended ("White mates", "Black loses on time").
    pub reason: String,
    /// The PGN `Termination` tag.
    pub termination: &'static str,
    /// The side that committed a fault, and which.
    pub fault: Option<(Color, Fault)>,
    pub duration: Duration,
}

impl PlayedGame {
    /// The result from white's side in half points (0, 1, 2).
    pub fn white_half_points(&self) -> u8 {
        match self.result {
            GameResult::Win(Color::White) => 2,
            GameResult::Win(Color::Black) => 0,
            _ => 1,
        }
    }
}

fn name(color: Color) -> &'static str {
    color.fold("White", "Black")
}

fn win(color: Color) -> GameResult {
    color.fold(GameResult::Win(Color::White), GameResult::Win(Color::Black))
}

/// A score as a number of centipawns from the mover's side; mates far out
/// (nearer mates further).
pub fn centipawns(score: Score) -> i32 {
    score.centipawns_with_mate(100_000)
}

/// Plays `opening` between `white` and `black`.
pub fn play(white: &mut Player, black: &mut Player, opening: &Opening, config: &Config) -> Result<PlayedGame, String> {
    let started = Instant::now();
    let mut position = opening.position.clone();
    let mut players = ByColor::new(white, black);
    let mut record = PlayedGame {
        white: players[Color::White].spec.name.clone(),
        black: players[Color::Black].spec.name.clone(),
        opening: opening.clone(),
        moves: Vec::new(),
        comments: Vec::new(),
        result: GameResult::Unknown,
        reason: String::new(),
        termination: "normal",
        fault: None,
        duration: Duration::ZERO,
    };
    let end = |record: &mut PlayedGame, result, reason: String, termination| {
        (record.result, record.reason, record.termination) = (result, reason, termination);
    };
    // Both engines are started (or restarted) and told a new game begins.
    for color in Color::ALL {
        let player = &mut players[color];
        let failure = match player.ready(true) {
            Ok(engine) => engine.new_game().err().map(|e| Failure::of(e, &player.spec.name)),
            Err(failure) => Some(failure),
        };
        if let Some(failure) = failure {
            return forfeit(record, player, color, failure, started);
        }
    }
    let budgets = ByColor::new(players[Color::White].spec.budget.clone(), players[Color::Black].spec.budget.clone());
    let controls = budgets.clone().map(|budget| budget.clock);
    let margins = ByColor::new(players[Color::White].spec.timemargin, players[Color::Black].spec.timemargin);
    let mut clock = GameClock::with_controls(controls).with_grace(margins);
    // The game's time: the engines' thinking as the client measured it.
    let mut now = Duration::ZERO;
    clock.start(position.board().side_to_move(), now);
    let mut adjudicator = Adjudicator::new(config);
    loop {
        let board = position.board();
        if let Some(outcome) = position.outcome_or_claimable_draw() {
            let (result, reason) = rules(outcome);
            end(&mut record, result, reason, "normal");
            break;
        }
        if let Some(verdict) = adjudicator.max_moves(position.moves().len()) {
            end(&mut record, GameResult::Draw, verdict, "adjudication");
            break;
        }
        let side = board.side_to_move();
        let limits = limits(&budgets[side], &clock, side, now);
        let player = &mut players[side];
        let engine = match player.ready(false) {
            Ok(engine) => engine,
            Err(failure) => return forfeit(record, player, side, failure, started),
        };
        let answer = match engine.search(&position, &limits) {
            Ok(answer) => answer,
            Err(err) => {
                let failure = Failure::of(err, &player.spec.name);
                return forfeit(record, player, side, failure, started).map(|mut r| {
                    if r.fault == Some((side, Fault::TimeForfeit)) && is_insufficient_material_for(&position, !side) {
                        r.result = GameResult::Draw;
                        r.reason = format!("{} loses on time, but {} cannot mate", name(side), name(!side));
                    }
                    r
                });
            }
        };
        now += answer.elapsed;
        if clock.press(side, now).is_err() {
            player.discard();
            record.fault = Some((side, Fault::TimeForfeit));
            let (result, reason) = if is_insufficient_material_for(&position, !side) {
                (GameResult::Draw, format!("{} loses on time, but {} cannot mate", name(side), name(!side)))
            } else {
                (win(!side), format!("{} loses on time", name(side)))
            };
            end(&mut record, result, reason, "time forfeit");
            break;
        }
        if answer.resigned {
            end(&mut record, win(!side), format!("{} resigns", name(side)), "normal");
            break;
        }
        let Some(best) = answer.search.best else {
            // A CECP engine claimed a result the rules do not give it.
            record.fault = Some((side, Fault::ProtocolError));
            let claim = answer.claim.map(|claim| claim.to_string()).unwrap_or_default();
            end(&mut record, win(!side), format!("{} makes a false claim: {claim}", name(side)), "rules infraction");
            break;
        };
        // Scores from the mover's side, as cutechess writes them.
        let line = answer.search.line.as_ref();
        let score = line.map(|l| l.score.pov(side));
        record.comments.push(engine_comment(score, line.map(|l| l.depth), Some(answer.elapsed)));
        record.moves.push(best);
        position.play(best).expect("the client checks the engine's move");
        let score = score.map(centipawns);
        if let Some((result, reason)) = adjudicator.after_move(side, score, position.board().fullmove_number()) {
            end(&mut record, result, reason, "adjudication");
            break;
        }
    }
    record.duration = started.elapsed();
    Ok(record)
}

/// Whether the side `color` has nothing left to mate with (so it cannot
/// win on time either).
fn is_insufficient_material_for(position: &ox88_movegen::Position, color: Color) -> bool {
    let board = position.board();
    let mut only_king = true;
    for &square in board.pieces(color) {
        if board.piece_at(square).is_some_and(|p| p.role() != ox88_board::Role::King) {
            only_king = false;
        }
    }
    only_king || is_insufficient_material(board)
}

/// The result and reason of a game ended by the rules.
fn rules(outcome: Outcome) -> (GameResult, String) {
    let reason = match (outcome.termination, outcome.winner) {
        (Termination::Checkmate, Some(winner)) => return (win(winner), format!("{} mates", name(winner))),
        (Termination::Stalemate, _) => "Draw by stalemate",
        (Termination::InsufficientMaterial, _) => "Draw by insufficient mating material",
        (Termination::FiftyMoves | Termination::SeventyFiveMoves, _) => "Draw by fifty moves rule",
        (Termination::ThreefoldRepetition | Termination::FivefoldRepetition, _) => "Draw by 3-fold repetition",
        // The rules end a game by none of these.
        (termination, _) => termination.as_str(),
    };
    (outcome.result(), reason.to_owned())
}

/// The game ends by `failure` of `side`: a loss, with the fault recorded
/// and the engine discarded so the next game starts a fresh one. A
/// configuration failure ends the whole match.
fn forfeit(
    mut record: PlayedGame,
    player: &mut Player,
    side: Color,
    failure: Failure,
    started: Instant,
) -> Result<PlayedGame, String> {
    let (fault, text) = match failure {
        Failure::Fault(fault, text) => (fault, text),
        Failure::Config(text) => return Err(text),
    };
    player.discard();
    let (reason, termination) = match fault {
        Fault::TimeForfeit => (format!("{} loses on time", name(side)), "time forfeit"),
        Fault::IllegalMove => (format!("{} makes an illegal move", name(side)), "rules infraction"),
        Fault::Crash => (format!("{} disconnects", name(side)), "abandoned"),
        Fault::ProtocolError => (format!("{} violates the protocol", name(side)), "rules infraction"),
        Fault::Stall => (format!("{}'s connection stalls", name(side)), "stalled connection"),
    };
    eprintln!("warning: {text}");
    record.result = win(!side);
    record.reason = reason;
    record.termination = termination;
    record.fault = Some((side, fault));
    record.duration = started.elapsed();
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_as_cutechess_writes_them() {
        assert!(centipawns(Score::mate_in(1)) > centipawns(Score::mate_in(9)));
        assert!(centipawns(Score::mated_in(2)) < centipawns(Score::cp(-5000)));
    }
}
