#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod check_info;
mod epd;
mod epd_parse;
mod generate;
mod history;
mod illegal;
mod index_count;
mod king_safety;
mod legality;
mod move_index;
mod move_text;
mod notation;
mod origin_count;
mod outcome;
mod perft;
mod piece_sets;
mod position;
mod position_draws;
mod position_notation;
mod position_rules;
mod position_variation;
mod rays;
mod san;
mod san_bitboards;
mod san_illegal;
mod san_line;
mod san_parse;
mod san_prefix;
mod san_replay;
mod san_resolve;
mod san_view;
#[cfg(feature = "serde")]
mod serde_impls;
mod slider_attacks;
#[doc(hidden)]
pub mod testing;
mod uci;
mod uci_text;
mod zone;

pub use check_info::CheckInfo;
pub use epd::{Epd, EpdError, Operation};
pub use generate::{MoveCounter, MoveList, MoveSink};
pub use history::KeyHistory;
pub use illegal::{IllegalMoveError, IllegalReason};
pub use king_safety::KingSafety;
pub use move_index::{move_at_index, move_index, ordered_legal_moves, resolve_san_indexed, resolve_san_indexed_with};
pub use move_text::MoveTextError;
pub use notation::Notation;
pub use outcome::{is_insufficient_material, Outcome, ParseTerminationError, Termination};
pub use perft::{divide, divide_parallel, perft, perft_full, HashedPerft};
pub use piece_sets::PieceSets;
pub use position::Position;
pub use position_variation::VariationError;
pub use san::{San, SanPlus, Suffix};
pub use san_line::SanLine;
pub use san_parse::{ParseSanError, SanError};
pub use san_replay::SanReplay;
pub use uci::UciMoveError;
pub use uci_text::append_uci;

use arrayvec::ArrayVec;
use ox88_board::{Board, Move, Square, Undo};

/// Legal move generation and move legality, as methods of [`Board`].
///
/// ```
/// use ox88_board::Board;
/// use ox88_movegen::MoveGen;
/// let board: Board = "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1".parse().unwrap();
/// assert!(board.in_check());
/// let moves = board.legal_moves();
/// assert_eq!(moves.len(), 1); // Kxe2
/// assert_eq!(moves[0].to_string(), "e1e2");
/// ```
pub trait MoveGen {
    /// All legal moves.
    fn legal_moves(&self) -> MoveList;
    /// All legal moves, appended to `list` (no allocation).
    fn generate_legal(&self, list: &mut MoveList);
    /// All legal moves, handed to any [`MoveSink`] (for example a
    /// [`MoveCounter`], to count them without building them).
    fn generate_legal_into<S: MoveSink>(&self, sink: &mut S);
    /// The number of legal moves.
    fn count_legal(&self) -> usize;
    /// The legal captures (en passant included) and promotions to a queen:
    /// the moves a quiescence search looks at. When in check, use
    /// [`generate_legal`](Self::generate_legal) for the evasions instead.
    fn generate_tactical(&self, list: &mut MoveList);
    /// The pieces giving check to the side to move (at most two are listed).
    fn checkers(&self) -> ArrayVec<Square, 2>;
    /// Whether `m` is legal here. Any `Move` value is accepted, so this
    /// validates moves from a hash table or killer slot.
    fn is_legal(&self, m: Move) -> bool;
    /// Whether the legal move `m` gives check (for any other move, an
    /// answer that means nothing, without a panic).
    fn gives_check(&self, m: Move) -> bool;
    /// Plays `m` if it is legal; otherwise leaves the board unchanged and
    /// says why not (with the legal move its squares name, if any).
    fn play(&mut self, m: Move) -> Result<Undo, IllegalMoveError>;
    /// Whether the side to move can capture en passant (the board's
    /// en-passant square only says that a capture is pseudo-legal).
    fn has_legal_en_passant(&self) -> bool;
    /// The key to compare positions by for repetitions: the Zobrist key,
    /// with the en-passant file counted only when the capture is legal (FIDE
    /// 9.2.3); [`Board::key`] counts it when pseudo-legal, as Polyglot does.
    fn repetition_key(&self) -> u64;
    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool;
    /// Whether the side to move is stalemated.
    fn is_stalemate(&self) -> bool;
    /// Whether the side to move has at least one legal move.
    fn has_legal_moves(&self) -> bool;
}

impl MoveGen for Board {
    fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }
    #[inline]
    fn generate_legal(&self, list: &mut MoveList) {
        generate::generate::<false, _>(self, &KingSafety::of(self), list);
    }
    #[inline]
    fn generate_legal_into<S: MoveSink>(&self, sink: &mut S) {
        generate::generate::<false, S>(self, &KingSafety::of(self), sink);
    }
    #[inline]
    fn count_legal(&self) -> usize {
        generate::count_legal(self)
    }
    #[inline]
    fn generate_tactical(&self, list: &mut MoveList) {
        generate::generate::<true, _>(self, &KingSafety::of(self), list);
    }
    fn checkers(&self) -> ArrayVec<Square, 2> {
        KingSafety::of(self).checkers
    }
    fn is_legal(&self, m: Move) -> bool {
        legality::is_legal(self, m)
    }
    fn gives_check(&self, m: Move) -> bool {
        legality::gives_check(self, m)
    }
    fn play(&mut self, m: Move) -> Result<Undo, IllegalMoveError> {
        legality::play(self, m)
    }
    fn has_legal_en_passant(&self) -> bool {
        generate::has_legal_en_passant(self)
    }
    #[inline]
    fn repetition_key(&self) -> u64 {
        history::repetition_key(self)
    }
    fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_moves()
    }
    fn is_stalemate(&self) -> bool {
        !self.in_check() && !self.has_legal_moves()
    }
    fn has_legal_moves(&self) -> bool {
        self.count_legal() > 0
    }
}
