//! [`ReviewReport`]: what a review says of a game, from the evaluations of
//! its positions: each position's score and best move, each move's
//! judgement with the better move, and each player's count of inaccuracies,
//! mistakes and blunders with an accuracy figure.

use super::game::ReplayedGame;
use super::judge::{self, Judgement};
use crate::search::MoveText;
use ox88::board::Color;
use ox88::movegen::{Position, Termination};
use ox88::pgn::annotation::EvalScore;
use ox88_web::store::PositionEval;
use serde::Serialize;
use utoipa::ToSchema;

/// A score from White's point of view: centipawns, or mate in moves
/// (positive: White mates), as lichess's cloud evaluations give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct WhiteScore {
    /// Centipawns, or null for a mate.
    pub cp: Option<i32>,
    /// Moves to mate (negative: Black mates; 0: White is checkmated when
    /// White is to move, Black when Black is), or null.
    pub mate: Option<i32>,
}

impl From<EvalScore> for WhiteScore {
    fn from(score: EvalScore) -> WhiteScore {
        match score {
            EvalScore::Centipawns(cp) => WhiteScore { cp: Some(cp), mate: None },
            EvalScore::Mate(moves) => WhiteScore { cp: None, mate: Some(moves) },
        }
    }
}

/// One position of the reviewed game.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ReviewedPosition {
    /// The position as FEN.
    pub fen: String,
    /// Its score, White's view; null while it is not analysed.
    pub eval: Option<WhiteScore>,
    /// White's Win% there (0 to 100, lichess's formula); null while not analysed.
    pub win: Option<f64>,
    /// The engine's move there; null at the end of the game or while not analysed.
    pub best: Option<MoveText>,
    /// The engine's line from there, in UCI.
    pub line: Vec<String>,
    /// The search's depth; null for a position the rules decide, or while not analysed.
    pub depth: Option<u32>,
    /// The nodes searched, in thousands.
    pub knodes: Option<u64>,
}

/// One move of the reviewed game, judged.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ReviewedMove {
    /// The move's index (0: the first move).
    pub ply: usize,
    /// The side that played it: `white` or `black`.
    pub color: String,
    /// The move.
    #[serde(flatten)]
    pub played: MoveText,
    /// How bad it was, if it was (lichess's thresholds); null otherwise or
    /// while its positions are not analysed.
    pub judgement: Option<Judgement>,
    /// The engine's move instead, for a judged move.
    pub best: Option<MoveText>,
    /// The judgement in words, as lichess writes it: "Blunder. Nf3 was best."
    pub comment: Option<String>,
}

/// One player's review.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
pub struct PlayerReview {
    /// Accuracy, 0 to 100 (lichess's), to a tenth; null while the game is
    /// not all analysed, or for a player who made no move.
    pub accuracy: Option<f64>,
    /// Moves judged inaccuracies.
    pub inaccuracies: u32,
    /// Moves judged mistakes.
    pub mistakes: u32,
    /// Moves judged blunders.
    pub blunders: u32,
}

/// Both players' reviews.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
pub struct PlayerReviews {
    /// White's.
    pub white: PlayerReview,
    /// Black's.
    pub black: PlayerReview,
}

/// A game's review: its moves judged and its positions scored, as far as
/// they are analysed.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ReviewReport {
    /// The review's id (its page is `/#/review/{id}`).
    pub id: String,
    /// The start position as FEN.
    pub fen: String,
    /// White's name, if known.
    pub white: Option<String>,
    /// Black's name, if known.
    pub black: Option<String>,
    /// The result, if the game ended.
    pub result: Option<String>,
    /// How the game ended on the board (`checkmate`, `stalemate`, ...), if it did.
    pub termination: Option<String>,
    /// The moves, judged.
    pub moves: Vec<ReviewedMove>,
    /// The positions, from the start to the end (one more than the moves).
    pub positions: Vec<ReviewedPosition>,
    /// The players' counts and accuracy.
    pub players: PlayerReviews,
    /// Positions analysed so far.
    pub analysed: usize,
    /// Whether every position is analysed.
    pub complete: bool,
    /// The nodes each position is searched for.
    pub nodes: u64,
    /// The puzzles made from the game's blunders (ids), once complete.
    pub puzzles: Vec<String>,
}

/// A position's score for judging, White's view: a stored evaluation's, or
/// the rules' at the end of the game (the side to move mated: mate 0 from
/// its side; a draw: 0).
pub fn score_at(game: &ReplayedGame, evals: &[Option<PositionEval>], ply: usize) -> Option<EvalScore> {
    if ply == game.moves.len() {
        if let Some(ending) = game.ending {
            return Some(match ending.winner {
                Some(Color::White) => EvalScore::Mate(1),
                Some(Color::Black) => EvalScore::Mate(-1),
                None => EvalScore::Centipawns(0),
            });
        }
    }
    evals.get(ply)?.as_ref()?.lines.first().map(|line| line.score)
}

/// The engine's move in position `ply`, in both notations.
fn best_move(game: &ReplayedGame, eval: Option<&PositionEval>, ply: usize) -> Option<MoveText> {
    let uci = eval?.lines.first()?.moves.first()?;
    let position = Position::from_fen(&game.fens[ply]).ok()?;
    let m = position.parse_uci(uci).ok()?;
    MoveText::new(&position, m)
}

/// Position `ply` of `game`, as far as `evals` (one per position) know it.
pub fn position(game: &ReplayedGame, evals: &[Option<PositionEval>], ply: usize) -> ReviewedPosition {
    let eval = evals.get(ply).and_then(Option::as_ref);
    let score = score_at(game, evals, ply);
    // A mated side to move is "mate 0" from White's view, as the rules say it.
    let mated = ply == game.moves.len() && game.ending.is_some_and(|e| e.termination == Termination::Checkmate);
    let shown = if mated { Some(EvalScore::Mate(0)) } else { score };
    ReviewedPosition {
        fen: game.fens[ply].clone(),
        eval: shown.map(WhiteScore::from),
        win: score.map(|s| (judge::win_percent(s) * 10.0).round() / 10.0),
        best: best_move(game, eval, ply),
        line: eval.and_then(|e| e.lines.first()).map(|l| l.moves.clone()).unwrap_or_default(),
        depth: eval.map(|e| e.depth),
        knodes: eval.map(|e| e.knodes),
    }
}

/// The review of `game` (kept as `id`, each position searched for `nodes`)
/// from `evals`, one per position (`None` where not analysed yet).
pub fn review(id: &str, game: &ReplayedGame, evals: &[Option<PositionEval>], nodes: u64) -> ReviewReport {
    let count = game.fens.len();
    let positions: Vec<ReviewedPosition> = (0..count).map(|ply| position(game, evals, ply)).collect();
    let mut players = PlayerReviews::default();
    let moves: Vec<ReviewedMove> = game
        .moves
        .iter()
        .enumerate()
        .map(|(ply, played)| {
            let mover = game.mover(ply);
            let mates =
                ply + 1 == game.moves.len() && game.ending.is_some_and(|e| e.termination == Termination::Checkmate);
            let judgement = match (score_at(game, evals, ply), score_at(game, evals, ply + 1)) {
                (Some(before), Some(after)) if !mates => judge::judge(before, after, mover),
                _ => None,
            };
            let best = judgement.and(positions[ply].best.clone()).filter(|best| best.uci != played.uci);
            let judgement = judgement.filter(|_| best.is_some());
            if let Some(judgement) = judgement {
                let player = mover.fold(&mut players.white, &mut players.black);
                *match judgement {
                    Judgement::Inaccuracy => &mut player.inaccuracies,
                    Judgement::Mistake => &mut player.mistakes,
                    Judgement::Blunder => &mut player.blunders,
                } += 1;
            }
            ReviewedMove {
                ply,
                color: mover.name().to_owned(),
                played: played.clone(),
                judgement,
                comment: judgement.zip(best.as_ref()).map(|(j, b)| format!("{}. {} was best.", j.name(), b.san)),
                best,
            }
        })
        .collect();
    let analysed = (0..count).filter(|&ply| score_at(game, evals, ply).is_some()).count();
    let complete = analysed == count;
    if complete {
        let wins: Vec<f64> = (0..count).filter_map(|ply| score_at(game, evals, ply)).map(judge::win_percent).collect();
        let accuracy = judge::game_accuracy(game.first_mover, &wins);
        players.white.accuracy = accuracy.white.map(|a| (a * 10.0).round() / 10.0);
        players.black.accuracy = accuracy.black.map(|a| (a * 10.0).round() / 10.0);
    }
    ReviewReport {
        id: id.to_owned(),
        fen: game.record.start_fen.clone(),
        white: game.record.white.clone(),
        black: game.record.black.clone(),
        result: game.record.result.clone(),
        termination: game.ending.map(|e| e.termination.as_str().to_owned()),
        moves,
        positions,
        players,
        analysed,
        complete,
        nodes,
        puzzles: Vec::new(),
    }
}
