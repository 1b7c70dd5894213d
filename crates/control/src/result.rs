//! What a finished search hands back ([`SearchResult`]), and what a
//! benchmark measured ([`BenchReport`]).

use crate::LineReport;
use ox88_board::{Move, PovScore};
use std::time::Duration;

/// The outcome of a search: the move to play, the reply expected, and the
/// line the move was chosen from.
///
/// ```
/// use ox88_board::{Move, MoveKind, Square};
/// use ox88_control::SearchResult;
/// let e4 = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
/// let result = SearchResult::new(e4);
/// assert_eq!((result.best, result.ponder, result.score()), (Some(e4), None, None));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Move>,
    /// The expected reply, to ponder on.
    pub ponder: Option<Move>,
    /// The line `best` heads, with its score, bound and statistics, as a
    /// [`Report::Line`](crate::Report::Line) would show it: the protocol
    /// drivers print it when the last line reported started with another
    /// move, so that the move played always heads the last line shown.
    /// Without a legal move its `pv` is empty and its score says mate or
    /// stalemate. `None` when the engine knows nothing but the move (a book
    /// move).
    pub line: Option<LineReport>,
}

impl SearchResult {
    /// A move and nothing else known about it.
    pub fn new(best: Move) -> SearchResult {
        SearchResult { best: Some(best), ponder: None, line: None }
    }

    /// The score of the chosen line, if known, with the side it is seen
    /// from (the side to move at the root).
    pub fn score(&self) -> Option<PovScore> {
        self.line.as_ref().map(|line| line.score)
    }

    /// The depth of the chosen line (0 if unknown).
    pub fn depth(&self) -> u32 {
        self.line.as_ref().map_or(0, |line| line.depth)
    }

    /// Nodes searched, all threads (0 if unknown).
    pub fn nodes(&self) -> u64 {
        self.line.as_ref().map_or(0, |line| line.nodes)
    }

    /// The principal variation (empty if unknown).
    pub fn pv(&self) -> &[Move] {
        self.line.as_ref().map_or(&[], |line| &line.pv)
    }
}

/// What a benchmark measured: a fixed set of positions searched to a fixed
/// depth. With one thread its node count is deterministic: a signature of
/// the search's behaviour.
///
/// ```
/// use ox88_control::BenchReport;
/// use std::time::Duration;
/// let report = BenchReport { nodes: 1_000_000, time: Duration::from_millis(500), positions: 42 };
/// assert_eq!(report.nps(), 2_000_000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchReport {
    /// Nodes searched over all positions.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// Positions searched.
    pub positions: usize,
}

impl BenchReport {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-9)) as u64
    }
}
