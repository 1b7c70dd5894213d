//! `GET /api/v1/cloud-eval`: the kept evaluation of a position, in the shape
//! of lichess's cloud-eval API (`fen`, `multiPv`; `fen`, `knodes`, `depth`,
//! `pvs` of UCI moves scored from White's point of view), so that clients
//! of lichess's API read it as they are. Positions are kept as game reviews
//! analyse them; 404 for a position never analysed.

use crate::review::storage;
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use ox88::pgn::annotation::EvalScore;
use ox88::Position;
use ox88_http::{ApiError, ApiQuery, ErrorCode, ErrorResponse};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};

/// The position asked for.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CloudEvalQuery {
    /// The position as FEN (read leniently: a castling right or en-passant
    /// square that cannot be is dropped).
    #[param(example = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")]
    pub fen: String,
    /// How many lines, 1 by default (lichess keeps up to 5).
    #[serde(rename = "multiPv")]
    #[param(minimum = 1, maximum = 8, example = 1)]
    pub multi_pv: Option<usize>,
    /// `standard` (the default), `chess960` or `fromPosition`: all read the
    /// FEN alike.
    pub variant: Option<String>,
}

/// One line: its moves and its score.
#[derive(Debug, Serialize, ToSchema)]
pub struct CloudLine {
    /// The moves in UCI, separated by spaces.
    pub moves: String,
    /// The score in centipawns, White's view (absent for a mate).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// Moves to mate, positive when White mates (absent for centipawns).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
}

/// A kept evaluation.
#[derive(Debug, Serialize, ToSchema)]
pub struct CloudEval {
    /// The position as FEN.
    pub fen: String,
    /// The nodes searched, in thousands.
    pub knodes: u64,
    /// The depth searched.
    pub depth: u32,
    /// The lines, best first.
    pub pvs: Vec<CloudLine>,
}

/// The kept evaluation of a position, as lichess's cloud-eval API answers.
#[utoipa::path(
    get,
    path = "/api/v1/cloud-eval",
    tag = "review",
    params(CloudEvalQuery),
    responses(
        (status = 200, description = "The evaluation", body = CloudEval),
        (status = 400, description = "The query cannot be read", body = ErrorResponse),
        (status = 404, description = "The position was never analysed with that many lines", body = ErrorResponse),
        (status = 422, description = "A bad FEN, line count or variant", body = ErrorResponse),
        (status = 503, description = "The store failed, or the request timed out", body = ErrorResponse),
    )
)]
pub async fn cloud_eval(
    State(state): State<Arc<AppState>>,
    ApiQuery(query): ApiQuery<CloudEvalQuery>,
) -> Result<Json<CloudEval>, ApiError> {
    if let Some(variant) = query.variant.as_deref().filter(|v| !["standard", "chess960", "fromPosition"].contains(v)) {
        let shown: String = variant.chars().take(20).collect();
        return Err(ApiError::invalid("variant", format!("variant {shown:?}: only standard chess is analysed")));
    }
    let lines = query.multi_pv.unwrap_or(1);
    if !(1..=state.config.max_multipv).contains(&lines) {
        let message = format!("multiPv {lines}: from 1 to {}", state.config.max_multipv);
        return Err(ApiError::invalid("multiPv", message));
    }
    let (position, _) = Position::from_fen_lenient(&query.fen).map_err(|e| {
        let shown: String = query.fen.chars().take(100).collect();
        ApiError::new(ErrorCode::InvalidFen, format!("FEN {shown:?}: {e}")).field("fen")
    })?;
    let eval = state
        .reviewer
        .store()
        .eval(&position, lines)
        .await
        .map_err(storage)?
        .ok_or_else(|| ApiError::not_found("no evaluation of this position is kept").field("fen"))?;
    let pvs = eval
        .lines
        .iter()
        .map(|line| {
            let (cp, mate) = match line.score {
                EvalScore::Centipawns(cp) => (Some(cp), None),
                EvalScore::Mate(moves) => (None, Some(moves)),
            };
            CloudLine { moves: line.moves.join(" "), cp, mate }
        })
        .collect();
    Ok(Json(CloudEval { fen: position.fen(), knodes: eval.knodes, depth: eval.depth, pvs }))
}
