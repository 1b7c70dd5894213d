//! [`Ox88`]: ox88-search and ox88-eval behind the protocol crate's
//! [`Engine`] trait.

use crate::book::{Book, BookChoice};
use crate::eval::Classical;
use crate::movegen::Position;
use crate::protocol::{
    BenchReport, Engine, Limits, OptionError, OptionSpec, OptionValue, Report, SearchResult, StopHandle,
};
use crate::search::{Searcher, BENCH_DEPTH};
use crate::settings::{Settings, SettingsError};
use ox88_board::{Board, Move};

/// The ox88 chess engine: the classical evaluation searched by ox88-search,
/// configured by [`Settings`], ready for
/// [`run_stdio`](crate::protocol::run_stdio) (UCI or XBoard) or to be called
/// directly.
///
/// ```
/// use ox88::movegen::{MoveGen, Position};
/// use ox88::protocol::{Engine, Limits};
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
    searcher: Searcher<Classical>,
    settings: Settings,
    book: Option<Book>,
}

impl Ox88 {
    /// An engine with the default settings (16 MB hash, one thread, no
    /// book).
    pub fn new() -> Ox88 {
        let settings = Settings::default();
        Ox88 { searcher: Searcher::with_evaluator(evaluator(&settings), settings.hash_mb, 1), settings, book: None }
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
    /// new hash size clears the table; on error (a book that cannot be
    /// loaded) nothing changes.
    pub fn configure(&mut self, settings: Settings) -> Result<(), SettingsError> {
        let settings = settings.clamped();
        if settings.book_file != self.settings.book_file {
            self.book = settings.book_file.as_ref().map(Book::open).transpose()?;
        }
        if settings.hash_mb != self.settings.hash_mb {
            self.searcher.set_hash_mb(settings.hash_mb);
        }
        if settings.threads != self.settings.threads {
            self.searcher.set_threads(settings.threads);
        }
        #[cfg(feature = "tuning")]
        {
            let (old, new) = (&self.settings.tuning, &settings.tuning);
            if (&old.terms, &old.weights) != (&new.terms, &new.weights) {
                self.searcher.set_evaluator(new.evaluator());
            }
            self.searcher.set_params(new.search.clone());
        }
        self.settings = settings;
        Ok(())
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
        let random = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        book.choose(board, BookChoice::Weighted(random as u64 ^ board.key()))
    }
}

impl Default for Ox88 {
    fn default() -> Ox88 {
        Ox88::new()
    }
}

/// The evaluator the settings ask for.
fn evaluator(settings: &Settings) -> Classical {
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
        if let Some(m) = self.book_move(game.board(), limits) {
            reporter(&Report::Text(format!("book move {m}")));
            return SearchResult::new(m);
        }
        let limits = Limits { multipv: self.settings.multipv, ..limits.clone() };
        self.searcher.search_game(game, &limits, &mut |report: &Report| reporter(report))
    }

    fn stop_handle(&self) -> StopHandle {
        self.searcher.stop_handle()
    }

    fn explain(&mut self, board: &Board) -> Option<String> {
        Some(evaluator(&self.settings).explain(board).to_string())
    }

    fn bench(&mut self, depth: Option<u32>) -> Option<BenchReport> {
        Some(crate::search::bench(Classical::new(), depth.unwrap_or(BENCH_DEPTH), 1))
    }
}
