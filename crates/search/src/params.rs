//! [`SearchParams`]: every selective heuristic of the search as a switch, and
//! its margins as numbers, so that a match can measure what each is worth
//! (the version without it against the version with it) and a tuner can
//! change them without touching code.

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
    /// Extend the table move by one ply when every other move falls well
    /// short of its score (a singular move); cut the node when even the
    /// others beat beta (multi-cut).
    pub singular_extension: bool,
    /// Null-move pruning (never in check, after a null move, or without
    /// pieces other than pawns).
    pub null_move: bool,
    /// Reverse futility pruning (static null move).
    pub reverse_futility: bool,
    /// Reverse futility margin per ply of depth.
    pub reverse_futility_margin: i32,
    /// Razoring: hopeless low-depth nodes drop into quiescence.
    pub razoring: bool,
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
    /// Internal iterative reduction of nodes without a table move.
    pub iir: bool,
    /// Delta pruning in quiescence.
    pub delta_pruning: bool,
    /// Killer moves (two quiet moves per ply that recently caused a beta
    /// cutoff) in move ordering.
    pub killers: bool,
    /// Counter-moves (the quiet move that last refuted the previous move)
    /// in move ordering.
    pub counter_moves: bool,
    /// History (butterfly and continuation) in move ordering and reductions.
    pub history: bool,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            aspiration: true,
            aspiration_window: 20,
            check_extension: true,
            // Measured at -24 +/- 55 Elo (100 games at 5+0.05 against the
            // same engine without it): off until tuned.
            singular_extension: false,
            null_move: true,
            reverse_futility: true,
            reverse_futility_margin: 75,
            // Measured at +3.5 +/- 37.4 Elo (200 games at 3+0.03 against the same
            // engine without it; -17 +/- 60 in 80 games at 5+0.05): no gain
            // shown, so off.
            razoring: false,
            futility: true,
            futility_margin: 90,
            late_move_pruning: true,
            see_pruning: true,
            lmr: true,
            // Measured at 0.0 +/- 22.0 Elo (600 games at 1+0.01 against the
            // same engine without it): no gain shown, so off.
            iir: false,
            // Measured at -13.9 +/- 21.6 Elo (600 games at 1+0.01): off.
            delta_pruning: false,
            // Killers and counter-moves together: +3.3 +/- 9.9 Elo over 2,700
            // games at 3+0.03 against the same engine without them, then
            // +26.8 +/- 12.2 over 2,000 at 1+0.01 (the engine with them off
            // by default against the one with them on).
            killers: true,
            counter_moves: true,
            history: true,
        }
    }
}

impl SearchParams {
    /// The names of the switches, for engines that expose them as options.
    pub const SWITCHES: [&'static str; 17] = [
        "aspiration",
        "check_extension",
        "singular_extension",
        "null_move",
        "reverse_futility",
        "razoring",
        "futility",
        "late_move_pruning",
        "see_pruning",
        "lmr",
        "iir",
        "delta_pruning",
        "killers",
        "counter_moves",
        "refutations",
        "history",
        "all_pruning",
    ];

    /// Sets the switch `name` (one of [`SWITCHES`](Self::SWITCHES);
    /// `refutations` sets `killers` and `counter_moves` together;
    /// `all_pruning` sets every pruning and reduction switch at once).
    /// Returns false for an unknown name.
    pub fn set_switch(&mut self, name: &str, on: bool) -> bool {
        match name {
            "aspiration" => self.aspiration = on,
            "check_extension" => self.check_extension = on,
            "singular_extension" => self.singular_extension = on,
            "null_move" => self.null_move = on,
            "reverse_futility" => self.reverse_futility = on,
            "razoring" => self.razoring = on,
            "futility" => self.futility = on,
            "late_move_pruning" => self.late_move_pruning = on,
            "see_pruning" => self.see_pruning = on,
            "lmr" => self.lmr = on,
            "iir" => self.iir = on,
            "delta_pruning" => self.delta_pruning = on,
            "killers" => self.killers = on,
            "counter_moves" => self.counter_moves = on,
            "refutations" => {
                self.killers = on;
                self.counter_moves = on;
            }
            "history" => self.history = on,
            "all_pruning" => {
                for switch in ["null_move", "reverse_futility", "razoring", "futility", "late_move_pruning"] {
                    self.set_switch(switch, on);
                }
                for switch in ["see_pruning", "lmr", "iir", "delta_pruning"] {
                    self.set_switch(switch, on);
                }
            }
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_switch_is_settable() {
        for name in SearchParams::SWITCHES {
            let (mut off, mut on) = (SearchParams::default(), SearchParams::default());
            assert!(off.set_switch(name, false) && on.set_switch(name, true), "{name}");
            assert_ne!(off, on, "{name}");
        }
        assert!(!SearchParams::default().set_switch("nonsense", true));
    }

    #[test]
    fn refutations_switches_killers_and_counter_moves_together() {
        let mut params = SearchParams::default();
        assert!(params.set_switch("refutations", true));
        assert!(params.killers && params.counter_moves);
        assert!(params.set_switch("refutations", false));
        assert!(!params.killers && !params.counter_moves);
        assert!(params.set_switch("killers", true));
        assert!(params.killers && !params.counter_moves);
    }
}
