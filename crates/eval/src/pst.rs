//! Default piece-square tables.
//!
//! The knight, bishop, rook, queen and king tables are the published PeSTO
//! values (Ronald Friederich's texel-tuned tables, as listed on the Chess
//! Programming Wiki), used as facts. The pawn tables are our own and milder
//! than PeSTO's: PeSTO's pawn tables absorb passed-pawn value, which this
//! evaluator scores separately.
//!
//! Tables are written as a board is drawn, rank 8 first, seen from white, and
//! converted at compile time to `Square::index64` order (a1 = 0).

use crate::S;

/// Builds a table in a1 = 0 order from a middlegame and an endgame table
/// written rank 8 first.
const fn table(mg: [i32; 64], eg: [i32; 64]) -> [S; 64] {
    let mut out = [S(0, 0); 64];
    let mut i = 0;
    while i < 64 {
        let drawn = (7 - i / 8) * 8 + i % 8;
        out[i] = S(mg[drawn], eg[drawn]);
        i += 1;
    }
    out
}

#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     30,  35,  30,  40,  40,  30,  35,  30,
      5,  10,  20,  30,  30,  20,  10,   5,
     -5,   5,   8,  22,  22,   8,   5,  -5,
    -10,  -2,   5,  18,  18,   5,  -2, -10,
    -10,  -4,   0,   5,   5,   0,   5, -10,
    -12,  -2,  -5, -15, -15,  10,  12, -12,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     45,  40,  35,  30,  30,  35,  40,  45,
     25,  22,  18,  15,  15,  18,  22,  25,
     10,   8,   5,   2,   2,   5,   8,  10,
      2,   0,  -3,  -5,  -5,  -3,   0,   2,
     -2,  -2,  -5,  -2,  -2,  -5,  -2,  -2,
      0,   0,   0,   2,   2,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const KNIGHT_MG: [i32; 64] = [
    -167, -89, -34, -49,  61, -97, -15, -107,
     -73, -41,  72,  36,  23,  62,   7,  -17,
     -47,  60,  37,  65,  84, 129,  73,   44,
      -9,  17,  19,  53,  37,  69,  18,   22,
     -13,   4,  16,  13,  28,  19,  21,   -8,
     -23,  -9,  12,  10,  19,  17,  25,  -16,
     -29, -53, -12,  -3,  -1,  18, -14,  -19,
    -105, -21, -58, -33, -17, -28, -19,  -23,
];

#[rustfmt::skip]
const KNIGHT_EG: [i32; 64] = [
    -58, -38, -13, -28, -31, -27, -63, -99,
    -25,  -8, -25,  -2,  -9, -25, -24, -52,
    -24, -20,  10,   9,  -1,  -9, -19, -41,
    -17,   3,  22,  22,  22,  11,   8, -18,
    -18,  -6,  16,  25,  16,  17,   4, -18,
    -23,  -3,  -1,  15,  10,  -3, -20, -22,
    -42, -20, -10,  -5,  -2, -20, -23, -44,
    -29, -51, -23, -15, -22, -18, -50, -64,
];

#[rustfmt::skip]
const BISHOP_MG: [i32; 64] = [
    -29,   4, -82, -37, -25, -42,   7,  -8,
    -26,  16, -18, -13,  30,  59,  18, -47,
    -16,  37,  43,  40,  35,  50,  37,  -2,
     -4,   5,  19,  50,  37,  37,   7,  -2,
     -6,  13,  13,  26,  34,  12,  10,   4,
      0,  15,  15,  15,  14,  27,  18,  10,
      4,  15,  16,   0,   7,  21,  33,   1,
    -33,  -3, -14, -21, -13, -12, -39, -21,
];

#[rustfmt::skip]
const BISHOP_EG: [i32; 64] = [
    -14, -21, -11,  -8,  -7,  -9, -17, -24,
     -8,  -4,   7, -12,  -3, -13,  -4, -14,
      2,  -8,   0,  -1,  -2,   6,   0,   4,
     -3,   9,  12,   9,  14,  10,   3,   2,
     -6,   3,  13,  19,   7,  10,  -3,  -9,
    -12,  -3,   8,  10,  13,   3,  -7, -15,
    -14, -18,  -7,  -1,   4,  -9, -15, -27,
    -23,  -9, -23,  -5,  -9, -16,  -5, -17,
];

#[rustfmt::skip]
const ROOK_MG: [i32; 64] = [
     32,  42,  32,  51,  63,   9,  31,  43,
     27,  32,  58,  62,  80,  67,  26,  44,
     -5,  19,  26,  36,  17,  45,  61,  16,
    -24, -11,   7,  26,  24,  35,  -8, -20,
    -36, -26, -12,  -1,   9,  -7,   6, -23,
    -45, -25, -16, -17,   3,   0,  -5, -33,
    -44, -16, -20,  -9,  -1,  11,  -6, -71,
    -19, -13,   1,  17,  16,   7, -37, -26,
];

#[rustfmt::skip]
const ROOK_EG: [i32; 64] = [
     13,  10,  18,  15,  12,  12,   8,   5,
     11,  13,  13,  11,  -3,   3,   8,   3,
      7,   7,   7,   5,   4,  -3,  -5,  -3,
      4,   3,  13,   1,   2,   1,  -1,   2,
      3,   5,   8,   4,  -5,  -6,  -8, -11,
     -4,   0,  -5,  -1,  -7, -12,  -8, -16,
     -6,  -6,   0,   2,  -9,  -9, -11,  -3,
     -9,   2,   3,  -1,  -5, -13,   4, -20,
];

#[rustfmt::skip]
const QUEEN_MG: [i32; 64] = [
    -28,   0,  29,  12,  59,  44,  43,  45,
    -24, -39,  -5,   1, -16,  57,  28,  54,
    -13, -17,   7,   8,  29,  56,  47,  57,
    -27, -27, -16, -16,  -1,  17,  -2,   1,
     -9, -26,  -9, -10,  -2,  -4,   3,  -3,
    -14,   2, -11,  -2,  -5,   2,  14,   5,
    -35,  -8,  11,   2,   8,  15,  -3,   1,
     -1, -18,  -9,  10, -15, -25, -31, -50,
];

#[rustfmt::skip]
const QUEEN_EG: [i32; 64] = [
     -9,  22,  22,  27,  27,  19,  10,  20,
    -17,  20,  32,  41,  58,  25,  30,   0,
    -20,   6,   9,  49,  47,  35,  19,   9,
      3,  22,  24,  45,  57,  40,  57,  36,
    -18,  28,  19,  47,  31,  34,  39,  23,
    -16, -27,  15,   6,   9,  17,  10,   5,
    -22, -23, -30, -16, -16, -23, -36, -32,
    -33, -28, -22, -43,  -5, -32, -20, -41,
];

#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -65,  23,  16, -15, -56, -34,   2,  13,
     29,  -1, -20,  -7,  -8,  -4, -38, -29,
     -9,  24,   2, -16, -20,   6,  22, -22,
    -17, -20, -12, -27, -30, -25, -14, -36,
    -49,  -1, -27, -39, -46, -44, -33, -51,
    -14, -14, -22, -46, -44, -30, -15, -27,
      1,   7,  -8, -64, -43, -16,   9,   8,
    -15,  36,  12, -54,   8, -28,  24,  14,
];

#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -74, -35, -18, -18, -11,  15,   4, -17,
    -12,  17,  14,  17,  17,  38,  23,  11,
     10,  17,  23,  15,  20,  45,  44,  13,
     -8,  22,  24,  27,  26,  33,  26,   3,
    -18,  -4,  21,  24,  27,  23,   9, -11,
    -19,  -3,  11,  21,  23,  16,   7,  -9,
    -27, -11,   4,  13,  14,   4,  -5, -17,
    -53, -34, -21, -11, -28, -14, -24, -43,
];

/// The default piece-square tables, indexed by `Role::index()` then
/// `Square::index64()` from white's side.
pub(crate) const DEFAULT_PST: [[S; 64]; 6] = [
    table(PAWN_MG, PAWN_EG),
    table(KNIGHT_MG, KNIGHT_EG),
    table(BISHOP_MG, BISHOP_EG),
    table(ROOK_MG, ROOK_EG),
    table(QUEEN_MG, QUEEN_EG),
    table(KING_MG, KING_EG),
];

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::{Role, Square};

    #[test]
    fn tables_are_stored_a1_first() {
        // The drawn table's bottom-left entry is a1, its top-left a8.
        assert_eq!(DEFAULT_PST[Role::Knight.index()][Square::A1.index64()], S(-105, -29));
        assert_eq!(DEFAULT_PST[Role::Knight.index()][Square::A8.index64()], S(-167, -58));
        assert_eq!(DEFAULT_PST[Role::King.index()][Square::G1.index64()], S(24, -24));
        assert_eq!(DEFAULT_PST[Role::Pawn.index()][Square::E2.index64()], S(-15, 2));
    }
}
