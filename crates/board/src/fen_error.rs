//! Errors of reading a position from FEN, and the repairs lenient parsing makes.

use crate::{CastlingSide, Color, Square};

/// Why a FEN or EPD position could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    #[error("FEN has {count} fields; expected 4 to 6 (placement, side to move, castling, en passant[, halfmove clock, fullmove number])")]
    FieldCount {
        /// How many fields there were.
        count: usize,
    },
    /// The piece-placement field is malformed.
    #[error("invalid piece placement {field:?}: {reason}")]
    Placement {
        /// The placement field as given.
        field: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The side-to-move field is not `w` or `b`.
    #[error("invalid side to move {field:?}: expected \"w\" or \"b\"")]
    SideToMove {
        /// The field as given.
        field: String,
    },
    /// The castling field is malformed.
    #[error("invalid castling field {field:?}: {reason}")]
    Castling {
        /// The field as given.
        field: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A castling right names a king or rook that is not where it must be.
    #[error("castling right {right:?} without the king and rook on their squares")]
    CastlingWithoutPieces {
        /// The castling letter as given.
        right: char,
    },
    /// The en-passant field is not `-` or a square.
    #[error("invalid en-passant field {field:?}: expected \"-\" or a square like \"e3\"")]
    EnPassantSyntax {
        /// The field as given.
        field: String,
    },
    /// The en-passant square could not have been produced by a double push.
    #[error("en-passant square {square} could not have been produced by a pawn's double push")]
    ImpossibleEnPassant {
        /// The square as given.
        square: Square,
    },
    /// The halfmove clock is not a number.
    #[error("invalid halfmove clock {field:?}: expected a number of plies")]
    HalfmoveClock {
        /// The field as given.
        field: String,
    },
    /// The fullmove number is not a positive number.
    #[error("invalid fullmove number {field:?}: expected a number from 1")]
    FullmoveNumber {
        /// The field as given.
        field: String,
    },
    /// A side has no king or more than one.
    #[error("{color:?} has {count} kings; expected exactly one")]
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: usize,
    },
    /// A pawn stands on the first or last rank.
    #[error("pawn on {square}: pawns cannot stand on the first or last rank")]
    PawnOnBackRank {
        /// Where the pawn is.
        square: Square,
    },
    /// A side has more than 16 pieces, or more pawns and promoted pieces
    /// (queens beyond one, rooks, bishops or knights beyond two) than its 8
    /// pawns could account for.
    #[error("{color:?} has too many pieces: {pieces} pieces and {pawns} pawns (at most 16 pieces; pawns plus promoted pieces at most 8)")]
    TooManyPieces {
        /// The side.
        color: Color,
        /// How many pieces it has, pawns and king included.
        pieces: usize,
        /// How many pawns it has.
        pawns: usize,
    },
    /// The side that just moved is in check, so the side to move could take
    /// its king.
    #[error("the side not to move ({color:?}) is in check")]
    OpponentInCheck {
        /// The side in check.
        color: Color,
    },
}

/// A change lenient parsing made to load a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenRepair {
    /// A castling right was dropped because its king or rook is missing.
    DroppedCastling {
        /// Whose right.
        color: Color,
        /// Which side, where it could be told; `None` when the letter could
        /// not be matched to a rook at all.
        side: Option<CastlingSide>,
    },
    /// An en-passant square no double push could have produced was cleared.
    ClearedEnPassant {
        /// The square that was given.
        square: Square,
    },
    /// A fullmove number of 0 was read as 1.
    FullmoveNumberZero,
}
