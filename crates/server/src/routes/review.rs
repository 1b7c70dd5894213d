//! Game reviews: `POST /api/v1/reviews` keeps a game for review,
//! `GET /api/v1/reviews/{id}` answers its review as far as it is analysed,
//! and `GET /api/v1/reviews/{id}/stream` runs it, as Server-Sent Events.

use crate::input::PositionInput;
use crate::review::report::{ReviewReport, ReviewedPosition};
use crate::review::{no_review, storage, ReviewEvent, Watch};
use crate::routes::analyse::json_event;
use crate::routes::visitor::SiteVisitor;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::Json;
use futures_util::stream::{self, Stream, StreamExt};
use ox88_http::{ApiError, ApiJson, ErrorCode, ErrorResponse};
use ox88_web::ids::ReviewId;
use ox88_web::store::{ReviewGame, ReviewStoreError};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::sync::Arc;
use utoipa::ToSchema;

/// A game to review: its start and moves (SAN or UCI), and what is known of
/// it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReviewRequest {
    /// The game.
    #[serde(flatten)]
    pub game: PositionInput,
    /// White's name.
    #[schema(max_length = 100)]
    pub white: Option<String>,
    /// Black's name.
    #[schema(max_length = 100)]
    pub black: Option<String>,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: Option<String>,
}

/// The review kept for the game.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewCreated {
    /// The review's id.
    pub id: String,
    /// Its page.
    pub url: String,
}

/// One Server-Sent Event of a review's stream, as a client's SSE reader
/// sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewStreamEvent {
    /// `review` (the review as a whole: a `ReviewReport`), `queued`
    /// (`{"ahead": n}`: reviews waiting before this one), `eval` (a position
    /// analysed: `{"ply": n, "position": ReviewedPosition}`) or `error`
    /// (`{"code", "message"}`).
    pub event: String,
    /// The event's JSON.
    pub data: String,
}

/// A position analysed, as the stream's `eval` event carries it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewedPly {
    /// The position's index (0: the start).
    pub ply: usize,
    /// The position.
    pub position: ReviewedPosition,
}

/// A name as kept: at most 100 characters, control characters dropped.
fn name(text: Option<String>) -> Option<String> {
    let kept: String = text?.chars().filter(|c| !c.is_control()).take(100).collect();
    let kept = kept.trim().to_owned();
    (!kept.is_empty()).then_some(kept)
}

/// Keeps a game for review and answers its id: the same game sent again
/// (the same start and moves) is the same review. Every move is checked.
#[utoipa::path(
    post,
    path = "/api/v1/reviews",
    tag = "review",
    request_body = ReviewRequest,
    responses(
        (status = 200, description = "The review of the game", body = ReviewCreated),
        ox88_http::JsonRejections,
        (status = 422, description = "A bad position, move or result, or more moves than a review takes",
         body = ErrorResponse),
        (status = 429, description = "This address sent as many new games today as it may", body = ErrorResponse),
        (status = 503, description = "The store failed, or the request timed out", body = ErrorResponse),
    )
)]
pub async fn create(
    State(state): State<Arc<AppState>>,
    visitor: SiteVisitor,
    ApiJson(request): ApiJson<ReviewRequest>,
) -> Result<Json<ReviewCreated>, ApiError> {
    let settings = state.reviewer.settings();
    let played = request.game.read("", settings.max_plies)?.position;
    let result = match request.result.as_deref() {
        None | Some("*") => None,
        Some(result @ ("1-0" | "0-1" | "1/2-1/2")) => Some(result.to_owned()),
        Some(other) => {
            let shown: String = other.chars().take(20).collect();
            return Err(ApiError::invalid("result", format!("result {shown:?}: expected 1-0, 0-1, 1/2-1/2 or *")));
        }
    };
    let moves = played.moves().iter().map(|&m| m.to_uci(played.castling_mode()).to_string()).collect();
    let game = ReviewGame {
        start_fen: played.start().fen(),
        moves,
        white: name(request.white),
        black: name(request.black),
        result,
    };
    let now = ox88_web::task::now_ms();
    let id = match state.reviewer.store().add_review(game, visitor.0, now, settings.per_day).await {
        Ok(id) => id,
        Err(ReviewStoreError::TooManyToday(n)) => {
            let message = format!("{n} new games were sent for review from this address today: the most a day");
            return Err(ApiError::new(ErrorCode::TooManyReviews, message));
        }
        Err(ReviewStoreError::Store(error)) => return Err(storage(error)),
    };
    Ok(Json(ReviewCreated { url: format!("/#/review/{id}"), id: id.to_string() }))
}

/// The review id in a path; 404 for one that cannot be.
fn review_id(text: &str) -> Result<ReviewId, ApiError> {
    text.parse().map_err(|_| no_review(&text))
}

/// A review as far as it is analysed (running it needs its stream).
#[utoipa::path(
    get,
    path = "/api/v1/reviews/{id}",
    tag = "review",
    params(("id" = String, Path, description = "The review's id")),
    responses(
        (status = 200, description = "The review", body = ReviewReport),
        (status = 404, description = "No such review", body = ErrorResponse),
        (status = 503, description = "The store failed, or the request timed out", body = ErrorResponse),
    )
)]
pub async fn show(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Result<Json<ReviewReport>, ApiError> {
    Ok(Json(state.reviewer.report(&review_id(&id)?).await?))
}

/// Runs a review and streams it as Server-Sent Events: first `review` (as
/// far as it is analysed), then `queued` while it waits for an engine,
/// `eval` as each position is analysed, and `review` again, complete, at
/// the end. A complete review is answered with its one `review` event.
/// Closing the stream stops the review (what was analysed is kept); one
/// review per visitor runs at a time.
#[utoipa::path(
    get,
    path = "/api/v1/reviews/{id}/stream",
    tag = "review",
    params(("id" = String, Path, description = "The review's id")),
    responses(
        (status = 200, description = "Server-Sent Events: `review`, `queued`, `eval`, `error`",
         body = ReviewStreamEvent, content_type = "text/event-stream"),
        (status = 404, description = "No such review", body = ErrorResponse),
        (status = 429, description = "This visitor has another review running", body = ErrorResponse),
        (status = 503, description = "Too many reviews wait (see Retry-After), or the store failed",
         body = ErrorResponse),
    )
)]
pub async fn stream(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    visitor: SiteVisitor,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let id = review_id(&id)?;
    let Watch { report, ahead, events, guard } = state.reviewer.watch(&id, &visitor.0).await?;
    let head: Vec<Event> = std::iter::once(json_event("review", &report)).chain(ahead.map(queued)).collect();
    let follow = stream::unfold(Some((events, guard, state, id)), |held| async move {
        let (Some(mut events), guard, state, id) = held? else { return None };
        let event = match events.recv().await {
            Ok(ReviewEvent::Queued(ahead)) => queued(ahead),
            Ok(ReviewEvent::Position(ply, position)) => json_event("eval", &ReviewedPly { ply, position }),
            Ok(ReviewEvent::Done(report)) => return Some((json_event("review", report.as_ref()), None)),
            Ok(ReviewEvent::Failed(message)) => {
                let error = serde_json::json!({"code": "review_failed", "message": message});
                return Some((json_event("error", &error), None));
            }
            // Fell behind: the review as it is now replaces what was missed.
            Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => match state.reviewer.report(&id).await {
                Ok(report) => json_event("review", &report),
                Err(error) => return Some((json_event("error", &error.body), None)),
            },
            Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
        };
        Some((event, Some((Some(events), guard, state, id))))
    });
    let events = stream::iter(head).chain(follow).map(Ok);
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}

/// The `queued` event.
fn queued(ahead: usize) -> Event {
    json_event("queued", &serde_json::json!({ "ahead": ahead }))
}
