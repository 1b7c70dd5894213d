//! Pawn structure: isolated, doubled, backward and connected pawns, and the
//! facts about pawns that other terms need (passed pawns, pawns per file),
//! cached in a pawn hash table keyed by the board's pawn-only Zobrist key.

use crate::{Weights, S};
use ox88_board::{Board, ByColor, Color, Role, Square};

/// Everything the evaluation derives from the pawns alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PawnEntry {
    key: u64,
    filled: bool,
    /// The pawn-structure term per side.
    pub(crate) score: ByColor<S>,
    /// Passed pawns per side, as bits `1 << Square::index64()`.
    pub(crate) passed: ByColor<u64>,
    /// Per side and file, the ranks holding a pawn: bit `r` for absolute rank index `r`.
    pub(crate) files: ByColor<[u8; 8]>,
}

/// Ranks strictly ahead of relative rank `r`, as a relative-rank mask.
#[inline(always)]
pub(crate) const fn ahead(r: u8) -> u8 {
    ((0xFFu16 << (r + 1)) & 0xFF) as u8
}

/// Relative ranks `0..=r`, as a mask.
#[inline(always)]
pub(crate) const fn up_to(r: u8) -> u8 {
    ((2u16 << r) - 1) as u8
}

/// The rank index of `square` seen from `color`'s side (0 = its first rank).
#[inline(always)]
pub(crate) fn relative_rank(square: Square, color: Color) -> u8 {
    match color {
        Color::White => square.rank().index(),
        Color::Black => 7 - square.rank().index(),
    }
}

impl PawnEntry {
    /// The ranks (relative to `view`) holding a pawn of `owner` on file
    /// index `file`; empty for files off the board.
    #[inline(always)]
    pub(crate) fn ranks(&self, owner: Color, file: i32, view: Color) -> u8 {
        if !(0..8).contains(&file) {
            return 0;
        }
        let mask = self.files[owner][file as usize];
        match view {
            Color::White => mask,
            Color::Black => mask.reverse_bits(),
        }
    }

    /// Whether `color` has no pawn on file index `file`.
    #[inline(always)]
    pub(crate) fn no_pawns(&self, color: Color, file: u8) -> bool {
        self.files[color][file as usize] == 0
    }

    /// Computes the entry for the pawns of `board`.
    pub(crate) fn compute(board: &Board, weights: &Weights) -> PawnEntry {
        let mut entry = PawnEntry { key: board.pawn_key(), filled: true, ..PawnEntry::default() };
        for color in Color::ALL {
            for &square in board.pieces(color) {
                if board.piece_at(square).is_some_and(|p| p.role() == Role::Pawn) {
                    entry.files[color][square.file().index() as usize] |= 1 << square.rank().index();
                }
            }
        }
        for color in Color::ALL {
            for &square in board.pieces(color) {
                if board.piece_at(square).is_some_and(|p| p.role() == Role::Pawn) {
                    let value = entry.pawn(square, color, weights);
                    entry.score[color] += value;
                }
            }
        }
        entry
    }

    /// Scores the pawn of `us` on `square`, marking it if it is passed.
    fn pawn(&mut self, square: Square, us: Color, w: &Weights) -> S {
        let them = !us;
        let f = square.file().index() as i32;
        let r = relative_rank(square, us);
        let own = |file| self.ranks(us, file, us);
        let theirs = |file| self.ranks(them, file, us);
        let neighbours = own(f - 1) | own(f + 1);
        let mut value = S::ZERO;

        let isolated = neighbours == 0;
        let doubled = own(f) & ahead(r) != 0;
        let supporters = [f - 1, f + 1].iter().filter(|&&file| own(file) & (1 << r) >> 1 != 0).count() as i32;
        let phalanx = neighbours & (1 << r) != 0;
        let blocked_by_pawn = theirs(f) & (1 << r) << 1 != 0;
        let stop_attacked = r <= 5 && (theirs(f - 1) | theirs(f + 1)) & (1 << (r + 2)) != 0;
        let backward = !isolated && neighbours & up_to(r) == 0 && (stop_attacked || blocked_by_pawn);

        if isolated {
            value += w.isolated;
        } else if backward {
            value += w.backward;
        }
        if doubled {
            value += w.doubled;
        }
        if phalanx {
            value += w.phalanx[r as usize];
        }
        value += w.supported[r as usize] * supporters;

        let sentries = theirs(f - 1) | theirs(f) | theirs(f + 1);
        if sentries & ahead(r) == 0 && !doubled {
            self.passed[us] |= 1 << square.index64();
        }
        value
    }
}

/// A direct-mapped cache of [`PawnEntry`]s, allocated once.
#[derive(Clone, Debug)]
pub(crate) struct PawnTable {
    entries: Vec<PawnEntry>,
}

impl PawnTable {
    /// A table of `entries` entries, rounded down to a power of two; 0 turns
    /// caching off.
    pub(crate) fn new(entries: usize) -> PawnTable {
        let size = if entries == 0 { 0 } else { 1 << entries.ilog2() };
        PawnTable { entries: vec![PawnEntry::default(); size] }
    }

    /// How many entries the table has.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Forgets every entry (after the weights change, or for a new game).
    pub(crate) fn clear(&mut self) {
        self.entries.fill(PawnEntry::default());
    }

    /// The entry for the pawns of `board`, from the cache if it holds them.
    #[inline]
    pub(crate) fn probe(&mut self, board: &Board, weights: &Weights) -> PawnEntry {
        if self.entries.is_empty() {
            return PawnEntry::compute(board, weights);
        }
        let key = board.pawn_key();
        let index = (key as usize) & (self.entries.len() - 1);
        let slot = &mut self.entries[index];
        if !slot.filled || slot.key != key {
            *slot = PawnEntry::compute(board, weights);
        }
        *slot
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(fen: &str) -> PawnEntry {
        PawnEntry::compute(&fen.parse().unwrap(), &Weights::default())
    }

    #[test]
    fn masks() {
        assert_eq!(ahead(0), 0b1111_1110);
        assert_eq!(ahead(6), 0b1000_0000);
        assert_eq!(ahead(7), 0);
        assert_eq!(up_to(0), 1);
        assert_eq!(up_to(7), 0xFF);
    }

    #[test]
    fn isolated_and_doubled_pawns_cost() {
        let w = Weights::default();
        // White: isolated a-pawn and doubled c-pawns (the rear one doubled,
        // both isolated); black's pawns are healthy neighbours.
        let e = entry("4k3/5pp1/8/8/8/2P5/P1P5/4K3 w - - 0 1");
        let white = w.isolated * 3 + w.doubled;
        let black = w.phalanx[1] * 2;
        assert_eq!(e.score.white, white);
        assert_eq!(e.score.black, black);
    }

    #[test]
    fn passed_pawns_are_found_for_both_sides() {
        let e = entry("4k3/1p6/8/3P4/8/8/6p1/4K3 w - - 0 1");
        assert_eq!(e.passed.white, 1 << Square::D5.index64());
        assert_eq!(e.passed.black, 1 << Square::G2.index64() | 1 << Square::B7.index64());
        // A pawn whose file or neighbour files hold an enemy pawn ahead is not passed.
        let blocked = entry("4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1");
        assert_eq!(blocked.passed.white, 0);
        assert_eq!(blocked.passed.black, 0);
    }

    #[test]
    fn backward_pawn() {
        let w = Weights::default();
        // d3 cannot be supported (c4 and e4 are ahead of it) and e5 covers d4.
        let e = entry("4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1");
        let (d3, c4, e4) = (w.backward, w.supported[3], w.supported[3]);
        assert_eq!(e.score.white, d3 + c4 + e4);
    }

    #[test]
    fn the_table_returns_what_it_computes() {
        let board: Board = "4k3/1p6/8/3P4/8/8/6p1/4K3 w - - 0 1".parse().unwrap();
        let w = Weights::default();
        let mut table = PawnTable::new(1000);
        assert_eq!(table.len(), 512);
        let direct = PawnEntry::compute(&board, &w);
        assert_eq!(table.probe(&board, &w), direct);
        assert_eq!(table.probe(&board, &w), direct);
        assert_eq!(PawnTable::new(0).probe(&board, &w), direct);
    }
}
