//! `POST /api/v1/play`: moves in SAN or UCI, played one by one, each
//! answered with its SAN, UCI and the FEN after it.

use crate::input::{check_move_count, read_move, PositionInput};
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use ox88::board::UciMove;
use ox88::movegen::{Outcome, SanPlus};
use ox88_http::schema::{OutcomeSchema, SanSchema, UciMoveSchema};
use ox88_http::{ApiError, ApiJson, ErrorBody};
use serde::Serialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// One move played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Ply {
    /// Its index in the request's list, from 0.
    pub index: usize,
    /// The move in SAN, with `+` or `#`.
    #[schema(value_type = SanSchema)]
    pub san: SanPlus,
    /// The move in UCI.
    #[schema(value_type = UciMoveSchema)]
    pub uci: UciMove,
    /// The position after it, as FEN.
    pub fen: String,
}

/// Every move played, and where the game stands after them.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayResponse {
    /// The start position, as FEN.
    pub start_fen: String,
    /// The moves, in order.
    pub plies: Vec<Ply>,
    /// The position after the last move, as FEN.
    pub fen: String,
    /// The end of the game when it is over by itself, or null.
    #[schema(value_type = Option<OutcomeSchema>)]
    pub outcome: Option<Outcome>,
}

/// The answer when a move cannot be played: the error names the move's
/// index (`moves[i]`), its text and why, and the moves before it are
/// there, played.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayError {
    /// What went wrong.
    pub error: ErrorBody,
    /// The moves before the bad one, played.
    pub plies: Vec<Ply>,
}

/// The answers of `play` other than 200.
#[derive(Debug)]
pub enum PlayFailure {
    /// The request or its start is wrong.
    Request(ApiError),
    /// A move is wrong: 422 with the moves before it.
    Move(PlayError),
}

impl IntoResponse for PlayFailure {
    fn into_response(self) -> Response {
        match self {
            // A 422 always has the PlayError shape, with no moves played
            // when the start itself is wrong.
            PlayFailure::Request(error) if error.status() == StatusCode::UNPROCESSABLE_ENTITY => {
                (error.status(), Json(PlayError { error: error.body, plies: Vec::new() })).into_response()
            }
            PlayFailure::Request(error) => error.into_response(),
            PlayFailure::Move(error) => (StatusCode::UNPROCESSABLE_ENTITY, Json(error)).into_response(),
        }
    }
}

impl From<ApiError> for PlayFailure {
    fn from(error: ApiError) -> PlayFailure {
        PlayFailure::Request(error)
    }
}

/// Plays a list of moves (SAN or UCI, mixed) from a start.
#[utoipa::path(
    post,
    path = "/api/v1/play",
    tag = "rules",
    request_body = PositionInput,
    responses(
        (status = 200, description = "Each move with its SAN, UCI and the FEN after it", body = PlayResponse),
        ox88_http::JsonRejections,
        (status = 422, description = "An illegal or unreadable move (with the moves before it), or a bad start",
         body = PlayError),
    )
)]
pub async fn play(
    State(state): State<Arc<AppState>>,
    ApiJson(input): ApiJson<PositionInput>,
) -> Result<Json<PlayResponse>, PlayFailure> {
    let mut position = input.start("")?.position;
    check_move_count(input.moves.len(), state.config.max_moves, "")?;
    let start_fen = position.fen();
    let mut plies = Vec::with_capacity(input.moves.len());
    for (index, text) in input.moves.iter().enumerate() {
        let m = match read_move(&position, text, index, "") {
            Ok(m) => m,
            Err(error) => return Err(PlayFailure::Move(PlayError { error: error.body, plies })),
        };
        // read_move returns only legal moves.
        let (san, uci) = (position.san(m).expect("a legal move"), position.uci(m));
        position.play_unchecked(m);
        plies.push(Ply { index, san, uci, fen: position.fen() });
    }
    Ok(Json(PlayResponse { start_fen, plies, fen: position.fen(), outcome: position.outcome() }))
}
