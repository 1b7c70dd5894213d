//! `POST /api/v1/best-move`: a move to play, for a page or a bot playing
//! against ox88, by clock, by move time or by strength level; and
//! `GET /api/v1/levels`, what each level means.

use crate::input::PositionInput;
use crate::job::{Finished, SearchJob};
use crate::search::{self, Asked, MoveText};
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use ox88::board::{ByColor, Score};
use ox88::control::TimeLeft;
use ox88_http::schema::ScoreSchema;
use ox88_http::ApiJson;
use ox88_http::{ApiError, ErrorResponse};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;
use utoipa::ToSchema;

/// A strength level: the limits of its search, and the Elo it measured in
/// games against Stockfish 15.1 limited by `UCI_Elo` (docs/web.md, "The
/// levels' strength", has the games and commands).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct StrengthLevel {
    /// The level, from 1 (weakest).
    pub level: u8,
    /// The deepest search, in plies.
    pub depth: u32,
    /// The most nodes searched.
    pub nodes: u64,
    /// Its strength as measured; null where it has not been measured.
    pub elo: Option<MeasuredElo>,
}

/// The old name of [`StrengthLevel`], kept for one release.
#[deprecated(note = "renamed to StrengthLevel")]
pub type Level = StrengthLevel;

/// A level's measured strength: an Elo on the scale of Stockfish 15.1's
/// `UCI_Elo` (anchored to CCRL, an engine list, not to human ratings),
/// Stockfish held to 100,000 nodes a move: a limit that the machine's load
/// does not change and past the depth where a weakened Stockfish picks its
/// move (docs/web.md says why, with the checks at 300,000 nodes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct MeasuredElo {
    /// The estimate.
    pub elo: u16,
    /// The half-width of its 95 % interval.
    pub margin: u16,
    /// The games it rests on.
    pub games: u16,
}

/// A level's measured strength, for the table below.
const fn measured(elo: u16, margin: u16, games: u16) -> Option<MeasuredElo> {
    Some(MeasuredElo { elo, margin, games })
}

/// The levels, weakest first.
pub const LEVELS: [StrengthLevel; 8] = [
    StrengthLevel { level: 1, depth: 1, nodes: 200, elo: measured(1203, 94, 60) },
    StrengthLevel { level: 2, depth: 2, nodes: 1_000, elo: measured(1483, 94, 60) },
    StrengthLevel { level: 3, depth: 3, nodes: 5_000, elo: measured(1647, 82, 60) },
    StrengthLevel { level: 4, depth: 5, nodes: 20_000, elo: measured(1724, 87, 60) },
    StrengthLevel { level: 5, depth: 7, nodes: 100_000, elo: measured(1963, 79, 54) },
    StrengthLevel { level: 6, depth: 9, nodes: 500_000, elo: measured(2047, 58, 60) },
    StrengthLevel { level: 7, depth: 12, nodes: 2_000_000, elo: measured(2123, 90, 40) },
    StrengthLevel { level: 8, depth: 64, nodes: 4_000_000, elo: measured(2532, 96, 60) },
];

/// The level used when a request names no level, clock or move time.
pub const DEFAULT_LEVEL: u8 = 4;

/// A chess clock, in milliseconds.
#[derive(Clone, Copy, Debug, Default, Deserialize, ToSchema)]
pub struct ClockInput {
    /// White's time left.
    pub white_ms: u64,
    /// Black's time left.
    pub black_ms: u64,
    /// White's increment per move.
    #[serde(default)]
    pub white_increment_ms: u64,
    /// Black's increment per move.
    #[serde(default)]
    pub black_increment_ms: u64,
    /// Moves to the next time control, when there is one.
    #[serde(default)]
    #[schema(minimum = 1)]
    pub moves_to_go: Option<u32>,
}

/// A request for a move: a position and one of a level, a move time or a
/// clock (none: level 4).
#[derive(Debug, Deserialize, ToSchema)]
pub struct BestMoveRequest {
    /// The position.
    #[serde(flatten)]
    pub position: PositionInput,
    /// A strength level, 1 to 8 (see `GET /api/v1/levels`).
    #[schema(minimum = 1, maximum = 8)]
    pub level: Option<u8>,
    /// Think this many milliseconds.
    #[schema(minimum = 1)]
    pub movetime_ms: Option<u64>,
    /// Play on this clock (the engine budgets its time).
    pub clock: Option<ClockInput>,
}

/// The move to play.
#[derive(Debug, Serialize, ToSchema)]
pub struct BestMoveResponse {
    /// The move; null when there is no legal move (the game is over).
    pub best_move: Option<MoveText>,
    /// The reply the engine expects, or null.
    pub ponder: Option<MoveText>,
    /// The engine's score of the move, from the mover's point of view.
    #[schema(value_type = Option<ScoreSchema>)]
    pub score: Option<Score>,
    /// Depth searched.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds taken.
    pub time_ms: u64,
    /// Whether the server's limits cut the search short of what was asked.
    pub capped: bool,
}

/// The strength levels and their limits.
#[utoipa::path(get, path = "/api/v1/levels", tag = "engine",
    responses((status = 200, description = "The levels, weakest first", body = [StrengthLevel])))]
pub async fn levels() -> Json<Vec<StrengthLevel>> {
    Json(LEVELS.to_vec())
}

/// A move to play in a position, by level, move time or clock.
#[utoipa::path(
    post,
    path = "/api/v1/best-move",
    tag = "engine",
    request_body = BestMoveRequest,
    responses(
        (status = 200, description = "The move to play", body = BestMoveResponse),
        ox88_http::JsonRejections,
        (status = 422, description = "A bad position, level or clock", body = ErrorResponse),
        (status = 503, description = "Every engine stayed busy (see Retry-After), or the request timed out",
         body = ErrorResponse),
    )
)]
pub async fn best_move(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<BestMoveRequest>,
) -> Result<Json<BestMoveResponse>, ApiError> {
    let given = [request.level.is_some(), request.movetime_ms.is_some(), request.clock.is_some()];
    if given.iter().filter(|&&g| g).count() > 1 {
        return Err(ApiError::invalid("level", "give one of level, movetime_ms and clock"));
    }
    let asked = match (request.level, request.movetime_ms) {
        (_, Some(movetime)) => Asked { movetime_ms: Some(movetime), ..Asked::default() },
        (level, None) if request.clock.is_none() => {
            let level = level.unwrap_or(DEFAULT_LEVEL);
            let Some(level) = LEVELS.iter().find(|l| l.level == level) else {
                return Err(ApiError::invalid("level", format!("level {level} is not 1 to {}", LEVELS.len())));
            };
            Asked { depth: Some(level.depth), nodes: Some(level.nodes), ..Asked::default() }
        }
        // A clock: the server's caps bound the engine's own budget.
        _ => Asked { movetime_ms: Some(state.config.max_movetime_ms), ..Asked::default() },
    };
    let mut capped = asked.cap(&state.config)?;
    if let Some(clock) = request.clock {
        if clock.moves_to_go == Some(0) {
            return Err(ApiError::invalid("clock.moves_to_go", "moves_to_go must be at least 1"));
        }
        let ms = Duration::from_millis;
        capped.limits.clock = Some(TimeLeft {
            remaining: ByColor::new(ms(clock.white_ms), ms(clock.black_ms)),
            increment: ByColor::new(ms(clock.white_increment_ms), ms(clock.black_increment_ms)),
            moves_to_go: clock.moves_to_go,
        });
        capped.capped = false;
    }
    let job = SearchJob::start(&state, &request.position, capped).await?;
    let answer = job.on_blocking_thread(|job| {
        let Finished { position, capped, result, time } = job.run(&mut |_, _| {});
        let (best_move, ponder) = search::best_and_ponder(&position, &result);
        BestMoveResponse {
            // From the side to move, as the wire has always had it.
            score: best_move.as_ref().and(result.score()).map(|s| s.pov(position.side_to_move())),
            best_move,
            ponder,
            depth: result.depth(),
            nodes: result.nodes(),
            time_ms: time.as_millis() as u64,
            capped: capped.capped,
        }
    });
    Ok(Json(answer.await?))
}
