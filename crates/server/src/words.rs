//! The chess words of the JSON answers: sides, piece kinds, castling sides
//! and how a game ended, as lower-case strings with a schema each.

use ox88::board::{CastlingSide, Color, Role};
use ox88::movegen::{DrawReason, Outcome};
use serde::Serialize;
use utoipa::ToSchema;

/// A side: `white` or `black`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PieceKind {
    /// A pawn.
    Pawn,
    /// A knight.
    Knight,
    /// A bishop.
    Bishop,
    /// A rook.
    Rook,
    /// A queen.
    Queen,
    /// A king.
    King,
}

impl PieceKind {
    /// The word, as the JSON answers write it: `pawn`, `knight`, ...
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Knight => "knight",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Queen => "queen",
            PieceKind::King => "king",
        }
    }
}

impl From<Role> for PieceKind {
    fn from(role: Role) -> PieceKind {
        match role {
            Role::Pawn => PieceKind::Pawn,
            Role::Knight => PieceKind::Knight,
            Role::Bishop => PieceKind::Bishop,
            Role::Rook => PieceKind::Rook,
            Role::Queen => PieceKind::Queen,
            Role::King => PieceKind::King,
        }
    }
}

/// A castling side: `kingside` (towards the h-file) or `queenside`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CastleSide {
    /// Towards the h-file (O-O).
    Kingside,
    /// Towards the a-file (O-O-O).
    Queenside,
}

impl CastleSide {
    /// The word, as the JSON answers write it: `kingside` or `queenside`.
    pub const fn name(self) -> &'static str {
        match self {
            CastleSide::Kingside => "kingside",
            CastleSide::Queenside => "queenside",
        }
    }
}

impl From<CastlingSide> for CastleSide {
    fn from(side: CastlingSide) -> CastleSide {
        match side {
            CastlingSide::Short => CastleSide::Kingside,
            CastlingSide::Long => CastleSide::Queenside,
        }
    }
}

/// Why a game ended or may end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever mate.
    InsufficientMaterial,
    /// 100 plies without capture or pawn move (a draw to claim).
    FiftyMoves,
    /// 150 plies without capture or pawn move (drawn by itself).
    SeventyFiveMoves,
    /// The third occurrence of the position (a draw to claim).
    ThreefoldRepetition,
    /// The fifth occurrence of the position (drawn by itself).
    FivefoldRepetition,
}

impl From<DrawReason> for EndReason {
    fn from(reason: DrawReason) -> EndReason {
        match reason {
            DrawReason::Stalemate => EndReason::Stalemate,
            DrawReason::InsufficientMaterial => EndReason::InsufficientMaterial,
            DrawReason::FiftyMoves => EndReason::FiftyMoves,
            DrawReason::SeventyFiveMoves => EndReason::SeventyFiveMoves,
            DrawReason::ThreefoldRepetition => EndReason::ThreefoldRepetition,
            DrawReason::FivefoldRepetition => EndReason::FivefoldRepetition,
        }
    }
}

/// How a game ended: the PGN result, the winner and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct GameEnd {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// The winner; null for a draw.
    pub winner: Option<Side>,
    /// Why.
    pub reason: EndReason,
}

impl From<Outcome> for GameEnd {
    fn from(outcome: Outcome) -> GameEnd {
        let reason = match outcome {
            Outcome::Decisive { .. } => EndReason::Checkmate,
            Outcome::Draw { reason } => reason.into(),
        };
        GameEnd { result: outcome.result().to_string(), winner: outcome.winner().map(Side::from), reason }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_serialised_words() {
        let kinds =
            [PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen, PieceKind::King];
        for kind in kinds {
            assert_eq!(serde_json::to_string(&kind).expect("JSON"), format!("\"{}\"", kind.name()));
        }
        for side in [CastleSide::Kingside, CastleSide::Queenside] {
            assert_eq!(serde_json::to_string(&side).expect("JSON"), format!("\"{}\"", side.name()));
        }
    }
}
