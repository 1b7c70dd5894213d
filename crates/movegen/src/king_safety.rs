//! Checkers, pinned pieces and the king's safe squares: what constrains the
//! side to move's moves, found in one pass over the enemy pieces other than
//! pawns (the pawns are looked for from the king's zone).

use crate::zone::{self, BLOCK, CASTLE_SQUARES, CENTER, ZONE_OFFSETS};
use arrayvec::ArrayVec;
use ox88_board::geometry;
use ox88_board::{Board, Cell, Color, Piece, Role, Square};

/// The checks and pins against the side to move's king, and the squares
/// around it that the king may step to.
#[derive(Clone, Debug, Default)]
pub struct KingSafety {
    /// The pieces giving check (at most two).
    pub checkers: ArrayVec<Square, 2>,
    /// The direction from the king to the (first) checker, when it is a
    /// slider; 0 for a knight or pawn check.
    pub check_ray: i8,
    /// Pinned pieces of the side to move, with the direction from the king
    /// towards the pinner.
    pub pins: ArrayVec<(Square, i8), 8>,
    /// The zone squares (bits as in `zone::ZONE_OFFSETS`) the king may move
    /// to: on the board, empty or enemy, and not attacked once the king has
    /// left its square.
    pub(crate) king_targets: u16,
    /// The squares two files left and right of the king (bits as in
    /// `zone::ZONE_OFFSETS`) that are on the board, empty or enemy, and not
    /// attacked with the king taken off; found only when the side to move
    /// may castle.
    pub(crate) castle_targets: u16,
}

impl KingSafety {
    /// Analyses the side to move's king.
    #[inline]
    pub fn of(board: &Board) -> KingSafety {
        match board.side_to_move() {
            Color::White => KingSafety::of_side::<true, true>(board),
            Color::Black => KingSafety::of_side::<false, true>(board),
        }
    }

    /// The checks and pins alone, as [`of`](Self::of) finds them, without
    /// the king's safe squares (`king_targets` and `castle_targets` are
    /// left empty): for the moves of the other pieces, and for counting
    /// them, where the king's squares are never read.
    #[inline]
    pub(crate) fn checks_and_pins(board: &Board) -> KingSafety {
        match board.side_to_move() {
            Color::White => KingSafety::of_side::<true, false>(board),
            Color::Black => KingSafety::of_side::<false, false>(board),
        }
    }

    /// [`of`](Self::of) for the side to move given as a constant (`WHITE`);
    /// the king's safe squares found only when `ZONE` (else only the
    /// pieces that reach the king's own square are looked at).
    #[inline(always)]
    pub(crate) fn of_side<const WHITE: bool, const ZONE: bool>(board: &Board) -> KingSafety {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let king = board.king(us);
        let k = king.index0x88() as u8;
        let mut open = 0u16;
        for (bit, &offset) in ZONE_OFFSETS[..9].iter().enumerate() {
            if ZONE {
                let is_open = board.cell_at(k, offset).is_open_to(us);
                open |= (is_open as u16) << bit;
            }
        }
        // The castling squares matter only while we may castle, and only
        // when they and the square between are empty (as castling needs).
        if ZONE && board.castling().bits() >> (2 * us as u8) & 3 != 0 {
            for (bit, near) in [(9, 3), (10, 5)] {
                let (near_square, square) = (board.cell_at(k, ZONE_OFFSETS[near]), board.cell_at(k, ZONE_OFFSETS[bit]));
                if open & (1 << near) != 0 && near_square.is_empty() && square.is_empty() {
                    open |= 1 << bit;
                }
            }
        }
        let mut safety = KingSafety::default();
        let mut attacked = 0u16;
        // Enemy pawns: when there are many, looked for from the zone (a pawn
        // attacks a square from one step ahead of it, as we move, and one
        // file aside: at most two lookups per open square, and the king
        // rarely has many); when there are few, one by one.
        let pawn = Cell::of(Piece::new(them, Role::Pawn));
        let ahead = us.forward() as u8;
        let pawns = board.pawns(them);
        // Without the zone, only the king's own square: two lookups.
        let mut targets = if !ZONE {
            CENTER
        } else if pawns.len() > 4 {
            open | CENTER
        } else {
            0
        };
        if targets == 0 {
            for &from in pawns {
                let zone = zone::zone_attacks(them, Role::Pawn as usize, from, king);
                attacked |= zone;
                if zone & CENTER != 0 {
                    let _ = safety.checkers.try_push(from);
                }
            }
        }
        while targets != 0 {
            let bit = targets.trailing_zeros();
            targets &= targets - 1;
            let front = k.wrapping_add(zone::offset(bit) as u8).wrapping_add(ahead);
            for side in [-1, 1] {
                if board.cell_at(front, side) == pawn {
                    attacked |= 1 << bit;
                    if 1 << bit == CENTER {
                        let _ = safety.checkers.try_push(Square::from_0x88_masked(front.wrapping_add(side as u8)));
                    }
                }
            }
        }
        for &from in board.non_pawns(them) {
            let role = board.cell(from.index0x88() as u8).role_code();
            let zone = zone::zone_attacks(them, role, from, king);
            if zone == 0 || !ZONE && zone & CENTER == 0 {
                continue;
            }
            if !is_slider(role) {
                attacked |= zone;
                if zone & CENTER != 0 {
                    // A third checker (only in composed positions) adds nothing: two already
                    // mean that only the king may move.
                    let _ = safety.checkers.try_push(from);
                }
                continue;
            }
            let mut walk = if ZONE { zone & open & !attacked } else { 0 };
            if zone & CENTER != 0 {
                let step = geometry::step(king, from);
                // The square behind the king, seen through it: attacked exactly when this is a check.
                let behind = zone::step_bit(-step);
                walk &= !behind;
                if safety.line_to_king(board, us, king, from, step) {
                    attacked |= behind;
                }
            }
            while walk != 0 {
                let bit = walk.trailing_zeros();
                walk &= walk - 1;
                let target = k.wrapping_add(zone::offset(bit) as u8);
                if ray_clear(board, from.index0x88() as u8, target) {
                    attacked |= 1 << bit;
                }
            }
        }
        safety.king_targets = open & !attacked & BLOCK & !CENTER;
        safety.castle_targets = open & !attacked & CASTLE_SQUARES;
        safety
    }

    /// Walks from the king towards the slider on `from` (direction `step`):
    /// nothing between means check (recorded; returns true), exactly one of
    /// our pieces means a pin (recorded).
    #[inline(always)]
    fn line_to_king(&mut self, board: &Board, us: Color, king: Square, from: Square, step: i8) -> bool {
        let target = from.index0x88() as u8;
        let mut square = king.index0x88() as u8;
        let mut blocker = None;
        loop {
            square = square.wrapping_add(step as u8);
            if square == target {
                match blocker {
                    None => {
                        if self.checkers.is_empty() {
                            self.check_ray = step;
                        }
                        let _ = self.checkers.try_push(from);
                        return true;
                    }
                    Some(pinned) => {
                        self.pins.push((Square::from_0x88_masked(pinned), step));
                        return false;
                    }
                }
            }
            let cell = board.cell(square);
            if !cell.is_empty() {
                if !cell.is_color(us) || blocker.is_some() {
                    return false;
                }
                blocker = Some(square);
            }
        }
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        !self.checkers.is_empty()
    }

    /// When in check from one piece, the squares (bit = 0x88 index) where a
    /// piece other than the king answers it: the checker's and, for a
    /// slider, those between it and the king (on `king`, the king's 0x88
    /// index). Empty when not in check or in double check.
    #[inline(always)]
    pub(crate) fn evasions(&self, king: u8) -> u128 {
        let mut evasions = 0u128;
        if let [checker] = self.checkers[..] {
            let checker = checker.index0x88() as u8;
            evasions |= 1 << checker;
            if self.check_ray != 0 {
                let mut square = king.wrapping_add(self.check_ray as u8);
                while square != checker {
                    evasions |= 1 << square;
                    square = square.wrapping_add(self.check_ray as u8);
                }
            }
        }
        evasions
    }

    /// The pin direction of the piece on `square`, if it is pinned.
    #[inline(always)]
    pub fn pin(&self, square: Square) -> Option<i8> {
        self.pins.iter().find(|(s, _)| *s == square).map(|&(_, d)| d)
    }
}

/// Whether the role number (`Role as usize`) is a bishop, rook or queen.
#[inline(always)]
pub(crate) fn is_slider(role: usize) -> bool {
    role.wrapping_sub(3) < 3
}

/// Whether every square strictly between the 0x88 indices `from` and `to`
/// (on one line) is empty.
#[inline(always)]
pub(crate) fn ray_clear(board: &Board, from: u8, to: u8) -> bool {
    let step = geometry::step_0x88(from, to) as u8;
    let mut square = from.wrapping_add(step);
    while square != to {
        if !board.cell(square).is_empty() {
            return false;
        }
        square = square.wrapping_add(step);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{random_game, RANDOM_GAME_STARTS as STARTS};
    use proptest::prelude::*;

    proptest! {
        /// The checks and pins alone are those of the whole analysis, in
        /// every position of random games.
        #[test]
        fn checks_and_pins_agree_with_the_whole_analysis(
            start in 0..STARTS.len(),
            choices in prop::collection::vec(any::<u16>(), 0..120),
        ) {
            let start: Board = STARTS[start].parse().unwrap();
            for board in random_game(&start, &choices) {
                let (whole, part) = (KingSafety::of(&board), KingSafety::checks_and_pins(&board));
                let mut checkers = (whole.checkers.clone(), part.checkers.clone());
                checkers.0.sort();
                checkers.1.sort();
                prop_assert_eq!(checkers.0, checkers.1, "{}", board);
                prop_assert_eq!(whole.check_ray, part.check_ray, "{}", board);
                prop_assert_eq!(&whole.pins, &part.pins, "{}", board);
                prop_assert_eq!((part.king_targets, part.castle_targets), (0, 0));
            }
        }
    }
}
