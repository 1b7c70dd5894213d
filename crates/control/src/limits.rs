//! [`Limits`]: how long, how deep and over which moves to search, in every
//! way the protocols can say it.

use ox88_board::{ByColor, Color, Move};
use std::time::Duration;

/// The chess clock as it stands when a search starts: each side's time
/// left and increment (a snapshot; renamed from `Clock`).
///
/// UCI sends it with every `go`; CECP keeps it in state (`level`, `time`,
/// `otim`), and its driver works out `moves_to_go` from the moves played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeLeft {
    /// Time left on each side's clock (never negative: GUIs that send
    /// negative times get zero).
    pub remaining: ByColor<Duration>,
    /// Time added to each side's clock after each of its moves.
    pub increment: ByColor<Duration>,
    /// Moves of the side to move until the next time control, if the
    /// control is "N moves in T" rather than sudden death.
    pub moves_to_go: Option<u32>,
}

/// The old name of [`TimeLeft`], kept for one release.
#[deprecated(note = "renamed to TimeLeft")]
pub type Clock = TimeLeft;

/// What limits a search. Every field that is `None`, `false`, zero or empty
/// does not limit it; the search stops at the first limit reached. While
/// [`infinite`](Self::infinite) is set, or while pondering, it never returns
/// on its own: only a stop (or, when pondering, a ponder hit followed by the
/// other limits) ends it.
///
/// How to spend a [`TimeLeft`] is the search's business: the protocol drivers
/// report the clock, they do not budget it.
///
/// ```
/// use ox88_control::Limits;
/// use std::time::Duration;
/// let limits = Limits { depth: Some(8), movetime: Some(Duration::from_millis(500)), ..Limits::default() };
/// assert!(!limits.is_unlimited());
/// assert_eq!(Limits::depth(5).depth, Some(5));
/// assert!(Limits::default().is_unlimited());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The game clock, when playing with one (UCI `wtime`/`btime`/`winc`/
    /// `binc`/`movestogo`; CECP `level` + `time` + `otim`).
    pub clock: Option<TimeLeft>,
    /// Search exactly this long (UCI `movetime`; CECP `st`).
    pub movetime: Option<Duration>,
    /// Search no deeper than this many plies (UCI `depth`; CECP `sd`).
    pub depth: Option<u32>,
    /// Search no more than this many nodes, all threads together (UCI
    /// `nodes`).
    pub nodes: Option<u64>,
    /// Start no new iteration once this many nodes are searched (all
    /// threads together): a node budget that always finishes the iteration
    /// it is in, as data generation wants. Pair it with
    /// [`nodes`](Self::nodes) for a hard cap.
    pub soft_nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is found (UCI `mate`).
    pub mate: Option<u32>,
    /// Search until stopped (UCI `go infinite`; CECP `analyze`).
    pub infinite: bool,
    /// The search is a ponder search on the opponent's time: run until a
    /// ponder hit (signalled through the [`StopHandle`](crate::StopHandle))
    /// starts the clock, or a stop.
    pub ponder: bool,
    /// Search only these root moves, when not empty (UCI `searchmoves`;
    /// CECP `exclude`/`include`). Moves that are not legal are ignored.
    pub searchmoves: Vec<Move>,
    /// CECP `nps N`: measure time in nodes, one second per `N` nodes (all
    /// threads together), instead of by the wall clock, both to budget the
    /// clock or move time and in the times reported. CECP's `nps 0` asks
    /// for CPU time instead of wall-clock time; it does not limit anything.
    pub nodes_per_second: Option<u64>,
    /// Time to keep in hand on every move for communication lag (the option
    /// "Move Overhead", owned by the protocol drivers).
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

    /// Whether nothing limits the search but a stop command.
    pub fn is_unlimited(&self) -> bool {
        self.clock.is_none()
            && self.movetime.is_none()
            && self.depth.is_none()
            && self.nodes.is_none()
            && self.soft_nodes.is_none()
            && self.mate.is_none()
    }

    /// The clock time left and the increment of `color`, if there is a
    /// clock.
    pub fn time_for(&self, color: Color) -> Option<(Duration, Duration)> {
        self.clock.as_ref().map(|c| (c.remaining[color], c.increment[color]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Code written for the old name still compiles (with a warning).
    #[test]
    #[allow(deprecated)]
    fn the_old_name_of_time_left_still_compiles() {
        let old: Clock = Clock { moves_to_go: Some(5), ..Clock::default() };
        assert_eq!(old, TimeLeft { moves_to_go: Some(5), ..TimeLeft::default() });
    }
}
