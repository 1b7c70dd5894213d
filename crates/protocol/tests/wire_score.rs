//! Scores on the wire: an engine's [`PovScore`] is written from the side to
//! move at the root, as UCI `info score` and CECP thinking output have it,
//! whichever side the engine's report is seen from.

mod common;

use common::Session;
use ox88_board::{Color, PovScore, Score};
use ox88_movegen::{MoveGen, Position};
use ox88_protocol::uci::UciDriver;
use ox88_protocol::xboard::XbDriver;
use ox88_protocol::{Engine, Limits, LineReport, Report, SearchResult, StopHandle};

/// An engine that reports one line with `score` and plays its first legal
/// move.
struct Reporting {
    score: PovScore,
    stop: StopHandle,
}

impl Engine for Reporting {
    fn name(&self) -> String {
        "Reporting".into()
    }
    fn author(&self) -> String {
        "Tests".into()
    }
    fn new_game(&mut self) {}
    fn search(&mut self, game: &Position, _: &Limits, reporter: &mut dyn FnMut(&Report)) -> SearchResult {
        let best = game.board().legal_moves()[0];
        let line = LineReport { depth: 3, score: self.score, nodes: 10, pv: vec![best], ..LineReport::default() };
        reporter(&Report::Line(line.clone()));
        SearchResult { best: Some(best), ponder: None, line: Some(line) }
    }
    fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }
}

fn engine(score: Score, turn: Color) -> Reporting {
    Reporting { score: PovScore::new(score, turn), stop: StopHandle::new() }
}

/// The `score ...` words of the first `info` line of a UCI search with
/// Black to move.
fn uci_score(engine: Reporting) -> String {
    let mut s = Session::start(move |input, output| UciDriver::new(engine, output).run(input));
    s.send("position startpos moves e2e4");
    s.send("go depth 3");
    let info = s.expect("info depth 3");
    s.until("bestmove");
    s.close();
    let words: Vec<&str> = info.split(' ').collect();
    let at = words.iter().position(|&w| w == "score").expect("a score");
    words[at..at + 3].join(" ")
}

/// The score field of the CECP thinking line of a search with Black to
/// move.
fn cecp_score(engine: Reporting) -> String {
    let mut s = Session::start(move |input, output| XbDriver::new(engine, output).run(input));
    for line in ["xboard", "protover 2"] {
        s.send(line);
    }
    s.until("feature done=1");
    for line in ["post", "new", "usermove e2e4"] {
        s.send(line);
    }
    let thinking = s.expect("3 ");
    s.until("move ");
    s.close();
    thinking.split(' ').nth(1).expect("a score field").to_owned()
}

#[test]
fn a_black_to_move_score_is_written_for_black_whichever_side_reports_it() {
    // Black is better by 0.35: from Black's side +35, from White's -35.
    assert_eq!(uci_score(engine(Score::cp(35), Color::Black)), "score cp 35");
    assert_eq!(uci_score(engine(Score::cp(-35), Color::White)), "score cp 35");
    assert_eq!(cecp_score(engine(Score::cp(35), Color::Black)), "35");
    assert_eq!(cecp_score(engine(Score::cp(-35), Color::White)), "35");
}

#[test]
fn a_black_to_move_mate_is_written_for_black() {
    // Black mates in 2 moves (3 plies); White is mated.
    assert_eq!(uci_score(engine(Score::mate_in(3), Color::Black)), "score mate 2");
    assert_eq!(uci_score(engine(Score::mated_in(3), Color::White)), "score mate 2");
    assert_eq!(cecp_score(engine(Score::mate_in(3), Color::Black)), "100002");
    // Black is mated in 1 (2 plies).
    assert_eq!(uci_score(engine(Score::mated_in(2), Color::Black)), "score mate -1");
    assert_eq!(cecp_score(engine(Score::mated_in(2), Color::Black)), "-100001");
}
