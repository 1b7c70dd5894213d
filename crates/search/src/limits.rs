//! [`Limits`]: how long and how deep to search, and over which moves.

use ox88_board::{ByColor, Move};
use std::time::Duration;

/// The chess clock when a search starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on each side's clock.
    pub remaining: ByColor<Duration>,
    /// Time added to each side's clock after each of its moves.
    pub increment: ByColor<Duration>,
    /// Moves of the side to move until the next time control, if the control
    /// is "N moves in T" rather than sudden death.
    pub moves_to_go: Option<u32>,
}

/// What limits a search. Every field that is `None`, `false` or empty does
/// not limit it; the search stops at the first limit reached. While
/// [`infinite`](Self::infinite) is set, or while pondering, it never returns
/// on its own: only a stop (or, when pondering, a ponder hit followed by the
/// other limits) ends it.
///
/// ```
/// use ox88_search::Limits;
/// use std::time::Duration;
/// let limits = Limits { depth: Some(8), movetime: Some(Duration::from_millis(500)), ..Limits::default() };
/// assert_eq!(limits.depth, Some(8));
/// assert_eq!(Limits::depth(5).depth, Some(5));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The game clock, when playing with one.
    pub clock: Option<Clock>,
    /// Search exactly this long.
    pub movetime: Option<Duration>,
    /// Search no deeper than this many plies.
    pub depth: Option<u32>,
    /// Search no more than this many nodes (all threads together).
    pub nodes: Option<u64>,
    /// Start no new iteration once this many nodes are searched (all
    /// threads together): a node budget that always finishes the iteration
    /// it is in, as data generation wants. Pair it with
    /// [`nodes`](Self::nodes) for a hard cap.
    pub soft_nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// Search until stopped.
    pub infinite: bool,
    /// Search on the opponent's time until a ponder hit (signalled through
    /// the [`StopHandle`](crate::StopHandle)) starts the clock, or a stop.
    pub ponder: bool,
    /// Search only these root moves, when not empty. Moves that are not legal
    /// in the position are ignored.
    pub searchmoves: Vec<Move>,
    /// How many best lines to search and report (MultiPV); 0 counts as 1.
    pub multipv: usize,
    /// Time to keep in hand on every move for communication lag.
    pub move_overhead: Duration,
}

impl Limits {
    /// A search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }
    /// A search of a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits { movetime: Some(time), ..Limits::default() }
    }
    /// A search of at most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }
    /// A search that runs until it is stopped.
    pub fn infinite() -> Limits {
        Limits { infinite: true, ..Limits::default() }
    }
}
