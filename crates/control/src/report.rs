//! What a running search tells its caller: [`Report`]s of its progress,
//! chiefly the principal variations ([`LineReport`]) with their scores.

use ox88_board::{Move, PovScore};
use std::time::Duration;

/// Whether a reported score is exact or only a bound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The score of the line.
    #[default]
    Exact,
    /// The true score is at least this (the line failed high): UCI
    /// `lowerbound`.
    Lower,
    /// The true score is at most this (the line failed low): UCI
    /// `upperbound`.
    Upper,
}

/// Progress of a running search.
///
/// ```
/// use ox88_board::{Color, Move, MoveKind, PovScore, Score, Square};
/// use ox88_control::{LineReport, Report};
/// let e4 = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
/// let score = PovScore::new(Score::cp(30), Color::White);
/// let report = Report::Line(LineReport { depth: 1, score, pv: vec![e4], ..LineReport::default() });
/// assert_eq!(report.line().map(LineReport::best), Some(Some(e4)));
/// assert_eq!(report.line().map(|line| line.score.to_string()).as_deref(), Some("+0.30"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// A principal variation with its score (one per MultiPV line), at the
    /// end of an iteration, when an aspiration window fails, or when the
    /// search ends with a choice the last line did not show.
    Line(LineReport),
    /// The root move now being searched.
    CurrentMove {
        /// The iteration depth.
        depth: u32,
        /// The move.
        mv: Move,
        /// Its number in the root move list, from 1.
        number: u32,
    },
    /// Free text for the user (UCI `info string`, a CECP comment).
    Text(String),
}

impl Report {
    /// The line, if this reports one.
    pub fn line(&self) -> Option<&LineReport> {
        match self {
            Report::Line(line) => Some(line),
            _ => None,
        }
    }
}

/// One principal variation with its score and the search's statistics.
/// Fields an engine does not know stay `None` (or zero for the counts).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineReport {
    /// The iteration depth in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: Option<u32>,
    /// Which line this is, from 1 (MultiPV); 0 is read as 1.
    pub multipv: u32,
    /// The score, with the side it is seen from: the side to move at the
    /// root of the search, as engines report it. `score.white()`,
    /// `score.pov(color)` and its `Display` (`+0.29`, `#-3`, White's view)
    /// read it from either side; `score.relative()` is the side to move's
    /// view, as UCI and CECP write it.
    pub score: PovScore,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// How full the transposition table is, in permille.
    pub hashfull: Option<u32>,
    /// Endgame tablebase hits.
    pub tbhits: Option<u64>,
    /// The line, starting with the root move.
    pub pv: Vec<Move>,
}

impl LineReport {
    /// The line's first move.
    pub fn best(&self) -> Option<Move> {
        self.pv.first().copied()
    }

    /// Whether this is the first (best) line: MultiPV line 1.
    pub fn is_main(&self) -> bool {
        self.multipv <= 1
    }

    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-3)) as u64
    }
}
