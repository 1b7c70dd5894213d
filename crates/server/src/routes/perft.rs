//! `POST /api/v1/perft`: the number of move paths of a given depth, with
//! the count under each legal move (divide); bounded in depth and time.

use crate::input::PositionInput;
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use ox88::board::{Board, UciMove};
use ox88::movegen::{self, SanPlus};
use ox88::Position;
use ox88_http::schema::{SanSchema, UciMoveSchema};
use ox88_http::{ApiError, ApiJson, ErrorResponse};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};
use utoipa::ToSchema;

/// A perft request: a position and a depth.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PerftRequest {
    /// The position.
    #[serde(flatten)]
    pub position: PositionInput,
    /// The depth in plies, 0 to the server's limit (7 by default).
    #[schema(minimum = 0)]
    pub depth: u32,
    /// Also count the paths under each legal move.
    #[serde(default)]
    pub divide: bool,
}

/// The count of move paths.
#[derive(Debug, Serialize, ToSchema)]
pub struct PerftResponse {
    /// The position counted from, as FEN.
    pub fen: String,
    /// The depth.
    pub depth: u32,
    /// Move paths of that depth (leaf nodes).
    pub nodes: u64,
    /// Time taken, in milliseconds.
    pub time_ms: u64,
    /// Leaf nodes per second.
    pub nps: u64,
    /// The count under each legal move, when `divide` was asked.
    pub divide: Option<Vec<DivideEntry>>,
}

/// The count under one legal move.
#[derive(Debug, Serialize, ToSchema)]
pub struct DivideEntry {
    /// The move in UCI.
    #[schema(value_type = UciMoveSchema)]
    pub uci: UciMove,
    /// The move in SAN.
    #[schema(value_type = SanSchema)]
    pub san: SanPlus,
    /// Leaf nodes under it.
    pub nodes: u64,
}

/// Counts a position's move paths to a depth (perft), optionally per move.
/// A depth over the server's limit, or whose estimated time is over its
/// time limit, is refused; a count that runs over the time limit is
/// stopped; both answer 422 `too_much_work`.
#[utoipa::path(
    post,
    path = "/api/v1/perft",
    tag = "rules",
    request_body = PerftRequest,
    responses(
        (status = 200, description = "The count", body = PerftResponse),
        ox88_http::JsonRejections,
        (status = 422, description = "A bad position, or more work than the server allows", body = ErrorResponse),
        (status = 503, description = "Every worker is busy (see Retry-After)", body = ErrorResponse),
    )
)]
pub async fn perft(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<PerftRequest>,
) -> Result<Json<PerftResponse>, ApiError> {
    let config = &state.config;
    if request.depth > config.max_perft_depth {
        return Err(ApiError::too_much_work(
            "depth",
            format!("depth {} is over this server's limit of {}", request.depth, config.max_perft_depth),
        ));
    }
    let position = request.position.read("", config.max_moves)?.position;
    // Perft is CPU work like a search: it takes a place in the pool.
    let lease = state.pool.acquire().await?;
    let limit = config.perft_time();
    let (depth, divide) = (request.depth, request.divide);
    let counted = tokio::task::spawn_blocking(move || {
        let _lease = lease;
        count(&position, depth, divide, limit)
    })
    .await
    .map_err(|_| ApiError::internal("the perft worker failed"))??;
    Ok(Json(counted))
}

/// The count, refused or stopped when it would take longer than `limit`.
fn count(position: &Position, depth: u32, divide: bool, limit: Duration) -> Result<PerftResponse, ApiError> {
    let started = Instant::now();
    let deadline = started + limit;
    let board = position.board();
    // Count the shallower depths first, to estimate the time of this one
    // from the last ratio of nodes (the branching factor).
    let mut last: Option<(u64, Duration)> = None;
    let mut before_last_nodes = 1u64;
    for shallower in 1..depth {
        let began = Instant::now();
        let nodes = movegen::perft(&mut board.clone(), shallower);
        let took = began.elapsed();
        if let Some((previous, _)) = last {
            before_last_nodes = previous;
        }
        last = Some((nodes, took));
        if Instant::now() > deadline {
            return Err(stopped(depth, limit));
        }
    }
    if let Some((nodes, took)) = last {
        let branching = nodes as f64 / before_last_nodes.max(1) as f64;
        let estimate = took.as_secs_f64() * branching;
        let left = deadline.saturating_duration_since(Instant::now()).as_secs_f64();
        if estimate > left {
            return Err(ApiError::too_much_work(
                "depth",
                format!(
                    "depth {depth} would take about {estimate:.1} s; this server's limit is {} ms",
                    limit.as_millis()
                ),
            ));
        }
    }
    let mut entries = Vec::new();
    let mut total = 0;
    if depth == 0 {
        total = 1;
    } else {
        for m in position.legal_moves() {
            let mut after: Board = board.clone();
            after.make_move_unchecked(m);
            let nodes = movegen::perft(&mut after, depth - 1);
            total += nodes;
            if divide {
                let san = position.san(m).expect("a legal move");
                entries.push(DivideEntry { uci: position.uci(m), san, nodes });
            }
            if Instant::now() > deadline {
                return Err(stopped(depth, limit));
            }
        }
    }
    let time = started.elapsed();
    Ok(PerftResponse {
        fen: position.fen(),
        depth,
        nodes: total,
        time_ms: time.as_millis() as u64,
        nps: (total as f64 / time.as_secs_f64().max(1e-6)) as u64,
        divide: divide.then_some(entries),
    })
}

/// The answer when the count ran over its time.
fn stopped(depth: u32, limit: Duration) -> ApiError {
    ApiError::too_much_work("depth", format!("perft {depth} ran over this server's limit of {} ms", limit.as_millis()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_the_known_values_and_divide_sums_to_the_total() {
        let start = Position::startpos();
        let counted = count(&start, 3, true, Duration::from_secs(60)).expect("a quick count");
        assert_eq!(counted.nodes, 8_902);
        let entries = counted.divide.expect("divide");
        assert_eq!(entries.len(), 20);
        assert_eq!(entries.iter().map(|e| e.nodes).sum::<u64>(), 8_902);
        assert_eq!(count(&start, 0, false, Duration::from_secs(1)).expect("depth 0").nodes, 1);
    }

    #[test]
    fn a_count_estimated_over_the_limit_is_refused() {
        let error = count(&Position::startpos(), 7, false, Duration::from_millis(1)).expect_err("too long");
        assert_eq!(error.code(), ox88_http::ErrorCode::TooMuchWork);
    }
}
