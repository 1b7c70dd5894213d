//! 0x88 geometry: piece step directions and the square-difference tables.
//!
//! The difference `to - from` of two 0x88 indices identifies the direction
//! between them uniquely (no wrap-around aliasing), so two tables indexed by
//! that difference answer "could a piece of this kind on `from` reach `to`?"
//! and "which unit step leads from `from` to `to`?" with one lookup each.
//! Both are built by `const fn` at compile time.

use crate::{Color, Piece, Role, Square};

/// 0x88 step directions.
pub struct Direction;

impl Direction {
    /// One rank up (towards rank 8).
    pub const NORTH: i8 = 16;
    /// One rank down.
    pub const SOUTH: i8 = -16;
    /// One file right (towards h).
    pub const EAST: i8 = 1;
    /// One file left.
    pub const WEST: i8 = -1;
    /// Up and right.
    pub const NORTH_EAST: i8 = 17;
    /// Up and left.
    pub const NORTH_WEST: i8 = 15;
    /// Down and right.
    pub const SOUTH_EAST: i8 = -15;
    /// Down and left.
    pub const SOUTH_WEST: i8 = -17;
    /// The four straight (rook) directions.
    pub const STRAIGHT: [i8; 4] = [16, -16, 1, -1];
    /// The four diagonal (bishop) directions.
    pub const DIAGONAL: [i8; 4] = [17, 15, -15, -17];
    /// All eight king and queen directions.
    pub const ALL: [i8; 8] = [16, -16, 1, -1, 17, 15, -15, -17];
    /// The eight knight jumps.
    pub const KNIGHT: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];
}

/// Bits of [`attack_mask`]: which kinds of piece can attack along a difference.
const WHITE_PAWN: u8 = 1;
const BLACK_PAWN: u8 = 2;
const KNIGHT: u8 = 4;
const BISHOP: u8 = 8;
const ROOK: u8 = 16;
const QUEEN: u8 = 32;
const KING: u8 = 64;

/// The differences `-119..=119` plus [`CENTER`] fill `0..239`; the tables
/// have 256 entries so that any index taken as a `u8` is in bounds (no check
/// in the generator's loops), the rest being 0.
const TABLE_SIZE: usize = 256;
const CENTER: i16 = 119;

const fn build_tables() -> ([u8; TABLE_SIZE], [i8; TABLE_SIZE]) {
    let mut attacks = [0u8; TABLE_SIZE];
    let mut steps = [0i8; TABLE_SIZE];
    let mut d = 0;
    while d < 8 {
        let step = Direction::ALL[d];
        let diagonal = d >= 4;
        let mut distance = 1;
        while distance < 8 {
            let index = (CENTER + step as i16 * distance) as usize;
            steps[index] = step;
            attacks[index] |= if diagonal { BISHOP | QUEEN } else { ROOK | QUEEN };
            if distance == 1 {
                attacks[index] |= KING;
                if step == Direction::NORTH_EAST || step == Direction::NORTH_WEST {
                    attacks[index] |= WHITE_PAWN;
                }
                if step == Direction::SOUTH_EAST || step == Direction::SOUTH_WEST {
                    attacks[index] |= BLACK_PAWN;
                }
            }
            distance += 1;
        }
        d += 1;
    }
    let mut k = 0;
    while k < 8 {
        let index = (CENTER + Direction::KNIGHT[k] as i16) as usize;
        attacks[index] |= KNIGHT;
        steps[index] = Direction::KNIGHT[k];
        k += 1;
    }
    (attacks, steps)
}

const TABLES: ([u8; TABLE_SIZE], [i8; TABLE_SIZE]) = build_tables();
static ATTACKS: [u8; TABLE_SIZE] = TABLES.0;
static STEPS: [i8; TABLE_SIZE] = TABLES.1;

/// By square difference, as the tables above: how many squares lie
/// strictly between two squares on one line (0 for neighbours, knight
/// jumps and squares on no common line).
static BETWEEN_COUNTS: [u8; TABLE_SIZE] = {
    let mut counts = [0u8; TABLE_SIZE];
    let mut d = 0;
    while d < 8 {
        let mut distance = 2;
        while distance < 8 {
            counts[(CENTER + Direction::ALL[d] as i16 * distance) as usize] = distance as u8 - 1;
            distance += 1;
        }
        d += 1;
    }
    counts
};

/// The [`attack_mask`] bit of a piece.
#[inline(always)]
pub const fn piece_mask(piece: Piece) -> u8 {
    match piece.role() {
        Role::Pawn => match piece.color() {
            Color::White => WHITE_PAWN,
            Color::Black => BLACK_PAWN,
        },
        Role::Knight => KNIGHT,
        Role::Bishop => BISHOP,
        Role::Rook => ROOK,
        Role::Queen => QUEEN,
        Role::King => KING,
    }
}

/// Mask bits of the pieces that slide along a line (bishop, rook, queen).
pub const SLIDER_MASK: u8 = BISHOP | ROOK | QUEEN;

/// The set of piece kinds (as [`piece_mask`] bits) that, standing on `from`,
/// attack `to` on an otherwise empty board.
#[inline(always)]
pub fn attack_mask(from: Square, to: Square) -> u8 {
    ATTACKS[(Square::diff(from, to) + CENTER) as u8 as usize]
}

/// The unit step that leads from `from` towards `to` along a line or knight
/// jump, or 0 if they are not aligned (or equal).
#[inline(always)]
pub fn step(from: Square, to: Square) -> i8 {
    STEPS[(Square::diff(from, to) + CENTER) as u8 as usize]
}

/// [`step`] for raw 0x88 indices, as a generator walking the mailbox holds
/// them. Meaningful for squares on the board (any other input gives some
/// value, never a panic).
#[inline(always)]
pub fn step_0x88(from: u8, to: u8) -> i8 {
    STEPS[to.wrapping_sub(from).wrapping_add(CENTER as u8) as usize]
}

/// [`attack_mask`] for raw 0x88 indices. Meaningful for squares on the
/// board (any other input gives some value, never a panic).
#[inline(always)]
pub fn attack_mask_0x88(from: u8, to: u8) -> u8 {
    ATTACKS[to.wrapping_sub(from).wrapping_add(CENTER as u8) as usize]
}

/// How many squares lie strictly between the 0x88 indices `from` and `to`
/// on a shared line: 0 for neighbours, knight jumps and squares on no
/// common line. Meaningful for squares on the board (any other input gives
/// some value, never a panic).
#[inline(always)]
pub fn between_count_0x88(from: u8, to: u8) -> u8 {
    BETWEEN_COUNTS[to.wrapping_sub(from).wrapping_add(CENTER as u8) as usize]
}

/// The [`attack_mask`] bits of the piece kind with role number `role`
/// (`Role as usize`, 1..=6) of `color`; 0 for anything else.
#[inline(always)]
pub fn role_mask(color: Color, role: usize) -> u8 {
    ROLE_MASKS[color as usize][role & 7]
}

static ROLE_MASKS: [[u8; 8]; 2] =
    [[0, WHITE_PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, 0], [0, BLACK_PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, 0]];

/// Whether a `piece` standing on `from` attacks `to` on an empty board
/// (ignoring anything in between).
#[inline(always)]
pub fn pseudo_attacks(piece: Piece, from: Square, to: Square) -> bool {
    attack_mask(from, to) & piece_mask(piece) != 0
}

/// The squares strictly between `a` and `b` on a shared line, in order from
/// `a`; empty when they are not on one line or are adjacent.
pub fn between(a: Square, b: Square) -> impl Iterator<Item = Square> {
    let delta = step(a, b);
    let sliding = attack_mask(a, b) & (ROOK | BISHOP) != 0;
    let mut current = a;
    std::iter::from_fn(move || {
        if !sliding {
            return None;
        }
        current = current.offset(delta)?;
        (current != b).then_some(current)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_a_direct_computation() {
        for from in Square::all() {
            for to in Square::all() {
                let (df, dr) = (
                    to.file().index() as i8 - from.file().index() as i8,
                    to.rank().index() as i8 - from.rank().index() as i8,
                );
                let mask = attack_mask(from, to);
                let straight = from != to && (df == 0 || dr == 0);
                let diagonal = from != to && df.abs() == dr.abs();
                assert_eq!(mask & ROOK != 0, straight);
                assert_eq!(mask & BISHOP != 0, diagonal);
                assert_eq!(mask & QUEEN != 0, straight || diagonal);
                assert_eq!(mask & KING != 0, from != to && df.abs() <= 1 && dr.abs() <= 1);
                assert_eq!(mask & KNIGHT != 0, df.abs() * dr.abs() == 2);
                assert_eq!(mask & WHITE_PAWN != 0, dr == 1 && df.abs() == 1);
                assert_eq!(mask & BLACK_PAWN != 0, dr == -1 && df.abs() == 1);
            }
        }
    }

    #[test]
    fn raw_lookups_are_total() {
        for from in 0..=255u8 {
            for to in 0..=255u8 {
                let _ = (step_0x88(from, to), attack_mask_0x88(from, to));
            }
        }
        assert_eq!(step_0x88(0x00, 0x77), 17);
        assert_eq!(step_0x88(0x77, 0x00), -17);
        assert_eq!(attack_mask_0x88(0x04, 0x74) & ROOK, ROOK);
    }

    #[test]
    fn between_counts_match_between() {
        for from in Square::all() {
            for to in Square::all() {
                let (a, b) = (from.index0x88() as u8, to.index0x88() as u8);
                assert_eq!(between_count_0x88(a, b) as usize, between(from, to).count(), "{from} {to}");
            }
        }
    }

    #[test]
    fn between_walks_the_line() {
        let squares: Vec<_> = between(Square::A1, Square::D4).collect();
        assert_eq!(squares, [Square::B2, Square::C3]);
        assert_eq!(between(Square::A1, Square::B3).count(), 0);
        assert_eq!(between(Square::E1, Square::F1).count(), 0);
        assert_eq!(between(Square::H8, Square::H1).count(), 6);
    }
}
