//! Searching for a request: the limits a request asks for, capped by the
//! server's; the search on a pooled engine; and the engine's lines as JSON.

use crate::config::ServerConfig;
use crate::pool::Lease;
use ox88::board::{Score, UciMove};
use ox88::control::{Bound, LineReport, StopHandle};
use ox88::movegen::SanPlus;
use ox88::protocol::{Limits, SearchResult};
use ox88::{Position, Settings};
use ox88_http::schema::{BoundSchema, SanSchema, ScoreSchema, UciMoveSchema};
use ox88_http::ApiError;
use serde::Serialize;
use std::time::Duration;
use utoipa::ToSchema;

/// What a request asks the search for, before the server's caps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Asked {
    /// Plies.
    pub depth: Option<u32>,
    /// Nodes.
    pub nodes: Option<u64>,
    /// Milliseconds.
    pub movetime_ms: Option<u64>,
    /// Lines.
    pub multipv: Option<usize>,
}

/// The limits of a search as the server runs it.
#[derive(Clone, Debug)]
pub struct Capped {
    /// The engine's limits, with the server's time and node caps.
    pub limits: Limits,
    /// Lines to search.
    pub multipv: usize,
    /// Whether the server's limits cut what was asked (or nothing was
    /// asked, so the caps end the search).
    pub capped: bool,
}

impl Asked {
    /// The limits after the server's caps; 422 for a zero limit.
    pub fn cap(&self, config: &ServerConfig) -> Result<Capped, ApiError> {
        let positive = |field: &str, value: Option<u64>| match value {
            Some(0) => Err(ApiError::invalid(field, format!("{field} must be at least 1"))),
            _ => Ok(()),
        };
        positive("depth", self.depth.map(u64::from))?;
        positive("nodes", self.nodes)?;
        positive("movetime_ms", self.movetime_ms)?;
        positive("multipv", self.multipv.map(|n| n as u64))?;
        let mut capped = self.depth.is_none() && self.nodes.is_none() && self.movetime_ms.is_none();
        let mut cap = |value: Option<u64>, max: u64| {
            let value = value.unwrap_or(max);
            capped |= value > max;
            value.min(max)
        };
        let depth = self.depth.map(|depth| cap(Some(u64::from(depth)), u64::from(config.max_depth)) as u32);
        let nodes = cap(self.nodes, config.max_nodes);
        let movetime = cap(self.movetime_ms, config.max_movetime_ms);
        let multipv = cap(self.multipv.map(|n| n as u64).or(Some(1)), config.max_multipv as u64) as usize;
        let limits =
            Limits { depth, nodes: Some(nodes), movetime: Some(Duration::from_millis(movetime)), ..Limits::default() };
        Ok(Capped { limits, multipv, capped })
    }
}

/// Searches `position` on the leased engine with `limits`, handing each
/// line to `on_line` as it comes. The engine comes cleared from the pool
/// (a lease clears it as it goes back), so that an answer does not depend
/// on earlier requests. The caller resets the engine's stop handle before
/// (so that a stop sent from then on counts).
pub fn run(
    lease: &mut Lease,
    position: &Position,
    limits: &Limits,
    multipv: usize,
    on_line: &mut dyn FnMut(&LineReport),
) -> SearchResult {
    let engine = lease.engine();
    let settings = Settings { multipv, ..engine.settings().clone() };
    // Only book and network files can fail to load, and they do not change.
    engine.configure(settings).expect("the same files load again");
    engine.search(position, limits, &mut |report| {
        if let Some(line) = report.line() {
            on_line(line);
        }
    })
}

/// A move in both notations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct MoveText {
    /// UCI.
    #[schema(value_type = UciMoveSchema)]
    pub uci: UciMove,
    /// SAN, with `+` or `#`.
    #[schema(value_type = SanSchema)]
    pub san: SanPlus,
}

impl MoveText {
    /// `m`, legal in `position`, in both notations; `None` if it is not
    /// legal there.
    pub(crate) fn new(position: &Position, m: ox88::board::Move) -> Option<MoveText> {
        Some(MoveText { uci: position.uci(m), san: position.san(m).ok()? })
    }
}

/// The result's move and the reply expected, each checked legal and
/// written in both notations.
pub fn best_and_ponder(position: &Position, result: &SearchResult) -> (Option<MoveText>, Option<MoveText>) {
    let Some(best) = result.best.and_then(|m| MoveText::new(position, m)) else { return (None, None) };
    let mut after = position.clone();
    // MoveText::new found it legal.
    after.play_unchecked(result.best.expect("the best move"));
    let ponder = result.ponder.and_then(|m| MoveText::new(&after, m));
    (Some(best), ponder)
}

/// Stops a search when dropped: held by whatever waits for the search (a
/// handler, a stream), so that a client who goes away stops it.
#[derive(Debug)]
pub struct StopOnDrop(pub StopHandle);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// A score as the answers wrote it before they used `ox88::board::Score`,
/// which writes the same `{"cp", "mate"}` (`ScoreJson::from(score)` still
/// compiles: it is the score itself).
#[deprecated(note = "the JSON answers use ox88::board::Score, serialized by its serde feature")]
pub type ScoreJson = Score;

/// Whether a score is exact or a bound, as the answers wrote it before they
/// used `ox88::control::Bound`, which writes the same words.
#[deprecated(note = "the JSON answers use ox88::control::Bound, serialized by its serde feature")]
pub type BoundJson = Bound;

/// One line of the engine.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LineJson {
    /// Which line, from 1 (MultiPV).
    pub multipv: u32,
    /// Iteration depth, plies.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: Option<u32>,
    /// The score, from the side to move's point of view.
    #[schema(value_type = ScoreSchema)]
    pub score: Score,
    /// Exact or a bound.
    #[schema(value_type = BoundSchema)]
    pub bound: Bound,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// The line in UCI.
    #[schema(value_type = Vec<UciMoveSchema>)]
    pub pv_uci: Vec<UciMove>,
    /// The line in SAN.
    #[schema(value_type = Vec<SanSchema>)]
    pub pv_san: Vec<SanPlus>,
    /// Positions found in the Syzygy tables so far; null when the server
    /// has no tables.
    pub tbhits: Option<u64>,
}

/// `line` as JSON, its moves written from `position`.
pub fn line_json(position: &Position, line: &LineReport) -> LineJson {
    let mut board = position.clone();
    let (mut pv_uci, mut pv_san) = (Vec::new(), Vec::new());
    for &m in &line.pv {
        // A line's moves are legal; stop at one that is not, rather than
        // write nonsense.
        let Ok(san) = board.san(m) else { break };
        pv_uci.push(board.uci(m));
        pv_san.push(san);
        board.play_unchecked(m);
    }
    LineJson {
        multipv: line.multipv.max(1),
        depth: line.depth,
        seldepth: line.seldepth,
        score: line.score.pov(position.side_to_move()),
        bound: line.bound,
        nodes: line.nodes,
        nps: line.nps(),
        time_ms: line.time.as_millis() as u64,
        pv_uci,
        pv_san,
        tbhits: line.tbhits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_cut_what_is_asked_and_say_so() {
        let config = ServerConfig {
            max_depth: 10,
            max_nodes: 1_000,
            max_movetime_ms: 500,
            max_multipv: 4,
            ..ServerConfig::default()
        };
        let within = Asked { depth: Some(5), multipv: Some(2), ..Asked::default() }.cap(&config).expect("valid");
        assert_eq!(
            (within.limits.depth, within.limits.nodes, within.multipv, within.capped),
            (Some(5), Some(1_000), 2, false)
        );
        let over = Asked { depth: Some(50), movetime_ms: Some(9_000), multipv: Some(9), ..Asked::default() };
        let over = over.cap(&config).expect("valid");
        assert_eq!(
            (over.limits.depth, over.limits.movetime, over.multipv, over.capped),
            (Some(10), Some(Duration::from_millis(500)), 4, true)
        );
        assert!(Asked::default().cap(&config).expect("valid").capped);
        assert!(Asked { nodes: Some(0), ..Asked::default() }.cap(&config).is_err());
    }

    /// The wire keeps the shape it had when the server wrote its own
    /// mirrors of the score and the bound.
    #[test]
    fn a_line_writes_its_score_from_the_side_to_move_and_its_bound_as_before() {
        use ox88::board::{Color, PovScore};
        use serde_json::json;
        // Black to move, mated in 2 moves, by White's search: -2 for Black.
        let position = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1").expect("FEN");
        let white_mates = PovScore::new(Score::mate_in(3), Color::White);
        let line = LineReport { score: white_mates, bound: Bound::Lower, ..LineReport::default() };
        let written = serde_json::to_value(line_json(&position, &line)).expect("JSON");
        assert_eq!((&written["score"], &written["bound"]), (&json!({"cp": null, "mate": -2}), &json!("lower")));
        let line = LineReport { score: PovScore::new(Score::cp(-34), Color::Black), ..LineReport::default() };
        let written = serde_json::to_value(line_json(&position, &line)).expect("JSON");
        assert_eq!((&written["score"], &written["bound"]), (&json!({"cp": -34, "mate": null}), &json!("exact")));
    }
}
