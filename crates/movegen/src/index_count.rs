//! The legal moves of the side to move's pieces on the squares before a
//! given one (a1 = 0, in [`move_index`](crate::move_index)'s order),
//! counted with bitboards: a move index is the moving piece's moves before
//! the move plus these, and this count is most of the index's work.
//!
//! Both sides' occupancy is read from the mailbox a rank at a time
//! ([`Board::occupancy`]; bit `i` is square `i`, a1 = 0) and our pieces
//! sorted by kind in one pass over the piece list; the pieces below the
//! square are then taken from those sets by bit scans, with no branch on
//! where a piece stands (the walks along rays that this replaced
//! mispredicted often). Each piece's targets are one set (a knight's
//! table, a slider's by [`slider_attacks`](crate::slider_attacks)'
//! lookups, all the pawns at once by shifts), masked by the squares not ours, by the check's
//! evasion squares when in check and by its pin line when pinned, and
//! counted. The king's steps are its safe squares from
//! [`KingSafety`]. En passant and castling are not counted here: the
//! generator hands them over one by one (see `move_index`).

use crate::rays::{walk, EAST, NORTH, NORTH_EAST, NORTH_WEST, RAYS};
use crate::slider_attacks::{diagonal, straight};
use crate::{zone, KingSafety};
use ox88_board::{Board, Color, Role, Square};

/// A set of squares, bit `i` for square `i` (a1 = 0, h8 = 63).
pub(crate) type Bitboard = u64;

/// The squares the pawns `pawns` of `color` attack.
#[inline(always)]
pub(crate) const fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => (pawns & !FILE_A) << 7 | (pawns & !FILE_H) << 9,
        Color::Black => (pawns & !FILE_A) >> 9 | (pawns & !FILE_H) >> 7,
    }
}

/// The squares a pawn of each colour (by [`Color::index`]) attacks from
/// each square: one load where the shifts and masks of [`pawn_attacks`]
/// take about eight instructions for a single square (the king's, whose
/// attackers each move looks for).
pub(crate) static PAWN_ATTACKS: [[Bitboard; 64]; 2] = {
    let mut table = [[0; 64]; 2];
    let mut square = 0;
    while square < 64 {
        table[0][square] = pawn_attacks(Color::White, 1 << square);
        table[1][square] = pawn_attacks(Color::Black, 1 << square);
        square += 1;
    }
    table
};

/// The number of legal moves, en passant and castling excepted, of the side
/// to move's pieces on squares before `limit`. `evasions` are the check's
/// evasion squares (bit = 0x88 index) as [`KingSafety::evasions`] gives
/// them; the king's safe squares must have been found (not
/// [`KingSafety::checks_and_pins`]) when the king stands before `limit`.
#[inline(always)]
pub(crate) fn count_before(board: &Board, safety: &KingSafety, evasions: u128, limit: Square) -> usize {
    let us = board.side_to_move();
    let king = board.king(us);
    let mut count = 0;
    if king < limit {
        count += zone::block_count(safety.king_targets);
    }
    if safety.checkers.len() > 1 {
        // In double check only the king moves.
        return count;
    }
    let occupancy = board.occupancy();
    let own = occupancy[us];
    let occupied = own | occupancy[!us];
    let mut allowed = !own;
    if safety.in_check() {
        allowed &= bitboard_of_0x88(evasions);
    }
    let below = (1 << limit.index64()) - 1;
    // Our pieces by kind (a queen among both kinds of sliders), one pass
    // over the piece list with no test that depends on the move.
    let (mut by_role, mut non_pawns) = ([0; 8], 0);
    for &from in board.non_pawns(us) {
        by_role[board.cell(from.index0x88() as u8).role_code()] |= bit(from);
        non_pawns |= bit(from);
    }
    let mut pieces = Pieces {
        pawns: own & !non_pawns & below,
        knights: by_role[KNIGHT] & below,
        diagonal: (by_role[BISHOP] | by_role[QUEEN]) & below,
        straight: (by_role[ROOK] | by_role[QUEEN]) & below,
    };
    for &(square, step) in &safety.pins {
        if bit(square) & below != 0 {
            // The pinned piece alone, its targets cut to the pin line (a
            // knight's never are on it: no jump stays on a line).
            let pinned = pieces.only(bit(square));
            count += pinned.count(us, occupied, own, allowed & pin_line(king.index64(), step));
            pieces = pieces.only(!bit(square));
        }
    }
    count + pieces.count(us, occupied, own, allowed)
}

/// Some of our pieces, by how they move: the pawns, the knights, the
/// bishops and queens (diagonal), the rooks and queens (straight).
#[derive(Clone, Copy)]
pub(crate) struct Pieces {
    pub(crate) pawns: Bitboard,
    pub(crate) knights: Bitboard,
    pub(crate) diagonal: Bitboard,
    pub(crate) straight: Bitboard,
}

impl Pieces {
    /// Those on `squares`.
    #[inline(always)]
    pub(crate) fn only(self, squares: Bitboard) -> Pieces {
        Pieces {
            pawns: self.pawns & squares,
            knights: self.knights & squares,
            diagonal: self.diagonal & squares,
            straight: self.straight & squares,
        }
    }

    /// The number of their moves to `allowed` (a promotion four), `own`
    /// being our squares and `occupied` everyone's.
    #[inline(always)]
    pub(crate) fn count(self, us: Color, occupied: Bitboard, own: Bitboard, allowed: Bitboard) -> usize {
        pawn_count(us, self.pawns, occupied, own, allowed)
            + count_each(self.knights, |from| KNIGHT_TARGETS[from] & allowed)
            + count_each(self.diagonal, |from| diagonal(from, occupied) & allowed)
            + count_each(self.straight, |from| straight(from, occupied) & allowed)
    }
}

/// The sum over the squares of `set` of the number of `targets` from each.
#[inline(always)]
fn count_each(mut set: Bitboard, targets: impl Fn(usize) -> Bitboard) -> usize {
    let mut count = 0;
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        count += targets(from).count_ones() as usize;
    }
    count
}

/// Role numbers (`Role as usize`), as [`ox88_board::Cell::role_code`] gives them.
pub(crate) const KNIGHT: usize = Role::Knight as usize;
pub(crate) const BISHOP: usize = Role::Bishop as usize;
pub(crate) const ROOK: usize = Role::Rook as usize;
pub(crate) const QUEEN: usize = Role::Queen as usize;

/// The square's bit.
#[inline(always)]
pub(crate) fn bit(square: Square) -> Bitboard {
    1 << square.index64()
}

/// A set of 0x88 indices (bit = index) as a bitboard.
#[inline(always)]
fn bitboard_of_0x88(set: u128) -> Bitboard {
    (0..8).fold(0, |board, rank| board | ((set >> (16 * rank)) as u64 & 0xff) << (8 * rank))
}

/// The line through the king (on `king64`) in the 0x88 direction `step`:
/// a pinned piece's moves stay on it.
#[inline(always)]
fn pin_line(king64: usize, step: i8) -> Bitboard {
    // The ray index of the direction (the opposite one is four on).
    let ray = match step.unsigned_abs() {
        16 => NORTH,
        1 => EAST,
        17 => NORTH_EAST,
        _ => NORTH_WEST,
    };
    RAYS[ray][king64] | RAYS[ray + 4][king64]
}

/// The number of moves of `pawns` (of `us`) that land on `allowed`, a
/// promotion counting four times: pushes to empty squares (two from the
/// start rank over an empty one), captures of the pieces not `own`.
#[inline(always)]
fn pawn_count(us: Color, pawns: Bitboard, occupied: Bitboard, own: Bitboard, allowed: Bitboard) -> usize {
    if pawns == 0 {
        return 0;
    }
    let white = us == Color::White;
    let up = |set: Bitboard| if white { set << 8 } else { set >> 8 };
    let (third, last) = if white { (RANK_1 << 16, RANK_1 << 56) } else { (RANK_1 << 40, RANK_1) };
    let empty = !occupied;
    let single = up(pawns) & empty;
    // A single and a double push never share a destination (the double
    // one's middle square is empty): one set.
    let pushes = (single | up(single & third) & empty) & allowed;
    let enemy = occupied & !own & allowed;
    // Pushes land on empty squares, captures on enemy ones: the pushes and
    // the captures to one side are one set, counted at once.
    let pushes_and_west = pushes | up(pawns & !FILE_A) >> 1 & enemy;
    let east = up(pawns & !FILE_H) << 1 & enemy;
    let mut count = (pushes_and_west.count_ones() + east.count_ones()) as usize;
    if (pushes_and_west | east) & last != 0 {
        // Three more promotions for each move to the last rank.
        count += 3 * ((pushes_and_west & last).count_ones() + (east & last).count_ones()) as usize;
    }
    count
}

/// The files and ranks used by the pawns' shifts.
pub(crate) const FILE_A: Bitboard = 0x0101_0101_0101_0101;
pub(crate) const FILE_H: Bitboard = FILE_A << 7;
const RANK_1: Bitboard = 0xff;

/// A knight's targets from each square.
pub(crate) static KNIGHT_TARGETS: [Bitboard; 64] = {
    let jumps: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let mut targets = [0; 64];
    let mut from = 0;
    while from < 64 {
        let mut j = 0;
        while j < 8 {
            targets[from] |= walk(from, jumps[j], false);
            j += 1;
        }
        from += 1;
    }
    targets
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{random_game, RANDOM_GAME_STARTS as STARTS};
    use crate::MoveGen;
    use proptest::prelude::*;

    /// The legal moves of the pieces before `limit`, en passant and
    /// castling excepted, plainly: from the generator's list.
    fn plain_count(board: &Board, limit: Square) -> usize {
        board.legal_moves().iter().filter(|m| m.from() < limit && !m.is_en_passant() && !m.is_castle()).count()
    }

    /// The fast count equals the plain one before every square of `board`.
    fn check(board: &Board) {
        let safety = KingSafety::of(board);
        let evasions = safety.evasions(board.king(board.side_to_move()).index0x88() as u8);
        for limit in Square::all() {
            assert_eq!(count_before(board, &safety, evasions, limit), plain_count(board, limit), "{limit} in {board}");
        }
    }

    #[test]
    fn pins_checks_and_promotions_count_as_the_generator_does() {
        let fens = [
            // Promotions, pushes and captures, both sides.
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
            // Pins on every line, a pinned pawn and knight.
            "b3k3/8/2n1r3/3PN3/q2RK1Pr/4RB2/8/4r2b w - - 0 1",
            // In check from a slider, from a knight, and twice.
            "4k3/8/8/8/1b6/8/4N3/R3K2R w KQ - 0 1",
            "4k3/8/8/8/8/5n2/3PPN2/R3K2R w KQ - 0 1",
            "4k3/8/8/8/1b6/5n2/8/R3K2R w KQ - 0 1",
        ];
        for fen in fens {
            check(&fen.parse().unwrap());
        }
    }

    #[test]
    fn the_tables_hold_the_geometry() {
        // A knight in the corner jumps to two squares, in the centre to eight.
        assert_eq!(KNIGHT_TARGETS[0].count_ones(), 2);
        assert_eq!(KNIGHT_TARGETS[27].count_ones(), 8);
        // A ray from a corner holds seven squares; the north one from a1 is
        // the A file above it.
        assert_eq!(RAYS[NORTH_EAST][0].count_ones(), 7);
        assert_eq!(RAYS[NORTH][0], 0x0101_0101_0101_0100);
    }

    proptest! {
        /// Before every square of every position of random games
        /// (standard and Chess960), the fast count equals the plain one.
        #[test]
        fn fast_counts_equal_the_generator_s(
            start in 0..STARTS.len(),
            choices in prop::collection::vec(any::<u16>(), 0..150),
        ) {
            let start: Board = STARTS[start].parse().unwrap();
            for board in random_game(&start, &choices) {
                check(&board);
            }
        }
    }
}
