//! Why a set-up position cannot be played from, and what lenient building
//! repairs instead of refusing.

use crate::{CastlingSide, Color, Square};

/// Why a position built with [`Setup`](crate::Setup) (or read from FEN,
/// which fills a `Setup`) cannot be played from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
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
    /// A castling right names a king or rook that is not where it must be:
    /// the king on its first rank, the rook on the same rank on the named
    /// side (`K`/`Q`: the outermost rook; a file letter: the rook on that file).
    #[error("castling right {right:?} without the king and rook on their squares")]
    CastlingWithoutPieces {
        /// The right as FEN writes it: `K`, `Q`, `k`, `q`, or a rook's file
        /// letter (upper case for white).
        right: char,
    },
    /// Two castling rights name rooks on the same side of the same king.
    #[error("two castling rights for {color:?}'s {side:?} side")]
    DuplicateCastling {
        /// Whose rights.
        color: Color,
        /// Which side.
        side: CastlingSide,
    },
    /// The en-passant square could not have been produced by a double push
    /// of the side not to move.
    #[error("en-passant square {square} could not have been produced by a pawn's double push")]
    ImpossibleEnPassant {
        /// The square as given.
        square: Square,
    },
    /// The fullmove number is 0; move numbers start at 1.
    #[error("fullmove number 0: move numbers start at 1")]
    FullmoveNumberZero,
    /// The side that just moved is in check, so the side to move could take
    /// its king.
    #[error("the side not to move ({color:?}) is in check")]
    OpponentInCheck {
        /// The side in check.
        color: Color,
    },
}

/// A change lenient building (or lenient FEN reading) made to load a
/// position instead of refusing it.
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
