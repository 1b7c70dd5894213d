//! `POST /api/v1/pgn/import`: PGN text (one game or many, import format as
//! people write it) to games as JSON, each a tree of moves with their
//! comments, clocks, NAGs and variations. `POST /api/v1/pgn/export`
//! ([`pgn_export`](super::pgn_export)) takes the same tree back to PGN.

use crate::input::read_move;
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use ox88::board::{GameResult, UciMove};
use ox88::movegen::SanPlus;
use ox88::pgn::{annotation, Game, Line, MoveToken, Reader};
use ox88::Position;
use ox88_http::schema::{GameResultSchema, SanSchema, UciMoveSchema};
use ox88_http::ApiJson;
use ox88_http::{ApiError, ErrorBody, ErrorCode, ErrorResponse};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::ToSchema;

/// PGN text to read, and which of its games to answer.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PgnImportRequest {
    /// The PGN text: any number of games.
    pub pgn: String,
    /// Games to skip before the first one answered.
    #[serde(default)]
    pub skip: usize,
    /// The most games to answer (at most the server's limit, 100 by
    /// default).
    #[schema(minimum = 1)]
    pub limit: Option<usize>,
}

/// The games read.
#[derive(Debug, Serialize, ToSchema)]
pub struct PgnImportResponse {
    /// The games, in the order of the text; a game with an error carries it
    /// and what was read before it.
    pub games: Vec<GameJson>,
    /// Whether the text holds more games after these (ask again with
    /// `skip`).
    pub more: bool,
}

/// A tag pair.
#[derive(Clone, Debug, Deserialize, Serialize, ToSchema)]
pub struct Tag {
    /// The tag's name (`Event`, `White`, `FEN`...).
    pub name: String,
    /// Its value.
    pub value: String,
}

/// One game read from PGN.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameJson {
    /// Its place in the text, from 1.
    pub number: u64,
    /// Its tag pairs, in the order written.
    pub tags: Vec<Tag>,
    /// The start position, as FEN.
    pub start_fen: Option<String>,
    /// The comment before the first move.
    pub comment: Option<String>,
    /// The main line, each move with its variations.
    pub moves: Vec<PlyJson>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[schema(value_type = GameResultSchema)]
    pub result: GameResult,
    /// What is wrong with the game (`field` names the move as
    /// `games[i].moves[k]`, variations as `...variations[j][k]`), or null.
    pub error: Option<ErrorBody>,
}

/// One move of a game, with what is written around it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlyJson {
    /// The move in SAN, as export format writes it.
    #[schema(value_type = SanSchema)]
    pub san: SanPlus,
    /// The move in UCI.
    #[schema(value_type = UciMoveSchema)]
    pub uci: UciMove,
    /// The position after it, as FEN.
    pub fen: String,
    /// Its annotation glyphs (`!` is 1).
    pub nags: Vec<u8>,
    /// The comment before it, if any.
    pub comment_before: Option<String>,
    /// The comment after it, if any, without its `[%clk]` command (which
    /// is `clock_ms`); other commands (`[%eval]`, ...) stay as written.
    pub comment: Option<String>,
    /// The mover's clock after the move, from the comment's `[%clk]`, in
    /// milliseconds.
    pub clock_ms: Option<u64>,
    /// Alternatives to this move, each a line from the position before it.
    #[schema(no_recursion)]
    pub variations: Vec<Vec<PlyJson>>,
}

/// Reads PGN text into games as JSON. A game with an error (a bad tag, an
/// illegal move) comes with the error, naming the game and the token; the
/// other games come through.
#[utoipa::path(
    post,
    path = "/api/v1/pgn/import",
    tag = "pgn",
    request_body = PgnImportRequest,
    responses(
        (status = 200, description = "The games", body = PgnImportResponse),
        ox88_http::JsonRejections,
        (status = 422, description = "A limit out of range", body = ErrorResponse),
    )
)]
pub async fn import(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<PgnImportRequest>,
) -> Result<Json<PgnImportResponse>, ApiError> {
    let max = state.config.max_pgn_games;
    let limit = request.limit.unwrap_or(max);
    if limit == 0 || limit > max {
        return Err(ApiError::invalid("limit", format!("limit {limit} is not 1 to {max}")));
    }
    let max_moves = state.config.max_moves;
    let answer = tokio::task::spawn_blocking(move || read_games(&request.pgn, request.skip, limit, max_moves))
        .await
        .map_err(|_| ApiError::internal("the PGN reader failed"))?;
    Ok(Json(answer))
}

/// The games `skip..skip + limit` of `pgn`.
fn read_games(pgn: &str, skip: usize, limit: usize, max_moves: usize) -> PgnImportResponse {
    let mut reader = Reader::from_bytes(pgn.as_bytes());
    let mut games = Vec::new();
    let mut index = 0;
    while let Some(read) = reader.next_game() {
        if index < skip {
            index += 1;
            continue;
        }
        if games.len() == limit {
            return PgnImportResponse { games, more: true };
        }
        let field = format!("games[{}]", games.len());
        games.push(match read {
            Ok(game) => game_json(&game, &field, max_moves),
            Err(error) => GameJson {
                number: error.game.number,
                tags: Vec::new(),
                start_fen: None,
                comment: None,
                moves: Vec::new(),
                result: GameResult::Unknown,
                error: Some(ApiError::new(ErrorCode::InvalidPgn, error.to_string()).field(field).body),
            },
        });
        index += 1;
    }
    PgnImportResponse { games, more: false }
}

/// A game read, as JSON, its moves played from its start.
fn game_json(game: &Game, field: &str, max_moves: usize) -> GameJson {
    let tags =
        game.headers.iter().map(|(name, value)| Tag { name: name.to_owned(), value: value.to_owned() }).collect();
    let mut json = GameJson {
        number: game.number,
        tags,
        start_fen: None,
        comment: game.comment().map(str::to_owned),
        moves: Vec::new(),
        result: game.outcome(),
        error: None,
    };
    let mut position = match game.start_position() {
        Ok(position) => position,
        Err(error) => {
            let error = ApiError::new(ErrorCode::InvalidPgn, error.to_string());
            json.error = Some(error.field(format!("{field}.tags")).body);
            return json;
        }
    };
    json.start_fen = Some(position.fen());
    let mut budget = max_moves;
    json.moves = line_json(&game.moves, &mut position, &format!("{field}.moves"), &mut budget, &mut json.error);
    json
}

/// The moves of `line`, played on `position`; the first error stops the
/// game and is put in `error`. `budget` bounds the moves read, variations
/// included.
fn line_json(
    line: &Line,
    position: &mut Position,
    field: &str,
    budget: &mut usize,
    error: &mut Option<ErrorBody>,
) -> Vec<PlyJson> {
    let mut plies = Vec::new();
    for (index, node) in line.nodes.iter().enumerate() {
        if error.is_some() {
            break;
        }
        let here = format!("{field}[{index}]");
        if *budget == 0 {
            *error = Some(ApiError::too_much_work(here, "the game has more moves than this server reads").body);
            break;
        }
        *budget -= 1;
        let text = match node.san {
            MoveToken::San(san) => san.to_string(),
            MoveToken::Null => {
                let message = format!("move {index} \"--\": null moves cannot be played");
                *error = Some(ApiError::invalid(here, message).body);
                break;
            }
        };
        let m = match read_move(position, &text, index, "") {
            Ok(m) => m,
            Err(bad) => {
                *error = Some(bad.field(here).body);
                break;
            }
        };
        let before = position.clone();
        let mut variations = Vec::new();
        for (number, variation) in node.variations.iter().enumerate() {
            let mut alternative = before.clone();
            let path = format!("{here}.variations[{number}]");
            variations.push(line_json(variation, &mut alternative, &path, budget, error));
        }
        let san = position.san(m).expect("a legal move");
        let uci = position.uci(m);
        position.play_unchecked(m);
        let mut comment = node.comment.clone();
        let clock_ms = node.clock().map(|clock| u64::try_from(clock.as_millis()).unwrap_or(u64::MAX));
        annotation::set_clock(&mut comment, None);
        plies.push(PlyJson {
            san,
            uci,
            fen: position.fen(),
            nags: node.nags.iter().map(|nag| nag.0).collect(),
            comment_before: node.comment_before.clone(),
            comment,
            clock_ms,
            variations,
        });
    }
    plies
}
