//! The move played heads the last main line shown (issue 20): when an
//! engine's last reported line starts with another move than the one it
//! returns, both drivers show the returned move's line first.

mod common;

use common::Session;
use ox88_board::{Color, Move, PovScore, Score};
use ox88_movegen::{MoveGen, Position};
use ox88_protocol::uci::UciDriver;
use ox88_protocol::xboard::XbDriver;
use ox88_protocol::{Bound, Engine, Limits, LineReport, Report, SearchResult, StopHandle};
use std::time::Duration;

/// An engine that shows `shown` lines (by index into the legal moves, with
/// their MultiPV number) and then returns the move `played`, with its line
/// or without.
struct Scripted {
    shown: Vec<(usize, u32)>,
    played: usize,
    with_line: bool,
    stop: StopHandle,
}

fn line(m: Move, multipv: u32, score: i32, bound: Bound) -> LineReport {
    let score = PovScore::new(Score::cp(score), Color::White);
    LineReport { depth: 7, multipv, score, bound, nodes: 5000, pv: vec![m], ..LineReport::default() }
}

impl Engine for Scripted {
    fn name(&self) -> String {
        "Scripted".into()
    }
    fn author(&self) -> String {
        "Tests".into()
    }
    fn new_game(&mut self) {}
    fn search(&mut self, game: &Position, _: &Limits, reporter: &mut dyn FnMut(&Report)) -> SearchResult {
        let moves = game.board().legal_moves();
        for &(index, multipv) in &self.shown {
            reporter(&Report::Line(line(moves[index], multipv, 40, Bound::Lower)));
        }
        let best = moves[self.played];
        let line = self.with_line.then(|| line(best, 1, -25, Bound::Upper));
        SearchResult { best: Some(best), ponder: None, line }
    }
    fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }
}

fn scripted(shown: &[(usize, u32)], played: usize, with_line: bool) -> Scripted {
    Scripted { shown: shown.to_vec(), played, with_line, stop: StopHandle::new() }
}

/// The UCI move text of legal move `index` at the start.
fn uci_move(index: usize) -> String {
    ox88_board::Board::startpos().legal_moves()[index].to_string()
}

/// The `info` lines and the `bestmove` line of one UCI search by `engine`.
fn uci_search(engine: Scripted) -> Vec<String> {
    let mut s = Session::start(move |input, output| UciDriver::new(engine, output).run(input));
    s.send("position startpos");
    s.send("go depth 7");
    let lines = s.until("bestmove");
    s.close();
    lines
}

#[test]
fn uci_shows_the_played_moves_line_when_the_last_line_had_another_move() {
    let lines = uci_search(scripted(&[(0, 1), (3, 1)], 5, true));
    let (a, b) = (uci_move(3), uci_move(5));
    assert!(lines[1].ends_with(&format!("lowerbound nodes 5000 nps 5000000 time 0 pv {a}")), "{lines:?}");
    // The played move's line, with its own score and bound, then the move.
    assert_eq!(
        lines[2],
        format!("info depth 7 multipv 1 score cp -25 upperbound nodes 5000 nps 5000000 time 0 pv {b}")
    );
    assert_eq!(lines[3], format!("bestmove {b}"));
    assert_eq!(lines.len(), 4);
}

#[test]
fn uci_adds_nothing_when_the_last_main_line_already_heads_with_the_move() {
    // MultiPV: the last line shown is line 2, but the last main line is the move's.
    let lines = uci_search(scripted(&[(0, 1), (5, 1), (2, 2)], 5, true));
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[3], format!("bestmove {}", uci_move(5)));
}

#[test]
fn uci_shows_the_bare_move_for_an_engine_without_a_line() {
    let lines = uci_search(scripted(&[(0, 1)], 5, false));
    let b = uci_move(5);
    assert_eq!(lines[lines.len() - 2..], [format!("info pv {b}"), format!("bestmove {b}")]);
    // Nothing shown, nothing to contradict: no extra line without one to show.
    let lines = uci_search(scripted(&[], 5, false));
    assert_eq!(lines, [format!("bestmove {b}")]);
}

/// The lines of one CECP search by `engine` up to its move, with `post`
/// on or off.
fn cecp_search(engine: Scripted, post: bool) -> Vec<String> {
    let mut s = Session::start(move |input, output| XbDriver::new(engine, output).run(input));
    for line in ["xboard", "protover 2"] {
        s.send(line);
    }
    s.until("feature done=1");
    s.send(if post { "post" } else { "nopost" });
    s.send("new");
    s.send("go");
    let lines = s.until("move ");
    s.close();
    lines
}

#[test]
fn cecp_shows_the_played_moves_line_when_thinking_output_is_on() {
    let board = ox88_board::Board::startpos();
    let san = |index: usize| ox88_movegen::Notation::san(&board, board.legal_moves()[index]).to_string();
    let lines = cecp_search(scripted(&[(0, 1), (3, 1)], 5, true), true);
    let n = lines.len();
    assert_eq!(lines[n - 3], format!("7 40 0 5000 {}", san(3)), "{lines:?}");
    assert_eq!(lines[n - 2], format!("7 -25 0 5000 {}", san(5)));
    assert_eq!(lines[n - 1], format!("move {}", uci_move(5)));
    // With thinking output off, nothing is shown, so nothing is added.
    let lines = cecp_search(scripted(&[(0, 1), (3, 1)], 5, true), false);
    assert_eq!(lines, [format!("move {}", uci_move(5))]);
}

#[test]
fn uci_checks_every_search_of_a_game() {
    // A whole game's worth of searches through one driver: each bestmove
    // heads the last main line before it.
    let engine = scripted(&[(1, 1), (0, 2)], 0, true);
    let mut s = Session::start(move |input, output| UciDriver::new(engine, output).run(input));
    let mut game = Position::startpos();
    for _ in 0..20 {
        let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
        s.send(&format!("position startpos moves {}", moves.join(" ")));
        s.send("go movetime 5");
        let lines = s.until("bestmove");
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_owned();
        let last_main = lines.iter().rev().find(|l| l.contains(" pv ") && l.contains("multipv 1 ")).unwrap();
        assert!(last_main.ends_with(&format!(" pv {best}")), "{lines:?}");
        let m = game.board().legal_moves().into_iter().find(|m| m.to_string() == best).unwrap();
        game.play(m).unwrap();
        if game.outcome().is_some() {
            break;
        }
    }
    s.send("quit");
    let _ = s.drain(Duration::from_millis(50));
}
