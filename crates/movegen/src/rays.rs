//! The eight rays from each square on an empty board ([`RAYS`]) and the
//! steps they are walked by ([`walk`]): the one table the bitboard code
//! takes its lines, pin lines and sliders' masks from (bit `i` for square
//! `i`, a1 = 0).

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
