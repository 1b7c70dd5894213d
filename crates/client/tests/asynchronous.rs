//! The async client: on a single-threaded tokio runtime, a long engine call
//! leaves the runtime free; answers, errors and timeouts are the blocking
//! client's; a call that panics ends the engine with `Dead`, not a hang.

mod common;

use common::{line, quick, uci_fake};
use ox88_client::testing::in_process;
use ox88_client::{AsyncEngine, EngineError, Limits, Position, Protocol, Timeouts, Waiting};
use ox88_protocol::testing::FirstLegal;
use std::time::{Duration, Instant};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_time().build().expect("a runtime")
}

fn first_legal(protocol: Protocol) -> AsyncEngine {
    AsyncEngine::new(in_process(FirstLegal::default(), protocol, Timeouts::default()).expect("an engine"))
}

#[test]
fn a_slow_engine_leaves_the_runtime_thread_free() {
    // One runtime thread: had the engine's call blocked it, the ticker could
    // only tick after the call was over.
    let engine = first_legal(Protocol::Uci);
    let (ticked, answered) = runtime().block_on(async {
        let slow = engine.call(|_| {
            std::thread::sleep(Duration::from_millis(300));
            Instant::now()
        });
        let ticker = tokio::spawn(async {
            for _ in 0..5 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            Instant::now()
        });
        (ticker.await.expect("the ticker ran"), slow.await.expect("the call answered"))
    });
    assert!(ticked < answered, "the ticker finished {:?} after the engine", ticked - answered);
}

#[test]
fn plays_and_analyses_in_both_protocols() {
    for protocol in [Protocol::Uci, Protocol::Xboard] {
        let engine = first_legal(protocol);
        runtime().block_on(async {
            let mut game = Position::startpos();
            game.play_san("e4").expect("legal");
            engine.new_game().await.expect("new game");
            let result = engine.search(&game, &Limits::depth(1)).await.expect("a move");
            let best = result.search.best.expect("a legal position has a move");
            assert!(game.is_legal(best), "{protocol}");
            assert!(engine.ping().await.expect("an answer") < Duration::from_secs(5));
            if protocol == Protocol::Uci {
                let lines = engine.analyse(&game, &Limits::depth(1), 1).await.expect("lines");
                assert!(lines.first().is_some_and(|l| game.is_legal(l.pv[0])), "{lines:?}");
                let result = engine.analysis(&game, &Limits::depth(1), 1).await.expect("an analysis");
                assert!(result.search.best.is_some_and(|m| game.is_legal(m)));
            }
            assert!(!engine.name().is_empty() && engine.protocol() == protocol);
            engine.quit().await;
        });
    }
}

#[test]
fn errors_are_the_blocking_clients() {
    let engine = first_legal(Protocol::Uci);
    runtime().block_on(async {
        let err = engine.analyse(&Position::startpos(), &Limits::infinite(), 1).await.unwrap_err();
        assert!(matches!(err, EngineError::NoLimit), "{err}");
        let err = engine.set_option("No Such Option", 1).await.unwrap_err();
        assert!(matches!(err, EngineError::UnknownOption { .. }), "{err}");
        // The engine is still usable after errors that leave it so.
        assert!(engine.search(&Position::startpos(), &Limits::depth(1)).await.is_ok());
    });
}

#[test]
fn a_silent_engine_times_out_as_in_the_blocking_client() {
    let (engine, _) = uci_fake(quick(), |_| Vec::new());
    let engine = AsyncEngine::new(engine.expect("the handshake"));
    let started = Instant::now();
    let movetime = Limits { movetime: Some(Duration::from_millis(100)), ..Limits::default() };
    let err = runtime().block_on(engine.search(&Position::startpos(), &movetime)).unwrap_err();
    assert!(matches!(err, EngineError::Timeout { waiting: Waiting::Move, .. }), "{err}");
    assert!(started.elapsed() < Duration::from_secs(3));
    let again = runtime().block_on(engine.search(&Position::startpos(), &movetime)).unwrap_err();
    assert!(matches!(again, EngineError::Dead(_)), "{again}");
}

#[test]
fn a_call_that_panics_ends_the_engine_without_a_hang() {
    let (engine, _) = uci_fake(quick(), |_| vec![line("bestmove e2e4")]);
    let engine = AsyncEngine::new(engine.expect("the handshake"));
    let rt = runtime();
    let err = rt.block_on(engine.call(|_| -> u32 { panic!("a bug in the caller's closure") })).unwrap_err();
    assert!(matches!(err, EngineError::Dead(_)), "{err}");
    let err = rt.block_on(engine.search(&Position::startpos(), &Limits::depth(1))).unwrap_err();
    assert!(matches!(err, EngineError::Dead(_)), "{err}");
}

#[test]
fn calls_run_in_order_and_the_minimal_executor_drives_them() {
    let engine = first_legal(Protocol::Uci);
    let first = engine.call(|_| Instant::now());
    let second = engine.call(|_| Instant::now());
    let (a, b) = ox88_client::testing::block_on(async { (first.await, second.await) });
    assert!(a.expect("answered") <= b.expect("answered"));
}
