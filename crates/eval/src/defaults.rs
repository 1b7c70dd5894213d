//! The default weights.
//!
//! Material and the piece tables (except pawns) are PeSTO's published values.
//! The other terms follow the shape and relative size of the classical
//! Stockfish evaluation's published parameters, scaled to these centipawns
//! (about one half) and rounded; mobility tables are centred so that a piece
//! of typical mobility scores zero and the material values keep their
//! meaning. None of it is tuned for this engine yet: a tuner can start here.

use crate::pst::DEFAULT_PST;
use crate::{Weights, S};

/// Subtracts `table[centre]` from every entry.
const fn centred<const N: usize>(mg: [i32; N], eg: [i32; N], centre: usize) -> [S; N] {
    let mut out = [S(0, 0); N];
    let mut i = 0;
    while i < N {
        out[i] = S(mg[i] - mg[centre], eg[i] - eg[centre]);
        i += 1;
    }
    out
}

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
        material: [S(82, 94), S(337, 281), S(365, 297), S(477, 512), S(1025, 936), S(0, 0)],
        pst: DEFAULT_PST,

        isolated: S(-6, -12),
        doubled: S(-8, -25),
        backward: S(-6, -14),
        phalanx: pairs([0, 4, 8, 12, 28, 50, 80, 0], [0, 0, 0, 4, 14, 35, 60, 0]),
        supported: pairs([0, 0, 10, 10, 16, 24, 35, 0], [0, 0, 4, 3, 8, 18, 30, 0]),

        passed_rank: pairs([0, 5, 8, 7, 28, 75, 120, 0], [0, 12, 14, 18, 32, 78, 115, 0]),
        passed_enemy_king: S(0, 19),
        passed_own_king: S(0, 8),
        passed_free_path: S(17, 17),
        passed_safe_stop: S(5, 5),
        passed_defended_stop: S(2, 2),
        passed_unstoppable: S(0, 200),

        knight_mobility: centred([-31, -26, -6, -2, 2, 6, 11, 14, 16], [-40, -28, -15, -7, 4, 7, 11, 13, 16], 4),
        bishop_mobility: centred(
            [-24, -10, 8, 13, 19, 25, 27, 31, 31, 34, 40, 40, 45, 49],
            [-30, -11, -2, 6, 12, 21, 27, 28, 32, 36, 39, 43, 44, 48],
            6,
        ),
        rook_mobility: centred(
            [-29, -13, -8, -5, -2, -1, 4, 8, 15, 14, 16, 19, 23, 24, 29],
            [-38, -9, 14, 27, 34, 41, 56, 59, 66, 71, 77, 82, 83, 84, 85],
            6,
        ),
        queen_mobility: centred(
            [
                -20, -10, 2, 2, 7, 11, 14, 20, 21, 24, 28, 30, 30, 33, 33, 35, 35, 36, 39, 44, 44, 49, 51, 51, 53, 54,
                56, 58,
            ],
            [
                -18, -8, 4, 9, 17, 27, 30, 36, 40, 46, 47, 52, 56, 60, 61, 63, 66, 68, 70, 71, 74, 83, 85, 87, 92, 95,
                103, 106,
            ],
            12,
        ),

        shield: pairs([-25, 12, 6, -5, -12, -18, -20, -22], [0; 8]),
        storm: pairs([0, -10, -35, -18, -8, -3, 0, 0], [0; 8]),
        storm_blocked: pairs([0, 0, -8, -4, -2, 0, 0, 0], [0; 8]),
        king_attacker: [0, 3, 2, 1, 0, 0],
        king_zone_attack: 2,
        king_safe_check: [0, 25, 20, 34, 24, 0],
        king_weak_square: 6,
        king_no_queen: -27,
        king_shelter_relief: 3,
        king_danger_threshold: 3,
        king_danger_cap: 80,
        king_danger: S(8, 8),

        bishop_pair: S(28, 52),
        knight_outpost: S(28, 16),
        bishop_outpost: S(15, 8),
        rook_open_file: S(24, 14),
        rook_semi_open_file: S(10, 4),
        queen_open_file: S(4, 4),
        rook_seventh: S(12, 24),
        queen_seventh: S(5, 12),
        trapped_bishop: S(-90, -90),
        trapped_rook: S(-28, -7),

        threat_by_pawn: [S(0, 0), S(65, 40), S(65, 40), S(80, 45), S(80, 50), S(0, 0)],
        threat_by_minor: [S(3, 16), S(28, 20), S(38, 28), S(44, 60), S(40, 80), S(0, 0)],
        threat_by_rook: [S(2, 23), S(18, 34), S(21, 30), S(0, 19), S(29, 20), S(0, 0)],
        hanging: S(35, 18),

        mopup_edge: S(0, 20),
        mopup_proximity: S(0, 8),
        mopup_corner: S(0, 20),
        scale_opposite_bishops: 18,
        scale_opposite_bishops_passer: 4,
        scale_opposite_bishops_pieces: 46,
        scale_minor_up_no_rook: 0,
        scale_minor_up_weak_minor: 4,
        scale_minor_up: 14,
        scale_wrong_bishop: 0,

        tempo: S(15, 8),
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
