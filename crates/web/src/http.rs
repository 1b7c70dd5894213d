//! The friend games' HTTP routes: create a game, see one, list and download
//! the finished ones, and the WebSocket upgrade. Every error is an
//! [`ApiError`], the shape of the server's other routes.

use crate::clock::friend_time_control;
use crate::hub::{CreateError, Hub};
use crate::ids::{FriendGameId, SeatToken};
use crate::protocol::GameView;
use crate::store::{FinishedGame, StoreError};
use crate::task::Command;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use ox88_board::Color;
use ox88_http::schema::ColorSchema;
use ox88_http::{ApiError, ApiJson, ApiQuery, ErrorCode, ErrorResponse};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::oneshot;
use utoipa::{IntoParams, ToSchema};

/// 503 `storage`: the games' store failed.
fn unavailable(what: impl std::fmt::Display) -> ApiError {
    ApiError::storage(what)
}

/// 404 `not_found` naming the id.
fn no_such_game(text: &str) -> ApiError {
    ApiError::no_such("game", text)
}

/// The game `id` names, if it exists (its task started).
async fn existing(hub: &Arc<Hub>, id: &str) -> Result<FriendGameId, ApiError> {
    let Ok(game) = id.parse::<FriendGameId>() else { return Err(no_such_game(id)) };
    match hub.game(&game).await {
        Ok(Some(_)) => Ok(game),
        Ok(None) => Err(no_such_game(id)),
        Err(e) => Err(unavailable(e)),
    }
}

/// The side the creator of a game asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatChoice {
    /// White.
    White,
    /// Black.
    Black,
    /// A coin toss (the default).
    #[default]
    Random,
}

/// What a new game is to be.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The creator's side (`random` when absent).
    #[serde(default)]
    pub color: SeatChoice,
    /// Each side's time in seconds, 1 to 36,000; absent for an untimed
    /// game.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 36000)]
    pub initial_seconds: Option<u64>,
    /// The increment per move in seconds, up to 600.
    #[serde(default)]
    #[schema(maximum = 600)]
    pub increment_seconds: Option<u64>,
}

/// A game just created: keep the token, it makes its holder the player of
/// the seat.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreateResponse {
    /// The game's id, as in its link.
    #[schema(value_type = String)]
    pub id: FriendGameId,
    /// The creator's side.
    #[schema(value_type = ColorSchema)]
    pub seat: Color,
    /// The creator's seat token.
    #[schema(value_type = String)]
    pub token: SeatToken,
}

/// The visitor's address: the connection's, or the proxy's
/// `X-Forwarded-For` when the configuration trusts it.
pub(crate) fn address(hub: &Hub, headers: &HeaderMap, connection: Option<SocketAddr>) -> String {
    if hub.config().trust_forwarded_for {
        let forwarded = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
        if let Some(first) = forwarded.and_then(|v| v.split(',').next()) {
            return first.trim().chars().take(64).collect();
        }
    }
    connection.map_or_else(|| "unknown".to_owned(), |a| a.ip().to_string())
}

/// Creates a game: answers its id and the creator's seat and token.
#[utoipa::path(
    post,
    path = "/api/v1/friend/games",
    tag = "friend",
    request_body = CreateRequest,
    responses(
        (status = 201, description = "The game, and the creator's seat and token", body = CreateResponse),
        ox88_http::JsonRejections,
        (status = 422, description = "A time control out of range", body = ErrorResponse),
        (status = 429, description = "This address has as many unfinished games as it may", body = ErrorResponse),
        (status = 503, description = "The games' store failed", body = ErrorResponse),
    )
)]
pub async fn create(
    State(hub): State<Arc<Hub>>,
    connection: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<CreateRequest>,
) -> Result<(StatusCode, Json<CreateResponse>), ApiError> {
    let creator = address(&hub, &headers, connection.map(|Extension(ConnectInfo(address))| address));
    let seat = match body.color {
        SeatChoice::White => Color::White,
        SeatChoice::Black => Color::Black,
        SeatChoice::Random => {
            let mut byte = [0u8];
            // A coin toss; the operating system's random source does not fail here.
            getrandom::fill(&mut byte).expect("the operating system's random source");
            if byte[0] & 1 == 0 {
                Color::White
            } else {
                Color::Black
            }
        }
    };
    let control = match body.initial_seconds {
        None => None,
        Some(initial) => {
            let increment = body.increment_seconds.unwrap_or(0);
            let control = friend_time_control(initial.saturating_mul(1000), increment.saturating_mul(1000));
            if control.is_none() {
                let message = format!("time control {initial}+{increment}: from 1 s to 10 h, increment up to 10 min");
                return Err(ApiError::invalid("initial_seconds", message));
            }
            control
        }
    };
    match hub.create(control, seat, creator).await {
        Ok(created) => {
            Ok((StatusCode::CREATED, Json(CreateResponse { id: created.id, seat: created.seat, token: created.token })))
        }
        Err(CreateError::TooManyGames(n)) => Err(ApiError::new(
            ErrorCode::TooManyGames,
            format!("this address has {n} unfinished games already: finish one first"),
        )),
        Err(CreateError::Store(e)) => Err(unavailable(e)),
    }
}

/// The game now, as the WebSocket's `state` frame has it.
#[utoipa::path(
    get,
    path = "/api/v1/friend/games/{id}",
    tag = "friend",
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "The game", body = GameView),
        (status = 404, description = "No such game", body = ErrorResponse),
        (status = 503, description = "The games' store failed", body = ErrorResponse),
    )
)]
pub async fn show(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Json<GameView>, ApiError> {
    let game = existing(&hub, &id).await?;
    let (reply, answer) = oneshot::channel();
    let stopped = || unavailable("the game's task stopped");
    hub.send(&game, Command::View { reply }).await.map_err(|_| stopped())?;
    Ok(Json(answer.await.map_err(|_| stopped())?))
}

/// One game as PGN, its clocks as `[%clk]` comments.
#[utoipa::path(
    get,
    path = "/api/v1/friend/games/{id}/pgn",
    tag = "friend",
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "The game in PGN export format", body = String,
         content_type = "application/x-chess-pgn"),
        (status = 404, description = "No such game", body = ErrorResponse),
        (status = 503, description = "The games' store failed", body = ErrorResponse),
    )
)]
pub async fn pgn(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let Ok(game) = id.parse::<FriendGameId>() else { return Err(no_such_game(&id)) };
    match hub.store().load(&game, crate::task::now_ms()).await {
        Ok(Some(game)) => Ok(pgn_response(crate::pgn::to_pgn(&game), &format!("ox88-{}.pgn", game.id()))),
        Ok(None) => Err(no_such_game(&id)),
        Err(e) => Err(unavailable(e)),
    }
}

fn pgn_response(text: String, file: &str) -> Response {
    let disposition = format!("attachment; filename=\"{file}\"");
    ([(header::CONTENT_TYPE, "application/x-chess-pgn".to_owned()), (header::CONTENT_DISPOSITION, disposition)], text)
        .into_response()
}

/// How many finished games to list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// At most this many (50 when absent; more than 1,000 counts as 1,000).
    pub limit: Option<usize>,
}

/// The finished games, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct FinishedList {
    /// The games.
    pub games: Vec<FinishedGame>,
}

/// The finished games, newest first.
#[utoipa::path(
    get,
    path = "/api/v1/friend/games",
    tag = "friend",
    params(ListQuery),
    responses(
        (status = 200, description = "The finished games", body = FinishedList),
        (status = 400, description = "The query is not of the schema", body = ErrorResponse),
        (status = 503, description = "The games' store failed", body = ErrorResponse),
    )
)]
pub async fn finished(
    State(hub): State<Arc<Hub>>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<FinishedList>, ApiError> {
    let limit = query.limit.unwrap_or(50).min(1000);
    Ok(Json(FinishedList { games: hub.store().finished(limit).await.map_err(unavailable)? }))
}

/// The last 1,000 finished games as one PGN file.
#[utoipa::path(
    get,
    path = "/api/v1/friend/finished.pgn",
    tag = "friend",
    responses(
        (status = 200, description = "The games in PGN export format", body = String,
         content_type = "application/x-chess-pgn"),
        (status = 503, description = "The games' store failed", body = ErrorResponse),
    )
)]
pub async fn finished_pgn(State(hub): State<Arc<Hub>>) -> Result<Response, ApiError> {
    let games = hub.store().finished(1000).await.map_err(unavailable)?;
    let mut text = String::new();
    for listed in games {
        let loaded: Result<_, StoreError> = hub.store().load(&listed.id, crate::task::now_ms()).await;
        if let Some(game) = loaded.map_err(unavailable)? {
            text.push_str(&crate::pgn::to_pgn(&game));
        }
    }
    Ok(pgn_response(text, "ox88-games.pgn"))
}

/// The game's WebSocket: JSON text frames both ways (the protocol is in
/// `ox88-web`'s README and its `protocol` module). The first frame from
/// the page is `{"type":"hello","token":…,"sit":true}`; the server answers
/// `welcome` and `state`, then every change of the game.
#[utoipa::path(
    get,
    path = "/api/v1/friend/games/{id}/ws",
    tag = "friend",
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 101, description = "Switching Protocols: the friend-game protocol over WebSocket"),
        (status = 404, description = "No such game", body = ErrorResponse),
        (status = 426, description = "Not a WebSocket handshake", body = ErrorResponse),
        (status = 503, description = "The games' store failed", body = ErrorResponse),
    )
)]
pub async fn socket(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let game = existing(&hub, &id).await?;
    let upgrade = upgrade.map_err(|rejection| {
        ApiError::new(ErrorCode::UpgradeRequired, format!("not a WebSocket handshake: {}", rejection.body_text()))
    })?;
    let limit = hub.config().max_message_bytes;
    Ok(upgrade
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(limit)
        .max_frame_size(limit)
        .on_upgrade(move |socket| crate::ws::serve(socket, hub, game)))
}

/// A connection's read buffer. tungstenite allocates (and zeroes, as it
/// reads) 128 KiB per connection unless told otherwise: 125 MiB for the
/// 1,000 connections of the load test, to read frames of at most 1 KiB.
/// Four frames' worth is plenty; a larger frame is refused anyway.
const READ_BUFFER_BYTES: usize = 4096;
