//! Engines' progress as ox88-control's typed [`Report`]s: UCI `info` lines
//! and CECP thinking output, with their moves resolved against the position
//! searched; and the lines of a MultiPV search.

use ox88_board::{Board, CastlingMode, Move, PovScore, Score};
use ox88_protocol::uci::UciInfo;
use ox88_protocol::xboard::{read_move, Thinking};
use ox88_protocol::{LineReport, Report, ScoreInfo};
use std::time::Duration;

/// The most lines an analysis may ask for.
pub const MAX_MULTIPV: u32 = 500;

/// The position a search runs on, for reading its moves.
#[derive(Clone, Debug)]
pub(crate) struct Root {
    /// The position searched.
    pub(crate) board: Board,
    /// Whether castling is written king-takes-rook (and `O-O` in CECP).
    pub(crate) castling: CastlingMode,
}

impl Root {
    /// The legal moves of `words` played in turn from the root, up to the
    /// first that is not one; the text of that one, if any.
    fn line<'a>(&self, words: impl IntoIterator<Item = &'a str>) -> (Vec<Move>, Option<&'a str>) {
        let mut board = self.board.clone();
        let mut moves = Vec::new();
        for word in words {
            match read_move(&board, word, self.castling) {
                Some(m) => {
                    board.make_move_unchecked(m);
                    moves.push(m);
                }
                None => return (moves, Some(word)),
            }
        }
        (moves, None)
    }

    /// A score on the wire, which is from the side to move at the root, with
    /// that side.
    fn score(&self, score: ScoreInfo) -> PovScore {
        PovScore::new(Score::from(score), self.board.side_to_move())
    }

    /// A UCI `info` line as a report: a line when it has a score, the move
    /// searched when it names one, text for `info string`; `None` for lines
    /// of statistics alone. A PV is cut before its first illegal move, which
    /// the warning reports.
    pub(crate) fn read_uci(&self, info: UciInfo) -> (Option<Report>, Option<String>) {
        if let Some(text) = info.string {
            return (Some(Report::Text(text)), None);
        }
        if let Some(score) = info.score {
            let words: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
            let (pv, bad) = self.line(words.iter().map(String::as_str));
            let warning = bad.map(|word| format!("illegal move {word} in the PV of {:?}", words.join(" ")));
            let line = LineReport {
                depth: info.depth.unwrap_or(0),
                seldepth: info.seldepth,
                multipv: info.multipv.unwrap_or(1).max(1),
                score: self.score(score),
                bound: info.bound,
                nodes: info.nodes.unwrap_or(0),
                time: Duration::from_millis(info.time.unwrap_or(0)),
                hashfull: info.hashfull,
                tbhits: info.tbhits,
                pv,
            };
            return (Some(Report::Line(line)), warning);
        }
        let current = info.currmove.and_then(|m| read_move(&self.board, &m.to_string(), self.castling));
        let report = current.map(|mv| Report::CurrentMove {
            depth: info.depth.unwrap_or(0),
            mv,
            number: info.currmovenumber.unwrap_or(0),
        });
        (report, None)
    }

    /// A CECP thinking line as a report. Engines write their PVs in SAN,
    /// coordinates or long algebraic; the PV is cut where a word names no
    /// legal move (GNU Chess appends a hash mark, others a comment), which is
    /// not worth a warning.
    pub(crate) fn read_thinking(&self, thinking: &Thinking) -> LineReport {
        let extras = thinking.extras();
        let (pv, _) = self.line(thinking.pv_words());
        LineReport {
            depth: thinking.ply,
            seldepth: extras.seldepth,
            multipv: 1,
            score: self.score(ScoreInfo::from_cecp(thinking.score)),
            nodes: thinking.nodes,
            time: Duration::from_millis(thinking.centis.saturating_mul(10)),
            tbhits: extras.tbhits,
            pv,
            ..LineReport::default()
        }
    }
}

/// The lines of a search, one per MultiPV index, each the latest reported.
#[derive(Clone, Debug, Default)]
pub(crate) struct Lines {
    lines: Vec<Option<LineReport>>,
}

impl Lines {
    /// Keeps `line` as the latest of its index.
    pub(crate) fn add(&mut self, line: LineReport) {
        // A hostile engine must not make the client allocate huge vectors.
        let index = (line.multipv.max(1) as usize - 1).min(MAX_MULTIPV as usize - 1);
        if self.lines.len() <= index {
            self.lines.resize(index + 1, None);
        }
        self.lines[index] = Some(line);
    }

    /// The main line (MultiPV 1), if reported.
    pub(crate) fn main(&self) -> Option<LineReport> {
        self.lines.first().cloned().flatten()
    }

    /// The lines reported, best first.
    pub(crate) fn into_vec(self) -> Vec<LineReport> {
        self.lines.into_iter().flatten().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::{Color, UciMove};
    use ox88_protocol::xboard::{Thinking, XbMessage};

    fn moves(text: &str) -> Vec<UciMove> {
        text.split_whitespace().map(|m| m.parse().expect("UCI move text")).collect()
    }

    fn info(depth: u32, score: ScoreInfo, pv: &str) -> UciInfo {
        UciInfo { depth: Some(depth), score: Some(score), pv: moves(pv), ..UciInfo::default() }
    }

    fn root() -> Root {
        Root { board: Board::startpos(), castling: CastlingMode::Standard }
    }

    fn line_of(report: Option<Report>) -> LineReport {
        match report {
            Some(Report::Line(line)) => line,
            other => panic!("not a line: {other:?}"),
        }
    }

    #[test]
    fn uci_lines_are_moves_and_stop_at_the_first_illegal_one() {
        let timed = UciInfo { time: Some(12), ..info(3, ScoreInfo::Mate(2), "e2e4 e7e5 g1f3") };
        let (report, warning) = root().read_uci(timed);
        let line = line_of(report);
        assert_eq!(line.pv.iter().map(ToString::to_string).collect::<Vec<_>>(), ["e2e4", "e7e5", "g1f3"]);
        assert_eq!((line.depth, line.score.relative(), line.time), (3, Score::mate_in(3), Duration::from_millis(12)));
        assert_eq!((line.multipv, warning), (1, None));
        let (report, warning) = root().read_uci(info(3, ScoreInfo::Cp(5), "e2e4 e2e4 g1f3"));
        assert_eq!(line_of(report).pv.len(), 1);
        assert!(warning.is_some_and(|w| w.contains("e2e4 e2e4")));
    }

    #[test]
    fn other_uci_reports() {
        let searching = UciInfo {
            depth: Some(5),
            currmove: Some("g1f3".parse().unwrap()),
            currmovenumber: Some(3),
            ..UciInfo::default()
        };
        assert!(matches!(root().read_uci(searching).0, Some(Report::CurrentMove { depth: 5, number: 3, .. })));
        let text = UciInfo { string: Some("NNUE enabled".into()), ..UciInfo::default() };
        assert_eq!(root().read_uci(text).0, Some(Report::Text("NNUE enabled".into())));
        let statistics = UciInfo { nodes: Some(100), hashfull: Some(3), ..UciInfo::default() };
        assert_eq!(root().read_uci(statistics).0, None);
    }

    #[test]
    fn thinking_pvs_in_any_notation() {
        let thinking =
            Thinking { ply: 9, score: -35, centis: 150, nodes: 123_456, pv: "1. e4 e5 2. Ng1-f3 (x)".into() };
        let line = root().read_thinking(&thinking);
        assert_eq!(line.pv.len(), 3);
        assert_eq!((line.depth, line.score.relative(), line.time), (9, Score::cp(-35), Duration::from_millis(1500)));
        let _ = XbMessage::Thinking(thinking);
    }

    /// The root after 1. e4: Black to move.
    fn black_root() -> Root {
        let mut board = Board::startpos();
        board.make_move_unchecked(read_move(&board, "e2e4", CastlingMode::Standard).unwrap());
        Root { board, castling: CastlingMode::Standard }
    }

    #[test]
    fn black_to_move_scores_read_from_whites_side() {
        // "score cp 29" with Black to move: Black is better.
        let line = line_of(black_root().read_uci(info(4, ScoreInfo::Cp(29), "e7e5")).0);
        assert_eq!(
            (line.score.turn, line.score.relative(), line.score.white()),
            (Color::Black, Score::cp(29), Score::cp(-29))
        );
        assert_eq!((line.score.pov(Color::Black).centipawns(), line.score.to_string()), (Some(29), "-0.29".into()));
        // "score mate 3": Black mates in 3, White is mated in 3.
        let line = line_of(black_root().read_uci(info(6, ScoreInfo::Mate(3), "e7e5")).0);
        assert_eq!((line.score.white().mate_moves(), line.score.black().mate_moves()), (Some(-3), Some(3)));
        assert_eq!(line.score.to_string(), "#-3");
        // "score mate -2": Black is mated in 2.
        let line = line_of(black_root().read_uci(info(6, ScoreInfo::Mate(-2), "e7e5")).0);
        assert_eq!((line.score.white().mate_moves(), line.score.to_string()), (Some(2), "#+2".into()));
        // CECP thinking output is from the side to move too.
        let thinking = Thinking { ply: 7, score: 100_003, centis: 10, nodes: 9, pv: "e5".into() };
        let line = black_root().read_thinking(&thinking);
        assert_eq!((line.score.to_string(), line.pv.len()), ("#-3".into(), 1));
        let thinking = Thinking { ply: 7, score: -41, centis: 10, nodes: 9, pv: "e5".into() };
        assert_eq!(black_root().read_thinking(&thinking).score.white(), Score::cp(41));
    }

    #[test]
    fn lines_keep_the_latest_of_each_index() {
        let mut lines = Lines::default();
        let root = root();
        for (multipv, depth, cp, pv) in [(1, 5, 20, "e2e4"), (3, 5, 10, "d2d4"), (1, 6, 25, "e2e4 e7e5")] {
            let report = UciInfo { multipv: Some(multipv), nodes: Some(900), ..info(depth, ScoreInfo::Cp(cp), pv) };
            lines.add(line_of(root.read_uci(report).0));
        }
        let main = lines.main().unwrap();
        assert_eq!((main.depth, main.score.relative(), main.nodes, main.pv.len()), (6, Score::cp(25), 900, 2));
        let all = lines.into_vec();
        assert_eq!(all.len(), 2, "line 2 never came");
        assert_eq!(all[1].score, PovScore::new(Score::cp(10), Color::White));
    }
}
