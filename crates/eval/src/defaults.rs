//! The default weights.
//!
//! Material and the piece tables (except pawns) are PeSTO's published values.
//! The other terms started from the shape and relative size of the classical
//! Stockfish evaluation's published parameters, scaled to these centipawns
//! (about one half), and were then tuned for this engine: the `tune` example,
//! 12 passes of step 2 over every weight but material and the piece tables, on
//! 101,462 quiet positions of 4,321 of our match games (error 0.09247 ->
//! 0.08824; on 20,000 held-out positions 0.09298 -> 0.08961), turned into
//! these fields by `scripts/weights_to_rust.py`. Against the untuned weights:
//! +30.5 +/- 27.6 Elo in 400 games at 1 s + 0.01 s. The mop-up weights were
//! left as they were: they act only in pawnless won endings, which matches
//! adjudicate before they are reached, so the sample says nothing of them
//! (tuned, they drifted to a king that flees the lone king). Mobility tables are
//! centred so that a piece of typical mobility scores zero (the constant is
//! in the material value).

use crate::pst::DEFAULT_PST;
use crate::{Weights, S};

/// Pairs two tables by index.
const fn pairs<const N: usize>(mg: [i32; N], eg: [i32; N]) -> [S; N] {
    let mut out = [S(0, 0); N];
    let mut i = 0;
    while i < N {
        out[i] = S(mg[i], eg[i]);
        i += 1;
    }
    out
}

impl Weights {
    /// The default weights as a constant (what [`Default`] returns).
    pub const DEFAULT: Weights = Weights {
        material: [S(82, 94), S(343, 301), S(379, 315), S(473, 512), S(1017, 952), S(0, 0)],
        pst: DEFAULT_PST,

        isolated: S(-4, -10),
        doubled: S(-20, -13),
        backward: S(-18, -10),
        phalanx: pairs([0, -2, 4, 12, 52, 74, 104, 0], [0, -2, 4, 8, 38, 59, 84, 0]),
        supported: pairs([0, 0, 22, 8, 30, 48, 59, 0], [0, 0, 8, 5, 14, 0, 54, 0]),

        passed_rank: pairs([0, -17, -10, -17, 10, 87, 140, 0], [0, 28, 18, 24, 44, 88, 99, 0]),
        passed_enemy_king: S(14, 19),
        passed_own_king: S(8, 14),
        passed_free_path: S(11, 5),
        passed_safe_stop: S(1, 5),
        passed_defended_stop: S(2, 2),
        passed_unstoppable: S(22, 176),

        knight_mobility: pairs([-17, -40, 8, 8, 0, 6, 13, 18, 18], [-56, -48, -31, -7, 0, 1, 7, -7, 4]),
        bishop_mobility: pairs(
            [-43, -47, -17, -8, -6, 2, 0, 2, 2, 3, 23, -25, 28, -16],
            [-51, -34, -45, -37, -15, -2, 0, 5, 11, 13, 10, 8, 23, 11],
        ),
        rook_mobility: pairs(
            [-53, 5, 0, -9, -2, -9, 0, 2, 5, 0, 4, -5, 17, 18, 9],
            [-118, -57, -36, -19, -18, 1, 0, 5, 20, 25, 35, 28, 33, 28, 29],
        ),
        queen_mobility: pairs(
            [
                -42, -22, -18, -44, -31, -15, -8, 4, 3, 12, 16, 8, 0, 7, -1, -1, 13, -8, -7, -2, 32, 23, 43, 5, 7, 56,
                58, 30,
            ],
            [
                -90, -78, -48, -83, -75, -51, -40, -28, -30, -32, -47, -14, 0, 2, -1, 3, 12, 2, 6, 7, -22, -9, -7, -9,
                -4, 43, 7, 10,
            ],
        ),

        shield: pairs([-31, 16, 4, -3, -4, -6, -22, -22], [4, -4, -6, 10, -4, 0, 20, 0]),
        storm: pairs([-4, 4, -23, -32, -10, 5, 6, 0], [0, -12, 10, 20, 8, -2, -4, 0]),
        storm_blocked: pairs([0, 0, -32, -6, 2, 4, 14, 0], [0, 0, -24, -2, -12, 4, -24, 0]),
        king_attacker: [0, 5, 2, 1, 0, 0],
        king_zone_attack: 2,
        king_safe_check: [0, 11, 16, 16, 18, 0],
        king_weak_square: 8,
        king_no_queen: -33,
        king_shelter_relief: 9,
        king_danger_threshold: 1,
        king_danger_cap: 76,
        king_danger: S(6, 0),

        bishop_pair: S(30, 46),
        knight_outpost: S(26, 12),
        bishop_outpost: S(25, 14),
        rook_open_file: S(22, 8),
        rook_semi_open_file: S(8, 0),
        queen_open_file: S(2, -2),
        rook_seventh: S(-10, 0),
        queen_seventh: S(-19, 14),
        trapped_bishop: S(-66, -66),
        trapped_rook: S(-18, -27),

        threat_by_pawn: [S(0, 0), S(83, 28), S(73, 58), S(94, 47), S(56, 26), S(0, 0)],
        threat_by_minor: [S(-1, 20), S(32, 32), S(62, 24), S(34, 40), S(42, 66), S(0, 0)],
        threat_by_rook: [S(6, 33), S(40, 16), S(35, 34), S(16, 9), S(35, 22), S(0, 0)],
        hanging: S(23, 12),

        mopup_edge: S(0, 20),
        mopup_proximity: S(0, 8),
        mopup_corner: S(0, 20),
        scale_opposite_bishops: 0,
        scale_opposite_bishops_passer: 12,
        scale_opposite_bishops_pieces: 64,
        scale_minor_up_no_rook: 0,
        scale_minor_up_weak_minor: 0,
        scale_minor_up: 0,
        scale_wrong_bishop: 0,

        tempo: S(17, 4),
    };
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mobility_tables_are_centred_on_typical_mobility() {
        let w = Weights::default();
        assert_eq!(w.knight_mobility[4], S::ZERO);
        assert_eq!(w.bishop_mobility[6], S::ZERO);
        assert_eq!(w.rook_mobility[6], S::ZERO);
        assert_eq!(w.queen_mobility[12], S::ZERO);
        assert!(w.knight_mobility[0].mg() < 0 && w.knight_mobility[8].eg() > 0);
    }
}
