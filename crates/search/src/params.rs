//! [`SearchParams`]: every selective heuristic of the search as a switch, and
//! its margins as numbers, so that a match can measure what each is worth
//! (the version without it against the version with it) and a tuner can
//! change them without touching code. Heuristics measured without gain are
//! deleted rather than switched off (their figures are in `docs/search.md`).

/// Switches and margins of the search heuristics. The default is the
/// configuration the engine plays with.
///
/// ```
/// use ox88_search::SearchParams;
/// let without_null_move = SearchParams { null_move: false, ..SearchParams::default() };
/// assert!(SearchParams::default().null_move && !without_null_move.null_move);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// First aspiration half-window, in centipawns.
    pub aspiration_window: i32,
    /// Extend moves that give check by one ply.
    pub check_extension: bool,
    /// Null-move pruning (never in check, after a null move, or without
    /// pieces other than pawns).
    pub null_move: bool,
    /// Reverse futility pruning (static null move).
    pub reverse_futility: bool,
    /// Reverse futility margin per ply of depth.
    pub reverse_futility_margin: i32,
    /// Futility pruning of quiet moves at low depth.
    pub futility: bool,
    /// Futility margin: base plus this per ply.
    pub futility_margin: i32,
    /// Late-move pruning of quiet moves at low depth.
    pub late_move_pruning: bool,
    /// Pruning of moves that lose material by SEE at low depth.
    pub see_pruning: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// Killer moves (two quiet moves per ply that recently caused a beta
    /// cutoff) in move ordering.
    pub killers: bool,
    /// Counter-moves (the quiet move that last refuted the previous move)
    /// in move ordering.
    pub counter_moves: bool,
    /// History (butterfly and continuation) in move ordering and reductions.
    pub history: bool,
    /// Reverse futility pruning applies up to this depth.
    pub reverse_futility_depth: i32,
    /// Futility margin's base, in centipawns.
    pub futility_base: i32,
    /// Futility pruning applies up to this depth (after the move's
    /// late-move reduction).
    pub futility_depth: i32,
    /// Late-move pruning applies up to this depth.
    pub late_move_pruning_depth: i32,
    /// SEE pruning of a quiet move: it may lose at most this much per ply
    /// of depth.
    pub see_quiet_margin: i32,
    /// SEE pruning of a losing capture: it may lose at most this much per
    /// ply of depth squared.
    pub see_capture_margin: i32,
    /// SEE pruning applies up to this depth.
    pub see_depth: i32,
    /// Singular extensions: how far below the table's score, per ply of
    /// depth, the other moves must stay.
    pub singular_margin: i32,
    /// A singular table move outside PV nodes whose alternatives stay this
    /// much further below gets two plies more.
    pub double_extension_margin: i32,
    /// Null move: the reduction's base in plies (plus a third of the depth
    /// and a ply per `null_move_eval_divisor` centipawns above beta, at
    /// most three).
    pub null_move_base: i32,
    /// Null move: centipawns above beta worth one more ply of reduction.
    pub null_move_eval_divisor: i32,
    /// Late-move reductions: the table's constant term, in hundredths of a
    /// ply (`base / 100 + ln(depth) ln(move number) / (divisor / 100)`).
    pub lmr_base: i32,
    /// Late-move reductions: the table's divisor, in hundredths.
    pub lmr_divisor: i32,
    /// Late-move reductions: how much less a PV node reduces, in 1/1024
    /// ply (the adjustments below are summed with the table's plies and
    /// the sum rounded toward zero).
    pub lmr_pv: i32,
    /// Late-move reductions: how much more a node that is not improving
    /// reduces, in 1/1024 ply.
    pub lmr_not_improving: i32,
    /// Late-move reductions: how much more an expected cut node reduces,
    /// in 1/1024 ply.
    pub lmr_cut_node: i32,
    /// Late-move reductions: how much more a move reduces when the ply
    /// below has had more than three beta cutoffs, in 1/1024 ply.
    pub lmr_cutoffs: i32,
    /// Late-move reductions: how much less a killer or counter-move
    /// reduces, in 1/1024 ply.
    pub lmr_refutation: i32,
    /// Late-move reductions: how much less a move that gives check
    /// reduces, in 1/1024 ply.
    pub lmr_check: i32,
    /// Late-move reductions: a quiet move reduces a ply less for each
    /// this much history score (and a ply more for each this much below
    /// zero), counted in whole plies.
    pub lmr_history_divisor: i32,
    /// History bonus of a cutoff at depth `d` (and malus of the quiet
    /// moves tried before it): `quadratic × d² + linear × d`, at most
    /// `history_bonus_max`.
    pub history_bonus_quadratic: i32,
    /// See [`history_bonus_quadratic`](Self::history_bonus_quadratic).
    pub history_bonus_linear: i32,
    /// See [`history_bonus_quadratic`](Self::history_bonus_quadratic).
    pub history_bonus_max: i32,
    /// Late-move pruning: after `(base + depth²)` quiet moves (half as
    /// many when not improving) the rest are skipped.
    pub late_move_pruning_base: i32,
    /// Null move: tried only when the static evaluation plus this margin
    /// reaches beta.
    pub null_move_eval_margin: i32,
}

impl SearchParams {
    /// The history bonus of a beta cutoff at `depth` (see
    /// [`history_bonus_quadratic`](Self::history_bonus_quadratic)).
    #[inline(always)]
    pub fn history_bonus(&self, depth: i32) -> i32 {
        (depth * depth * self.history_bonus_quadratic + depth * self.history_bonus_linear).min(self.history_bonus_max)
    }
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        DEFAULT
    }
}

/// The configuration the engine plays with.
const DEFAULT: SearchParams = SearchParams {
    aspiration: true,
    aspiration_window: 12,
    check_extension: true,
    null_move: true,
    reverse_futility: true,
    reverse_futility_margin: 78,
    futility: true,
    futility_margin: 88,
    late_move_pruning: true,
    see_pruning: true,
    lmr: true,
    // Killers and counter-moves together: +3.3 +/- 9.9 Elo over 2,700
    // games at 3+0.03 against the same engine without them, then
    // +26.8 +/- 12.2 over 2,000 at 1+0.01 (the engine with them off
    // by default against the one with them on).
    killers: true,
    counter_moves: true,
    history: true,
    reverse_futility_depth: 7,
    futility_base: 78,
    futility_depth: 9,
    late_move_pruning_depth: 8,
    see_quiet_margin: 64,
    see_capture_margin: 22,
    see_depth: 8,
    singular_margin: 1,
    double_extension_margin: 20,
    null_move_base: 3,
    null_move_eval_divisor: 192,
    lmr_base: 84,
    lmr_divisor: 225,
    lmr_pv: 1024,
    lmr_not_improving: 1024,
    lmr_cut_node: 1024,
    lmr_cutoffs: 1024,
    lmr_refutation: 1024,
    lmr_check: 1024,
    lmr_history_divisor: 8192,
    history_bonus_quadratic: 16,
    history_bonus_linear: 32,
    history_bonus_max: 1600,
    late_move_pruning_base: 3,
    null_move_eval_margin: 20,
};

/// One numeric parameter of [`SearchParams`] a tuner may change: its name
/// (the field's), default and range, and the step an SPSA run perturbs it by
/// at its end (OpenBench's `c_end`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunable {
    /// The field's name, as [`SearchParams::set_tunable`] takes it.
    pub name: &'static str,
    /// The value the engine plays with.
    pub default: i32,
    /// The smallest value allowed.
    pub min: i32,
    /// The largest value allowed.
    pub max: i32,
    /// The perturbation at the end of an SPSA run, in the field's units.
    pub step: i32,
}

/// Why [`SearchParams::set_tunable`] refused a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TunableError {
    /// No tunable parameter has this name.
    Unknown(String),
    /// The value is outside the parameter's range.
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The value refused.
        value: i32,
        /// The smallest value allowed.
        min: i32,
        /// The largest value allowed.
        max: i32,
    },
}

impl std::fmt::Display for TunableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TunableError::Unknown(name) => write!(f, "no tunable search parameter is named {name:?}"),
            TunableError::OutOfRange { name, value, min, max } => {
                write!(f, "{name} = {value} is outside {min}..={max}")
            }
        }
    }
}

impl std::error::Error for TunableError {}

/// The tunable fields with their ranges and end steps; generates the table
/// and the accessors by name.
macro_rules! tunables {
    ($($field:ident: $min:expr, $max:expr, $step:expr;)*) => {
        impl SearchParams {
            /// Every numeric parameter a tuner may change, with its default,
            /// range and SPSA end step.
            ///
            /// ```
            /// use ox88_search::SearchParams;
            /// let rfp = SearchParams::TUNABLES.iter().find(|t| t.name == "reverse_futility_margin").unwrap();
            /// assert_eq!(rfp.default, SearchParams::default().reverse_futility_margin);
            /// assert!(rfp.min <= rfp.default && rfp.default <= rfp.max);
            /// ```
            pub const TUNABLES: &'static [Tunable] = &[
                $(Tunable { name: stringify!($field), default: DEFAULT.$field, min: $min, max: $max, step: $step },)*
            ];

            /// The value of the tunable parameter `name`, if there is one.
            pub fn tunable(&self, name: &str) -> Option<i32> {
                match name {
                    $(stringify!($field) => Some(self.$field),)*
                    _ => None,
                }
            }

            /// Sets the tunable parameter `name` (a field's name) to `value`
            /// within its range; on error nothing changes.
            ///
            /// ```
            /// use ox88_search::{SearchParams, TunableError};
            /// let mut params = SearchParams::default();
            /// params.set_tunable("futility_margin", 100).unwrap();
            /// assert_eq!(params.futility_margin, 100);
            /// assert!(matches!(params.set_tunable("futility_margin", 100_000), Err(TunableError::OutOfRange { .. })));
            /// assert!(matches!(params.set_tunable("nope", 1), Err(TunableError::Unknown(_))));
            /// ```
            pub fn set_tunable(&mut self, name: &str, value: i32) -> Result<(), TunableError> {
                let tunable = Self::TUNABLES
                    .iter()
                    .find(|t| t.name == name)
                    .ok_or_else(|| TunableError::Unknown(name.to_owned()))?;
                if !(tunable.min..=tunable.max).contains(&value) {
                    let (name, min, max) = (tunable.name, tunable.min, tunable.max);
                    return Err(TunableError::OutOfRange { name, value, min, max });
                }
                match name {
                    $(stringify!($field) => self.$field = value,)*
                    _ => unreachable!("every tunable has a field"),
                }
                Ok(())
            }
        }
    };
}

tunables! {
    aspiration_window: 5, 60, 3;
    reverse_futility_margin: 30, 150, 6;
    reverse_futility_depth: 4, 12, 1;
    futility_base: 0, 200, 8;
    futility_margin: 30, 200, 8;
    futility_depth: 3, 12, 1;
    late_move_pruning_depth: 3, 12, 1;
    see_quiet_margin: 20, 150, 5;
    see_capture_margin: 5, 60, 2;
    see_depth: 3, 12, 1;
    singular_margin: 1, 6, 1;
    double_extension_margin: 0, 80, 4;
    null_move_base: 2, 5, 1;
    null_move_eval_divisor: 80, 400, 15;
    lmr_base: 0, 150, 8;
    lmr_divisor: 150, 350, 10;
    lmr_pv: 0, 3072, 128;
    lmr_not_improving: 0, 3072, 128;
    lmr_cut_node: 0, 3072, 128;
    lmr_cutoffs: 0, 3072, 128;
    lmr_refutation: 0, 3072, 128;
    lmr_check: 0, 3072, 128;
    lmr_history_divisor: 2048, 32768, 1024;
    history_bonus_quadratic: 2, 64, 2;
    history_bonus_linear: 0, 160, 8;
    history_bonus_max: 300, 4800, 150;
    late_move_pruning_base: 0, 10, 1;
    null_move_eval_margin: -100, 150, 10;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_reads_and_writes_its_own_field_within_its_range() {
        for t in SearchParams::TUNABLES {
            assert!(t.min <= t.default && t.default <= t.max && t.step > 0, "{t:?}");
            let mut params = SearchParams::default();
            assert_eq!(params.tunable(t.name), Some(t.default));
            let other = if t.default < t.max { t.default + 1 } else { t.default - 1 };
            params.set_tunable(t.name, other).unwrap();
            assert_eq!(params.tunable(t.name), Some(other), "{}", t.name);
            // Only that field changed.
            for u in SearchParams::TUNABLES.iter().filter(|u| u.name != t.name) {
                assert_eq!(params.tunable(u.name), Some(u.default), "{} moved {}", t.name, u.name);
            }
            let before = params.clone();
            assert!(params.set_tunable(t.name, t.max + 1).is_err() && params.set_tunable(t.name, t.min - 1).is_err());
            assert_eq!(params, before, "a refused value changes nothing");
        }
    }
}
