//! [`Ox88`]: ox88-search and ox88-eval behind the protocol crate's
//! [`Engine`](crate::protocol::Engine) trait.

use crate::convert;
use crate::eval::{Classical, Term, Terms, Weights};
use crate::protocol::{
    BenchReport, BestMove, Engine, Limits, OptionError, OptionSpec, OptionValue, SearchInfo, StopHandle,
};
use crate::search::{SearchParams, Searcher, BENCH_DEPTH};
use ox88_board::{Board, Move};
use ox88_book::{Book, BookChoice};
use ox88_movegen::MoveGen;

/// The default transposition table size, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;
const MAX_HASH_MB: i64 = 65_536;
const MAX_THREADS: i64 = 256;
const MAX_MULTIPV: i64 = 64;
const OWN_BOOK: &str = "OwnBook";
const BOOK_FILE: &str = "BookFile";
/// Testing options: comma-separated evaluation terms or search heuristics to
/// switch off, so that matches can measure each against the engine without it.
const EVAL_OFF: &str = "EvalOff";
const SEARCH_OFF: &str = "SearchOff";
/// Testing option: comma-separated search heuristics that are off by default
/// to switch on (`SearchOff` wins when a switch is named in both).
const SEARCH_ON: &str = "SearchOn";
/// A file of evaluation weights in the text form of `Weights::to_text` (the
/// fields it lists replace the defaults): for testing tuned weights in games.
const EVAL_WEIGHTS: &str = "EvalWeights";

/// The ox88 chess engine: the classical evaluation searched by ox88-search,
/// ready for [`run_stdio`](crate::protocol::run_stdio) (UCI or XBoard).
///
/// ```
/// use ox88::protocol::{Engine, Limits};
/// use ox88::board::Board;
/// let mut engine = ox88::Ox88::new();
/// let limits = Limits { depth: Some(4), ..Limits::default() };
/// let best = engine.search(&Board::startpos(), &[], &limits, &mut |_| {});
/// assert!(best.best.is_some());
/// ```
pub struct Ox88 {
    searcher: Searcher<Classical>,
    multipv: usize,
    own_book: bool,
    book: Option<Book>,
    weights: Weights,
    terms: Terms,
    /// The value of `SearchOn`.
    search_on: String,
    /// The value of `SearchOff`.
    search_off: String,
}

impl Ox88 {
    /// An engine with the default options (16 MB hash, one thread).
    pub fn new() -> Ox88 {
        Ox88 {
            searcher: Searcher::with_evaluator(Classical::new(), DEFAULT_HASH_MB, 1),
            multipv: 1,
            own_book: false,
            book: None,
            weights: Weights::default(),
            terms: Terms::ALL,
            search_on: String::new(),
            search_off: String::new(),
        }
    }

    /// The classical evaluator with the weights and terms of the options.
    fn evaluator(&self) -> Classical {
        Classical::with_weights(self.weights.clone()).with_terms(self.terms)
    }

    /// A move from the opening book for `board`, when `OwnBook` is on, a
    /// book is loaded and the search is an ordinary one (not analysis or
    /// pondering, and over all moves).
    fn book_move(&self, board: &Board, limits: &Limits) -> Option<Move> {
        if !self.own_book || limits.infinite || limits.ponder || !limits.searchmoves.is_empty() {
            return None;
        }
        let book = self.book.as_ref()?;
        // Any varying number will do to pick among weighted moves.
        let random = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        book.choose(board, BookChoice::Weighted(random as u64 ^ board.key()))
    }
}

impl Default for Ox88 {
    fn default() -> Ox88 {
        Ox88::new()
    }
}

/// The repetition keys of the positions from `start` through `moves` (the
/// current position last), for repetition draws.
fn history_keys(start: &Board, moves: &[Move]) -> (Board, Vec<u64>) {
    let mut board = start.clone();
    let mut keys = Vec::with_capacity(moves.len() + 1);
    keys.push(board.repetition_key());
    for &m in moves {
        board.make_move_unchecked(m);
        keys.push(board.repetition_key());
    }
    (board, keys)
}

/// A string option's value, trimmed; "" for none (GUIs send `<empty>`).
fn string_value(value: &OptionValue) -> &str {
    match value {
        OptionValue::String(text) => match text.trim() {
            "<empty>" => "",
            text => text,
        },
        _ => "",
    }
}

/// The comma-separated names in `text`, lower case, without spaces, hyphens
/// or underscores ("Passed pawns" and "passed_pawns" are one name).
fn names(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(',').map(|n| n.trim()).filter(|n| !n.is_empty()).map(|n| n.replace([' ', '-'], "_").to_lowercase())
}

fn normalized(name: &str) -> String {
    name.to_lowercase().replace([' ', '-', '_'], "")
}

/// Every term but those named in `text`; the unknown name on error.
fn switched_off_terms(text: &str) -> Result<Terms, String> {
    let mut terms = Terms::ALL;
    for name in names(text) {
        let term = Term::ALL.into_iter().find(|t| normalized(t.name()) == normalized(&name)).ok_or(name)?;
        terms = terms.without(term);
    }
    Ok(terms)
}

/// The default search parameters with the switches named in `on` switched
/// on, then those named in `off` switched off; the unknown name on error.
fn switched_search_params(on: &str, off: &str) -> Result<SearchParams, String> {
    let mut params = SearchParams::default();
    for (text, state) in [(on, true), (off, false)] {
        for switch in names(text) {
            if !params.set_switch(&switch, state) {
                return Err(switch);
            }
        }
    }
    Ok(params)
}

fn invalid(name: &str, value: &str, expected: &str) -> OptionError {
    OptionError::InvalidValue { name: name.to_owned(), value: value.to_owned(), expected: expected.to_owned() }
}

fn spin(value: &OptionValue, name: &str) -> Result<i64, OptionError> {
    match value {
        OptionValue::Spin(n) => Ok(*n),
        other => Err(OptionError::InvalidValue {
            name: name.to_owned(),
            value: format!("{other:?}"),
            expected: "an integer".to_owned(),
        }),
    }
}

impl Engine for Ox88 {
    fn name(&self) -> String {
        format!("ox88 {}", env!("CARGO_PKG_VERSION"))
    }

    fn author(&self) -> String {
        "the ox88 developers".to_owned()
    }

    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::hash(DEFAULT_HASH_MB as i64, MAX_HASH_MB),
            OptionSpec::threads(MAX_THREADS),
            OptionSpec::multipv(MAX_MULTIPV),
            OptionSpec::clear_hash(),
            OptionSpec::check(OWN_BOOK, false),
            OptionSpec::string(BOOK_FILE, ""),
            OptionSpec::string(EVAL_OFF, ""),
            OptionSpec::string(SEARCH_OFF, ""),
            OptionSpec::string(SEARCH_ON, ""),
            OptionSpec::string(EVAL_WEIGHTS, ""),
        ]
    }

    fn set_option(&mut self, name: &str, value: &OptionValue) -> Result<(), OptionError> {
        let named = |spec: OptionSpec| spec.is_named(name);
        if named(OptionSpec::hash(0, 0)) {
            self.searcher.set_hash_mb(spin(value, name)?.clamp(1, MAX_HASH_MB) as usize);
        } else if named(OptionSpec::threads(0)) {
            self.searcher.set_threads(spin(value, name)?.clamp(1, MAX_THREADS) as usize);
        } else if named(OptionSpec::multipv(0)) {
            self.multipv = spin(value, name)?.clamp(1, MAX_MULTIPV) as usize;
        } else if named(OptionSpec::clear_hash()) {
            self.searcher.clear();
        } else if named(OptionSpec::check(OWN_BOOK, false)) {
            self.own_book = matches!(value, OptionValue::Check(true));
        } else if named(OptionSpec::string(BOOK_FILE, "")) {
            let path = string_value(value);
            self.book = if path.is_empty() {
                None
            } else {
                Some(Book::open(path).map_err(|e| invalid(name, path, &format!("a Polyglot book file ({e})")))?)
            };
        } else if named(OptionSpec::string(EVAL_OFF, "")) {
            self.terms =
                switched_off_terms(string_value(value)).map_err(|bad| invalid(name, &bad, "evaluation terms"))?;
            self.searcher.set_evaluator(self.evaluator());
        } else if named(OptionSpec::string(EVAL_WEIGHTS, "")) {
            let path = string_value(value);
            self.weights = if path.is_empty() {
                Weights::default()
            } else {
                let text = std::fs::read_to_string(path).map_err(|e| invalid(name, path, &format!("a file ({e})")))?;
                text.parse().map_err(|e| invalid(name, path, &format!("a weights file ({e})")))?
            };
            self.searcher.set_evaluator(self.evaluator());
        } else if named(OptionSpec::string(SEARCH_ON, "")) || named(OptionSpec::string(SEARCH_OFF, "")) {
            let text = string_value(value).to_owned();
            let (on, off) = if named(OptionSpec::string(SEARCH_ON, "")) {
                (text, self.search_off.clone())
            } else {
                (self.search_on.clone(), text)
            };
            let params = switched_search_params(&on, &off)
                .map_err(|bad| invalid(name, &bad, "search switches (see SearchParams::SWITCHES)"))?;
            (self.search_on, self.search_off) = (on, off);
            self.searcher.set_params(params);
        } else {
            return Err(OptionError::Unknown { name: name.to_owned() });
        }
        Ok(())
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }

    fn search(
        &mut self,
        start: &Board,
        moves: &[Move],
        limits: &Limits,
        reporter: &mut dyn FnMut(SearchInfo),
    ) -> BestMove {
        let (board, keys) = history_keys(start, moves);
        if let Some(m) = self.book_move(&board, limits) {
            reporter(SearchInfo { string: Some(format!("book move {m}")), pv: vec![m], ..SearchInfo::default() });
            return BestMove::new(m);
        }
        let limits = convert::limits(limits, self.multipv);
        let result = self.searcher.search(&board, &keys, &limits, &mut |report| reporter(convert::info(report)));
        BestMove { best: result.best, ponder: result.ponder }
    }

    fn stop_handle(&self) -> StopHandle {
        let handle = self.searcher.stop_handle();
        StopHandle::from_flags(handle.stop_flag().clone(), handle.ponder_flag().clone())
    }

    fn explain(&mut self, board: &Board) -> Option<String> {
        Some(self.evaluator().explain(board).to_string())
    }

    fn bench(&mut self, depth: Option<u32>) -> Option<BenchReport> {
        let result = crate::search::bench(Classical::new(), depth.unwrap_or(BENCH_DEPTH), 1);
        Some(BenchReport { nodes: result.nodes, time: result.time })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eval_off_names_terms_loosely_and_rejects_unknown_ones() {
        let terms = switched_off_terms("Threats, passed pawns,king-safety").unwrap();
        for term in Term::ALL {
            let off = matches!(term, Term::Threats | Term::PassedPawns | Term::KingSafety);
            assert_eq!(terms.contains(term), !off, "{term}");
        }
        assert_eq!(switched_off_terms("").unwrap(), Terms::ALL);
        assert_eq!(switched_off_terms("Threats,bogus"), Err("bogus".to_owned()));
    }

    #[test]
    fn search_off_sets_switches_and_rejects_unknown_ones() {
        let mut engine = Ox88::new();
        engine.set_option(SEARCH_OFF, &OptionValue::String("null_move, lmr".into())).unwrap();
        assert!(!engine.searcher.params().null_move && !engine.searcher.params().lmr);
        assert!(engine.searcher.params().futility);
        assert!(engine.set_option(SEARCH_OFF, &OptionValue::String("nope".into())).is_err());
        engine.set_option(SEARCH_OFF, &OptionValue::String(String::new())).unwrap();
        assert!(engine.searcher.params().null_move);
    }

    #[test]
    fn search_on_switches_on_what_is_off_by_default_and_search_off_wins() {
        let mut engine = Ox88::new();
        assert!(!engine.searcher.params().razoring);
        engine.set_option(SEARCH_ON, &OptionValue::String("razoring, iir".into())).unwrap();
        assert!(engine.searcher.params().razoring && engine.searcher.params().iir);
        engine.set_option(SEARCH_OFF, &OptionValue::String("iir, lmr".into())).unwrap();
        assert!(engine.searcher.params().razoring && !engine.searcher.params().iir && !engine.searcher.params().lmr);
        assert!(engine.set_option(SEARCH_ON, &OptionValue::String("nope".into())).is_err());
        assert!(engine.searcher.params().razoring, "a bad value keeps the old switches");
        engine.set_option(SEARCH_ON, &OptionValue::String("<empty>".into())).unwrap();
        assert!(!engine.searcher.params().razoring && !engine.searcher.params().lmr);
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
        let board = Board::startpos();
        assert!(engine.explain(&board).unwrap().contains("Tempo"));
        engine.set_option(EVAL_WEIGHTS, &OptionValue::String(good.display().to_string())).unwrap();
        assert_eq!(engine.weights.bishop_pair, crate::eval::S(1, 2));
        assert_eq!(engine.evaluator().weights(), &engine.weights);
        for path in [bad, dir.join("missing.txt")] {
            let error = engine.set_option(EVAL_WEIGHTS, &OptionValue::String(path.display().to_string()));
            assert!(matches!(error, Err(OptionError::InvalidValue { .. })), "{error:?}");
            assert_eq!(engine.weights.bishop_pair, crate::eval::S(1, 2), "kept");
        }
        engine.set_option(EVAL_OFF, &OptionValue::String("threats".into())).unwrap();
        assert_eq!(engine.evaluator().weights().bishop_pair, crate::eval::S(1, 2), "terms keep the weights");
        engine.set_option(EVAL_WEIGHTS, &OptionValue::String(String::new())).unwrap();
        assert_eq!(engine.weights, Weights::default());
        assert!(!engine.evaluator().terms().contains(Term::Threats), "weights keep the terms");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
