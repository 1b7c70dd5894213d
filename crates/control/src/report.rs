//! What a running search tells its caller: [`Report`]s of its progress,
//! chiefly the principal variations ([`LineReport`]) with their scores.

use ox88_board::{Move, PovScore};
use std::time::Duration;

/// Whether a reported score is exact or only a bound.
///
/// With the `serde` feature it is written `"exact"`, `"lower"` or
/// `"upper"`, and anything else is refused by name:
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use ox88_control::Bound;
/// assert_eq!(serde_json::to_string(&Bound::Lower).unwrap(), r#""lower""#);
/// let error = serde_json::from_str::<Bound>(r#""lowerbound""#).unwrap_err();
/// assert!(error.to_string().contains(r#"string "lowerbound", expected a bound: "exact", "lower" or "upper""#));
/// # }
/// ```
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

impl Bound {
    /// Every bound: exact, lower, upper.
    pub const ALL: [Bound; 3] = [Bound::Exact, Bound::Lower, Bound::Upper];

    /// The bound's name: `exact`, `lower` or `upper`.
    pub const fn name(self) -> &'static str {
        match self {
            Bound::Exact => "exact",
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        }
    }
}

/// `exact`, `lower` or `upper`.
#[cfg(feature = "serde")]
impl serde::Serialize for Bound {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Bound {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Bound, D::Error> {
        let text = String::deserialize(deserializer)?;
        Bound::ALL.into_iter().find(|bound| bound.name() == text).ok_or_else(|| {
            let expected = "a bound: \"exact\", \"lower\" or \"upper\"";
            serde::de::Error::invalid_value(serde::de::Unexpected::Str(&text), &expected)
        })
    }
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

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::Bound;

    #[test]
    fn every_bound_reads_back_as_written_and_nothing_else_reads() {
        let written: Vec<String> = Bound::ALL.iter().map(|b| serde_json::to_string(b).expect("JSON")).collect();
        assert_eq!(written, [r#""exact""#, r#""lower""#, r#""upper""#]);
        for (bound, text) in Bound::ALL.iter().zip(&written) {
            assert_eq!(serde_json::from_str::<Bound>(text).expect("read back"), *bound);
        }
        for bad in [r#""Exact""#, r#""upperbound""#, "1", "null"] {
            let error = serde_json::from_str::<Bound>(bad).expect_err(bad).to_string();
            assert!(error.contains(bad.trim_matches('"')), "{bad}: {error}");
        }
    }
}
