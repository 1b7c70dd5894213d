//! `POST /api/v1/analyse` and `POST /api/v1/analyse/stream`: the engine's
//! lines for a position, at once or as Server-Sent Events while it thinks.

use crate::error::{ApiError, ErrorResponse};
use crate::extract::ApiJson;
use crate::input::PositionInput;
use crate::search::{self, line_json, Asked, LineJson, MoveText, StopOnDrop};
use crate::state::AppState;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::Json;
use futures_util::stream::{self, Stream, StreamExt};
use ox88::control::LineReport;
use ox88::protocol::{Engine, SearchResult};
use ox88::Position;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Instant;
use utoipa::ToSchema;

/// An analysis request: a position and how long to think. Every limit is
/// capped by the server's (`capped` in the answer says when).
#[derive(Debug, Deserialize, ToSchema)]
pub struct AnalyseRequest {
    /// The position.
    #[serde(flatten)]
    pub position: PositionInput,
    /// Search this many plies deep.
    #[schema(minimum = 1)]
    pub depth: Option<u32>,
    /// Search at most this many nodes.
    #[schema(minimum = 1)]
    pub nodes: Option<u64>,
    /// Search this many milliseconds.
    #[schema(minimum = 1)]
    pub movetime_ms: Option<u64>,
    /// How many best lines to report (MultiPV), 1 by default.
    #[schema(minimum = 1)]
    pub multipv: Option<usize>,
}

/// The engine's verdict: its best lines, deepest first by line number.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AnalyseResponse {
    /// The position analysed, as FEN.
    pub fen: String,
    /// The last line reported for each MultiPV index, best first.
    pub lines: Vec<LineJson>,
    /// The move the engine would play; null when there is no legal move.
    pub best_move: Option<MoveText>,
    /// The reply it expects, or null.
    pub ponder: Option<MoveText>,
    /// Depth of the chosen line.
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Milliseconds the search took.
    pub time_ms: u64,
    /// Whether the server's limits cut the search short of what was asked.
    pub capped: bool,
}

/// Analyses a position and answers when the search ends.
#[utoipa::path(
    post,
    path = "/api/v1/analyse",
    tag = "engine",
    request_body = AnalyseRequest,
    responses(
        (status = 200, description = "The engine's lines", body = AnalyseResponse),
        (status = 400, description = "The body is not JSON of the schema", body = ErrorResponse),
        (status = 413, description = "The body is too large", body = ErrorResponse),
        (status = 415, description = "The body is not sent as JSON", body = ErrorResponse),
        (status = 422, description = "A bad position or limit", body = ErrorResponse),
        (status = 503, description = "Every engine stayed busy (see Retry-After), or the request timed out",
         body = ErrorResponse),
    )
)]
pub async fn analyse(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<AnalyseRequest>,
) -> Result<Json<AnalyseResponse>, ApiError> {
    let job = Job::new(&state, &request)?;
    let mut lease = state.pool.acquire().await?;
    // Reset before the search starts, so that a stop from now on counts;
    // the guard stops the search if this handler is dropped (the client
    // went away).
    let stop = lease.engine().stop_handle();
    stop.reset(false);
    let _guard = StopOnDrop(stop);
    let metrics = state.metrics.clone();
    let answer = tokio::task::spawn_blocking(move || {
        let mut lines = BTreeMap::new();
        let started = Instant::now();
        let result = search::run(&mut lease, &job.position, &job.capped.limits, job.capped.multipv, &mut |line| {
            lines.insert(line.multipv.max(1), line.clone());
        });
        metrics.search_seconds.observe(started.elapsed().as_secs_f64());
        job.answer(&result, lines.into_values().collect(), started)
    })
    .await
    .map_err(|_| ApiError::internal("the search failed"))?;
    Ok(Json(answer))
}

/// Analyses a position and streams each line as it comes, as Server-Sent
/// Events: `info` events (one line each, as `LineJson`) while the engine
/// thinks, then one `result` event (an `AnalyseResponse`), then the end.
/// Closing the stream stops the search.
#[utoipa::path(
    post,
    path = "/api/v1/analyse/stream",
    tag = "engine",
    request_body = AnalyseRequest,
    responses(
        (status = 200, description = "Server-Sent Events: `info` events with a LineJson each, then a `result` \
                                      event with an AnalyseResponse", body = String, content_type = "text/event-stream"),
        (status = 400, description = "The body is not JSON of the schema", body = ErrorResponse),
        (status = 413, description = "The body is too large", body = ErrorResponse),
        (status = 415, description = "The body is not sent as JSON", body = ErrorResponse),
        (status = 422, description = "A bad position or limit", body = ErrorResponse),
        (status = 503, description = "Every engine stayed busy (see Retry-After)", body = ErrorResponse),
    )
)]
pub async fn analyse_stream(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<AnalyseRequest>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let job = Job::new(&state, &request)?;
    let mut lease = state.pool.acquire().await?;
    let stop = lease.engine().stop_handle();
    stop.reset(false);
    // Lines are few (one per iteration and line, and a few more when a
    // window fails), but a client that does not read must not block the
    // search: lines that find the channel full are dropped, and room is
    // kept for the result.
    let (sender, receiver) = tokio::sync::mpsc::channel::<Event>(512);
    let metrics = state.metrics.clone();
    tokio::task::spawn_blocking(move || {
        let mut lines = BTreeMap::new();
        let started = Instant::now();
        let result = search::run(&mut lease, &job.position, &job.capped.limits, job.capped.multipv, &mut |line| {
            lines.insert(line.multipv.max(1), line.clone());
            if sender.capacity() > 1 {
                let _ = sender.try_send(json_event("info", &line_json(&job.position, line)));
            }
        });
        metrics.search_seconds.observe(started.elapsed().as_secs_f64());
        drop(lease);
        let answer = job.answer(&result, lines.into_values().collect(), started);
        let _ = sender.try_send(json_event("result", &answer));
    });
    let guard = StopOnDrop(stop);
    let events =
        stream::unfold(
            receiver,
            |mut receiver| async move { receiver.recv().await.map(|event| (Ok(event), receiver)) },
        )
        .map(move |event| {
            // The guard lives as long as the stream: dropping the stream (the
            // client closed it) stops the search.
            let _ = &guard;
            event
        });
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}

/// An SSE event named `name` with `value` as JSON data.
fn json_event(name: &str, value: &impl Serialize) -> Event {
    // Our types always serialise.
    Event::default().event(name).data(serde_json::to_string(value).expect("JSON"))
}

/// A checked analysis request.
struct Job {
    position: Position,
    capped: search::Capped,
}

impl Job {
    fn new(state: &AppState, request: &AnalyseRequest) -> Result<Job, ApiError> {
        let asked = Asked {
            depth: request.depth,
            nodes: request.nodes,
            movetime_ms: request.movetime_ms,
            multipv: request.multipv,
        };
        let capped = asked.cap(&state.config)?;
        let position = request.position.read("", state.config.max_moves)?.position;
        state.metrics.searches.inc();
        if capped.capped {
            state.metrics.searches_capped.inc();
        }
        Ok(Job { position, capped })
    }

    fn answer(&self, result: &SearchResult, mut lines: Vec<LineReport>, started: Instant) -> AnalyseResponse {
        // The result's line is the final word on the best line.
        if let Some(line) = &result.line {
            if !line.pv.is_empty() {
                match lines.first_mut() {
                    Some(first) if first.depth <= line.depth => *first = line.clone(),
                    None => lines.push(line.clone()),
                    Some(_) => {}
                }
            }
        }
        let (best_move, ponder) = search::best_and_ponder(&self.position, result);
        AnalyseResponse {
            fen: self.position.fen(),
            lines: lines.iter().map(|line| line_json(&self.position, line)).collect(),
            best_move,
            ponder,
            depth: result.depth(),
            nodes: result.nodes(),
            time_ms: started.elapsed().as_millis() as u64,
            capped: self.capped.capped,
        }
    }
}
