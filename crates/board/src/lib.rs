#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod attacks;
mod board;
mod castling;
mod cell;
mod chess960;
mod color;
mod display;
mod fen;
mod fen_error;
pub mod geometry;
mod key_after;
mod make;
mod moves;
mod piece;
mod piece_list;
mod polyglot_random;
mod pov_score;
mod random;
mod result;
mod score;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod setup_error;
mod square;
mod wdl;
pub mod zobrist;

pub use board::Board;
pub use castling::{CastlingRights, CastlingSide};
pub use cell::Cell;
pub use chess960::chess960_back_rank;
pub use color::{ByColor, Color};
pub use display::{Diagram, UnicodeBoard};
pub use fen::STARTPOS_FEN;
pub use fen_error::FenError;
pub use geometry::Direction;
pub use make::Undo;
pub use moves::{CastlingMode, Move, MoveKind, ParseUciMoveError, UciMove};
pub use piece::{Piece, Role};
pub use piece_list::MAX_PIECES;
pub use pov_score::PovScore;
pub use random::Random;
pub use result::{GameResult, ParseGameResultError};
pub use score::Score;
pub use setup::Setup;
pub use setup_error::{FenRepair, SetupError};
pub use square::{File, ParseSquareError, Rank, Square};
pub use wdl::WdlRates;

#[doc(hidden)]
pub mod internals {
    //! Consistency checks for tests in other crates; not a stable API.
    use crate::{Board, Color};

    /// Whether the piece lists, slot index, counts and king squares agree
    /// with the mailbox, and both keys with their from-scratch values.
    pub fn is_consistent(board: &Board) -> bool {
        board.check_consistency().is_ok()
    }

    impl Board {
        /// Describes the first disagreement between the board's redundant
        /// structures, if any.
        pub fn check_consistency(&self) -> Result<(), String> {
            let mut seen = 0;
            for color in Color::ALL {
                for (slot, &square) in self.pieces(color).iter().enumerate() {
                    let piece = self.piece_at(square).ok_or(format!("list has empty {square}"))?;
                    if piece.color() != color {
                        return Err(format!("{square} in the wrong list"));
                    }
                    if self.slot(square) as usize != slot {
                        return Err(format!("slot of {square} is {} not {slot}", self.slot(square)));
                    }
                    seen += 1;
                }
                let pawns = self.pawns(color).len();
                if self.non_pawns(color).len() + pawns != self.pieces(color).len()
                    || self
                        .pawns(color)
                        .iter()
                        .any(|&sq| self.piece_at(sq).map(|p| p.role()) != Some(crate::Role::Pawn))
                    || self
                        .non_pawns(color)
                        .iter()
                        .any(|&sq| self.piece_at(sq).map(|p| p.role()) == Some(crate::Role::Pawn))
                {
                    return Err(format!("{color:?} piece list is not split into pieces then pawns"));
                }
                let king = self.king(color);
                if self.piece_at(king) != Some(crate::Piece::new(color, crate::Role::King)) {
                    return Err(format!("cached {color:?} king square {king} is wrong"));
                }
            }
            let occupied = crate::Square::all().filter(|&sq| self.piece_at(sq).is_some()).count();
            if occupied != seen {
                return Err(format!("{occupied} occupied squares but {seen} listed"));
            }
            for color in Color::ALL {
                for role in crate::Role::ALL {
                    let piece = crate::Piece::new(color, role);
                    let actual = crate::Square::all().filter(|&sq| self.piece_at(sq) == Some(piece)).count();
                    if actual != self.count(piece) {
                        return Err(format!("count of {piece} is {} not {actual}", self.count(piece)));
                    }
                }
            }
            if self.key() != self.compute_key() {
                return Err("incremental key differs from the computed key".into());
            }
            if self.pawn_key() != self.compute_pawn_key() {
                return Err("incremental pawn key differs from the computed key".into());
            }
            Ok(())
        }
    }
}
