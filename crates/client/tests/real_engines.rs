//! The client against real engines: Stockfish, Glaurung, Toga II and GNU
//! Chess over UCI; Fairy-Max, Phalanx, GNU Chess and PolyGlot (wrapping
//! Stockfish) over CECP; and the ox88 engine in both protocols.
//!
//! These need the Debian engines in /usr/games, so they are built only with
//! the crate's `real-engines` feature (see its manifest): `.ci/engine-clients`
//! installs the engines, builds ox88's `uci` and `xboard` examples, sets
//! `OX88_UCI` and `OX88_XBOARD` to them and runs
//! `cargo test -p ox88-client --features real-engines --test real_engines`.

use ox88_board::{Board, ByColor};
use ox88_client::{EngineCommand, ExternalEngine, Limits, Position, Protocol, Report, TimeLeft, Timeouts};
use ox88_movegen::MoveGen;
use std::time::Duration;

/// An engine to try.
struct Spec {
    name: &'static str,
    program: String,
    args: Vec<&'static str>,
    protocol: Protocol,
    /// Options to set first (one thread, small hash, no book learning).
    options: Vec<(&'static str, &'static str)>,
    chess960: bool,
    multipv: bool,
}

fn spec(name: &'static str, program: &str, args: &[&'static str], protocol: Protocol) -> Spec {
    Spec {
        name,
        program: program.to_owned(),
        args: args.to_vec(),
        protocol,
        options: Vec::new(),
        chess960: false,
        multipv: false,
    }
}

fn engines() -> Vec<Spec> {
    let mut list = vec![
        Spec {
            options: vec![("Threads", "1"), ("Hash", "16")],
            chess960: true,
            multipv: true,
            ..spec("Stockfish", "/usr/games/stockfish", &[], Protocol::Uci)
        },
        Spec {
            options: vec![("Threads", "1"), ("Hash", "16"), ("OwnBook", "false")],
            chess960: true,
            multipv: true,
            ..spec("Glaurung", "/usr/games/glaurung", &[], Protocol::Uci)
        },
        Spec {
            options: vec![("Hash", "16"), ("OwnBook", "false")],
            multipv: true,
            ..spec("Toga II", "/usr/games/toga2", &[], Protocol::Uci)
        },
        Spec { options: vec![("Hash", "16")], ..spec("GNU Chess", "/usr/games/gnuchess", &["--uci"], Protocol::Uci) },
        spec("GNU Chess", "/usr/games/gnuchess", &["--xboard"], Protocol::Xboard),
        spec("Fairy-Max", "/usr/games/fairymax", &[], Protocol::Xboard),
        Spec {
            options: vec![("Hash", "16")],
            ..spec("Phalanx", "/usr/games/phalanx", &["-b-", "-l-"], Protocol::Xboard)
        },
        Spec {
            options: vec![("Threads", "1"), ("Hash", "16")],
            ..spec("PolyGlot", "/usr/games/polyglot", &["-noini", "-ec", "/usr/games/stockfish"], Protocol::Xboard)
        },
    ];
    for (variable, protocol) in [("OX88_UCI", Protocol::Uci), ("OX88_XBOARD", Protocol::Xboard)] {
        if let Ok(program) = std::env::var(variable) {
            list.push(Spec {
                options: vec![("Hash", "16")],
                chess960: true,
                multipv: protocol == Protocol::Uci,
                program,
                ..spec("ox88", "", &[], protocol)
            });
        }
    }
    list
}

fn start(spec: &Spec) -> ExternalEngine {
    let timeouts = Timeouts { unbounded_search: Duration::from_secs(60), ..Timeouts::default() };
    let command = EngineCommand::new(&spec.program, spec.protocol)
        .args(&spec.args)
        .current_dir(std::env::temp_dir())
        .timeouts(timeouts);
    let spawn = || command.clone().spawn().unwrap_or_else(|e| panic!("{} ({}): {e}", spec.name, spec.protocol));
    let mut engine = spawn();
    // GNU Chess 6.2.7's CECP front end often acts on a line only once it has read more input: the client nudges it
    // through the handshake (see ox88-client's `features.rs`), but a start can still go unanswered: no features (so no
    // name), no pong. That is the engine's fault, not the client's (the client reports it as a timeout); the tests
    // start it again, a few times.
    for attempt in 1.. {
        let answered = !engine.name().is_empty() && engine.ping().is_ok();
        if spec.name != "GNU Chess" || spec.protocol != Protocol::Xboard || answered {
            break;
        }
        assert!(attempt < 5, "{}: no answer to the handshake in {attempt} starts", label(spec));
        engine.quit();
        engine = spawn();
    }
    for (name, value) in &spec.options {
        engine.set_option(name, value).unwrap_or_else(|e| panic!("{}: {e}", spec.name));
    }
    engine
}

fn label(spec: &Spec) -> String {
    format!("{} ({})", spec.name, spec.protocol)
}

fn clock(remaining: u64) -> Limits {
    let ms = Duration::from_millis;
    let clock = TimeLeft {
        remaining: ByColor::new(ms(remaining), ms(remaining)),
        increment: ByColor::new(ms(50), ms(50)),
        moves_to_go: None,
    };
    Limits { clock: Some(clock), ..Limits::default() }
}

#[test]
fn every_engine_plays_a_game_on_the_clock() {
    for spec in engines() {
        let mut engine = start(&spec);
        assert!(!engine.name().is_empty() || spec.name == "Phalanx", "{}: no name", label(&spec));
        engine.new_game().unwrap();
        let mut position = Position::startpos();
        for ply in 0..16 {
            let result =
                engine.search(&position, &clock(3000 - 100 * ply)).unwrap_or_else(|e| panic!("{}: {e}", label(&spec)));
            let best = result.search.best.unwrap_or_else(|| panic!("{}: no move: {result:?}", label(&spec)));
            assert!(result.elapsed < Duration::from_secs(3), "{}: {:?}", label(&spec), result.elapsed);
            position.play(best).unwrap();
        }
        assert!(engine.take_warnings().is_empty() || spec.name != "Stockfish");
        println!("{}: {} plies, {} options", label(&spec), position.moves().len(), engine.options().len());
    }
}

#[test]
fn every_engine_analyses_and_stops() {
    let mut position = Position::startpos();
    for m in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        position.play_uci(m).unwrap();
    }
    for spec in engines() {
        let mut engine = start(&spec);
        let lines = engine
            .analyse(&position, &Limits { depth: Some(5), ..Limits::default() }, 1)
            .unwrap_or_else(|e| panic!("{}: {e}", label(&spec)));
        let main = &lines[0];
        assert!(main.depth >= 5, "{}: {main:?}", label(&spec));
        assert!(!main.pv.is_empty() && position.board().is_legal(main.pv[0]), "{}: {main:?}", label(&spec));
        if spec.multipv {
            let lines = engine.analyse(&position, &Limits { depth: Some(6), ..Limits::default() }, 3).unwrap();
            assert_eq!(lines.len(), 3, "{}", label(&spec));
        }
        // An infinite analysis, stopped after its first reports.
        let mut analysis = engine.analysis(&position, &Limits { infinite: true, ..Limits::default() }, 1).unwrap();
        let first = analysis.next().unwrap_or_else(|| panic!("{}: no report", label(&spec))).unwrap();
        assert!(first.line().is_some() || matches!(first, Report::Text(_)), "{}: {first:?}", label(&spec));
        std::thread::sleep(Duration::from_millis(200));
        let result = analysis.stop().unwrap_or_else(|e| panic!("{}: {e}", label(&spec)));
        assert!(result.search.best.is_some_and(|m| position.board().is_legal(m)), "{}: {result:?}", label(&spec));
        // The engine is in step afterwards.
        engine.ping().unwrap_or_else(|e| panic!("{}: {e}", label(&spec)));
        let reply =
            engine.search(&position, &Limits { movetime: Some(Duration::from_millis(100)), ..Limits::default() });
        assert!(reply.unwrap().search.best.is_some(), "{}", label(&spec));
    }
}

#[test]
fn pondering_with_hits_and_misses() {
    for spec in engines().into_iter().filter(|s| ["Stockfish", "GNU Chess", "Phalanx", "ox88"].contains(&s.name)) {
        let mut engine = start(&spec);
        engine.set_ponder(true).unwrap();
        let mut position = Position::startpos();
        let (mut hits, mut misses) = (0, 0);
        for round in 0..6 {
            let result = engine.search(&position, &clock(5000)).unwrap_or_else(|e| panic!("{}: {e}", label(&spec)));
            match result.ponder_hit {
                Some(true) => hits += 1,
                Some(false) => misses += 1,
                None => {}
            }
            position.play(result.search.best.unwrap()).unwrap();
            // Play the expected reply half of the time (any move when it is the only one); stop if the game is over.
            let moves = position.board().legal_moves();
            let other = moves.iter().copied().find(|&m| Some(m) != result.search.ponder);
            let reply = match (result.search.ponder, round % 2) {
                (Some(expected), 0) => Some(expected),
                _ => other.or(result.search.ponder),
            };
            let Some(reply) = reply.filter(|m| moves.contains(m)) else { break };
            position.play(reply).unwrap();
        }
        if spec.protocol == Protocol::Uci {
            assert!(hits > 0 && misses > 0, "{}: {hits} hits, {misses} misses", label(&spec));
        }
        engine.set_ponder(false).unwrap();
        engine.ping().unwrap();
    }
}

#[test]
fn chess960_games_castle_in_each_protocols_spelling() {
    for spec in engines().into_iter().filter(|s| s.chess960) {
        let mut engine = start(&spec);
        // Castling is ready on both sides: king b1/b8, rooks a1/a8 and h1/h8.
        let start_board: Board = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1".parse().unwrap();
        let mut position = Position::new(start_board);
        assert!(position.is_chess960());
        for _ in 0..12 {
            let result = engine.search(&position, &Limits { depth: Some(4), ..Limits::default() }).unwrap();
            let best = result.search.best.unwrap_or_else(|| panic!("{}: no move", label(&spec)));
            position.play(best).unwrap();
        }
        // And a move the engine is made to search: castling itself.
        let castle = position.board().legal_moves().into_iter().find(|m| m.is_castle());
        if let (Some(castle), Protocol::Uci) = (castle, spec.protocol) {
            let limits = Limits { searchmoves: vec![castle], depth: Some(3), ..Limits::default() };
            assert_eq!(engine.search(&position, &limits).unwrap().search.best, Some(castle), "{}", label(&spec));
        }
    }
}
