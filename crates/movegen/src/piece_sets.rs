//! [`PieceSets`]: a position's pieces as sets of squares (bitboards), read
//! once from the board and then kept up to date move by move, for the
//! bitboard path of resolving and indexing SAN (`san_bitboards`).
//!
//! Reading the sets from the mailbox (each side's occupancy a rank at a
//! time, the pieces sorted by kind from the piece lists) costs about as
//! much as the rest of a usual move's resolving; a game's reader that
//! plays each move on its sets as well ([`PieceSets::play`]) pays a few
//! dozen instructions instead.

use crate::index_count::{bit, Bitboard, BISHOP, KNIGHT, QUEEN, ROOK};
use ox88_board::{Board, Color, Move, MoveKind, Role, Square};

/// The pawn's role number.
const PAWN: usize = Role::Pawn as usize;

/// The pieces of a position as sets of squares: each side's, and all
/// pawns, knights, bishops and queens (the diagonal sliders), rooks and
/// queens (the straight ones); the kings are the board's.
///
/// Made from a board with [`PieceSets::of`] and kept equal to the sets of
/// the board's later positions by [`play`](PieceSets::play)ing each move
/// made on the board (a null move changes nothing). Sets that are not the
/// board's make [`resolve_san_indexed_with`](crate::resolve_san_indexed_with)
/// answer wrongly (never unsafely); debug builds check them.
///
/// ```
/// use ox88_board::Board;
/// use ox88_movegen::{resolve_san_indexed_with, PieceSets};
/// let mut board = Board::startpos();
/// let mut sets = PieceSets::of(&board);
/// for san in ["e4", "d5", "exd5", "Qxd5"] {
///     let (m, _index) = resolve_san_indexed_with(&board, &sets, san.parse()?)?;
///     sets.play(&board, m);
///     board.make_move_unchecked(m);
/// }
/// assert_eq!(sets, PieceSets::of(&board));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSets {
    /// Each side's squares, by [`Color::index`].
    pub(crate) colors: [Bitboard; 2],
    pub(crate) pawns: Bitboard,
    pub(crate) knights: Bitboard,
    /// Bishops and queens.
    pub(crate) diagonal: Bitboard,
    /// Rooks and queens.
    pub(crate) straight: Bitboard,
}

impl PieceSets {
    /// The sets of `board`'s pieces, read from its mailbox and piece lists.
    pub fn of(board: &Board) -> PieceSets {
        let occupancy = board.occupancy();
        let (mut by_role, mut non_pawns) = ([0; 8], 0);
        for color in [Color::White, Color::Black] {
            for &from in board.non_pawns(color) {
                by_role[board.cell(from.index0x88() as u8).role_code()] |= bit(from);
                non_pawns |= bit(from);
            }
        }
        let all = occupancy[Color::White] | occupancy[Color::Black];
        PieceSets {
            colors: [occupancy[Color::White], occupancy[Color::Black]],
            pawns: all & !non_pawns,
            knights: by_role[KNIGHT],
            diagonal: by_role[BISHOP] | by_role[QUEEN],
            straight: by_role[ROOK] | by_role[QUEEN],
        }
    }

    /// Plays `m`, a legal move of `board`, on the sets: `board` is the
    /// position before the move (its mailbox says which piece moves).
    #[inline]
    pub fn play(&mut self, board: &Board, m: Move) {
        let us = board.side_to_move().index();
        // The squares from the move's bits (a1 = 0), as `move_index` reads
        // them: no conversion to a `Square` and back.
        let raw = m.to_raw();
        let (from, to): (Bitboard, Bitboard) = (1 << (raw & 63), 1 << (raw >> 6 & 63));
        match m.kind() {
            MoveKind::CastleShort | MoveKind::CastleLong => {
                // The king leaves its square and the rook its own (`to`),
                // then both land; in Chess960 a target may be either start.
                let (king, rook) = (bit(m.castle_king_target()), bit(m.castle_rook_target()));
                self.colors[us] = self.colors[us] & !(from | to) | king | rook;
                self.straight = self.straight & !to | rook;
            }
            kind => {
                // The captured piece's square: the destination, or the
                // square behind it for en passant (the destination is
                // empty then, so taking it off too changes nothing).
                let taken = if kind == MoveKind::EnPassant { bit(behind(m.to(), board.side_to_move())) } else { to };
                let off = !(from | to | taken);
                // The kind of piece that lands (role numbers, as the
                // mailbox's cells give them).
                let role =
                    m.promotion().map_or_else(|| board.cell(m.from().index0x88() as u8).role_code(), |r| r as usize);
                let to_if = |wanted: bool| if wanted { to } else { 0 };
                self.colors[us] = self.colors[us] & !from | to;
                self.colors[1 - us] &= off;
                self.pawns = self.pawns & off | to_if(role == PAWN);
                self.knights = self.knights & off | to_if(role == KNIGHT);
                let (diagonal, straight) =
                    (to_if(role == BISHOP || role == QUEEN), to_if(role == ROOK || role == QUEEN));
                self.diagonal = self.diagonal & off | diagonal;
                self.straight = self.straight & off | straight;
            }
        }
    }
}

/// The square behind `to` from the view of `us` (the pawn an en-passant
/// capture to `to` takes).
#[inline(always)]
fn behind(to: Square, us: Color) -> Square {
    let index = to.index64();
    let behind = if us == Color::White { index - 8 } else { index + 8 };
    Square::from_index64(behind as u8).expect("an en-passant target is on the third or sixth rank")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{random_line, RANDOM_GAME_STARTS as STARTS};
    use proptest::prelude::*;

    proptest! {
        /// Played move by move through random games (standard and
        /// Chess960: castling both ways, en passant, promotions), the sets
        /// stay those read from each position reached.
        #[test]
        fn played_sets_are_the_positions(
            start in 0..STARTS.len(),
            choices in prop::collection::vec(any::<u16>(), 0..150),
        ) {
            let mut board: Board = STARTS[start].parse().unwrap();
            let mut sets = PieceSets::of(&board);
            for m in random_line(&board, &choices) {
                sets.play(&board, m);
                board.make_move_unchecked(m);
                prop_assert_eq!(sets, PieceSets::of(&board), "after {} in {}", m, board);
            }
        }
    }
}
