//! ox88-client driving the built engine examples as processes: both
//! protocols, a Chess960 game, and the process reaped after a timeout or
//! when the program is not an engine at all.

mod common;

use ox88::client::{EngineCommand, EngineError, Limits, Position, Timeouts, Waiting};
use ox88::movegen::MoveGen;
use std::time::Duration;

fn depth(d: u32) -> Limits {
    Limits { depth: Some(d), ..Limits::default() }
}

/// Whether a process with this id still exists (and is not a zombie).
#[cfg(target_os = "linux")]
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| !stat.contains(") Z "))
}

#[test]
fn ox88_over_uci_plays_and_analyses() {
    let mut engine = EngineCommand::uci(common::example("uci")).spawn().expect("ox88 starts");
    assert!(engine.name().starts_with("ox88"), "{}", engine.name());
    engine.set_option("Hash", 8).unwrap();
    let mut position = Position::startpos();
    for _ in 0..6 {
        let result = engine.search(&position, &depth(3)).unwrap();
        assert_eq!(result.search.line.map(|l| l.depth), Some(3));
        position.play(result.search.best.unwrap()).unwrap();
    }
    let lines = engine.analyse(&position, &depth(4), 3).unwrap();
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().all(|l| l.depth == 4 && !l.pv.is_empty()));
    assert!(lines[0].pv[0] != lines[1].pv[0] && lines[1].pv[0] != lines[2].pv[0]);
    let status = engine.quit().expect("the client started the process");
    assert!(status.success(), "{status}");
}

#[test]
fn ox88_over_cecp_plays_chess960() {
    let mut engine = EngineCommand::xboard(common::example("xboard")).spawn().expect("ox88 starts");
    let mut position = Position::chess960(700).unwrap();
    for _ in 0..10 {
        let result = engine.search(&position, &depth(2)).unwrap();
        let best = result.search.best.unwrap();
        assert!(position.board().is_legal(best));
        position.play(best).unwrap();
    }
    let lines = engine.analyse(&position, &depth(3), 1).unwrap();
    assert!(lines[0].depth >= 3, "{lines:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_hung_search_is_killed_and_reaped() {
    let timeouts = Timeouts { unbounded_search: Duration::from_millis(300), ..Timeouts::default() };
    let mut engine = EngineCommand::uci(common::example("uci")).timeouts(timeouts).spawn().unwrap();
    let pid = engine.process_id().expect("a process");
    assert!(alive(pid));
    // An infinite search never ends by itself: `play` gives up and kills.
    let err = engine.search(&Position::startpos(), &Limits { infinite: true, ..Limits::default() }).unwrap_err();
    assert!(matches!(err, EngineError::Timeout { waiting: Waiting::Move, .. }), "{err}");
    assert!(!alive(pid), "the process is gone");
}

#[test]
fn a_program_that_is_no_engine_exits_during_the_handshake() {
    let err = EngineCommand::uci(common::example("perft")).args(["--depth", "1"]).spawn().unwrap_err();
    match err {
        EngineError::Exited { waiting: Waiting::Handshake, status, .. } => {
            assert!(status.is_some_and(|s| s.success()), "{status:?}");
        }
        other => panic!("{other}"),
    }
}
