//! Move text in either notation: what a person types or a program sends
//! when it does not say which ("Nf3" or "g1f3").

use crate::{SanError, UciMoveError};

/// Why move text in SAN or UCI names no legal move: the error of the
/// notation the text was read in. Text with UCI move syntax ("e2e4",
/// "e7e8q", "0000") is read as UCI; any other text as SAN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// Read as SAN, and refused (bad syntax, illegal, ambiguous).
    #[error(transparent)]
    San(#[from] SanError),
    /// Read as UCI, and refused (the null move, or no legal move matches).
    #[error(transparent)]
    Uci(#[from] UciMoveError),
}
