//! The client against CECP engines: ox88-protocol's driver with its
//! first-legal-move engine in process, and scripted fakes whose transcripts
//! show what the client sent.

mod common;

use common::{fake, line, quick, xboard_fake, Reply};
use ox88_board::{Board, ByColor};
use ox88_client::testing::in_process;
use ox88_client::{EngineError, Limits, OptionValue, Position, Protocol, Score, TimeLeft, Timeouts};
use ox88_movegen::MoveGen;
use ox88_protocol::testing::FirstLegal;
use std::time::Duration;

fn first_legal() -> ox88_client::ExternalEngine {
    in_process(FirstLegal::default(), Protocol::Xboard, Timeouts::default()).expect("the handshake succeeds")
}

fn clock(white_ms: u64, black_ms: u64, inc_ms: u64) -> Limits {
    let ms = Duration::from_millis;
    let clock = TimeLeft {
        remaining: ByColor::new(ms(white_ms), ms(black_ms)),
        increment: ByColor::new(ms(inc_ms), ms(inc_ms)),
        moves_to_go: None,
    };
    Limits { clock: Some(clock), ..Limits::default() }
}

#[test]
fn handshake_and_options() {
    let mut engine = first_legal();
    assert_eq!(engine.name(), "FirstLegal");
    for name in ["Hash", "Threads", "MultiPV", "Clear Hash"] {
        assert!(engine.option(name).is_some(), "{name} missing from {:?}", engine.options());
    }
    assert_eq!(engine.set_option("Hash", 32).unwrap(), OptionValue::Spin(32));
    assert_eq!(engine.set_option("Threads", 2).unwrap(), OptionValue::Spin(2));
    assert!(engine.set_option("Hash", "x").is_err());
    assert!(matches!(engine.set_option("Nope", 1), Err(EngineError::UnknownOption { .. })));
    engine.ping().unwrap();
}

#[test]
fn a_whole_game_against_itself() {
    let mut engine = first_legal();
    let mut position = Position::startpos();
    let limits = clock(5000, 5000, 50);
    for _ in 0..40 {
        let result = engine.search(&position, &limits).unwrap();
        let Some(best) = result.search.best else {
            // First legal moves soon repeat: the driver claims the draw.
            assert!(position.outcome_or_claimable_draw().is_some());
            assert_eq!(result.claim.map(|c| c.result), Some(ox88_client::GameResult::Draw));
            break;
        };
        assert!(position.board().is_legal(best));
        assert_eq!(result.search.line.map(|l| l.score.relative()), Some(Score::cp(0)));
        position.play(best).unwrap();
    }
    assert!(position.moves().len() >= 8, "{:?}", position.moves());
}

#[test]
fn time_controls_and_moves_on_the_wire() {
    let (engine, transcript) =
        xboard_fake("ping=1 setboard=1 usermove=1 time=1 done=0", Timeouts::default(), |l| match l {
            "go" => vec![line("1 12 0 20 e7e5"), line("move e7e5")],
            _ => Vec::new(),
        });
    let mut engine = engine.unwrap();
    let mut position = Position::startpos();
    position.play_uci("e2e4").unwrap();
    let result = engine.search(&position, &clock(60_000, 59_000, 1000)).unwrap();
    assert_eq!(result.search.best.map(|m| m.to_string()), Some("e7e5".into()));
    assert_eq!(result.search.line.as_ref().map(|l| l.score.relative()), Some(Score::cp(12)));
    // Black to move is better by 0.12: -0.12 from White's side.
    assert_eq!(result.search.score().map(|s| (s.white(), s.to_string())), Some((Score::cp(-12), "-0.12".into())));
    let sent = transcript.lines();
    let expected =
        ["new", "force", "post", "easy", "ping 1", "usermove e2e4", "level 0 0:59 1", "time 5900", "otim 6000", "go"];
    let at = sent.iter().position(|l| l == "new").unwrap();
    assert_eq!(sent[at..at + expected.len()], expected, "{sent:?}");
    assert!(sent[at + expected.len()].starts_with("ping"), "a ping after the move: {sent:?}");
    // The game goes on: only the new move, no second `level`.
    position.play_uci("e7e5").unwrap();
    position.play_uci("g1f3").unwrap();
    engine.search(&position, &clock(60_000, 58_000, 1000)).unwrap_err(); // e7e5 is not legal now
    let sent = transcript.lines();
    let tail: Vec<&str> = sent[sent.len() - 5..].iter().map(String::as_str).collect();
    assert_eq!(tail, ["force", "usermove g1f3", "time 5800", "otim 6000", "go"]);
    assert_eq!(sent.iter().filter(|l| l.starts_with("level")).count(), 1);
}

#[test]
fn engines_without_usermove_or_setboard() {
    // Fairy-Max: bare moves, and edit mode for positions.
    let (engine, transcript) = xboard_fake("ping=1 setboard=0", Timeouts::default(), |l| match l {
        "go" => vec![line("move e8d8")],
        _ => Vec::new(),
    });
    let mut engine = engine.unwrap();
    let start: Board = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1".parse().unwrap();
    let result = engine.search(&Position::new(start), &Limits { depth: Some(3), ..Limits::default() }).unwrap();
    assert_eq!(result.search.best.map(|m| m.to_string()), Some("e8d8".into()));
    let sent = transcript.lines();
    let at = sent.iter().position(|l| l == "a2a3").expect("black to move: a2a3 first");
    assert_eq!(sent[at + 1..at + 4], ["edit", "#", "Ke1"]);
    assert!(sent.contains(&"c".to_owned()) && sent.contains(&"Ke8".to_owned()) && sent.contains(&"sd 3".to_owned()));
    let unexpressible = Position::new("4k3/8/8/8/8/8/8/4K2R w - - 0 1".parse().unwrap());
    assert!(matches!(engine.search(&unexpressible, &Limits::default()), Err(EngineError::Unsupported(_))));
}

#[test]
fn a_version_one_engine_and_late_features() {
    // No features at all: after the wait, a ping nudges; nothing comes, and
    // the protocol's defaults apply.
    let (engine, transcript) = fake(Protocol::Xboard, quick(), |l| match l {
        "go" => vec![line("move e2e4")],
        _ => Vec::new(),
    });
    let mut engine = engine.unwrap();
    assert!(transcript.has("ping"));
    assert_eq!(
        engine.search(&Position::startpos(), &Limits::default()).unwrap().search.best.map(|m| m.to_string()),
        Some("e2e4".into())
    );
    // GNU Chess 6: features only after the next line it reads.
    let mut held = Vec::new();
    let (engine, _) = fake(Protocol::Xboard, quick(), move |l| {
        if l == "protover 2" {
            held =
                vec![line("feature done=0"), line("feature ping=1 setboard=1 myname=\"Late\""), line("feature done=1")];
            return Vec::new();
        }
        match l.split_whitespace().collect::<Vec<_>>()[..] {
            ["ping", n] => {
                let mut out = vec![line(&format!("pong {n}"))];
                out.append(&mut held);
                out
            }
            _ => Vec::new(),
        }
    });
    assert_eq!(engine.unwrap().name(), "Late");
}

#[test]
fn an_engine_that_acts_only_on_further_input_is_nudged_to_the_end_of_its_handshake() {
    // GNU Chess 6.2.7 as seen from Debian's package: it ignores the first
    // lines until it has read a few more, then writes `done=0` and its
    // features, and `done=1` only after yet another line.
    let timeouts = Timeouts { handshake: Duration::from_secs(5), ..quick() };
    let mut read = 0;
    let (engine, transcript) = fake(Protocol::Xboard, timeouts, move |l| {
        read += 1;
        let mut out = Vec::new();
        if let ["ping", n] = l.split_whitespace().collect::<Vec<_>>()[..] {
            out.push(line(&format!("pong {n}")));
        }
        match read {
            6 => out.extend([line("feature done=0"), line("feature ping=1 setboard=1 myname=\"Lagging\"")]),
            7 => out.push(line("feature done=1")),
            _ => {}
        }
        out
    });
    let mut engine = engine.unwrap();
    assert_eq!(engine.name(), "Lagging");
    // Five nudges wake it and end its handshake; a loaded machine may add one
    // or two while a reply is on its way.
    let nudges = transcript.lines().iter().filter(|l| l.starts_with("ping ")).count();
    assert!((5..=7).contains(&nudges), "{:?}", transcript.lines());
    engine.ping().unwrap();
}

#[test]
fn chess960_castling_as_o_o() {
    let (engine, transcript) =
        xboard_fake("ping=1 setboard=1 variants=\"normal,fischerandom\"", Timeouts::default(), |l| match l {
            "go" => vec![line("move O-O")],
            _ => Vec::new(),
        });
    let mut engine = engine.unwrap();
    let start: Board = "4k3/8/8/8/8/8/8/5K1R w H - 0 1".parse().unwrap();
    let result = engine.search(&Position::new(start), &Limits::default()).unwrap();
    assert!(result.search.best.unwrap().is_castle());
    assert!(transcript.has("variant fischerandom"));
    // Through ox88-protocol's driver, which writes castling as O-O too: CECP
    // restricts the moves searched only in analysis.
    let mut ox = first_legal();
    let mut position = Position::new("4k3/8/8/8/8/8/8/1R3K1R w HB - 0 1".parse().unwrap());
    let castles: Vec<_> = position.board().legal_moves().into_iter().filter(|m| m.is_castle()).collect();
    assert_eq!(castles.len(), 2);
    for castle in castles {
        let limits = Limits { searchmoves: vec![castle], depth: Some(1), ..Limits::default() };
        assert_eq!(ox.analysis(&position, &limits, 1).unwrap().wait().unwrap().search.best, Some(castle));
    }
    position.play(position.board().legal_moves().into_iter().find(|m| m.is_castle()).unwrap()).unwrap();
    let reply = ox.search(&position, &Limits::default()).unwrap();
    assert!(position.board().is_legal(reply.search.best.unwrap()));
}

#[test]
fn analysis_limits_are_enforced_by_the_client() {
    let (engine, transcript) = xboard_fake("ping=1 setboard=1", Timeouts::default(), |l| match l {
        "analyze" => vec![line("1 10 0 10 e2e4"), line("2 15 1 100 e2e4 e7e5"), line("3 20 2 1000 d2d4 d7d5")],
        _ => Vec::new(),
    });
    let mut engine = engine.unwrap();
    let lines = engine.analyse(&Position::startpos(), &Limits { depth: Some(2), ..Limits::default() }, 1).unwrap();
    assert_eq!(lines.len(), 1);
    assert!(lines[0].depth >= 2);
    assert!(transcript.has("exit"));
    let started = std::time::Instant::now();
    let (engine, _) = xboard_fake("ping=1 setboard=1", Timeouts::default(), |l| match l {
        "analyze" => vec![line("1 10 0 10 e2e4")],
        _ => Vec::new(),
    });
    let mut engine = engine.unwrap();
    let limits = Limits { movetime: Some(Duration::from_millis(150)), ..Limits::default() };
    let result = engine.analysis(&Position::startpos(), &limits, 1).unwrap().wait().unwrap();
    assert_eq!(result.search.best.map(|m| m.to_string()), Some("e2e4".into()));
    assert!(started.elapsed() >= Duration::from_millis(150));
    assert!(matches!(engine.analyse(&Position::startpos(), &limits, 2), Err(EngineError::Unsupported(_))));
}

#[test]
fn pondering_keeps_the_engine_playing() {
    let (engine, transcript) = xboard_fake("ping=1 setboard=1 usermove=1", Timeouts::default(), |l| match l {
        "go" => vec![line("move e2e4")],
        "usermove e7e5" => vec![line("move g1f3")],
        _ => Vec::new(),
    });
    let mut engine = engine.unwrap();
    engine.set_ponder(true).unwrap();
    let limits = clock(10_000, 10_000, 0);
    let mut position = Position::startpos();
    let first = engine.search(&position, &limits).unwrap();
    position.play(first.search.best.unwrap()).unwrap();
    position.play_uci("e7e5").unwrap();
    let second = engine.search(&position, &limits).unwrap();
    assert_eq!(second.search.best.map(|m| m.to_string()), Some("g1f3".into()));
    let sent = transcript.lines();
    assert!(sent.contains(&"hard".to_owned()));
    let user = sent.iter().position(|l| l == "usermove e7e5").unwrap();
    assert_ne!(sent[user - 1], "force", "no force while the engine ponders: {sent:?}");
    assert_eq!(sent.iter().filter(|l| *l == "go").count(), 1);
    let _ = Reply::Exit;
}

#[test]
fn a_late_repeat_of_the_last_move_is_not_the_next_move() {
    // GNU Chess 6 writes each move twice, from two threads; the second line
    // (`My move is : e2e4`) can come after the pong that ended the search,
    // even after the next `go`.
    let mut go = 0;
    let (engine, _) = xboard_fake("ping=1 setboard=1 usermove=1", Timeouts::default(), move |l| match l {
        "go" => {
            go += 1;
            match go {
                1 => vec![line("1. ... e2e4")],
                _ => vec![line("My move is : e2e4"), line("1 -10 0 20 e7e5"), line("1. ... e7e5")],
            }
        }
        _ => Vec::new(),
    });
    let mut engine = engine.unwrap();
    let mut position = Position::startpos();
    let first = engine.search(&position, &Limits::movetime(Duration::from_millis(100))).unwrap();
    assert_eq!(first.search.best.map(|m| m.to_string()), Some("e2e4".into()));
    position.play(first.search.best.unwrap()).unwrap();
    let second = engine.search(&position, &Limits { depth: Some(3), ..Limits::default() }).unwrap();
    assert_eq!(second.search.best.map(|m| m.to_string()), Some("e7e5".into()));
}

#[test]
fn the_same_move_again_in_a_new_game_is_a_move() {
    // An engine never seen to repeat itself: its legal move is its move, even
    // when it is the text of its last one.
    let (engine, _) = xboard_fake("ping=1 setboard=1 usermove=1", Timeouts::default(), |l| match l {
        "go" => vec![line("1. ... e2e4")],
        _ => Vec::new(),
    });
    let mut engine = engine.unwrap();
    for _ in 0..2 {
        engine.new_game().unwrap();
        let result = engine.search(&Position::startpos(), &Limits::movetime(Duration::from_millis(100))).unwrap();
        assert_eq!(result.search.best.map(|m| m.to_string()), Some("e2e4".into()));
    }
    // A `move` command is never taken for a repeat, nor is one after GNU
    // Chess's prompt: an illegal one is refused.
    for command in ["move e2e4", "White (1) : move e2e4"] {
        let (engine, _) = xboard_fake("ping=1 setboard=1 usermove=1", Timeouts::default(), move |l| match l {
            "go" => vec![line(command)],
            _ => Vec::new(),
        });
        let mut engine = engine.unwrap();
        let mut position = Position::startpos();
        let first = engine.search(&position, &Limits::movetime(Duration::from_millis(100))).unwrap();
        position.play(first.search.best.unwrap()).unwrap();
        let refused = engine.search(&position, &Limits::movetime(Duration::from_millis(100)));
        assert!(matches!(refused, Err(EngineError::IllegalMove { .. })), "{command}: {refused:?}");
    }
}
