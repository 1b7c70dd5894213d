//! The moving piece's legal moves that come before its move in
//! [`move_index`](crate::move_index)'s order, counted by arithmetic when
//! the piece's legal moves are its pseudo-legal ones filtered by one mask:
//! a knight, a bishop, a rook, a queen, or a pawn that neither promotes nor
//! may take en passant, not pinned, whose moves must land on the check's
//! evasion squares when the side to move is in check; and the king when it
//! cannot castle (its safe squares are already known). Those moves all
//! differ in their destination, and destinations compare as their 0x88
//! indices do (rank by rank, file by file: the order's a1 = 0), so a move
//! counts when its destination's index is below the played move's. A
//! slider's count along a ray is the squares up to its first blocker, a
//! capture included, that lie below the destination.
//!
//! A king that may castle, a pinned piece, promotions and en passant take
//! the careful path: the generator, move by move.

use crate::{zone, KingSafety};
use ox88_board::{Board, Color, Direction, Move, Role};

/// The number of legal moves of the piece on the legal move `m`'s origin
/// that come before `m` in the order, or `None` when the piece's moves need
/// the careful path. `evasions` are the squares (bit = 0x88 index) where a
/// piece other than the king answers the check, as
/// [`KingSafety::evasions`] gives them (read only when in check); the king's
/// safe squares must have been found (not [`KingSafety::checks_and_pins`])
/// when `m` is a king move.
#[inline(always)]
pub(crate) fn count_before(board: &Board, safety: &KingSafety, evasions: u128, m: Move) -> Option<usize> {
    if !safety.pins.is_empty() && safety.pin(m.from()).is_some() {
        return None;
    }
    let (from, target) = (m.from().index0x88() as u8, m.to().index0x88() as u8);
    let role = board.cell(from).role()?;
    if role == Role::King {
        return king(board, safety, from, target);
    }
    if safety.in_check() {
        piece::<true>(board, role, from, target, evasions)
    } else {
        piece::<false>(board, role, from, target, 0)
    }
}

/// [`count_before`] for a piece other than the king; in check (`CHECK`), a
/// move counts only if it lands on `evasions`.
#[inline(always)]
fn piece<const CHECK: bool>(board: &Board, role: Role, from: u8, target: u8, evasions: u128) -> Option<usize> {
    let us = board.side_to_move();
    let before = Before::<CHECK> { target, evasions };
    match role {
        Role::Knight => Some(
            Direction::KNIGHT
                .iter()
                .map(|&d| {
                    usize::from(board.cell_at(from, d).is_open_to(us) & before.counts(from.wrapping_add(d as u8)))
                })
                .sum(),
        ),
        Role::Bishop => Some(before.rays(board, !us, from, &Direction::DIAGONAL)),
        Role::Rook => Some(before.rays(board, !us, from, &Direction::STRAIGHT)),
        Role::Queen => Some(before.rays(board, !us, from, &Direction::ALL)),
        Role::Pawn => before.pawn(board, us, from),
        Role::King => None,
    }
}

/// Which destinations count: those whose 0x88 index is below `target`
/// and, in check (`CHECK`), that are on `evasions`.
struct Before<const CHECK: bool> {
    target: u8,
    evasions: u128,
}

impl<const CHECK: bool> Before<CHECK> {
    /// Whether a move to the 0x88 index `to` counts (meaningless off the
    /// board, where callers' cell tests fail).
    #[inline(always)]
    fn counts(&self, to: u8) -> bool {
        (to < self.target) & (!CHECK || self.evasions.wrapping_shr(u32::from(to)) & 1 != 0)
    }

    /// The squares a slider on `from` reaches along `directions` (up to and
    /// including a piece of `them`) that count.
    #[inline(always)]
    fn rays(&self, board: &Board, them: Color, from: u8, directions: &[i8]) -> usize {
        let mut count = 0;
        for &ray in directions {
            let mut to = from.wrapping_add(ray as u8);
            let mut cell = board.cell_at(from, ray);
            while cell.is_empty() {
                count += usize::from(self.counts(to));
                to = to.wrapping_add(ray as u8);
                cell = board.cell(to);
            }
            count += usize::from(cell.is_color(them) & self.counts(to));
        }
        count
    }

    /// A pawn's pushes and captures that count; `None` for a pawn about to
    /// promote, or when an en-passant capture may be on.
    #[inline(always)]
    fn pawn(&self, board: &Board, us: Color, from: u8) -> Option<usize> {
        let (rank, forward) = (from >> 4, us.forward());
        let (promotion_rank, start_rank) = match us {
            Color::White => (6, 1),
            Color::Black => (1, 6),
        };
        if rank == promotion_rank || board.en_passant().is_some() {
            return None;
        }
        let one = from.wrapping_add(forward as u8);
        let one_empty = board.cell_at(from, forward).is_empty();
        let two_empty = one_empty & (rank == start_rank) && board.cell_at(from, 2 * forward).is_empty();
        let mut count = usize::from(one_empty & self.counts(one));
        count += usize::from(two_empty & self.counts(one.wrapping_add(forward as u8)));
        for side in [Direction::WEST, Direction::EAST] {
            let to = one.wrapping_add(side as u8);
            count += usize::from(board.cell_at(from, forward + side).is_color(!us) & self.counts(to));
        }
        Some(count)
    }
}

/// The king's steps to its safe squares whose 0x88 index is below
/// `target`: the 3x3 block's offsets ascend with the zone's bits, so those
/// below are the safe squares' bits under the destination's. `None` while
/// the king may castle (its castling moves are the careful path's).
#[inline(always)]
fn king(board: &Board, safety: &KingSafety, from: u8, target: u8) -> Option<usize> {
    let us = board.side_to_move();
    if !safety.in_check() && board.castling().bits() >> (2 * us as u8) & 3 != 0 {
        return None;
    }
    // A step's bit (a castling move, which the rights rule out, has none).
    let bit = zone::step_bit(target.wrapping_sub(from) as i8);
    (bit != 0).then(|| zone::block_count(safety.king_targets & (bit - 1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{random_game, RANDOM_GAME_STARTS as STARTS};
    use crate::MoveGen;
    use proptest::prelude::*;

    /// The legal moves of `m`'s piece before it in the order, plainly: the
    /// legal moves from its origin with a smaller destination (or, for the
    /// same destination, a smaller promotion).
    fn plain_count(board: &Board, m: Move) -> usize {
        let key = |m: Move| (m.to().index64(), m.promotion().map_or(0, |role| role as usize));
        board.legal_moves().iter().filter(|other| other.from() == m.from() && key(**other) < key(m)).count()
    }

    /// Every fast count on `board` equals the plain one; returns how many
    /// king moves and moves in check were counted fast.
    fn check(board: &Board) -> (usize, usize) {
        let safety = KingSafety::of(board);
        let evasions = safety.evasions(board.king(board.side_to_move()).index0x88() as u8);
        let (mut king, mut in_check) = (0, 0);
        for m in board.legal_moves() {
            if let Some(count) = count_before(board, &safety, evasions, m) {
                assert_eq!(count, plain_count(board, m), "{m} in {board}");
                king += usize::from(m.from() == board.king(board.side_to_move()));
                in_check += usize::from(safety.in_check());
            }
        }
        (king, in_check)
    }

    /// The fast paths are taken for a king without castling rights and for
    /// a piece answering a check, and count as the generator does.
    #[test]
    fn kings_and_check_answers_are_counted_fast() {
        // Black in check from the bishop on b5: Nc6, Nd7, Bd7 and Qd7
        // answer it.
        let in_check: Board = "rnbqkbnr/pp2pppp/3p4/1B6/8/4P3/PPPP1PPP/RNBQK1NR b KQkq - 1 3".parse().unwrap();
        let no_rights: Board = "8/8/3k4/8/2R5/8/3K4/8 b - - 0 1".parse().unwrap();
        assert_eq!(check(&in_check).1, 4);
        assert!(check(&no_rights).0 >= 4);
    }

    proptest! {
        /// In every position of random games, every fast count equals the
        /// plain one.
        #[test]
        fn fast_counts_equal_the_plain_ones(
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
