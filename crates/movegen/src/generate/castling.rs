//! Castling moves of the [`Generator`], standard and Chess960: the squares
//! the king and rook cross must be empty and the king's unattacked, which
//! the zone analysis answers for most squares.

use super::{Generator, MoveSink};
use crate::zone;
use ox88_board::{CastlingSide, File, Move, MoveKind, Square};

impl<const WHITE: bool, const CHECK: bool> Generator<'_, WHITE, CHECK> {
    /// Castling, standard and Chess960: every square the king and rook cross
    /// or land on is empty (but for the two of them), and no square the king
    /// crosses or lands on is attacked, with the king and rook taken off.
    #[inline(always)]
    pub(super) fn castling<S: MoveSink>(&self, list: &mut S) {
        let rights = self.board.castling();
        for side in CastlingSide::ALL {
            let Some(rook) = rights.rook(Self::US, side) else { continue };
            let r = rook.index0x88() as u8;
            // Most often the square next to the king, towards the rook, is
            // taken: a cheap early exit before the full test.
            let next = if r > self.king { self.king + 1 } else { self.king.wrapping_sub(1) };
            if next == r || self.board.cell(next).is_empty() {
                self.castle(side, r, list);
            }
        }
    }

    /// [`castling`](Self::castling) on one side, with the rook on `r`.
    #[inline(never)]
    fn castle<S: MoveSink>(&self, side: CastlingSide, r: u8, list: &mut S) {
        let k = self.king;
        if k & 7 == File::E.index() && (r == k + 3 || r == k.wrapping_sub(4)) {
            return self.castle_standard(side, r, list);
        }
        let rank = k & 0x70;
        let (king_file, rook_file, kind) = match side {
            CastlingSide::Short => (File::G.index(), File::F.index(), MoveKind::CastleShort),
            CastlingSide::Long => (File::C.index(), File::D.index(), MoveKind::CastleLong),
        };
        let (king_to, rook_to) = (rank + king_file, rank + rook_file);
        let (low, high) = (k.min(r).min(king_to).min(rook_to), k.max(r).max(king_to).max(rook_to));
        let mut sq = low;
        while sq <= high {
            if sq != k && sq != r && !self.board.cell(sq).is_empty() {
                return;
            }
            sq += 1;
        }
        if king_to == k {
            // Not in check; but a king that stays while its rook leaves may
            // be uncovered along the rank.
            if self.attacked(k, r) {
                return;
            }
        } else {
            // Squares one or two files from the king are read from the zone
            // analysis, which took the king off the board but not the rook:
            // valid unless the rook stands between the king and the square
            // (or on it), or could shield it from beyond. A rook on the edge
            // file shields nothing from beyond; otherwise a ray that only the
            // rook blocks would reach the king's destination too, which is
            // then tested in full.
            let edge_rook = r & 7 == 0 || r & 7 == 7;
            let step: i8 = if king_to > k { 1 } else { -1 };
            let rook_ahead = (r > k) == (step > 0);
            let rook_distance = r.abs_diff(k);
            let mut sq = k;
            let mut distance = 0;
            loop {
                sq = sq.wrapping_add(step as u8);
                distance += 1;
                let readable = !(rook_ahead && rook_distance <= distance) && (edge_rook || sq != king_to);
                let safe = if readable && distance == 1 {
                    self.safety.king_targets & zone::step_bit(step) != 0
                } else if readable && distance == 2 && edge_rook {
                    self.safety.castle_targets & zone::castle_bit(2 * step) != 0
                } else {
                    !self.attacked(sq, r)
                };
                if !safe {
                    return;
                }
                if sq == king_to {
                    break;
                }
            }
        }
        list.push(Move::new(Square::from_0x88_masked(k), Square::from_0x88_masked(r), kind));
    }

    /// [`castle`](Self::castle) with the king on the e-file and the rook in
    /// its corner, as in standard chess: the zone analysis found the two
    /// squares next to the king towards the rook empty and safe (a corner
    /// rook shields neither), so only the b-file square of the long side is
    /// left to look at.
    #[inline(always)]
    fn castle_standard<S: MoveSink>(&self, side: CastlingSide, r: u8, list: &mut S) {
        let k = self.king;
        let (step, kind) = match side {
            CastlingSide::Short => (1, MoveKind::CastleShort),
            CastlingSide::Long => (-1, MoveKind::CastleLong),
        };
        // The castle bit is set only when both squares are empty and unattacked.
        let safe = self.safety.castle_targets & zone::castle_bit(2 * step) != 0
            && self.safety.king_targets & zone::step_bit(step) != 0;
        let clear = side == CastlingSide::Short || self.board.cell(k.wrapping_sub(3)).is_empty();
        if safe && clear {
            list.push(Move::new(Square::from_0x88_masked(k), Square::from_0x88_masked(r), kind));
        }
    }

    /// Whether the enemy attacks the square `target`, with our king and the
    /// rook on `rook` taken off the board (the board's attack test).
    fn attacked(&self, target: u8, rook: u8) -> bool {
        let vacated = [Square::from_0x88_masked(self.king), Square::from_0x88_masked(rook)];
        self.board.attacked_ignoring(Square::from_0x88_masked(target), Self::THEM, &vacated)
    }
}
