//! What a search tells its caller: progress [`Report`]s while it runs and a
//! [`SearchResult`] at the end.

use ox88_board::{Move, Score};
use std::time::Duration;

/// Whether a reported score is exact or a bound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The score of the line.
    #[default]
    Exact,
    /// The true score is at least this (the line failed high).
    Lower,
    /// The true score is at most this (the line failed low).
    Upper,
}

/// Progress of a running search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// A line of the principal variation (one per MultiPV line), at the end
    /// of an iteration or when an aspiration window fails.
    Line(LineReport),
    /// The root move now being searched (reported once the search has run a
    /// while, so that fast searches stay quiet).
    CurrentMove {
        /// The iteration depth.
        depth: u32,
        /// The move.
        mv: Move,
        /// Its number in the root move list, from 1.
        number: u32,
    },
}

/// One principal variation with its statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineReport {
    /// The iteration depth in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Which line this is, from 1 (MultiPV).
    pub multipv: u32,
    /// The score, from the side to move's point of view.
    pub score: Score,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
    /// The line, starting with the root move.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Move>,
    /// The expected reply, to ponder on.
    pub ponder: Option<Move>,
    /// The score of the best move (mate or stalemate scores when there is no
    /// legal move).
    pub score: Score,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
}
