//! What the client hands back: who the engine is, and the results of
//! [`play`](crate::ExternalEngine::search) and of an analysis.

use ox88_board::GameResult;
use ox88_protocol::{LineReport, SearchResult};
use std::time::Duration;

/// Who an engine says it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineId {
    /// UCI `id name`, CECP `feature myname`; empty if the engine gave none.
    pub name: String,
    /// UCI `id author`.
    pub author: Option<String>,
}

/// The answer to [`ExternalEngine::search`](crate::ExternalEngine::search).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchReply {
    /// What the search found, as ox88's own search hands it back: the move
    /// the engine plays, checked legal (`None` if it resigned or claimed a
    /// result instead of moving, or had no legal move); the reply it
    /// expects, checked legal after that move; and its last main line
    /// (score and bound, depth, nodes, time, PV), `None` if it reported
    /// none.
    pub search: SearchResult,
    /// From the moment the search was started (or the ponder hit sent) to
    /// the moment the move arrived, as the client measured it.
    pub elapsed: Duration,
    /// Whether the search was a ponder hit (`Some(true)`), a ponder miss
    /// that was stopped and restarted (`Some(false)`), or not pondered on.
    pub ponder_hit: Option<bool>,
    /// The engine resigned (CECP `resign`, or a result claim saying so).
    pub resigned: bool,
    /// The engine offered a draw (CECP `offer draw`).
    pub draw_offered: bool,
    /// A result the engine claimed (CECP `1-0 {White mates}`), with its
    /// reason.
    pub claim: Option<(GameResult, String)>,
}

/// The end of an analysis: every line, best first, and the engine's move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AnalysisResult {
    /// The last report of each line (MultiPV), best first.
    pub lines: Vec<LineReport>,
    /// The engine's best move (UCI `bestmove`; in CECP the first move of
    /// the last PV), the reply it expects (UCI only), and the main line
    /// (the first of [`lines`](Self::lines)).
    pub search: SearchResult,
}
