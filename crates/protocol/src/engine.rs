//! The [`Engine`] trait that both drivers run. What passes through it
//! ([`Limits`], [`Report`], [`SearchResult`], [`StopHandle`],
//! [`BenchReport`]) comes from `ox88-control`, the crate a search and the
//! drivers share.

use crate::{BenchReport, Limits, OptionError, OptionSpec, OptionValue, Report, SearchResult, StopHandle};
use ox88_board::Board;
use ox88_movegen::Position;

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
    /// Searches the current position of `game` (its history is there for
    /// repetitions) within `limits`, reporting progress through `reporter`,
    /// and returns the move to play with the line it heads.
    ///
    /// The driver never calls this in a position without legal moves. It
    /// clears the stop handle before the call; the engine must return soon
    /// after the handle says [`is_stopped`](StopHandle::is_stopped), and
    /// must not return on its own while pondering or under
    /// [`Limits::infinite`] unless it has nothing left to search.
    ///
    /// The move played always heads the last main line shown: when the last
    /// [`Report::Line`] with MultiPV 1 started with another move, the driver
    /// shows [`SearchResult::line`] (or, without one, the bare move) before
    /// the move.
    fn search(&mut self, game: &Position, limits: &Limits, reporter: &mut dyn FnMut(&Report)) -> SearchResult;
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
