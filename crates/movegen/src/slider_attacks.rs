//! A slider's targets on a bitboard (bit `i` for square `i`, a1 = 0) by
//! table lookup, the "kindergarten" way: the occupancy of one line through
//! the slider (a rank, a file or a diagonal) is gathered by a mask and one
//! multiplication into six bits, the occupancy of the line's inner squares,
//! which index a small table of that line's targets. A rook's targets are
//! its rank's and its file's, a bishop's its two diagonals'.
//!
//! The tables are built by `const` evaluation (no start-up cost) and are
//! small: 4 KiB for the ranks (also used for the diagonals, by file), 4 KiB
//! for the files and 1 KiB of diagonal masks. A lookup is a dozen
//! instructions with no branch, where walking the four rays to their first
//! blockers took about thirty.

use crate::rays::{NORTH_EAST, NORTH_WEST, RAYS};

/// The A file's squares.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The B file's squares: multiplying the squares of a rank or a diagonal
/// (at most one a file) by it puts the square on file `f` at bit `57 + f`,
/// with no two products on the same bit (so no carry), and the top six bits
/// are the occupancy of files b to g (bit 0 for b).
const FILE_B: u64 = FILE_A << 1;

/// The diagonal c2 to h7: multiplying the A file's squares by it puts the
/// square on rank `r` (1 to 6, from 0) at bit `64 - r`, with no two
/// products on the same bit, and the top six bits are the occupancy of
/// ranks 2 to 7 (rank 7's at bit 0 of the six).
const C2_H7: u64 = 0x0080_4020_1008_0400;

/// The targets along a rank of a slider on each file, for each occupancy of
/// files b to g (bit 0 for b), on every rank at once (the caller keeps the
/// rank or the diagonal it wants).
static RANK_TARGETS: [[u64; 64]; 8] = {
    let mut table = [[0; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occupied = (inner as u64) << 1;
            let targets = slide(file, 1, occupied, 8) | slide(file, -1, occupied, 8);
            // A byte times the A file: that byte on every rank.
            table[file][inner] = targets * FILE_A;
            inner += 1;
        }
        file += 1;
    }
    table
};

/// The targets along the A file of a slider on each rank, for each
/// occupancy of the file gathered as [`file_index`] does.
static FILE_A_TARGETS: [[u64; 64]; 8] = {
    let mut table = [[0; 64]; 8];
    let mut rank = 0;
    while rank < 8 {
        let mut inner = 0;
        while inner < 64 {
            // The inner squares of the A file, ranks 2 to 7 from bit 0.
            let mut occupied = 0;
            let mut r = 1;
            while r < 7 {
                if inner >> (r - 1) & 1 != 0 {
                    occupied |= 1 << (8 * r);
                }
                r += 1;
            }
            let targets = slide(rank, 1, spread_file(occupied), 8) | slide(rank, -1, spread_file(occupied), 8);
            table[rank][file_index(occupied)] = gather_file(targets);
            inner += 1;
        }
        rank += 1;
    }
    table
};

/// Each square's diagonal (a1 to h8's direction) and anti-diagonal (h1 to
/// a8's), the square itself left out: its two rays each way, from
/// [`RAYS`].
static DIAGONALS: [[u64; 2]; 64] = {
    let mut masks = [[0; 2]; 64];
    let mut from = 0;
    while from < 64 {
        masks[from][0] = RAYS[NORTH_EAST][from] | RAYS[NORTH_EAST + 4][from];
        masks[from][1] = RAYS[NORTH_WEST][from] | RAYS[NORTH_WEST + 4][from];
        from += 1;
    }
    masks
};

/// The places (0 to 7) reached from `from` by steps of `step` on a line of
/// `len` places whose occupied ones are the bits of `occupied` (bit `i` for
/// place `i`), up to and including the first occupied one.
const fn slide(from: usize, step: isize, occupied: u64, len: isize) -> u64 {
    let mut targets = 0;
    let mut at = from as isize + step;
    while at >= 0 && at < len {
        targets |= 1 << at;
        if occupied >> at & 1 != 0 {
            break;
        }
        at += step;
    }
    targets
}

/// The A file's squares of `set` as places 0 to 7 (bit `r` for rank `r`).
const fn spread_file(set: u64) -> u64 {
    let mut places = 0;
    let mut r = 0;
    while r < 8 {
        places |= (set >> (8 * r) & 1) << r;
        r += 1;
    }
    places
}

/// Places 0 to 7 as the A file's squares (place `r` on rank `r`).
const fn gather_file(places: u64) -> u64 {
    let mut set = 0;
    let mut r = 0;
    while r < 8 {
        set |= (places >> r & 1) << (8 * r);
        r += 1;
    }
    set
}

/// The six bits that index [`FILE_A_TARGETS`]: the occupancy of ranks 2 to
/// 7 of `on_file_a` (squares of the A file only).
#[inline(always)]
const fn file_index(on_file_a: u64) -> usize {
    (on_file_a.wrapping_mul(C2_H7) >> 58) as usize
}

/// The six bits that index [`RANK_TARGETS`] for the squares of `line` (a
/// diagonal, at most one square a file) among `occupied`.
#[inline(always)]
fn line_index(line: u64, occupied: u64) -> usize {
    ((line & occupied).wrapping_mul(FILE_B) >> 58) as usize
}

/// A bishop's targets on `from` (0 to 63) with `occupied`: the squares of
/// its diagonals up to and including the first occupied one each way (its
/// own pieces included: the caller masks them off).
#[inline(always)]
pub(crate) fn diagonal(from: usize, occupied: u64) -> u64 {
    let [a, b] = DIAGONALS[from];
    let by_file = &RANK_TARGETS[from & 7];
    by_file[line_index(a, occupied)] & a | by_file[line_index(b, occupied)] & b
}

/// A rook's targets on `from` (0 to 63) with `occupied`, as [`diagonal`]'s.
#[inline(always)]
pub(crate) fn straight(from: usize, occupied: u64) -> u64 {
    let (file, rank) = (from & 7, from >> 3);
    let along_rank = RANK_TARGETS[file][(occupied >> (8 * rank + 1)) as usize & 63] & 0xff << (8 * rank);
    let along_file = FILE_A_TARGETS[rank][file_index(occupied >> file & FILE_A)] << file;
    along_rank | along_file
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The bit of the square on `file` and `rank`, or none off the board.
    const fn square_bit(file: i8, rank: i8) -> u64 {
        if file < 0 || file > 7 || rank < 0 || rank > 7 {
            return 0;
        }
        1 << (rank * 8 + file)
    }

    /// The squares reached from `from` by repeating each of `steps` (file,
    /// rank) up to and including the first occupied square: the plain walk.
    fn walk(from: usize, occupied: u64, steps: [(i8, i8); 4]) -> u64 {
        let mut targets = 0;
        for (df, dr) in steps {
            let (mut file, mut rank) = ((from % 8) as i8, (from / 8) as i8);
            loop {
                (file, rank) = (file + df, rank + dr);
                let bit = square_bit(file, rank);
                targets |= bit;
                if bit == 0 || occupied & bit != 0 {
                    break;
                }
            }
        }
        targets
    }

    fn check(from: usize, occupied: u64) {
        let diagonal_walk = walk(from, occupied, [(1, 1), (-1, 1), (1, -1), (-1, -1)]);
        let straight_walk = walk(from, occupied, [(0, 1), (1, 0), (0, -1), (-1, 0)]);
        assert_eq!(diagonal(from, occupied), diagonal_walk, "bishop on {from}, occupied {occupied:#x}");
        assert_eq!(straight(from, occupied), straight_walk, "rook on {from}, occupied {occupied:#x}");
    }

    #[test]
    fn the_lookups_equal_the_walks_on_simple_boards() {
        for from in 0..64 {
            for occupied in [0, !0, 1 << from, !0 ^ 1 << from, 0x8100_0000_0000_0081, 0x0000_0018_1800_0000] {
                check(from, occupied);
            }
        }
        // A rook in a corner sees 14 squares on an empty board; a bishop in
        // a corner 7, in the centre 13.
        assert_eq!(straight(0, 0).count_ones(), 14);
        assert_eq!(diagonal(0, 0).count_ones(), 7);
        assert_eq!(diagonal(27, 0).count_ones(), 13);
    }

    proptest! {
        /// On any occupancy, from any square, the lookups give the walks'
        /// targets.
        #[test]
        fn the_lookups_equal_the_walks(from in 0..64usize, occupied in any::<u64>(), sparse in any::<u64>()) {
            check(from, occupied);
            check(from, occupied & sparse);
        }
    }
}
