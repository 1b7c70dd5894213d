//! The constant tables of the Syzygy position index, computed at compile
//! time: binomial coefficients, the numbering of the squares of the a1-d1-d4
//! triangle and of the two kings, and the numbering of the leading pawns.
//!
//! Squares are numbered 0..64, a1 = 0, b1 = 1, ..., h8 = 63, as the table
//! files number them.

/// The most pieces a Syzygy table holds.
pub const MAX_PIECES: usize = 7;

/// How far `square` is above the a1-h8 diagonal (negative: below it).
pub(crate) const fn off_diagonal(square: u8) -> i8 {
    (square >> 3) as i8 - (square & 7) as i8
}

/// `BINOMIAL[k][n]`: the number of ways to choose `k` of `n` squares.
pub(crate) static BINOMIAL: [[u64; 65]; MAX_PIECES] = binomial();

const fn binomial() -> [[u64; 65]; MAX_PIECES] {
    let mut table = [[0; 65]; MAX_PIECES];
    let mut n = 0;
    while n <= 64 {
        let mut k = 0;
        while k < MAX_PIECES {
            table[k][n] = if k == 0 {
                1
            } else if n == 0 {
                0
            } else {
                table[k - 1][n - 1] + table[k][n - 1]
            };
            k += 1;
        }
        n += 1;
    }
    table
}

/// `binomial(k, n)`, `None` outside the table (only a damaged file asks).
pub(crate) fn binomial_checked(k: usize, n: usize) -> Option<u64> {
    BINOMIAL.get(k)?.get(n).copied()
}

/// The squares below the a1-h8 diagonal numbered 0..28 in square order.
pub(crate) static BELOW_DIAGONAL: [u8; 64] = below_diagonal();

const fn below_diagonal() -> [u8; 64] {
    let mut table = [0; 64];
    let (mut square, mut code) = (0, 0);
    while square < 64 {
        if off_diagonal(square) < 0 {
            table[square as usize] = code;
            code += 1;
        }
        square += 1;
    }
    table
}

/// The squares of the a1-d1-d4 triangle numbered 0..10: the six below the
/// diagonal first (b1 c1 d1 c2 d2 d3), then the four on it (a1 b2 c3 d4).
/// Other squares read as [`NONE`].
pub(crate) static TRIANGLE: [u8; 64] = triangle();

/// The value of a table entry that no legal, normalised position reaches.
pub(crate) const NONE: u8 = u8::MAX;

const fn triangle() -> [u8; 64] {
    let mut table = [NONE; 64];
    let mut code = 0;
    let mut square = 0;
    while square < 64 {
        if (square & 7) <= 3 && (square >> 3) <= 3 && off_diagonal(square) < 0 {
            table[square as usize] = code;
            code += 1;
        }
        square += 1;
    }
    square = 0;
    while square < 64 {
        if (square & 7) <= 3 && off_diagonal(square) == 0 {
            table[square as usize] = code;
            code += 1;
        }
        square += 1;
    }
    table
}

/// The squares a king attacks, and its own, as a 64-bit set.
const fn king_zone(square: u8) -> u64 {
    let (file, rank) = ((square & 7) as i8, (square >> 3) as i8);
    let mut zone = 0u64;
    let mut df = -1;
    while df <= 1 {
        let mut dr = -1;
        while dr <= 1 {
            let (f, r) = (file + df, rank + dr);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                zone |= 1 << (r * 8 + f);
            }
            dr += 1;
        }
        df += 1;
    }
    zone
}

/// The index of two kings, the first in the a1-d1-d4 triangle (by its
/// [`TRIANGLE`] number), the second anywhere not next to it: 0..462.
/// Unreachable pairs read as `u16::MAX`.
pub(crate) static KING_PAIRS: [[u16; 64]; 10] = king_pairs();

/// The number of legal, normalised placements of the two kings.
pub(crate) const KING_PAIR_COUNT: u64 = 462;

const fn king_pairs() -> [[u16; 64]; 10] {
    let mut table = [[u16::MAX; 64]; 10];
    let mut code = 0;
    // Both kings on the diagonal come last, after every other pair.
    let mut deferred = [(0u8, 0u8); 64];
    let mut deferred_len = 0;
    let mut index = 0;
    while index < 10 {
        let mut first = 0;
        while first < 64 {
            if TRIANGLE[first as usize] == index {
                let zone = king_zone(first);
                let mut second = 0;
                while second < 64 {
                    let on_diagonal = off_diagonal(first) == 0;
                    if zone & (1 << second) != 0 || (on_diagonal && off_diagonal(second) > 0) {
                        // Adjacent kings, or a pair the diagonal mirror maps below it.
                    } else if on_diagonal && off_diagonal(second) == 0 {
                        deferred[deferred_len] = (index, second);
                        deferred_len += 1;
                    } else {
                        table[index as usize][second as usize] = code;
                        code += 1;
                    }
                    second += 1;
                }
            }
            first += 1;
        }
        index += 1;
    }
    let mut i = 0;
    while i < deferred_len {
        let (index, second) = deferred[i];
        table[index as usize][second as usize] = code;
        code += 1;
        i += 1;
    }
    table
}

/// The pawn squares a2-h7 numbered 47 (a2) down to 0 (e7), edge files and
/// low ranks highest: the leading pawn is the one with the highest number.
pub(crate) static PAWN_ORDER: [u8; 64] = pawn_tables().0;

/// `LEAD_PAWN_INDEX[n][square]`: where the placements of `n` leading pawns
/// whose leader stands on `square` begin, within its file's table.
pub(crate) static LEAD_PAWN_INDEX: [[u64; 64]; MAX_PIECES] = pawn_tables().1;

/// `LEAD_PAWN_COUNT[n][file]`: the number of placements of `n` leading pawns
/// whose leader stands on `file` (a-d).
pub(crate) static LEAD_PAWN_COUNT: [[u64; 4]; MAX_PIECES] = pawn_tables().2;

type PawnTables = ([u8; 64], [[u64; 64]; MAX_PIECES], [[u64; 4]; MAX_PIECES]);

const fn pawn_tables() -> PawnTables {
    let mut order = [0u8; 64];
    let mut available = 47;
    let mut file = 0;
    while file < 4 {
        let mut rank = 1;
        while rank <= 6 {
            let square = rank * 8 + file;
            order[square] = available;
            order[rank * 8 + 7 - file] = available - 1;
            available = available.saturating_sub(2);
            rank += 1;
        }
        file += 1;
    }
    let mut index = [[0u64; 64]; MAX_PIECES];
    let mut count = [[0u64; 4]; MAX_PIECES];
    let mut pawns = 1;
    while pawns < MAX_PIECES {
        let mut file = 0;
        while file < 4 {
            let mut total = 0;
            let mut rank = 1;
            while rank <= 6 {
                let square = rank * 8 + file;
                index[pawns][square] = total;
                total += BINOMIAL[pawns - 1][order[square] as usize];
                rank += 1;
            }
            count[pawns][file] = total;
            file += 1;
        }
        pawns += 1;
    }
    (order, index, count)
}

/// The number of placements of a leading group of three distinct pieces.
pub(crate) const UNIQUE_TRIPLE_COUNT: u64 = 31_332;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_king_pairs_are_the_462_known() {
        let used: Vec<u16> = KING_PAIRS.iter().flatten().copied().filter(|&c| c != u16::MAX).collect();
        assert_eq!(used.len() as u64, KING_PAIR_COUNT);
        let mut sorted = used.clone();
        sorted.sort_unstable();
        assert!(sorted.iter().enumerate().all(|(i, &c)| i == c as usize));
    }

    #[test]
    fn the_triangle_numbers_its_ten_squares() {
        // b1 c1 d1 c2 d2 d3, then a1 b2 c3 d4.
        let squares = [1, 2, 3, 10, 11, 19, 0, 9, 18, 27];
        for (code, square) in squares.iter().enumerate() {
            assert_eq!(TRIANGLE[*square] as usize, code);
        }
        assert_eq!(TRIANGLE.iter().filter(|&&c| c != NONE).count(), 10);
    }

    #[test]
    fn pawn_order_counts_down_from_a2() {
        assert_eq!(PAWN_ORDER[8], 47); // a2
        assert_eq!(PAWN_ORDER[15], 46); // h2
        assert_eq!(PAWN_ORDER[51], 1); // d7
        assert_eq!(PAWN_ORDER[52], 0); // e7
                                       // One leading pawn: six ranks per file.
        assert_eq!(LEAD_PAWN_COUNT[1], [6, 6, 6, 6]);
        assert_eq!(BINOMIAL[2][5], 10);
        assert_eq!(UNIQUE_TRIPLE_COUNT, 6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + 4 * 7 * 6);
        // b1..h1 are 0..6, c2 is 7, h7 the last of 28.
        assert_eq!((BELOW_DIAGONAL[1], BELOW_DIAGONAL[7], BELOW_DIAGONAL[10], BELOW_DIAGONAL[55]), (0, 6, 7, 27));
    }
}
