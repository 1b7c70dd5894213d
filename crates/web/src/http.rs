//! The friend games' HTTP routes: create a game, see one, list and download
//! the finished ones, and the WebSocket upgrade.

use crate::clock::TimeControl;
use crate::hub::{CreateError, Hub};
use crate::ids::FriendGameId;
use crate::task::Command;
use axum::extract::rejection::JsonRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use ox88_board::Color;
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::oneshot;

/// An error answer: `{"error": {"code", "message", "field"}}`, as the
/// server's other routes write them.
pub fn error(status: StatusCode, code: &str, message: impl Into<String>, field: Option<&str>) -> Response {
    let body = json!({ "error": { "code": code, "message": message.into(), "field": field } });
    (status, Json(body)).into_response()
}

fn unavailable(what: impl std::fmt::Display) -> Response {
    error(StatusCode::SERVICE_UNAVAILABLE, "storage", format!("the games' store failed: {what}"), None)
}

fn no_such_game(text: &str) -> Response {
    let shown: String = text.chars().take(40).collect();
    error(StatusCode::NOT_FOUND, "no_such_game", format!("there is no game {shown:?}"), Some("id"))
}

/// What a new game is to be.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// `white`, `black` or `random`: the creator's side.
    #[serde(default)]
    pub color: Option<String>,
    /// Each side's time in seconds; absent for an untimed game.
    #[serde(default)]
    pub initial_seconds: Option<u64>,
    /// The increment per move in seconds.
    #[serde(default)]
    pub increment_seconds: Option<u64>,
}

/// The visitor's address: the connection's, or the proxy's
/// `X-Forwarded-For` when the configuration trusts it.
fn address(hub: &Hub, headers: &HeaderMap, request_info: Option<SocketAddr>) -> String {
    if hub.config().trust_forwarded_for {
        let forwarded = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
        if let Some(first) = forwarded.and_then(|v| v.split(',').next()) {
            return first.trim().chars().take(64).collect();
        }
    }
    request_info.map_or_else(|| "unknown".to_owned(), |a| a.ip().to_string())
}

/// `POST /api/v1/friend/games`: a new game; answers its id and the
/// creator's seat and token.
pub async fn create(State(hub): State<Arc<Hub>>, request: Request) -> Response {
    let info = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0);
    let creator = address(&hub, request.headers(), info);
    let body: Result<Json<CreateRequest>, JsonRejection> =
        <Json<CreateRequest> as axum::extract::FromRequest<()>>::from_request(request, &()).await;
    let Json(body) = match body {
        Ok(body) => body,
        Err(rejection) => return error(rejection.status(), "bad_request", rejection.body_text(), None),
    };
    let seat = match body.color.as_deref().unwrap_or("random") {
        "white" => Color::White,
        "black" => Color::Black,
        "random" => {
            let mut byte = [0u8];
            // A coin toss; the operating system's random source does not fail here.
            getrandom::fill(&mut byte).expect("the operating system's random source");
            if byte[0] & 1 == 0 {
                Color::White
            } else {
                Color::Black
            }
        }
        other => {
            let message = format!("color {other:?}: expected white, black or random");
            return error(StatusCode::UNPROCESSABLE_ENTITY, "bad_color", message, Some("color"));
        }
    };
    let control = match body.initial_seconds {
        None => None,
        Some(initial) => {
            let increment = body.increment_seconds.unwrap_or(0);
            let control = TimeControl::new(initial.saturating_mul(1000), increment.saturating_mul(1000));
            if control.is_none() {
                let message = format!("time control {initial}+{increment}: from 1 s to 10 h, increment up to 10 min");
                return error(StatusCode::UNPROCESSABLE_ENTITY, "bad_time_control", message, Some("initial_seconds"));
            }
            control
        }
    };
    match hub.create(control, seat, creator).await {
        Ok(created) => {
            let body = json!({ "id": created.id, "seat": created.seat.name(), "token": created.token });
            (StatusCode::CREATED, Json(body)).into_response()
        }
        Err(CreateError::TooManyGames(n)) => {
            let message = format!("this address has {n} unfinished games already: finish one first");
            error(StatusCode::TOO_MANY_REQUESTS, "too_many_games", message, None)
        }
        Err(CreateError::Store(e)) => unavailable(e),
    }
}

/// `GET /api/v1/friend/games/{id}`: the game now, as the `state` frame's game.
pub async fn show(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let Ok(game) = id.parse::<FriendGameId>() else { return no_such_game(&id) };
    match hub.game(&game).await {
        Ok(Some(_)) => {}
        Ok(None) => return no_such_game(&id),
        Err(e) => return unavailable(e),
    }
    let (reply, answer) = oneshot::channel();
    if hub.send(&game, Command::Resync { reply }).await.is_err() {
        return unavailable("the game's task stopped");
    }
    let Ok(state) = answer.await else { return unavailable("the game's task stopped") };
    // The frame is {"type":"state","game":{...}}: answer the game.
    let value: serde_json::Value = serde_json::from_str(&state).unwrap_or_default();
    Json(value["game"].clone()).into_response()
}

/// `GET /api/v1/friend/games/{id}/pgn`: one game as PGN.
pub async fn pgn(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let Ok(game) = id.parse::<FriendGameId>() else { return no_such_game(&id) };
    match hub.store().load(&game, crate::task::now_ms()).await {
        Ok(Some(game)) => pgn_response(crate::pgn::to_pgn(&game), &format!("ox88-{}.pgn", game.id())),
        Ok(None) => no_such_game(&id),
        Err(e) => unavailable(e),
    }
}

fn pgn_response(text: String, file: &str) -> Response {
    let disposition = format!("attachment; filename=\"{file}\"");
    ([(header::CONTENT_TYPE, "application/x-chess-pgn".to_owned()), (header::CONTENT_DISPOSITION, disposition)], text)
        .into_response()
}

/// How many finished games to list.
#[derive(Debug, Deserialize)]
pub struct ListQuery {
    /// At most this many (default 50, at most 1,000).
    pub limit: Option<usize>,
}

/// `GET /api/v1/friend/games`: the finished games, newest first.
pub async fn finished(State(hub): State<Arc<Hub>>, Query(query): Query<ListQuery>) -> Response {
    let limit = query.limit.unwrap_or(50).min(1000);
    match hub.store().finished(limit).await {
        Ok(games) => Json(json!({ "games": games })).into_response(),
        Err(e) => unavailable(e),
    }
}

/// `GET /api/v1/friend/finished.pgn`: the last 1,000 finished games as one PGN file.
pub async fn finished_pgn(State(hub): State<Arc<Hub>>) -> Response {
    let games = match hub.store().finished(1000).await {
        Ok(games) => games,
        Err(e) => return unavailable(e),
    };
    let mut text = String::new();
    for listed in games {
        match hub.store().load(&listed.id, crate::task::now_ms()).await {
            Ok(Some(game)) => text.push_str(&crate::pgn::to_pgn(&game)),
            Ok(None) => {}
            Err(e) => return unavailable(e),
        }
    }
    pgn_response(text, "ox88-games.pgn")
}

/// `GET /api/v1/friend/games/{id}/ws`: the game's WebSocket.
pub async fn socket(State(hub): State<Arc<Hub>>, Path(id): Path<String>, upgrade: WebSocketUpgrade) -> Response {
    let Ok(game) = id.parse::<FriendGameId>() else { return no_such_game(&id) };
    match hub.game(&game).await {
        Ok(Some(_)) => {}
        Ok(None) => return no_such_game(&id),
        Err(e) => return unavailable(e),
    }
    let limit = hub.config().max_message_bytes;
    upgrade
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(limit)
        .max_frame_size(limit)
        .on_upgrade(move |socket| crate::ws::serve(socket, hub, game))
}

/// A connection's read buffer. tungstenite allocates (and zeroes, as it
/// reads) 128 KiB per connection unless told otherwise: 125 MiB for the
/// 1,000 connections of the load test, to read frames of at most 1 KiB.
/// Four frames' worth is plenty; a larger frame is refused anyway.
const READ_BUFFER_BYTES: usize = 4096;
