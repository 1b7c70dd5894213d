//! [`Limits`]: one description of how long to search, made from either
//! protocol's time controls.

use ox88_board::{ByColor, Color, Move};
use std::time::Duration;

/// The chess clock as the driver knows it when a search starts.
///
/// UCI sends it with every `go`; CECP keeps it in state (`level`, `time`,
/// `otim`), and the driver works out `moves_to_go` from the moves played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on each side's clock (never negative: GUIs that send
    /// negative times get zero).
    pub remaining: ByColor<Duration>,
    /// Time added to each side's clock after each of its moves.
    pub increment: ByColor<Duration>,
    /// Moves (of the side to move) until the next time control, if the
    /// control is "N moves in T" rather than sudden death.
    pub moves_to_go: Option<u32>,
}

/// How long to search, in every way the protocols can say it. Fields that are
/// `None` or `false` do not limit the search; an engine should stop at the
/// first limit reached, and must not stop on its own while
/// [`infinite`](Self::infinite) is set or while pondering (until the driver
/// signals a ponder hit through the [`StopHandle`](crate::StopHandle)).
///
/// How to spend a [`Clock`] is the engine's business: the driver reports the
/// clock, it does not budget it.
///
/// ```
/// use ox88_protocol::Limits;
/// use std::time::Duration;
/// let limits = Limits { depth: Some(8), movetime: Some(Duration::from_millis(500)), ..Limits::default() };
/// assert!(!limits.is_unlimited());
/// assert!(Limits::default().is_unlimited());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The game clock, when playing with one (UCI `wtime`/`btime`/`winc`/
    /// `binc`/`movestogo`; CECP `level` + `time` + `otim`).
    pub clock: Option<Clock>,
    /// Search exactly this long (UCI `movetime`; CECP `st`).
    pub movetime: Option<Duration>,
    /// Search no deeper than this many plies (UCI `depth`; CECP `sd`).
    pub depth: Option<u32>,
    /// Search no more than this many nodes (UCI `nodes`).
    pub nodes: Option<u64>,
    /// Look for a mate in at most this many moves (UCI `mate`).
    pub mate: Option<u32>,
    /// Search until told to stop (UCI `go infinite`; CECP `analyze`).
    pub infinite: bool,
    /// The search is a ponder search on the opponent's time: run until the
    /// driver signals a ponder hit (then apply the other limits from that
    /// moment) or a stop.
    pub ponder: bool,
    /// Only these root moves may be searched, when not empty (UCI
    /// `searchmoves`; CECP `exclude`/`include`). All are legal.
    pub searchmoves: Vec<Move>,
    /// CECP `nps N`: count time by nodes, one second per `N` nodes, instead
    /// of by the wall clock. `Some(0)` means "do not think at all".
    pub nodes_per_second: Option<u64>,
    /// Time to keep in hand per move for communication lag (the UCI option
    /// "Move Overhead", owned by the driver).
    pub move_overhead: Duration,
}

impl Limits {
    /// Whether nothing limits the search but a stop command.
    pub fn is_unlimited(&self) -> bool {
        self.clock.is_none()
            && self.movetime.is_none()
            && self.depth.is_none()
            && self.nodes.is_none()
            && self.mate.is_none()
            && self.nodes_per_second.is_none()
    }

    /// The clock time left and increment of `color`, if there is a clock.
    pub fn time_for(&self, color: Color) -> Option<(Duration, Duration)> {
        self.clock.as_ref().map(|c| (c.remaining[color], c.increment[color]))
    }
}
