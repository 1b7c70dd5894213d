//! Errors of reading a position from FEN.

use crate::SetupError;

/// Why a FEN or EPD position could not be read: a field that is not FEN
/// syntax, or ([`FenError::Invalid`]) a position that cannot be played from.
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
    /// The en-passant field is not `-` or a square.
    #[error("invalid en-passant field {field:?}: expected \"-\" or a square like \"e3\"")]
    EnPassantSyntax {
        /// The field as given.
        field: String,
    },
    /// The halfmove clock is not a number from 0 to 65535.
    #[error("invalid halfmove clock {field:?}: {reason}")]
    HalfmoveClock {
        /// The field as given.
        field: String,
        /// What is wrong with it: not a number, or out of range.
        reason: &'static str,
    },
    /// The fullmove number is not a number from 0 to 65535 (0 itself is
    /// [`SetupError::FullmoveNumberZero`], which lenient reading repairs).
    #[error("invalid fullmove number {field:?}: {reason}")]
    FullmoveNumber {
        /// The field as given.
        field: String,
        /// What is wrong with it: not a number, or out of range.
        reason: &'static str,
    },
    /// The fields are FEN, but the position cannot be played from.
    #[error(transparent)]
    Invalid(#[from] SetupError),
}
