#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod attacks;
mod classical;
mod defaults;
mod endgame;
mod explain;
mod king;
mod material;
pub mod nnue;
mod parameters;
mod passed;
mod pawns;
mod pieces;
mod pst;
mod terms;
mod threats;
mod weights;
mod weights_text;

pub use classical::{phase, Classical};
pub use explain::{explain, Explanation};
pub use material::{piece_value, Material};
pub use nnue::Nnue;
pub use ox88_board::Score;
pub use parameters::Parameter;
pub use terms::{Term, Terms};
pub use weights::{Weights, MAX_PHASE, S};
pub use weights_text::WeightsError;

use ox88_board::{Board, Move};

/// A static evaluation: a score for a position, from the side to move's
/// point of view, without searching.
///
/// `evaluate` takes `&mut self` so that an evaluator may keep caches (the
/// classical one keeps a pawn hash table). Implement it to plug your own
/// evaluation into the search.
///
/// ```
/// use ox88_board::{Board, Color};
/// use ox88_eval::{Evaluator, Score};
///
/// /// Prefers positions where the side to move has more pieces.
/// struct Crowd;
/// impl Evaluator for Crowd {
///     fn evaluate(&mut self, board: &Board) -> Score {
///         let us = board.pieces(board.side_to_move()).len() as i32;
///         let them = board.pieces(!board.side_to_move()).len() as i32;
///         Score::cp(10 * (us - them))
///     }
/// }
/// assert_eq!(Crowd.evaluate(&Board::startpos()), Score::ZERO);
/// ```
pub trait Evaluator {
    /// The score of `board` for the side to move, strictly inside
    /// [`Score::MATE_BOUND`]. It need not detect checkmate or stalemate: the
    /// search does.
    fn evaluate(&mut self, board: &Board) -> Score;

    /// Forgets any cached state, e.g. before a new game. Does nothing by default.
    fn clear(&mut self) {}

    // Incremental evaluation: a search that makes and unmakes moves on one
    // board tells the evaluator, so that it can update its state from the
    // parent position's instead of starting from scratch (as [`Nnue`] does
    // with its accumulators). Each does nothing by default; an evaluator
    // that uses them must still evaluate any board correctly without them.

    /// A search starts at `board`: forget the path followed so far.
    fn set_root(&mut self, _board: &Board) {}

    /// `m`, a legal move in `board`, is about to be played on it.
    fn make_move(&mut self, _board: &Board, _m: Move) {}

    /// The last move made (by [`make_move`](Self::make_move)) is taken back.
    fn unmake_move(&mut self) {}

    /// A null move (the side to move passes) is about to be made on `board`.
    fn make_null_move(&mut self, _board: &Board) {}

    /// The last null move is taken back.
    fn unmake_null_move(&mut self) {}
}

impl<E: Evaluator + ?Sized> Evaluator for Box<E> {
    fn evaluate(&mut self, board: &Board) -> Score {
        (**self).evaluate(board)
    }
    fn clear(&mut self) {
        (**self).clear();
    }
    fn set_root(&mut self, board: &Board) {
        (**self).set_root(board);
    }
    fn make_move(&mut self, board: &Board, m: Move) {
        (**self).make_move(board, m);
    }
    fn unmake_move(&mut self) {
        (**self).unmake_move();
    }
    fn make_null_move(&mut self, board: &Board) {
        (**self).make_null_move(board);
    }
    fn unmake_null_move(&mut self) {
        (**self).unmake_null_move();
    }
}

impl<E: Evaluator + ?Sized> Evaluator for &mut E {
    fn evaluate(&mut self, board: &Board) -> Score {
        (**self).evaluate(board)
    }
    fn clear(&mut self) {
        (**self).clear();
    }
    fn set_root(&mut self, board: &Board) {
        (**self).set_root(board);
    }
    fn make_move(&mut self, board: &Board, m: Move) {
        (**self).make_move(board, m);
    }
    fn unmake_move(&mut self) {
        (**self).unmake_move();
    }
    fn make_null_move(&mut self, board: &Board) {
        (**self).make_null_move(board);
    }
    fn unmake_null_move(&mut self) {
        (**self).unmake_null_move();
    }
}
