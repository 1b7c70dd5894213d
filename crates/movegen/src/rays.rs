//! The eight rays from each square on an empty board ([`RAYS`]) and the
//! steps they are walked by ([`walk`]): the one table the bitboard code
//! takes its lines, pin lines and sliders' masks from (bit `i` for square
//! `i`, a1 = 0); and those made from it: the whole line through two squares
//! ([`LINES`]), the squares between them ([`between`]) and a rook's and a
//! bishop's lines from each square.

/// The ray indices (`RAYS`'s): the four directions whose squares ascend,
/// then their opposites in the same order (ray `r + 4` is ray `r` reversed).
pub(crate) const NORTH: usize = 0;
pub(crate) const EAST: usize = 1;
pub(crate) const NORTH_EAST: usize = 2;
pub(crate) const NORTH_WEST: usize = 3;

/// Each ray's squares from each square, the square itself excluded.
pub(crate) static RAYS: [[u64; 64]; 8] = {
    // (file, rank) steps, in the ray indices' order.
    let steps: [(i8, i8); 8] = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)];
    let mut rays = [[0; 64]; 8];
    let mut r = 0;
    while r < 8 {
        let mut from = 0;
        while from < 64 {
            rays[r][from] = walk(from, steps[r], true);
            from += 1;
        }
        r += 1;
    }
    rays
};

/// The squares reached from `from` by repeating `step` (file, rank) while
/// on the board, or only once unless `repeat`.
pub(crate) const fn walk(from: usize, step: (i8, i8), repeat: bool) -> u64 {
    let (mut file, mut rank) = ((from % 8) as i8, (from / 8) as i8);
    let mut set = 0;
    loop {
        (file, rank) = (file + step.0, rank + step.1);
        if file < 0 || file > 7 || rank < 0 || rank > 7 {
            return set;
        }
        set |= 1 << (rank * 8 + file);
        if !repeat {
            return set;
        }
    }
}

/// The squares strictly between `a` and `b` if they share a line, else
/// none: their line cut to the bits between their indices.
#[inline(always)]
pub(crate) fn between(a: usize, b: usize) -> u64 {
    let span = (!0 << a ^ !0 << b) & !(1 << a | 1 << b);
    LINES[a][b] & span
}

/// For each two squares on a common line (a rank, file or diagonal), that
/// whole line across the board; else none.
pub(crate) static LINES: [[u64; 64]; 64] = {
    let mut lines = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut r = 0;
        while r < 4 {
            let line = RAYS[r][a] | RAYS[r + 4][a] | 1 << a;
            let mut rest = RAYS[r][a] | RAYS[r + 4][a];
            while rest != 0 {
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                lines[a][b] = line;
            }
            r += 1;
        }
        a += 1;
    }
    lines
};

/// A rook's targets from each square on an empty board.
pub(crate) static STRAIGHT_LINES: [u64; 64] = union_of_rays([0, 1, 4, 5]);

/// A bishop's targets from each square on an empty board.
pub(crate) static DIAGONAL_LINES: [u64; 64] = union_of_rays([2, 3, 6, 7]);

/// The squares of the four `directions`' rays from each square on an empty
/// board.
const fn union_of_rays(directions: [usize; 4]) -> [u64; 64] {
    let mut lines = [0; 64];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < 4 {
            lines[from] |= RAYS[directions[d]][from];
            d += 1;
        }
        from += 1;
    }
    lines
}
