//! `POST /api/v1/position`: a position's legal moves, each described in
//! full, and the state of the game.

use crate::input::PositionInput;
pub use crate::routes::position_json::to_json;
use crate::state::AppState;
use crate::tablebase::{self, TablebaseVerdict};
use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use ox88::board::{CastlingSide, Color, Move, MoveKind, Role, Square, UciMove};
use ox88::movegen::{Outcome, SanPlus, Suffix};
use ox88::Position;
use ox88_http::schema::{
    CastlingSideSchema, ColorSchema, OutcomeSchema, RoleSchema, SanSchema, SquareSchema, UciMoveSchema,
};
use ox88_http::ApiJson;
use ox88_http::{ApiError, ErrorResponse};
use serde::Serialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// A position, its legal moves and how the game stands.
#[derive(Debug, Serialize, ToSchema)]
pub struct PositionResponse {
    /// The position as FEN (castling as X-FEN: `KQkq`, an inner Chess960
    /// rook by its file).
    pub fen: String,
    /// The position as Shredder-FEN (castling as rook files, `HAha`).
    pub shredder_fen: String,
    /// Whether castling is written king-takes-rook (Chess960).
    pub chess960: bool,
    /// The side to move.
    #[schema(value_type = ColorSchema)]
    pub side_to_move: Color,
    /// The repairs the lenient FEN reader made, in words (empty when
    /// strict).
    pub repairs: Vec<String>,
    /// Every legal move.
    pub moves: Vec<MoveInfo>,
    /// How the game stands.
    pub state: GameState,
    /// The Syzygy tables' verdict, when the server has tables
    /// (`--syzygy-path`); null when it has none.
    pub tablebase: Option<TablebaseVerdict>,
}

/// One legal move, described in full.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct MoveInfo {
    /// The move in UCI (castling as the position writes it).
    #[schema(value_type = UciMoveSchema)]
    pub uci: UciMove,
    /// The move in SAN, with `+` or `#`.
    #[schema(value_type = SanSchema)]
    pub san: SanPlus,
    /// The square the piece (the king, when castling) leaves.
    #[schema(value_type = SquareSchema)]
    pub from: Square,
    /// The square the UCI move names as destination.
    #[schema(value_type = SquareSchema)]
    pub to: Square,
    /// The kind of piece that moves.
    #[schema(value_type = RoleSchema)]
    pub piece: Role,
    /// The kind of piece captured (a pawn for en passant), or null.
    #[schema(value_type = Option<RoleSchema>)]
    pub captured: Option<Role>,
    /// The promotion piece, or null.
    #[schema(value_type = Option<RoleSchema>)]
    pub promotion: Option<Role>,
    /// Whether it captures.
    pub capture: bool,
    /// Whether it is an en-passant capture.
    pub en_passant: bool,
    /// The castling side, or null when it is not castling.
    #[schema(value_type = Option<CastlingSideSchema>)]
    pub castling: Option<CastlingSide>,
    /// Whether it gives check (mate included).
    pub check: bool,
    /// Whether it mates.
    pub mate: bool,
}

/// How the game stands in a position.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameState {
    /// The side to move is in check.
    pub check: bool,
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// Neither side can ever mate.
    pub insufficient_material: bool,
    /// 100 plies or more without capture or pawn move: a draw to claim.
    pub fifty_moves: bool,
    /// 150 plies or more: drawn by itself.
    pub seventy_five_moves: bool,
    /// Plies since the last capture or pawn move.
    pub halfmove_clock: u16,
    /// The move number.
    pub fullmove_number: u16,
    /// How often this position occurred before among the positions the
    /// request's moves passed through (2: a threefold repetition).
    pub repetitions: usize,
    /// The end of the game when it is over by itself, or null.
    #[schema(value_type = Option<OutcomeSchema>)]
    pub outcome: Option<Outcome>,
    /// A draw the side to move may claim now, or null.
    #[schema(value_type = Option<OutcomeSchema>)]
    pub claimable_draw: Option<Outcome>,
}

/// The legal moves of a position, and how the game stands.
#[utoipa::path(
    post,
    path = "/api/v1/position",
    tag = "rules",
    request_body = PositionInput,
    responses(
        (status = 200, description = "The position, its legal moves, its state and, when the server has \
                                      Syzygy tables, their verdict", body = PositionResponse),
        ox88_http::JsonRejections,
        (status = 422, description = "A bad FEN, an illegal move or a value out of range", body = ErrorResponse),
    )
)]
pub async fn position(
    State(state): State<Arc<AppState>>,
    ApiJson(input): ApiJson<PositionInput>,
) -> Result<Response, ApiError> {
    let read = input.read("", state.config.max_moves)?;
    let mut answer = describe(&read.position, read.repairs);
    answer.tablebase = match &state.tablebase {
        None => None,
        // Probing reads table files, perhaps from disk: on the blocking
        // threads, not the ones that serve requests.
        Some(tables) if tablebase::in_range(tables, &read.position) => {
            let (tables, position) = (tables.clone(), read.position);
            let verdict = tokio::task::spawn_blocking(move || tablebase::verdict(&tables, &position));
            Some(verdict.await.map_err(|_| ApiError::internal("the tablebase probe failed"))?)
        }
        // Castling rights or too many pieces: the probe fails at once.
        Some(tables) => Some(tablebase::verdict(tables, &read.position)),
    };
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], to_json(&answer)).into_response())
}

/// The answer for `position`, without a tablebase verdict.
pub fn describe(position: &Position, repairs: Vec<String>) -> PositionResponse {
    let moves = position.legal_moves().iter().map(|&m| move_info(position, m)).collect();
    PositionResponse {
        fen: position.fen(),
        shredder_fen: position.shredder_fen(),
        chess960: position.is_chess960(),
        side_to_move: position.side_to_move(),
        repairs,
        moves,
        state: game_state(position),
        tablebase: None,
    }
}

/// The description of `m`, a legal move of `position` (for any other move
/// the description means nothing).
pub fn move_info(position: &Position, m: Move) -> MoveInfo {
    let board = position.board();
    let uci = position.uci(m);
    let (from, to) = match uci {
        UciMove::Normal { from, to, .. } => (from, to),
        // A legal move is never the null move.
        UciMove::Null => (m.from(), m.to()),
    };
    let san = position.san_unchecked(m);
    let kind = m.kind();
    let castling = match kind {
        MoveKind::CastleShort => Some(CastlingSide::Short),
        MoveKind::CastleLong => Some(CastlingSide::Long),
        _ => None,
    };
    let captured = match kind {
        MoveKind::EnPassant => Some(Role::Pawn),
        MoveKind::Capture | MoveKind::PromotionCapture(_) => board.piece_at(m.to()).map(|p| p.role()),
        _ => None,
    };
    let piece = board.piece_at(m.from()).map(|p| p.role()).expect("a legal move moves a piece");
    MoveInfo {
        uci,
        san,
        from,
        to,
        piece,
        captured,
        promotion: m.promotion(),
        capture: captured.is_some(),
        en_passant: kind == MoveKind::EnPassant,
        castling,
        check: san.suffix.is_some(),
        mate: san.suffix == Some(Suffix::Checkmate),
    }
}

/// How the game stands.
pub fn game_state(position: &Position) -> GameState {
    let board = position.board();
    GameState {
        check: position.is_check(),
        checkmate: position.is_checkmate(),
        stalemate: position.is_stalemate(),
        insufficient_material: position.is_insufficient_material(),
        fifty_moves: board.halfmove_clock() >= 100,
        seventy_five_moves: board.halfmove_clock() >= 150,
        halfmove_clock: board.halfmove_clock(),
        fullmove_number: board.fullmove_number(),
        repetitions: position.repetitions(),
        outcome: position.outcome(),
        claimable_draw: position.claimable_draw().map(Outcome::draw),
    }
}
