//! `POST /api/v1/analyse` and `POST /api/v1/analyse/stream`: the engine's
//! lines for a position, at once or as Server-Sent Events while it thinks.

use crate::input::PositionInput;
use crate::job::{Finished, SearchJob};
use crate::search::{self, line_json, Asked, Capped, LineJson, MoveText};
use crate::state::AppState;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::Json;
use futures_util::stream::{self, Stream, StreamExt};
use ox88::control::LineReport;
use ox88_http::ApiJson;
use ox88_http::{ApiError, ErrorResponse};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::Arc;
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
    /// Positions found in the Syzygy tables during the search; null when
    /// the server has no tables.
    pub tbhits: Option<u64>,
}

/// One Server-Sent Event of the analysis stream, as a client's SSE reader
/// sees it: `info` with a `LineJson` as its data, or `result` with an
/// `AnalyseResponse`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnalyseEvent {
    /// `info` or `result`.
    pub event: String,
    /// The event's JSON: a `LineJson` (`info`) or an `AnalyseResponse`
    /// (`result`).
    pub data: String,
}

/// Analyses a position and answers when the search ends.
#[utoipa::path(
    post,
    path = "/api/v1/analyse",
    tag = "engine",
    request_body = AnalyseRequest,
    responses(
        (status = 200, description = "The engine's lines", body = AnalyseResponse),
        ox88_http::JsonRejections,
        (status = 422, description = "A bad position or limit", body = ErrorResponse),
        (status = 503, description = "Every engine stayed busy (see Retry-After), or the request timed out",
         body = ErrorResponse),
    )
)]
pub async fn analyse(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<AnalyseRequest>,
) -> Result<Json<AnalyseResponse>, ApiError> {
    let job = SearchJob::start(&state, &request.position, capped(&state, &request)?).await?;
    let answer = job.on_blocking_thread(|job| {
        let mut lines = BTreeMap::new();
        let finished = job.run(&mut |_, line| {
            lines.insert(line.multipv.max(1), line.clone());
        });
        answer(&finished, lines.into_values().collect())
    });
    Ok(Json(answer.await?))
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
                                      event with an AnalyseResponse", body = AnalyseEvent, content_type = "text/event-stream"),
        ox88_http::JsonRejections,
        (status = 422, description = "A bad position or limit", body = ErrorResponse),
        (status = 503, description = "Every engine stayed busy (see Retry-After)", body = ErrorResponse),
    )
)]
pub async fn analyse_stream(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<AnalyseRequest>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let job = SearchJob::start(&state, &request.position, capped(&state, &request)?).await?;
    let guard = job.stop_on_drop();
    // Lines are few (one per iteration and line, and a few more when a
    // window fails), but a client that does not read must not block the
    // search: lines that find the channel full are dropped, and room is
    // kept for the result.
    let (sender, receiver) = tokio::sync::mpsc::channel::<Event>(512);
    tokio::task::spawn_blocking(move || {
        let mut lines = BTreeMap::new();
        let finished = job.run(&mut |position, line| {
            lines.insert(line.multipv.max(1), line.clone());
            if sender.capacity() > 1 {
                let _ = sender.try_send(json_event("info", &line_json(position, line)));
            }
        });
        let _ = sender.try_send(json_event("result", &answer(&finished, lines.into_values().collect())));
    });
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
pub(crate) fn json_event(name: &str, value: &impl Serialize) -> Event {
    // Our types always serialise.
    Event::default().event(name).data(serde_json::to_string(value).expect("JSON"))
}

/// The limits `request` asks for, after the server's caps.
fn capped(state: &AppState, request: &AnalyseRequest) -> Result<Capped, ApiError> {
    let asked = Asked {
        depth: request.depth,
        nodes: request.nodes,
        movetime_ms: request.movetime_ms,
        multipv: request.multipv,
    };
    asked.cap(&state.config)
}

/// The answer for a finished search, with the last line reported for each
/// MultiPV index, best first.
fn answer(finished: &Finished, mut lines: Vec<LineReport>) -> AnalyseResponse {
    let (position, result) = (&finished.position, &finished.result);
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
    let (best_move, ponder) = search::best_and_ponder(position, result);
    AnalyseResponse {
        fen: position.fen(),
        tbhits: lines.iter().filter_map(|line| line.tbhits).max(),
        lines: lines.iter().map(|line| line_json(position, line)).collect(),
        best_move,
        ponder,
        depth: result.depth(),
        nodes: result.nodes(),
        time_ms: finished.time.as_millis() as u64,
        capped: finished.capped.capped,
    }
}
