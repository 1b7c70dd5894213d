//! The measurement rig (cargo feature `tuning`): options that switch
//! evaluation terms and search heuristics off, and load evaluation weights,
//! so that a match can measure each against the engine without it. They are
//! for the people tuning the engine, not for players: the default build
//! offers none of them.
//!
//! - `EvalOff`: comma-separated evaluation terms to leave out (their names as
//!   `Term::name` gives them, case, spaces, hyphens and underscores aside:
//!   `Threats, passed pawns`).
//! - `SearchOff`: comma-separated search heuristics to switch off ([`SWITCHES`]).
//! - `EvalWeights`: a file of evaluation weights in the text form of
//!   `Weights::to_text` (as the eval crate's `tune` example writes it); the
//!   fields it leaves out keep their defaults.
//! - One spin option per numeric search parameter
//!   ([`SearchParams::TUNABLES`], named as its field: `futility_margin`,
//!   `lmr_divisor`, ...), with its range, for SPSA tuning (the project's
//!   runner, or OpenBench from the lines [`spsa_inputs`] writes).

use crate::eval::{Classical, Term, Terms, Weights};
use crate::option_value::{invalid, text};
use crate::protocol::{OptionError, OptionSpec, OptionValue};
use crate::search::{SearchParams, Tunable};

const EVAL_OFF: &str = "EvalOff";
const SEARCH_OFF: &str = "SearchOff";
const EVAL_WEIGHTS: &str = "EvalWeights";

/// The names `SearchOff` accepts: one per switch of [`SearchParams`], and
/// two groups (`refutations`: killers and counter-moves; `all_pruning`:
/// every pruning and reduction).
pub const SWITCHES: [&str; 13] = [
    "aspiration",
    "check_extension",
    "null_move",
    "reverse_futility",
    "futility",
    "late_move_pruning",
    "see_pruning",
    "lmr",
    "killers",
    "counter_moves",
    "refutations",
    "history",
    "all_pruning",
];

/// What the measurement rig changes, typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuning {
    /// The evaluation terms computed (`EvalOff` leaves some out).
    pub terms: Terms,
    /// The evaluation weights (`EvalWeights`).
    pub weights: Weights,
    /// The search heuristics' switches and margins (`SearchOff`).
    pub search: SearchParams,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning { terms: Terms::ALL, weights: Weights::default(), search: SearchParams::default() }
    }
}

impl Tuning {
    /// The classical evaluator with these terms and weights.
    pub fn evaluator(&self) -> Classical {
        Classical::with_weights(self.weights.clone()).with_terms(self.terms)
    }

    /// Sets one of the rig's options; on error nothing changes.
    pub(crate) fn set_option(&mut self, name: &str, value: &OptionValue) -> Result<(), OptionError> {
        if let Some(tunable) = tunable(name) {
            let n = match value {
                OptionValue::Spin(n) => i32::try_from(*n).ok(),
                _ => None,
            };
            let range = format!("an integer in {}..={}", tunable.min, tunable.max);
            let n = n.ok_or_else(|| invalid(name, value, &range))?;
            return self.search.set_tunable(tunable.name, n).map_err(|_| invalid(name, value, &range));
        }
        let value_text = text(name, value)?;
        let bad = |what: &str, expected: &str| invalid(name, &OptionValue::String(what.to_owned()), expected);
        if name.eq_ignore_ascii_case(EVAL_OFF) {
            self.terms = terms_without(value_text).map_err(|bad_name| bad(&bad_name, "evaluation terms"))?;
        } else if name.eq_ignore_ascii_case(SEARCH_OFF) {
            self.search =
                params_without(&self.search, value_text).map_err(|bad_name| bad(&bad_name, "search switches"))?;
        } else if name.eq_ignore_ascii_case(EVAL_WEIGHTS) {
            self.weights = if value_text.is_empty() {
                Weights::default()
            } else {
                let file =
                    std::fs::read_to_string(value_text).map_err(|e| bad(value_text, &format!("a file ({e})")))?;
                file.parse().map_err(|e| bad(value_text, &format!("a weights file ({e})")))?
            };
        } else {
            return Err(OptionError::Unknown { name: name.to_owned() });
        }
        Ok(())
    }
}

/// Whether `name` is one of the rig's options.
pub(crate) fn is_option(name: &str) -> bool {
    [EVAL_OFF, SEARCH_OFF, EVAL_WEIGHTS].iter().any(|option| option.eq_ignore_ascii_case(name.trim()))
        || tunable(name).is_some()
}

/// The tunable search parameter of that name (case aside), if any.
fn tunable(name: &str) -> Option<&'static Tunable> {
    SearchParams::TUNABLES.iter().find(|t| t.name.eq_ignore_ascii_case(name.trim()))
}

/// The rig's options: the three strings (each empty by default), then a
/// spin for each tunable search parameter.
pub(crate) fn options() -> Vec<OptionSpec> {
    let strings = [EVAL_OFF, SEARCH_OFF, EVAL_WEIGHTS].into_iter().map(|name| OptionSpec::string(name, ""));
    let spins = SearchParams::TUNABLES
        .iter()
        .map(|t| OptionSpec::spin(t.name, i64::from(t.default), i64::from(t.min), i64::from(t.max)));
    strings.chain(spins).collect()
}

/// The tunable search parameters as OpenBench's SPSA form takes them, one
/// a line: `name, int, default, min, max, c_end, r_end` (`r_end` 0.002,
/// OpenBench's usual).
///
/// ```
/// let lines = ox88::tuning::spsa_inputs();
/// assert!(lines.lines().any(|l| l.starts_with("futility_margin, int, 90, ")));
/// ```
pub fn spsa_inputs() -> String {
    SearchParams::TUNABLES
        .iter()
        .map(|t| format!("{}, int, {}, {}, {}, {}, 0.002\n", t.name, t.default, t.min, t.max, t.step))
        .collect()
}

/// The comma-separated names in `text`, lower case, without spaces, hyphens
/// or underscores ("Passed pawns" and "passed_pawns" are one name).
fn names(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(',').map(str::trim).filter(|n| !n.is_empty()).map(normalized)
}

fn normalized(name: &str) -> String {
    name.to_lowercase().replace([' ', '-', '_'], "")
}

/// Every term but those named in `text`; the unknown name on error.
fn terms_without(text: &str) -> Result<Terms, String> {
    let mut terms = Terms::ALL;
    for name in names(text) {
        let term = Term::ALL.into_iter().find(|t| normalized(t.name()) == name).ok_or(name)?;
        terms = terms.without(term);
    }
    Ok(terms)
}

/// `current` with every switch back at its default, then those named in
/// `text` off (the numeric parameters are kept); the unknown name on error.
fn params_without(current: &SearchParams, text: &str) -> Result<SearchParams, String> {
    let on = SearchParams::default();
    let mut params = SearchParams {
        aspiration: on.aspiration,
        check_extension: on.check_extension,
        null_move: on.null_move,
        reverse_futility: on.reverse_futility,
        futility: on.futility,
        late_move_pruning: on.late_move_pruning,
        see_pruning: on.see_pruning,
        lmr: on.lmr,
        killers: on.killers,
        counter_moves: on.counter_moves,
        history: on.history,
        ..current.clone()
    };
    for name in names(text) {
        if !switch_off(&mut params, &name) {
            return Err(name);
        }
    }
    Ok(params)
}

/// Switches off the heuristic or group `name` (normalized); false if there
/// is none of that name.
fn switch_off(params: &mut SearchParams, name: &str) -> bool {
    match name {
        "aspiration" => params.aspiration = false,
        "checkextension" => params.check_extension = false,
        "nullmove" => params.null_move = false,
        "reversefutility" => params.reverse_futility = false,
        "futility" => params.futility = false,
        "latemovepruning" => params.late_move_pruning = false,
        "seepruning" => params.see_pruning = false,
        "lmr" => params.lmr = false,
        "killers" => params.killers = false,
        "countermoves" => params.counter_moves = false,
        "refutations" => {
            params.killers = false;
            params.counter_moves = false;
        }
        "history" => params.history = false,
        "allpruning" => {
            for switch in ["nullmove", "reversefutility", "futility", "latemovepruning", "seepruning", "lmr"] {
                switch_off(params, switch);
            }
        }
        _ => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Engine;
    use crate::Ox88;

    /// Sets a string option as a GUI's text reaches the engine: read by
    /// the option's spec first (which turns `<empty>` into "").
    fn set(engine: &mut Ox88, name: &str, value: &str) -> Result<(), OptionError> {
        let spec = engine.options().into_iter().find(|o| o.is_named(name)).expect("an option of the engine");
        engine.set_option(name, &spec.parse_value(Some(value))?)
    }

    #[test]
    fn every_switch_has_a_name_and_changes_the_parameters() {
        for name in SWITCHES {
            let params = params_without(&SearchParams::default(), name).unwrap_or_else(|bad| panic!("{bad}"));
            assert_ne!(params, SearchParams::default(), "{name}");
        }
        assert_eq!(params_without(&SearchParams::default(), "").unwrap(), SearchParams::default());
    }

    #[test]
    fn eval_off_names_terms_loosely_and_rejects_unknown_ones() {
        let terms = terms_without("Threats, passed pawns,king-safety").unwrap();
        for term in Term::ALL {
            let off = matches!(term, Term::Threats | Term::PassedPawns | Term::KingSafety);
            assert_eq!(terms.contains(term), !off, "{term}");
        }
        assert_eq!(terms_without("").unwrap(), Terms::ALL);
        assert_eq!(terms_without("Threats,bogus"), Err("bogus".to_owned()));
    }

    #[test]
    fn search_off_sets_switches_and_rejects_unknown_ones() {
        let mut engine = Ox88::new();
        set(&mut engine, SEARCH_OFF, "null_move, LMR").unwrap();
        let search = &engine.settings().tuning.search;
        assert!(!search.null_move && !search.lmr && search.futility);
        assert!(set(&mut engine, SEARCH_OFF, "nope").is_err());
        assert!(!engine.settings().tuning.search.null_move, "a bad value keeps the old switches");
        set(&mut engine, SEARCH_OFF, "<empty>").unwrap();
        assert_eq!(engine.settings().tuning.search, SearchParams::default());
        set(&mut engine, SEARCH_OFF, "refutations").unwrap();
        assert!(!engine.settings().tuning.search.killers && !engine.settings().tuning.search.counter_moves);
    }

    #[test]
    fn each_tunable_is_a_spin_option_that_sets_its_parameter_within_its_range() {
        let mut engine = Ox88::new();
        for t in SearchParams::TUNABLES {
            let spec = engine.options().into_iter().find(|o| o.is_named(t.name)).expect("a spin option");
            let value = if t.default < t.max { t.default + 1 } else { t.default - 1 };
            engine.set_option(t.name, &spec.parse_value(Some(&value.to_string())).unwrap()).unwrap();
            assert_eq!(engine.settings().tuning.search.tunable(t.name), Some(value), "{}", t.name);
            let refused = engine.set_option(t.name, &OptionValue::Spin(i64::from(t.max) + 1));
            assert!(matches!(refused, Err(OptionError::InvalidValue { .. })), "{}: {refused:?}", t.name);
            assert_eq!(engine.settings().tuning.search.tunable(t.name), Some(value), "kept after a refusal");
        }
        // SearchOff switches heuristics and keeps the numbers.
        set(&mut engine, SEARCH_OFF, "null_move").unwrap();
        let search = &engine.settings().tuning.search;
        assert!(!search.null_move);
        assert_eq!(search.futility_margin, SearchParams::default().futility_margin + 1);
    }

    #[test]
    fn docs_search_lists_the_spsa_inputs_of_the_code() {
        let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/search.md")).unwrap();
        let inputs = spsa_inputs();
        assert_eq!(inputs.lines().count(), SearchParams::TUNABLES.len());
        assert!(docs.contains(&format!("```text\n{inputs}```")), "docs/search.md's SPSA list differs from:\n{inputs}");
    }

    #[test]
    fn the_search_plays_by_the_tuned_parameters() {
        use crate::protocol::{Engine, Limits};
        let game =
            crate::movegen::Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
                .unwrap();
        let nodes = |settings: &[(&str, i64)]| {
            let mut engine = Ox88::new();
            for &(name, value) in settings {
                engine.set_option(name, &OptionValue::Spin(value)).unwrap();
            }
            let mut nodes = 0;
            engine.search(&game, &Limits::depth(9), &mut |report| {
                if let Some(line) = report.line() {
                    nodes = line.nodes;
                }
            });
            nodes
        };
        let default = nodes(&[]);
        assert_eq!(nodes(&[("lmr_divisor", 225), ("futility_margin", 90)]), default, "the defaults are the engine's");
        assert_ne!(nodes(&[("lmr_divisor", 150)]), default, "a smaller divisor reduces more");
        assert_ne!(nodes(&[("see_quiet_margin", 150)]), default);
    }

    #[test]
    fn eval_weights_loads_a_weights_file_and_keeps_the_old_weights_on_error() {
        let dir = std::env::temp_dir().join(format!("ox88-eval-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.txt");
        std::fs::write(&good, "tempo = 0 0\nbishop_pair = 1 2\n").unwrap();
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, "tempo = 0\n").unwrap();

        let mut engine = Ox88::new();
        let board = crate::board::Board::startpos();
        assert!(engine.explain(&board).unwrap().contains("Tempo"));
        set(&mut engine, EVAL_WEIGHTS, &good.display().to_string()).unwrap();
        let tuning = || engine.settings().tuning.clone();
        assert_eq!(tuning().weights.bishop_pair, crate::eval::S(1, 2));
        assert_eq!(tuning().evaluator().weights(), &tuning().weights);
        for path in [bad, dir.join("missing.txt")] {
            let error = set(&mut engine, EVAL_WEIGHTS, &path.display().to_string());
            assert!(matches!(error, Err(OptionError::InvalidValue { .. })), "{error:?}");
            assert_eq!(engine.settings().tuning.weights.bishop_pair, crate::eval::S(1, 2), "kept");
        }
        set(&mut engine, EVAL_OFF, "threats").unwrap();
        let tuning = engine.settings().tuning.clone();
        assert_eq!(tuning.evaluator().weights().bishop_pair, crate::eval::S(1, 2), "terms keep the weights");
        set(&mut engine, EVAL_WEIGHTS, "").unwrap();
        assert_eq!(engine.settings().tuning.weights, Weights::default());
        assert!(!engine.settings().tuning.evaluator().terms().contains(Term::Threats), "weights keep the terms");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
