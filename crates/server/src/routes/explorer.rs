//! `GET /api/v1/explorer`: the moves played in a position of the server's
//! game collection (`--explorer DIR`, built by `ox88-db explorer add`), in
//! the shape of lichess's opening explorer, at every ply. `GET /lichess` and
//! `GET /masters` answer the same, at the paths of lichess's explorer host
//! (explorer.lichess.ovh), so that its clients work given this server's
//! address as their explorer's.

use crate::input::{check_move_count, read_move, PositionInput};
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use ox88::board::Move;
use ox88::movegen::Notation;
use ox88::Position;
use ox88_explorer::{Explorer, GameInfo, GameNumber, Stats, Winner};
use ox88_http::{ApiError, ApiQuery, ErrorResponse};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};

/// The most moves, top games and recent games an answer lists.
const MAX_MOVES: usize = 64;
const MAX_GAMES: usize = 15;

/// The query: a position (a FEN, and moves played from it) and how much to
/// list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ExplorerQuery {
    /// The position as FEN; absent: the standard start.
    #[serde(default)]
    pub fen: Option<String>,
    /// Moves played from `fen`, comma-separated, in UCI (`e2e4,e7e5`; SAN is
    /// read too).
    #[serde(default)]
    pub play: Option<String>,
    /// How many moves to list, most played first (default 12, at most 64).
    #[serde(default)]
    pub moves: Option<usize>,
    /// How many of the best-rated games to list (default 4, at most 15).
    #[serde(default)]
    pub top_games: Option<usize>,
    /// How many of the latest games to list (default 4, at most 15).
    #[serde(default)]
    pub recent_games: Option<usize>,
    /// The variant, as lichess names it: `standard` only (the collection
    /// holds standard chess); another is refused (422).
    #[serde(default)]
    pub variant: Option<String>,
    /// lichess's filter by speed: the collection is not split by speed, so
    /// a request that gives it is refused (422) rather than answered for
    /// all games.
    #[serde(default)]
    pub speeds: Option<String>,
    /// lichess's filter by rating band: refused (422), as `speeds`.
    #[serde(default)]
    pub ratings: Option<String>,
    /// lichess's first month (`YYYY-MM`): refused (422), as `speeds`.
    #[serde(default)]
    pub since: Option<String>,
    /// lichess's last month (`YYYY-MM`): refused (422), as `speeds`.
    #[serde(default)]
    pub until: Option<String>,
    /// lichess's month-by-month history: `true` is refused (422), as
    /// `speeds`.
    #[serde(default)]
    pub history: Option<bool>,
}

/// The position's moves and games, as lichess's explorer answers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExplorerResponse {
    /// Games White won from this position.
    pub white: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games Black won.
    pub black: u64,
    /// The moves played here, most played first.
    pub moves: Vec<ExplorerMove>,
    /// The best-rated games through this position (one a move, best first).
    pub top_games: Vec<ExplorerGame>,
    /// The latest games through this position (one a move, latest first).
    pub recent_games: Vec<ExplorerGame>,
    /// The opening: the last named position on the way from `fen` through
    /// `play` (by key: a transposition counts), or null if none is named.
    pub opening: Option<ExplorerOpening>,
}

/// An opening's code and name.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExplorerOpening {
    /// The ECO code.
    pub eco: String,
    /// The name.
    pub name: String,
}

/// A move played in the position.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExplorerMove {
    /// The move in UCI.
    pub uci: String,
    /// The move in SAN.
    pub san: String,
    /// Games White won after it.
    pub white: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games Black won.
    pub black: u64,
    /// The mean rating of its games' players (null if none was rated).
    pub average_rating: Option<u64>,
    /// Its only game, when it was played once.
    pub game: Option<ExplorerGame>,
}

/// A game of the collection.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExplorerGame {
    /// The game's id in the collection.
    pub id: String,
    /// `white`, `black`, or null for a draw.
    pub winner: Option<String>,
    /// White.
    pub white: ExplorerPlayer,
    /// Black.
    pub black: ExplorerPlayer,
    /// The year played (0 if unknown).
    pub year: u32,
    /// The month played, `YYYY-MM` (null if unknown).
    pub month: Option<String>,
    /// The move played in this position.
    pub uci: String,
}

/// A player of a game.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExplorerPlayer {
    /// The name.
    pub name: String,
    /// The rating (null if unknown).
    pub rating: Option<u16>,
}

/// The errors the explorer's paths answer (`/api/v1/explorer`, `/lichess`,
/// `/masters`), for their OpenAPI responses.
#[derive(utoipa::IntoResponses)]
pub enum ExplorerErrors {
    /// 400.
    #[response(status = 400, description = "A query parameter that does not read")]
    Unreadable(ErrorResponse),
    /// 404.
    #[response(status = 404, description = "The server has no game collection")]
    NoCollection(ErrorResponse),
    /// 422.
    #[response(status = 422, description = "A bad FEN, move, variant or filter")]
    BadPosition(ErrorResponse),
}

/// The moves played in a position of the collection, at any ply, with their
/// results and games (transpositions count: positions are found by key).
#[utoipa::path(
    get, path = "/api/v1/explorer", tag = "explorer", params(ExplorerQuery),
    responses(
        (status = 200, description = "The position's moves and games", body = ExplorerResponse),
        ExplorerErrors,
    )
)]
pub async fn explorer(
    state: State<Arc<AppState>>,
    query: ApiQuery<ExplorerQuery>,
) -> Result<Json<ExplorerResponse>, ApiError> {
    explore(state, query).await
}

/// The same as `/api/v1/explorer`, at the path of lichess's explorer of
/// lichess games: a lichess client given this server's address as its
/// explorer's (berserk's `Client(explorer_url=...)`) reads the collection.
#[utoipa::path(
    get, path = "/lichess", tag = "explorer", params(ExplorerQuery),
    responses(
        (status = 200, description = "The position's moves and games", body = ExplorerResponse),
        ExplorerErrors,
    )
)]
pub async fn lichess(
    state: State<Arc<AppState>>,
    query: ApiQuery<ExplorerQuery>,
) -> Result<Json<ExplorerResponse>, ApiError> {
    explore(state, query).await
}

/// The same as `/api/v1/explorer`, at the path of lichess's explorer of
/// masters' games (the server has one collection: this path answers it too).
#[utoipa::path(
    get, path = "/masters", tag = "explorer", params(ExplorerQuery),
    responses(
        (status = 200, description = "The position's moves and games", body = ExplorerResponse),
        ExplorerErrors,
    )
)]
pub async fn masters(
    state: State<Arc<AppState>>,
    query: ApiQuery<ExplorerQuery>,
) -> Result<Json<ExplorerResponse>, ApiError> {
    explore(state, query).await
}

async fn explore(
    State(state): State<Arc<AppState>>,
    ApiQuery(query): ApiQuery<ExplorerQuery>,
) -> Result<Json<ExplorerResponse>, ApiError> {
    check_filters(&query)?;
    let explorer =
        state.explorer.clone().ok_or_else(|| ApiError::not_found("this server has no game collection (--explorer)"))?;
    let (position, path) = read_position(&query, state.config.max_moves)?;
    let opening = state.openings.classify(path).map(|o| ExplorerOpening { eco: o.eco.clone(), name: o.name.clone() });
    let limits = (
        query.moves.unwrap_or(12).min(MAX_MOVES),
        query.top_games.unwrap_or(4).min(MAX_GAMES),
        query.recent_games.unwrap_or(4).min(MAX_GAMES),
    );
    // Reading the runs is file I/O: off the async threads.
    let answer = tokio::task::spawn_blocking(move || answer(&explorer, &position, limits)).await;
    let answer = answer.map_err(|_| ApiError::internal("the lookup failed"))??;
    Ok(Json(ExplorerResponse { opening, ..answer }))
}

/// Refuses what the collection cannot answer: another variant, and
/// lichess's filters (speeds, rating bands, months, history).
fn check_filters(query: &ExplorerQuery) -> Result<(), ApiError> {
    if let Some(variant) = query.variant.as_deref().filter(|v| *v != "standard") {
        return Err(ApiError::invalid("variant", format!("the collection holds standard chess only, not {variant:?}")));
    }
    // An empty filter is lichess's "all", as is one left out.
    let given = |filter: &Option<String>| filter.as_deref().is_some_and(|f| !f.trim().is_empty());
    let filters = [
        ("speeds", "speed", given(&query.speeds)),
        ("ratings", "rating", given(&query.ratings)),
        ("since", "month", given(&query.since)),
        ("until", "month", given(&query.until)),
        ("history", "month", query.history == Some(true)),
    ];
    match filters.into_iter().find(|(_, _, given)| *given) {
        Some((name, what, _)) => Err(ApiError::invalid(
            name,
            format!("the collection is not split by {what}: leave `{name}` out to count every game"),
        )),
        None => Ok(()),
    }
}

/// The position `fen` and `play` name, and the keys of the positions on the
/// way (`fen`'s, then each one after a move of `play`).
fn read_position(query: &ExplorerQuery, max_moves: usize) -> Result<(Position, Vec<u64>), ApiError> {
    let input = PositionInput { fen: query.fen.clone(), ..PositionInput::default() };
    let mut position = input.start("")?.position;
    let play: Vec<&str> = query.play.as_deref().unwrap_or("").split(',').filter(|m| !m.trim().is_empty()).collect();
    check_move_count(play.len(), max_moves, "").map_err(|e| e.field("play"))?;
    let mut path = vec![position.key()];
    for (index, text) in play.iter().enumerate() {
        let m = read_move(&position, text.trim(), index, "").map_err(|e| e.field(format!("play[{index}]")))?;
        position.play_unchecked(m);
        path.push(position.key());
    }
    Ok((position, path))
}

fn answer(
    explorer: &Explorer,
    position: &Position,
    (moves, top, recent): (usize, usize, usize),
) -> Result<ExplorerResponse, ApiError> {
    let failed = |e: ox88_explorer::ExplorerError| ApiError::internal(format!("the game collection: {e}"));
    let found = explorer.moves(position.board()).map_err(failed)?;
    let mut total = ExplorerResponse {
        white: 0,
        draws: 0,
        black: 0,
        moves: Vec::new(),
        top_games: Vec::new(),
        recent_games: Vec::new(),
        opening: None,
    };
    for (_, stats) in &found {
        (total.white, total.draws, total.black) =
            (total.white + stats.white, total.draws + stats.draws, total.black + stats.black);
    }
    let uci = |m: Move| position.uci(m).to_string();
    let game = |number: GameNumber, m: Move| -> Result<ExplorerGame, ApiError> {
        Ok(describe(number, &explorer.game(number).map_err(failed)?, uci(m)))
    };
    for &(m, stats) in found.iter().take(moves) {
        total.moves.push(ExplorerMove {
            uci: uci(m),
            san: position.board().san(m).to_string(),
            white: stats.white,
            draws: stats.draws,
            black: stats.black,
            average_rating: stats.average_rating(),
            game: if stats.games() == 1 { Some(game(stats.best.0, m)?) } else { None },
        });
    }
    let mut best: Vec<&(Move, Stats)> = found.iter().filter(|(_, s)| s.best.1 > 0).collect();
    best.sort_by_key(|(_, s)| std::cmp::Reverse((s.best.1, s.best.0)));
    for &&(m, stats) in best.iter().take(top) {
        total.top_games.push(game(stats.best.0, m)?);
    }
    let mut latest: Vec<&(Move, Stats)> = found.iter().collect();
    latest.sort_by_key(|(_, s)| std::cmp::Reverse((s.latest.1, s.latest.0)));
    for &&(m, stats) in latest.iter().take(recent) {
        total.recent_games.push(game(stats.latest.0, m)?);
    }
    Ok(total)
}

fn describe(number: GameNumber, game: &GameInfo, uci: String) -> ExplorerGame {
    let player =
        |name: &str, rating: u16| ExplorerPlayer { name: name.to_owned(), rating: (rating > 0).then_some(rating) };
    let (year, month) = (game.month / 12, game.month % 12 + 1);
    ExplorerGame {
        id: if game.id.is_empty() { number.to_string() } else { game.id.clone() },
        winner: match game.winner {
            Some(Winner::White) => Some("white".to_owned()),
            Some(Winner::Black) => Some("black".to_owned()),
            _ => None,
        },
        white: player(&game.white, game.white_rating),
        black: player(&game.black, game.black_rating),
        year: if game.month > 0 { year } else { 0 },
        month: (game.month > 0).then(|| format!("{year:04}-{month:02}")),
        uci,
    }
}
