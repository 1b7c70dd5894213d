//! Puzzles made from reviewed games' blunders, as lichess's puzzle records
//! (the columns of its puzzle file, as JSON keys): list them, show one,
//! count a first try (both ratings move, Glicko's way), and export them as
//! lichess's CSV.

use crate::review::rating::Glicko;
use crate::review::storage;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap};
use axum::response::IntoResponse;
use axum::Json;
use ox88_http::{ApiError, ApiJson, ApiQuery, ErrorResponse};
use ox88_web::ids::{PuzzleId, ReviewId};
use ox88_web::store::Puzzle;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};

/// A puzzle with lichess's columns: `FEN` is the position before the
/// opponent's move that opens the puzzle, `Moves` that move and then the
/// solution, in UCI.
#[derive(Debug, Serialize, ToSchema)]
pub struct PuzzleRecord {
    /// The puzzle's id.
    #[serde(rename = "PuzzleId")]
    pub puzzle_id: String,
    /// The position before the opening move, as FEN.
    #[serde(rename = "FEN")]
    pub fen: String,
    /// The opening move, then the solution, in UCI, separated by spaces.
    #[serde(rename = "Moves")]
    pub moves: String,
    /// The puzzle's rating (Glicko).
    #[serde(rename = "Rating")]
    pub rating: i32,
    /// The rating's deviation.
    #[serde(rename = "RatingDeviation")]
    pub rating_deviation: i32,
    /// lichess's vote score; 0 here (there are no votes).
    #[serde(rename = "Popularity")]
    pub popularity: i32,
    /// First tries counted.
    #[serde(rename = "NbPlays")]
    pub nb_plays: u32,
    /// lichess's theme names, separated by spaces.
    #[serde(rename = "Themes")]
    pub themes: String,
    /// The game it comes from, at the mistake: a path on this server.
    #[serde(rename = "GameUrl")]
    pub game_url: String,
    /// The opening's names; empty here.
    #[serde(rename = "OpeningTags")]
    pub opening_tags: String,
}

impl From<Puzzle> for PuzzleRecord {
    fn from(puzzle: Puzzle) -> PuzzleRecord {
        PuzzleRecord {
            puzzle_id: puzzle.id.to_string(),
            fen: puzzle.fen,
            moves: puzzle.moves.join(" "),
            rating: puzzle.rating,
            rating_deviation: puzzle.rating_deviation,
            popularity: 0,
            nb_plays: puzzle.plays,
            themes: puzzle.themes.join(" "),
            game_url: puzzle.game_url,
            opening_tags: String::new(),
        }
    }
}

/// Which puzzles to list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PuzzleQuery {
    /// Review ids, separated by commas: their games' puzzles, in order.
    /// Absent: the newest puzzles of all.
    pub reviews: Option<String>,
    /// At most this many (50 by default, at most 500; the CSV: 10,000 and 100,000).
    #[param(minimum = 1)]
    pub limit: Option<usize>,
}

/// Puzzles listed.
#[derive(Debug, Serialize, ToSchema)]
pub struct PuzzleList {
    /// The puzzles.
    pub puzzles: Vec<PuzzleRecord>,
}

/// A first try at a puzzle.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PuzzleAttempt {
    /// Whether it was solved at the first try.
    pub solved: bool,
    /// The player's puzzle rating before it (a new player's by default:
    /// 1500, deviation 350).
    pub player: Option<Glicko>,
}

/// The ratings after a try.
#[derive(Debug, Serialize, ToSchema)]
pub struct PuzzleRated {
    /// The puzzle, its rating moved.
    pub puzzle: PuzzleRecord,
    /// The player's rating after it.
    pub player: Glicko,
}

/// The review ids of a `reviews` list; 422 naming one that cannot be.
fn review_ids(text: Option<&str>) -> Result<Vec<ReviewId>, ApiError> {
    let ids = text.unwrap_or("").split(',').filter(|id| !id.is_empty());
    let ids: Vec<ReviewId> = ids
        .map(|id| {
            id.parse().map_err(|_| {
                ApiError::invalid(
                    "reviews",
                    format!("{:?} is not a review id", id.chars().take(20).collect::<String>()),
                )
            })
        })
        .collect::<Result<_, _>>()?;
    if ids.len() > 100 {
        return Err(ApiError::too_much_work("reviews", "at most 100 reviews at once"));
    }
    Ok(ids)
}

/// Puzzles from the games of some reviews, or the newest of all.
#[utoipa::path(
    get,
    path = "/api/v1/puzzles",
    tag = "puzzles",
    params(PuzzleQuery),
    responses(
        (status = 200, description = "The puzzles", body = PuzzleList),
        (status = 400, description = "The query cannot be read", body = ErrorResponse),
        (status = 422, description = "A bad review id", body = ErrorResponse),
        (status = 503, description = "The store failed, or the request timed out", body = ErrorResponse),
    )
)]
pub async fn list(
    State(state): State<Arc<AppState>>,
    ApiQuery(query): ApiQuery<PuzzleQuery>,
) -> Result<Json<PuzzleList>, ApiError> {
    let reviews = review_ids(query.reviews.as_deref())?;
    let limit = query.limit.unwrap_or(50).clamp(1, 500);
    let puzzles = state.reviewer.store().puzzles(reviews, limit).await.map_err(storage)?;
    Ok(Json(PuzzleList { puzzles: puzzles.into_iter().map(PuzzleRecord::from).collect() }))
}

/// The puzzle id in a path; 404 for one that cannot be.
fn puzzle_id(text: &str) -> Result<PuzzleId, ApiError> {
    text.parse().map_err(|_| no_puzzle(text))
}

fn no_puzzle(text: &str) -> ApiError {
    ApiError::no_such("puzzle", text)
}

/// One puzzle.
#[utoipa::path(
    get,
    path = "/api/v1/puzzles/{id}",
    tag = "puzzles",
    params(("id" = String, Path, description = "The puzzle's id")),
    responses(
        (status = 200, description = "The puzzle", body = PuzzleRecord),
        (status = 404, description = "No such puzzle", body = ErrorResponse),
        (status = 503, description = "The store failed, or the request timed out", body = ErrorResponse),
    )
)]
pub async fn show(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Result<Json<PuzzleRecord>, ApiError> {
    let puzzle = state.reviewer.store().puzzle(&puzzle_id(&id)?).await.map_err(storage)?;
    Ok(Json(puzzle.ok_or_else(|| no_puzzle(&id))?.into()))
}

/// Counts a first try at a puzzle: the puzzle and the player are rated as
/// a game between them that the player wins by solving it (Glicko). Retries
/// are not counted: send only first tries.
#[utoipa::path(
    post,
    path = "/api/v1/puzzles/{id}/attempt",
    tag = "puzzles",
    params(("id" = String, Path, description = "The puzzle's id")),
    request_body = PuzzleAttempt,
    responses(
        (status = 200, description = "Both ratings after the try", body = PuzzleRated),
        ox88_http::JsonRejections,
        (status = 404, description = "No such puzzle", body = ErrorResponse),
        (status = 503, description = "The store failed, or the request timed out", body = ErrorResponse),
    )
)]
pub async fn attempt(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    ApiJson(attempt): ApiJson<PuzzleAttempt>,
) -> Result<Json<PuzzleRated>, ApiError> {
    let player = attempt.player.map_or(Glicko::new(1500.0, 350.0), |p| Glicko::new(p.rating, p.deviation));
    let score = if attempt.solved { 1.0 } else { 0.0 };
    let (sender, rated_player) = std::sync::mpsc::channel();
    let rated = state
        .reviewer
        .store()
        .rate_puzzle(&puzzle_id(&id)?, move |rating, deviation| {
            let puzzle = Glicko::new(f64::from(rating), f64::from(deviation));
            let _ = sender.send(player.after(puzzle, score));
            let after = puzzle.after(player, 1.0 - score);
            (after.rating.round() as i32, after.deviation.round() as i32)
        })
        .await
        .map_err(storage)?
        .ok_or_else(|| no_puzzle(&id))?;
    // The rating closure ran (the puzzle exists): it sent the player's rating.
    let player = rated_player.try_recv().unwrap_or(player);
    Ok(Json(PuzzleRated { puzzle: rated.into(), player }))
}

/// A CSV field, quoted when it must be.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// The newest puzzles (of some reviews, or of all) as lichess's puzzle
/// file: its header and columns, `GameUrl` a full link to this server.
#[utoipa::path(
    get,
    path = "/api/v1/puzzles.csv",
    tag = "puzzles",
    params(PuzzleQuery),
    responses(
        (status = 200, description = "lichess's puzzle CSV", body = String, content_type = "text/csv"),
        (status = 400, description = "The query cannot be read", body = ErrorResponse),
        (status = 422, description = "A bad review id", body = ErrorResponse),
        (status = 503, description = "The store failed, or the request timed out", body = ErrorResponse),
    )
)]
pub async fn csv(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<PuzzleQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let reviews = review_ids(query.reviews.as_deref())?;
    let limit = query.limit.unwrap_or(10_000).clamp(1, 100_000);
    let puzzles = state.reviewer.store().puzzles(reviews, limit).await.map_err(storage)?;
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("localhost");
    let host: String = host.chars().filter(|c| c.is_ascii_alphanumeric() || ".:-[]".contains(*c)).collect();
    let mut text =
        String::from("PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n");
    for puzzle in puzzles {
        let record = PuzzleRecord::from(puzzle);
        let url = format!("http://{host}{}", record.game_url);
        let fields = [
            record.puzzle_id,
            record.fen,
            record.moves,
            record.rating.to_string(),
            record.rating_deviation.to_string(),
            record.popularity.to_string(),
            record.nb_plays.to_string(),
            record.themes,
            url,
            record.opening_tags,
        ];
        text.push_str(&fields.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(","));
        text.push('\n');
    }
    Ok(([(header::CONTENT_TYPE, "text/csv; charset=utf-8")], text))
}
