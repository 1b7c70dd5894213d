//! Engines that misbehave: garbage, silence, early exits, illegal moves,
//! broken lines. Each gives a typed error in bounded time, and an engine
//! shut down by one answers every later call with `Dead`.

mod common;

use common::{fake, line, quick, uci_fake, xboard_fake, Reply};
use ox88_client::{EngineError, Limits, Position, Protocol, Waiting};
use std::time::{Duration, Instant};

fn movetime(ms: u64) -> Limits {
    Limits { movetime: Some(Duration::from_millis(ms)), ..Limits::default() }
}

fn garbage() -> Reply {
    Reply::Bytes(b"\xff\xfe\x00garbage \x1b[31m\r\n}}}{{{ uciok? no\n".to_vec())
}

#[test]
fn garbage_instead_of_a_handshake_times_out() {
    let started = Instant::now();
    let (engine, _) = fake(Protocol::Uci, quick(), |_| vec![garbage(), garbage()]);
    let err = engine.unwrap_err();
    assert!(matches!(err, EngineError::Timeout { waiting: Waiting::Handshake, .. }), "{err}");
    assert!(started.elapsed() < Duration::from_secs(3));
}

#[test]
fn an_engine_that_exits_at_once_is_an_error() {
    for protocol in [Protocol::Uci, Protocol::Xboard] {
        let (engine, _) = fake(protocol, quick(), |_| vec![line("Segmentation fault"), Reply::Exit]);
        let err = engine.unwrap_err();
        assert!(matches!(err, EngineError::Exited { waiting: Waiting::Handshake, .. }), "{protocol}: {err}");
    }
}

#[test]
fn silence_during_a_search_times_out_and_kills() {
    let (engine, _) = uci_fake(quick(), |_| Vec::new());
    let mut engine = engine.unwrap();
    let started = Instant::now();
    let err = engine.search(&Position::startpos(), &movetime(100)).unwrap_err();
    assert!(matches!(err, EngineError::Timeout { waiting: Waiting::Move, .. }), "{err}");
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(400) && waited < Duration::from_secs(2), "{waited:?}");
    assert!(engine.is_dead());
    assert!(matches!(engine.search(&Position::startpos(), &movetime(100)), Err(EngineError::Dead(_))));
    assert!(matches!(engine.set_option("Hash", 1), Err(EngineError::Dead(_))));
}

#[test]
fn a_crash_during_a_search_is_reported() {
    let (engine, _) =
        uci_fake(quick(), |l| if l.starts_with("go") { vec![line("info depth 1"), Reply::Exit] } else { Vec::new() });
    let mut engine = engine.unwrap();
    let err = engine.search(&Position::startpos(), &movetime(1000)).unwrap_err();
    assert!(matches!(err, EngineError::Exited { waiting: Waiting::Move, .. }), "{err}");
    assert!(engine.is_dead());
}

#[test]
fn an_illegal_move_is_an_error_that_leaves_the_engine_usable() {
    let mut calls = 0;
    let (engine, _) = uci_fake(quick(), move |l| {
        if !l.starts_with("go") {
            return Vec::new();
        }
        calls += 1;
        vec![line(if calls == 1 { "bestmove e2e5" } else { "bestmove e2e4 ponder e7e7" })]
    });
    let mut engine = engine.unwrap();
    let err = engine.search(&Position::startpos(), &movetime(100)).unwrap_err();
    assert!(matches!(err, EngineError::IllegalMove { ref text, .. } if text == "e2e5"), "{err}");
    assert!(!engine.is_dead());
    let result = engine.search(&Position::startpos(), &movetime(100)).unwrap();
    assert_eq!(result.search.best.map(|m| m.to_string()), Some("e2e4".into()));
    assert_eq!(result.search.ponder, None, "an illegal ponder move is dropped");
    assert!(engine.take_warnings().iter().any(|w| w.contains("ponder")));
}

#[test]
fn a_malformed_best_move_is_a_protocol_error() {
    let (engine, _) = uci_fake(quick(), |l| if l.starts_with("go") { vec![line("bestmove zz99")] } else { Vec::new() });
    let mut engine = engine.unwrap();
    let err = engine.search(&Position::startpos(), &movetime(100)).unwrap_err();
    assert!(matches!(err, EngineError::Protocol { ref line, .. } if line == "bestmove zz99"), "{err}");
    assert!(engine.is_dead());
}

#[test]
fn garbage_around_the_answer_is_ignored() {
    let long = Reply::Bytes([vec![b'x'; 200_000], b"\n".to_vec()].concat());
    let (engine, _) = uci_fake(quick(), move |l| {
        if !l.starts_with("go") {
            return Vec::new();
        }
        vec![
            garbage(),
            long.clone(),
            line("info depth x score"),
            line("info depth 2 score cp 5 pv e2e4 e2e4"),
            line("bestmove e2e4"),
        ]
    });
    let mut engine = engine.unwrap();
    let result = engine.search(&Position::startpos(), &movetime(100)).unwrap();
    assert_eq!(result.search.best.map(|m| m.to_string()), Some("e2e4".into()));
    let line = result.search.line.expect("a line");
    assert_eq!((line.depth, line.pv.len()), (2, 1));
    let warnings = engine.take_warnings();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
}

#[test]
fn no_answer_to_isready_times_out() {
    let (engine, _) = fake(Protocol::Uci, quick(), |l| match l {
        "uci" => vec![line("id name Deaf"), line("uciok")],
        _ => Vec::new(),
    });
    let mut engine = engine.unwrap();
    let err = engine.ping().unwrap_err();
    assert!(matches!(err, EngineError::Timeout { waiting: Waiting::Ready, .. }), "{err}");
}

#[test]
fn a_stopped_analysis_that_never_ends_times_out() {
    let (engine, _) =
        uci_fake(
            quick(),
            |l| if l.starts_with("go") { vec![line("info depth 1 score cp 3 pv e2e4")] } else { Vec::new() },
        );
    let mut engine = engine.unwrap();
    let mut analysis =
        engine.analysis(&Position::startpos(), &Limits { infinite: true, ..Limits::default() }, 1).unwrap();
    assert!(analysis.next().unwrap().is_ok());
    let err = analysis.stop().unwrap_err();
    assert!(matches!(err, EngineError::Timeout { waiting: Waiting::Stop, .. }), "{err}");
}

#[test]
fn xboard_illegal_move_and_refused_commands() {
    let (engine, transcript) = xboard_fake("ping=1 setboard=1 usermove=1 myname=\"Bad\"", quick(), |l| match l {
        "go" => vec![line("move e2e5")],
        _ => Vec::new(),
    });
    let mut engine = engine.unwrap();
    assert_eq!(engine.name(), "Bad");
    let err = engine.search(&Position::startpos(), &movetime(100)).unwrap_err();
    assert!(matches!(err, EngineError::IllegalMove { .. }), "{err}");
    // The game is set up afresh next time.
    let _ = engine.search(&Position::startpos(), &movetime(100));
    assert_eq!(transcript.lines().iter().filter(|l| *l == "new").count(), 2);

    let (engine, _) = xboard_fake("ping=1 setboard=1 usermove=1", quick(), |l| {
        if l.starts_with("usermove") {
            vec![line(&format!("Error (unknown command): {l}"))]
        } else {
            Vec::new()
        }
    });
    let mut engine = engine.unwrap();
    let mut position = Position::startpos();
    position.play_uci("e2e4").unwrap();
    let err = engine.search(&position, &movetime(100)).unwrap_err();
    assert!(matches!(err, EngineError::Protocol { .. }), "{err}");
    assert!(engine.is_dead());
}

#[test]
fn xboard_resignation_and_claims() {
    let (engine, _) = xboard_fake("ping=1 setboard=1", quick(), |l| match l {
        "go" => vec![line("resign")],
        _ => Vec::new(),
    });
    let result = engine.unwrap().search(&Position::startpos(), &movetime(100)).unwrap();
    assert!(result.resigned && result.search.best.is_none());

    let (engine, _) = xboard_fake("ping=1 setboard=1", quick(), |l| match l {
        "go" => vec![line("move e2e4"), line("offer draw"), line("1/2-1/2 {Draw by repetition}")],
        _ => Vec::new(),
    });
    let result = engine.unwrap().search(&Position::startpos(), &movetime(100)).unwrap();
    assert_eq!(result.search.best.map(|m| m.to_string()), Some("e2e4".into()));
    assert!(result.draw_offered);
    assert_eq!(result.claim.map(|c| c.1), Some("Draw by repetition".into()));
}

#[test]
fn xboard_silence_times_out() {
    let (engine, _) = xboard_fake("ping=1 setboard=1", quick(), |_| Vec::new());
    let mut engine = engine.unwrap();
    let err = engine.search(&Position::startpos(), &movetime(100)).unwrap_err();
    assert!(matches!(err, EngineError::Timeout { waiting: Waiting::Move, .. }), "{err}");
}
