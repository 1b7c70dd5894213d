//! Puzzles from a reviewed game's blunders: at each position where a player
//! blundered, find the better move. Written as lichess writes its puzzles:
//! `FEN` is the position before the opponent's last move, `Moves` that move
//! and then the solution (the engine's better move, and for a mate the whole
//! mating line as the engine saw it), with lichess's theme names.

use super::game::ReplayedGame;
use super::judge::Judgement;
use super::report::ReviewReport;
use ox88::board::{Color, Role};
use ox88::movegen::Position;
use ox88::pgn::annotation::EvalScore;
use ox88_web::ids::ReviewId;
use ox88_web::store::{NewPuzzle, PositionEval};

/// The rating a new puzzle starts from, and its deviation (Glicko's; a new
/// puzzle's rating is uncertain).
pub const NEW_PUZZLE_RATING: (i32, i32) = (1500, 350);

/// The longest mate whose whole line becomes a puzzle's solution.
const LONGEST_MATE: i32 = 5;

/// The puzzles of `report`'s blunders (the review of `game` kept as
/// `review`, with `evals` for its positions).
pub fn puzzles(
    review: &ReviewId,
    game: &ReplayedGame,
    evals: &[Option<PositionEval>],
    report: &ReviewReport,
) -> Vec<NewPuzzle> {
    report
        .moves
        .iter()
        .filter(|m| m.judgement == Some(Judgement::Blunder) && m.ply >= 1)
        .filter_map(|m| {
            let eval = evals.get(m.ply)?.as_ref()?;
            let line = eval.lines.first()?;
            let solver = game.mover(m.ply);
            let (solution, themes) = solution(&game.fens[m.ply], solver, line.score, &line.moves)?;
            let mut moves = vec![game.moves[m.ply - 1].uci.to_string()];
            moves.extend(solution);
            let (rating, rating_deviation) = NEW_PUZZLE_RATING;
            Some(NewPuzzle {
                fen: game.fens[m.ply - 1].clone(),
                moves,
                rating,
                rating_deviation,
                themes,
                review: review.clone(),
                ply: m.ply,
            })
        })
        .collect()
}

/// The solution from `fen` (the solver, `solver`, to move; the engine's
/// line `line` scored `score`, White's view) and its themes; `None` when the
/// line is empty or not legal.
fn solution(fen: &str, solver: Color, score: EvalScore, line: &[String]) -> Option<(Vec<String>, Vec<String>)> {
    let position = Position::from_fen(fen).ok()?;
    let mut themes = Vec::new();
    let mate = match score {
        EvalScore::Mate(moves) if (moves > 0) == (solver == Color::White) => Some(moves.abs()),
        _ => None,
    };
    let length = match mate {
        // The whole mating line, when the engine's line reaches the mate.
        Some(moves) if moves <= LONGEST_MATE && line.len() >= (2 * moves - 1) as usize => (2 * moves - 1) as usize,
        _ => 1,
    };
    let solution: Vec<String> = line[..length.min(line.len())].to_vec();
    // Every move of it must be legal in turn.
    let mut board = position.clone();
    for uci in &solution {
        let m = board.parse_uci(uci).ok()?;
        board.play_unchecked(m);
    }
    if solution.is_empty() {
        return None;
    }
    match mate {
        Some(moves) => {
            themes.push("mate".to_owned());
            if moves <= LONGEST_MATE {
                themes.push(format!("mateIn{moves}"));
            }
        }
        None => {
            let cp = match score {
                EvalScore::Centipawns(cp) => solver.fold(cp, -cp),
                EvalScore::Mate(_) => -super::judge::CEILING,
            };
            themes.push(
                if cp >= 600 {
                    "crushing"
                } else if cp >= 200 {
                    "advantage"
                } else {
                    "equality"
                }
                .to_owned(),
            );
        }
    }
    let solver_moves = solution.len().div_ceil(2);
    themes.push(
        match solver_moves {
            1 => "oneMove",
            2 => "short",
            3 => "long",
            _ => "veryLong",
        }
        .to_owned(),
    );
    themes.push(phase(&position).to_owned());
    Some((solution, themes))
}

/// The game's phase in `position`, by lichess's theme names: `opening` in
/// the first 12 moves, `endgame` once at most six pieces besides kings and
/// pawns are left, else `middlegame`.
fn phase(position: &Position) -> &'static str {
    let board = position.board();
    let pieces = Color::ALL
        .iter()
        .flat_map(|&color| board.pieces(color))
        .filter(|&&square| board.piece_at(square).is_some_and(|p| !matches!(p.role(), Role::King | Role::Pawn)))
        .count();
    if pieces <= 6 {
        "endgame"
    } else if board.fullmove_number() <= 12 {
        "opening"
    } else {
        "middlegame"
    }
}
