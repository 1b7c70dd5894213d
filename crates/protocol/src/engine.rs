//! The [`Engine`] trait that both drivers run, and what passes through it.

use crate::{Bound, Limits, OptionError, OptionSpec, OptionValue, ScoreInfo};
use ox88_board::{Board, Move};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A chess engine, as the UCI and CECP drivers see it. Implement it once and
/// both protocols work.
///
/// The driver calls [`search`](Self::search) on a worker thread while it keeps
/// reading commands; it interrupts a search only through the
/// [`StopHandle`] it got from [`stop_handle`](Self::stop_handle) before the
/// search started. Every other method is called while no search runs.
///
/// See `examples/greedy.rs` for a complete engine in a few dozen lines.
pub trait Engine: Send {
    /// The engine's name (UCI `id name`, CECP `myname`).
    fn name(&self) -> String;
    /// The engine's author (UCI `id author`).
    fn author(&self) -> String;
    /// The options the engine offers, beyond the drivers' own `Ponder`,
    /// `UCI_Chess960` and `Move Overhead`. Helpers exist for the standard
    /// ones: [`OptionSpec::hash`], [`OptionSpec::threads`],
    /// [`OptionSpec::multipv`], [`OptionSpec::clear_hash`].
    fn options(&self) -> Vec<OptionSpec> {
        Vec::new()
    }
    /// Sets one of [`options`](Self::options). The driver has already
    /// checked the value against the option's type and range.
    fn set_option(&mut self, name: &str, value: &OptionValue) -> Result<(), OptionError> {
        let _ = value;
        Err(OptionError::Unknown { name: name.to_owned() })
    }
    /// A new game starts: forget what belongs to the last one (hash table,
    /// history).
    fn new_game(&mut self);
    /// Searches the position reached from `start` by `moves` (all legal;
    /// passed separately so the engine sees the game history for
    /// repetitions) within `limits`, reporting progress through `reporter`,
    /// and returns the move to play.
    ///
    /// The driver never calls this in a position without legal moves. It
    /// clears the stop handle before the call; the engine must return soon
    /// after the handle says [`is_stopped`](StopHandle::is_stopped), and
    /// must not return on its own while pondering or under
    /// [`Limits::infinite`] unless it has nothing left to search.
    fn search(
        &mut self,
        start: &Board,
        moves: &[Move],
        limits: &Limits,
        reporter: &mut dyn FnMut(SearchInfo),
    ) -> BestMove;
    /// The handle through which the driver stops the search and signals a
    /// ponder hit; the engine keeps a clone and polls it while searching.
    /// Drivers ask once, so every call must return clones of the same flags.
    fn stop_handle(&self) -> StopHandle;
    /// A human-readable explanation of the static evaluation of `board`, for
    /// the UCI `eval` command; `None` if the engine offers none.
    fn explain(&mut self, board: &Board) -> Option<String> {
        let _ = board;
        None
    }
    /// Runs the engine's fixed benchmark (a deterministic node count, for
    /// the `bench` command); `depth` overrides its default depth. `None` if
    /// the engine has no benchmark.
    fn bench(&mut self, depth: Option<u32>) -> Option<BenchReport> {
        let _ = depth;
        None
    }
}

/// The move a search chose, and the reply it expects.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BestMove {
    /// The move to play; `None` only if there is no legal move.
    pub best: Option<Move>,
    /// The expected reply, to ponder on.
    pub ponder: Option<Move>,
}

impl BestMove {
    /// A best move without a ponder move.
    pub fn new(best: Move) -> BestMove {
        BestMove { best: Some(best), ponder: None }
    }
}

/// Progress of a search, reported while it runs. Every field is optional;
/// drivers print what is there.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    /// The iteration depth in plies.
    pub depth: Option<u32>,
    /// The deepest ply reached (quiescence included).
    pub seldepth: Option<u32>,
    /// Which of the best lines this is, from 1 (MultiPV).
    pub multipv: Option<u32>,
    /// The score of the line, from the side to move's point of view.
    pub score: Option<ScoreInfo>,
    /// Whether [`score`](Self::score) is exact or a bound.
    pub bound: Bound,
    /// Nodes searched so far.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// How full the hash table is, in permille.
    pub hashfull: Option<u32>,
    /// Endgame tablebase hits.
    pub tbhits: Option<u64>,
    /// Time searched so far.
    pub time: Option<Duration>,
    /// The principal variation, starting with the move to play.
    pub pv: Vec<Move>,
    /// The root move being searched now.
    pub currmove: Option<Move>,
    /// Its number in the root move list, from 1.
    pub currmovenumber: Option<u32>,
    /// Free text for the user.
    pub string: Option<String>,
}

/// The result of [`Engine::bench`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchReport {
    /// Nodes searched: the deterministic signature of the search.
    pub nodes: u64,
    /// Time it took.
    pub time: Duration,
}

/// Stops a search and tells it about a ponder hit, from another thread.
/// Cloning shares the flags.
///
/// ```
/// use ox88_protocol::StopHandle;
/// let handle = StopHandle::new();
/// let engine_side = handle.clone();
/// handle.stop();
/// assert!(engine_side.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopHandle {
    stop: Arc<AtomicBool>,
    pondering: Arc<AtomicBool>,
}

impl StopHandle {
    /// A handle that is neither stopped nor pondering.
    pub fn new() -> StopHandle {
        StopHandle::default()
    }
    /// A handle over flags a search already polls (for gluing a search
    /// crate that has its own stop flag).
    pub fn from_flags(stop: Arc<AtomicBool>, pondering: Arc<AtomicBool>) -> StopHandle {
        StopHandle { stop, pondering }
    }
    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Release);
    }
    /// Whether the search has been asked to stop.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Acquire)
    }
    /// Whether the search is a ponder search still waiting for its ponder
    /// hit: it must not stop on its own, and its clock has not started.
    #[inline]
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Acquire)
    }
    /// The opponent played the expected move: the ponder search becomes a
    /// normal one whose time counts from now.
    pub fn ponderhit(&self) {
        self.pondering.store(false, Ordering::Release);
    }
    /// The stop flag itself.
    pub fn stop_flag(&self) -> &Arc<AtomicBool> {
        &self.stop
    }
    /// The pondering flag itself.
    pub fn ponder_flag(&self) -> &Arc<AtomicBool> {
        &self.pondering
    }
    /// Prepares the flags for a new search (drivers call this before each
    /// search, so a stop meant for the last search cannot hit the next).
    pub fn reset(&self, pondering: bool) {
        self.stop.store(false, Ordering::Release);
        self.pondering.store(pondering, Ordering::Release);
    }
}
