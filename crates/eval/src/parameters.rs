//! [`Weights::parameters_mut`]: every weight as one named integer, so that a
//! tuner can walk them without knowing the struct.

use crate::{Weights, S};
use std::ops::RangeInclusive;

/// Any value.
const FREE: RangeInclusive<i32> = i32::MIN..=i32::MAX;
/// An endgame scale, in 64ths.
const SCALE: RangeInclusive<i32> = 0..=64;
/// A count that cannot be negative.
const NOT_NEGATIVE: RangeInclusive<i32> = 0..=i32::MAX;

/// One tunable integer of [`Weights`]: the field it belongs to, its place in
/// that field, the values that make sense for it, and a mutable reference to
/// it.
#[derive(Debug)]
pub struct Parameter<'a> {
    /// The field's name, e.g. `"knight_mobility"`.
    pub field: &'static str,
    /// The place within the field, counting integers: for a field of [`S`]
    /// pairs, `2 * i` is the middlegame half of element `i` and `2 * i + 1`
    /// its endgame half (tables of tables are flattened in order).
    pub index: usize,
    /// The values it may take: endgame scales stay within `0..=64` and the
    /// king-danger threshold and cap are never negative; the rest is free.
    pub range: RangeInclusive<i32>,
    /// The value.
    pub value: &'a mut i32,
}

impl Weights {
    /// Every weight, in field order, as one integer each (an [`S`] pair gives
    /// two: middlegame then endgame).
    ///
    /// ```
    /// use ox88_eval::{Weights, S};
    /// let mut weights = Weights::default();
    /// for p in weights.parameters_mut() {
    ///     if p.field == "tempo" && p.index == 0 {
    ///         *p.value = 40;
    ///     }
    /// }
    /// assert_eq!(weights.tempo.mg(), 40);
    /// ```
    pub fn parameters_mut(&mut self) -> Vec<Parameter<'_>> {
        // Destructured without `..`: a new field must be listed here.
        let Weights {
            material,
            pst,
            isolated,
            doubled,
            backward,
            phalanx,
            supported,
            passed_rank,
            passed_enemy_king,
            passed_own_king,
            passed_free_path,
            passed_safe_stop,
            passed_defended_stop,
            passed_unstoppable,
            knight_mobility,
            bishop_mobility,
            rook_mobility,
            queen_mobility,
            shield,
            storm,
            storm_blocked,
            king_attacker,
            king_zone_attack,
            king_safe_check,
            king_weak_square,
            king_no_queen,
            king_shelter_relief,
            king_danger_threshold,
            king_danger_cap,
            king_danger,
            bishop_pair,
            knight_outpost,
            bishop_outpost,
            rook_open_file,
            rook_semi_open_file,
            queen_open_file,
            rook_seventh,
            queen_seventh,
            trapped_bishop,
            trapped_rook,
            threat_by_pawn,
            threat_by_minor,
            threat_by_rook,
            hanging,
            mopup_edge,
            mopup_proximity,
            mopup_corner,
            scale_opposite_bishops,
            scale_opposite_bishops_passer,
            scale_opposite_bishops_pieces,
            scale_minor_up_no_rook,
            scale_minor_up_weak_minor,
            scale_minor_up,
            scale_wrong_bishop,
            tempo,
        } = self;
        let mut out = Vec::with_capacity(1200);
        let mut list = Parameters(&mut out);
        list.pairs("material", material.iter_mut());
        list.pairs("pst", pst.iter_mut().flatten());
        list.pairs("isolated", [isolated]);
        list.pairs("doubled", [doubled]);
        list.pairs("backward", [backward]);
        list.pairs("phalanx", phalanx.iter_mut());
        list.pairs("supported", supported.iter_mut());
        list.pairs("passed_rank", passed_rank.iter_mut());
        list.pairs("passed_enemy_king", [passed_enemy_king]);
        list.pairs("passed_own_king", [passed_own_king]);
        list.pairs("passed_free_path", [passed_free_path]);
        list.pairs("passed_safe_stop", [passed_safe_stop]);
        list.pairs("passed_defended_stop", [passed_defended_stop]);
        list.pairs("passed_unstoppable", [passed_unstoppable]);
        list.pairs("knight_mobility", knight_mobility.iter_mut());
        list.pairs("bishop_mobility", bishop_mobility.iter_mut());
        list.pairs("rook_mobility", rook_mobility.iter_mut());
        list.pairs("queen_mobility", queen_mobility.iter_mut());
        list.pairs("shield", shield.iter_mut());
        list.pairs("storm", storm.iter_mut());
        list.pairs("storm_blocked", storm_blocked.iter_mut());
        list.ints("king_attacker", king_attacker.iter_mut());
        list.ints("king_zone_attack", [king_zone_attack]);
        list.ints("king_safe_check", king_safe_check.iter_mut());
        list.ints("king_weak_square", [king_weak_square]);
        list.ints("king_no_queen", [king_no_queen]);
        list.ints("king_shelter_relief", [king_shelter_relief]);
        list.bounded("king_danger_threshold", NOT_NEGATIVE, [king_danger_threshold]);
        list.bounded("king_danger_cap", NOT_NEGATIVE, [king_danger_cap]);
        list.pairs("king_danger", [king_danger]);
        list.pairs("bishop_pair", [bishop_pair]);
        list.pairs("knight_outpost", [knight_outpost]);
        list.pairs("bishop_outpost", [bishop_outpost]);
        list.pairs("rook_open_file", [rook_open_file]);
        list.pairs("rook_semi_open_file", [rook_semi_open_file]);
        list.pairs("queen_open_file", [queen_open_file]);
        list.pairs("rook_seventh", [rook_seventh]);
        list.pairs("queen_seventh", [queen_seventh]);
        list.pairs("trapped_bishop", [trapped_bishop]);
        list.pairs("trapped_rook", [trapped_rook]);
        list.pairs("threat_by_pawn", threat_by_pawn.iter_mut());
        list.pairs("threat_by_minor", threat_by_minor.iter_mut());
        list.pairs("threat_by_rook", threat_by_rook.iter_mut());
        list.pairs("hanging", [hanging]);
        list.pairs("mopup_edge", [mopup_edge]);
        list.pairs("mopup_proximity", [mopup_proximity]);
        list.pairs("mopup_corner", [mopup_corner]);
        list.bounded("scale_opposite_bishops", SCALE, [scale_opposite_bishops]);
        list.bounded("scale_opposite_bishops_passer", SCALE, [scale_opposite_bishops_passer]);
        list.bounded("scale_opposite_bishops_pieces", SCALE, [scale_opposite_bishops_pieces]);
        list.bounded("scale_minor_up_no_rook", SCALE, [scale_minor_up_no_rook]);
        list.bounded("scale_minor_up_weak_minor", SCALE, [scale_minor_up_weak_minor]);
        list.bounded("scale_minor_up", SCALE, [scale_minor_up]);
        list.bounded("scale_wrong_bishop", SCALE, [scale_wrong_bishop]);
        list.pairs("tempo", [tempo]);
        out
    }
}

/// The list being built.
struct Parameters<'l, 'a>(&'l mut Vec<Parameter<'a>>);

impl<'a> Parameters<'_, 'a> {
    fn pairs(&mut self, field: &'static str, values: impl IntoIterator<Item = &'a mut S>) {
        for (i, S(mg, eg)) in values.into_iter().enumerate() {
            self.0.push(Parameter { field, index: 2 * i, range: FREE, value: mg });
            self.0.push(Parameter { field, index: 2 * i + 1, range: FREE, value: eg });
        }
    }

    fn ints(&mut self, field: &'static str, values: impl IntoIterator<Item = &'a mut i32>) {
        self.bounded(field, FREE, values);
    }

    fn bounded(
        &mut self,
        field: &'static str,
        range: RangeInclusive<i32>,
        values: impl IntoIterator<Item = &'a mut i32>,
    ) {
        for (index, value) in values.into_iter().enumerate() {
            self.0.push(Parameter { field, index, range: range.clone(), value });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_weight_is_listed_once() {
        let mut weights = Weights::default();
        let count = weights.parameters_mut().len();
        // 6 + 384 material/PST pairs, and the rest of the struct.
        assert!(count > 2 * (6 + 384) + 100, "{count}");
        // Setting each parameter to its position makes every weight distinct
        // and nonzero: a parameter listed twice would collide.
        for (i, p) in weights.parameters_mut().into_iter().enumerate() {
            *p.value = i as i32 + 1;
        }
        let mut seen: Vec<i32> = weights.parameters_mut().into_iter().map(|p| *p.value).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), count);
        assert_eq!(weights.material[1], S(3, 4));
        assert_eq!(weights.pst[0][0], S(13, 14));
        assert_eq!(weights.tempo, S(count as i32 - 1, count as i32));
    }

    #[test]
    fn default_weights_lie_within_their_ranges() {
        let mut weights = Weights::default();
        for p in weights.parameters_mut() {
            assert!(p.range.contains(p.value), "{}[{}] = {} outside {:?}", p.field, p.index, p.value, p.range);
        }
        let mut weights = Weights::default();
        assert!(weights.parameters_mut().iter().any(|p| p.field == "scale_wrong_bishop" && p.range == SCALE));
    }
}
