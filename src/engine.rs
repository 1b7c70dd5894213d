//! [`Ox88`]: ox88-search and ox88-eval behind the protocol crate's
//! [`Engine`] trait.

use crate::book::{Book, BookChoice};
use crate::eval::nnue::{Network, Nnue};
use crate::eval::{Classical, Evaluator};
use crate::evaluation::{EngineEvaluator, EvalKind};
use crate::movegen::Position;
use crate::protocol::{
    BenchReport, Engine, Limits, OptionError, OptionSpec, OptionValue, Report, SearchResult, StopHandle,
};
use crate::search::{Searcher, TablebaseProbing, BENCH_DEPTH};
use crate::settings::{Settings, SettingsError};
use crate::syzygy::Tablebase;
use ox88_board::{Board, Color, Move, Random};
use std::sync::Arc;

/// The ox88 chess engine: the classical or the network evaluation searched
/// by ox88-search, configured by [`Settings`], ready for
/// [`run_stdio`](crate::protocol::run_stdio) (UCI or XBoard) or to be called
/// directly.
///
/// ```
/// use ox88::control::Limits;
/// use ox88::movegen::{MoveGen, Position};
/// use ox88::{Ox88, Settings};
/// let mut engine = Ox88::with_settings(Settings { hash_mb: 32, ..Settings::default() })?;
/// let mut game = Position::startpos();
/// game.play_san("e4")?;
/// let result = engine.search(&game, &Limits::depth(4), &mut |_| {});
/// assert!(result.best.is_some_and(|m| game.board().is_legal(m)));
/// assert_eq!(result.depth(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Ox88 {
    searcher: Searcher<EngineEvaluator>,
    settings: Settings,
    book: Option<Book>,
    /// The network the `nnue` evaluation uses: the built-in one, or
    /// `eval_file`'s.
    network: Arc<Network>,
    /// The tables of `syzygy_path`.
    tablebase: Option<Arc<Tablebase>>,
}

impl Ox88 {
    /// An engine with the default settings (16 MB hash, one thread, no
    /// book).
    pub fn new() -> Ox88 {
        let settings = Settings::default();
        let network = Arc::new(Network::embedded());
        let searcher = Searcher::with_evaluator(evaluation(&settings, &network), settings.hash_mb, 1);
        Ox88 { searcher, settings, book: None, network, tablebase: None }
    }

    /// An engine with `settings` (numbers out of range are brought into
    /// range).
    pub fn with_settings(settings: Settings) -> Result<Ox88, SettingsError> {
        let mut engine = Ox88::new();
        engine.configure(settings)?;
        Ok(engine)
    }

    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Applies `settings` (numbers out of range are brought into range). A
    /// new hash size clears the table; on error (a book or a network file
    /// that cannot be loaded) nothing changes.
    pub fn configure(&mut self, settings: Settings) -> Result<(), SettingsError> {
        let settings = settings.clamped();
        let network = if settings.eval_file != self.settings.eval_file {
            Some(Arc::new(settings.eval_file.as_ref().map_or_else(|| Ok(Network::embedded()), Network::load)?))
        } else {
            None
        };
        if settings.book_file != self.settings.book_file {
            self.book = settings.book_file.as_ref().map(Book::open).transpose()?;
        }
        if settings.syzygy_path != self.settings.syzygy_path {
            self.tablebase = settings.syzygy_path.as_deref().map(open_tables).transpose()?.map(Arc::new);
        }
        self.searcher.set_tablebase(self.tablebase.as_ref().map(|tables| TablebaseProbing {
            tables: tables.clone(),
            probe_depth: settings.syzygy_probe_depth as i32,
            fifty_move_rule: settings.syzygy_50_move_rule,
        }));
        if let Some(network) = network {
            self.network = network;
            self.searcher.set_evaluator(evaluation(&settings, &self.network));
        } else if settings.eval != self.settings.eval {
            self.searcher.set_evaluator(evaluation(&settings, &self.network));
        }
        if settings.hash_mb != self.settings.hash_mb {
            self.searcher.set_hash_mb(settings.hash_mb);
        }
        if settings.threads != self.settings.threads {
            self.searcher.set_threads(settings.threads);
        }
        self.searcher.set_multipv(settings.multipv);
        #[cfg(feature = "tuning")]
        {
            let (old, new) = (&self.settings.tuning, &settings.tuning);
            if (&old.terms, &old.weights) != (&new.terms, &new.weights) {
                self.searcher.set_evaluator(evaluation(&settings, &self.network));
            }
            self.searcher.set_params(new.search.clone());
        }
        self.settings = settings;
        Ok(())
    }

    /// The engine's move in the current position of `game` (its earlier
    /// positions count for repetitions) within `limits`, reporting progress
    /// through `reporter`: a book move when the settings ask for one, else
    /// the search's, with the line it heads. The protocol drivers call the
    /// same through [`Engine::search`]; the stop handle
    /// ([`Engine::stop_handle`]) resets itself after each search.
    pub fn search(&mut self, game: &Position, limits: &Limits, reporter: &mut dyn FnMut(&Report)) -> SearchResult {
        if let Some(m) = self.book_move(game.board(), limits) {
            reporter(&Report::Text(format!("book move {m}")));
            return SearchResult::new(m);
        }
        self.searcher.search(game, limits, &mut |report: &Report| reporter(report))
    }

    /// A move from the opening book for `board`, when `own_book` is set, a
    /// book is loaded and the search is an ordinary one (not analysis or
    /// pondering, and over all moves).
    fn book_move(&self, board: &Board, limits: &Limits) -> Option<Move> {
        if !self.settings.own_book || limits.infinite || limits.ponder || !limits.searchmoves.is_empty() {
            return None;
        }
        let book = self.book.as_ref()?;
        // Any varying number will do to pick among weighted moves.
        book.choose_on_board(board, BookChoice::Weighted(Random::clock_seed() ^ board.key()))
    }
}

impl Default for Ox88 {
    fn default() -> Ox88 {
        Ox88::new()
    }
}

/// The tables of the directories in `path`, separated as `PATH` is.
fn open_tables(path: &str) -> Result<Tablebase, crate::syzygy::OpenError> {
    let mut tables = Tablebase::new();
    for directory in std::env::split_paths(path) {
        tables.add_directory(directory)?;
    }
    Ok(tables)
}

/// The evaluation the settings ask for.
fn evaluation(settings: &Settings, network: &Arc<Network>) -> EngineEvaluator {
    match settings.eval {
        EvalKind::Classical => EngineEvaluator::Classical(classical(settings)),
        EvalKind::Nnue => EngineEvaluator::Nnue(Nnue::with_shared(network.clone())),
    }
}

/// The classical evaluator the settings ask for.
fn classical(settings: &Settings) -> Classical {
    #[cfg(feature = "tuning")]
    return settings.tuning.evaluator();
    #[cfg(not(feature = "tuning"))]
    {
        let _ = settings;
        Classical::new()
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
        self.settings.options()
    }

    fn set_option(&mut self, name: &str, value: &OptionValue) -> Result<(), OptionError> {
        match self.settings.with_option(name, value)? {
            None => {
                self.searcher.clear();
                Ok(())
            }
            Some(settings) => self
                .configure(settings)
                .map_err(|e| OptionError::Rejected { name: name.to_owned(), reason: e.to_string() }),
        }
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }

    fn search(&mut self, game: &Position, limits: &Limits, reporter: &mut dyn FnMut(&Report)) -> SearchResult {
        Ox88::search(self, game, limits, reporter)
    }

    fn stop_handle(&self) -> StopHandle {
        self.searcher.stop_handle()
    }

    /// The network's score and identity, then the classical evaluation's
    /// table.
    fn explain(&mut self, board: &Board) -> Option<String> {
        let nnue = Nnue::with_shared(self.network.clone()).evaluate(board).raw();
        let white = if board.side_to_move() == Color::White { nnue } else { -nnue };
        Some(format!(
            "NNUE evaluation {:+.2} (White's view; network {:016x}, scale {}){}\n\nClassical evaluation:\n{}",
            f64::from(white) / 100.0,
            self.network.hash(),
            self.network.scale(),
            if self.settings.eval == EvalKind::Nnue { ", in use" } else { "" },
            classical(&self.settings).explain(board)
        ))
    }

    /// The bench with the evaluation in use (its node count is the search's
    /// signature with the classical one).
    fn bench(&mut self, depth: Option<u32>) -> Option<BenchReport> {
        let evaluation = match self.settings.eval {
            EvalKind::Classical => EngineEvaluator::Classical(Classical::new()),
            EvalKind::Nnue => EngineEvaluator::Nnue(Nnue::with_shared(self.network.clone())),
        };
        Some(crate::search::bench(evaluation, depth.unwrap_or(BENCH_DEPTH), 1))
    }
}
