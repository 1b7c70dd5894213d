//! The client against UCI engines that behave: ox88-protocol's driver with
//! its first-legal-move engine in process, and scripted fakes whose
//! transcripts show what the client sent.

mod common;

use common::{line, quick, uci_fake};
use ox88_board::{Board, ByColor};
use ox88_client::testing::in_process;
use ox88_client::{Color, EngineError, Limits, OptionValue, Position, Protocol, Score, TimeLeft, Timeouts};
use ox88_movegen::MoveGen;
use ox88_protocol::testing::FirstLegal;
use ox88_protocol::OptionError;
use std::time::Duration;

fn depth(d: u32) -> Limits {
    Limits { depth: Some(d), ..Limits::default() }
}

fn first_legal() -> ox88_client::ExternalEngine {
    in_process(FirstLegal::default(), Protocol::Uci, Timeouts::default()).expect("the handshake succeeds")
}

#[test]
fn handshake_reads_name_and_options() {
    let engine = first_legal();
    assert_eq!(engine.name(), "FirstLegal");
    assert_eq!(engine.id().author.as_deref(), Some("ox88-protocol"));
    for name in ["Hash", "Threads", "MultiPV", "Clear Hash", "Ponder", "UCI_Chess960", "Move Overhead"] {
        assert!(engine.option(name).is_some(), "{name} missing from {:?}", engine.options());
    }
    assert!(engine.option("hash").is_some(), "names match case-insensitively");
}

#[test]
fn options_are_checked_before_they_are_sent() {
    let (engine, transcript) = uci_fake(Timeouts::default(), |_| Vec::new());
    let mut engine = engine.unwrap();
    assert_eq!(engine.set_option("hash", 64).unwrap(), OptionValue::Spin(64));
    assert_eq!(engine.set_option("Style", "risky").unwrap(), OptionValue::Combo("Risky".into()));
    assert_eq!(engine.set_option("Clear Hash", "").unwrap(), OptionValue::Button);
    let err = engine.set_option("Hash", "lots").unwrap_err();
    assert!(matches!(err, EngineError::Option(OptionError::InvalidValue { .. })), "{err}");
    assert!(engine.set_option("Hash", 4096).is_err());
    let err = engine.set_option("Hsh", 1).unwrap_err();
    assert!(matches!(err, EngineError::UnknownOption { .. }), "{err}");
    assert!(err.to_string().contains("Hash, MultiPV"), "{err}");
    let err = engine.set_option("MultiPV", 3).unwrap_err();
    assert!(matches!(err, EngineError::Option(OptionError::Rejected { .. })), "{err}");
    engine.ping().unwrap();
    let sent = transcript.lines();
    assert!(sent.contains(&"setoption name Hash value 64".to_owned()), "{sent:?}");
    assert!(sent.contains(&"setoption name Style value Risky".to_owned()));
    assert!(sent.contains(&"setoption name Clear Hash".to_owned()));
    assert_eq!(sent.iter().filter(|l| l.starts_with("setoption")).count(), 3, "bad values are not sent: {sent:?}");
}

#[test]
fn play_returns_a_legal_move_with_its_report() {
    let mut engine = first_legal();
    let mut position = Position::startpos();
    for _ in 0..6 {
        let result = engine.search(&position, &depth(1)).unwrap();
        let best = result.search.best.expect("a move");
        assert!(position.board().is_legal(best));
        let line = result.search.line.expect("a line");
        assert_eq!((line.depth, line.score.relative(), line.best()), (1, Score::cp(0), Some(best)));
        assert_eq!(line.score.turn, position.side_to_move());
        assert!(result.search.ponder.is_some());
        position.play(best).unwrap();
    }
}

#[test]
fn clocks_and_limits_reach_go() {
    let (engine, transcript) = uci_fake(Timeouts::default(), |l| {
        if l.starts_with("go") {
            vec![line("info depth 3 score cp 12 pv e2e4 e7e5"), line("bestmove e2e4 ponder e7e5")]
        } else {
            Vec::new()
        }
    });
    let mut engine = engine.unwrap();
    let ms = Duration::from_millis;
    let clock = TimeLeft {
        remaining: ByColor::new(ms(30_000), ms(29_000)),
        increment: ByColor::new(ms(100), ms(100)),
        moves_to_go: None,
    };
    let result = engine.search(&Position::startpos(), &Limits { clock: Some(clock), ..Limits::default() }).unwrap();
    assert_eq!(result.search.best.map(|m| m.to_string()), Some("e2e4".into()));
    assert_eq!(result.search.ponder.map(|m| m.to_string()), Some("e7e5".into()));
    assert_eq!(transcript.last("go"), Some("go wtime 30000 btime 29000 winc 100 binc 100".into()));
    let sent = transcript.lines();
    let newgame = sent.iter().position(|l| l == "ucinewgame").expect("a new game first");
    let ready = sent.iter().position(|l| l == "isready").expect("and isready");
    assert!(newgame < ready && ready < sent.iter().position(|l| l.starts_with("position")).unwrap());
    let mut position = Position::startpos();
    for m in ["g1f3", "g8f6"] {
        position.play_uci(m).unwrap();
    }
    engine.search(&position, &Limits { movetime: Some(ms(50)), ..Limits::default() }).unwrap();
    assert_eq!(transcript.last("position"), Some("position startpos moves g1f3 g8f6".into()));
    assert_eq!(transcript.last("go"), Some("go movetime 50".into()));
}

#[test]
fn multipv_analysis_gives_every_line() {
    let (engine, transcript) = uci_fake(Timeouts::default(), |l| {
        if !l.starts_with("go") {
            return Vec::new();
        }
        vec![
            line("info depth 1 multipv 1 score cp 30 pv e2e4"),
            line("info depth 1 multipv 2 score cp 20 pv d2d4"),
            line("info depth 2 multipv 1 score cp 35 lowerbound pv e2e4 e7e5"),
            line("info depth 2 multipv 2 score mate -3 nodes 99 nps 1000 hashfull 5 tbhits 2 time 7 pv d2d4 d7d5"),
            line("info depth 2 multipv 1 score cp 33 seldepth 4 pv e2e4 c7c5"),
            line("bestmove e2e4 ponder c7c5"),
        ]
    });
    let mut engine = engine.unwrap();
    let lines = engine.analyse(&Position::startpos(), &depth(2), 2).unwrap();
    assert_eq!(transcript.last("setoption"), Some("setoption name MultiPV value 2".into()));
    assert_eq!(transcript.last("go"), Some("go depth 2".into()));
    assert_eq!(lines.len(), 2);
    assert_eq!((lines[0].depth, lines[0].seldepth, lines[0].score.relative()), (2, Some(4), Score::cp(33)));
    assert_eq!(lines[0].bound, ox88_client::Bound::Exact);
    assert_eq!(lines[0].pv.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["e2e4", "c7c5"]);
    let second = &lines[1];
    assert_eq!((second.score.relative(), second.nodes, second.nps()), (Score::mated_in(6), 99, 14_142));
    assert_eq!((second.hashfull, second.tbhits, second.time), (Some(5), Some(2), Duration::from_millis(7)));
    // Back to one line for a move.
    engine.search(&Position::startpos(), &depth(1)).unwrap();
    assert_eq!(transcript.last("setoption"), Some("setoption name MultiPV value 1".into()));
    assert!(matches!(engine.analyse(&Position::startpos(), &Limits::default(), 1), Err(EngineError::NoLimit)));
}

#[test]
fn scores_are_read_from_the_side_to_move_of_the_position_searched() {
    let (engine, _) = uci_fake(Timeouts::default(), |l| {
        if !l.starts_with("go") {
            return Vec::new();
        }
        vec![
            line("info depth 3 multipv 1 score cp 29 pv e7e5"),
            line("info depth 3 multipv 2 score mate 3 pv c7c5"),
            line("bestmove e7e5"),
        ]
    });
    let mut engine = engine.unwrap();
    let mut position = Position::startpos();
    position.play_san("e4").unwrap();
    let lines = engine.analyse(&position, &depth(3), 2).unwrap();
    // Black to move and better by 0.29: -0.29 from White's side.
    let first = lines[0].score;
    assert_eq!((first.turn, first.white(), first.black()), (Color::Black, Score::cp(-29), Score::cp(29)));
    assert_eq!(first.to_string(), "-0.29");
    // Black mates in 3: White is mated in 3.
    let second = lines[1].score;
    assert_eq!((second.white().mate_moves(), second.pov(Color::Black).mate_moves()), (Some(-3), Some(3)));
    assert_eq!(second.to_string(), "#-3");
    // A search's result carries the same score.
    let reply = engine.search(&position, &depth(3)).unwrap();
    assert_eq!(reply.search.score().map(|s| s.white()), Some(Score::cp(-29)));
}

#[test]
fn streaming_analysis_yields_reports_and_stops() {
    let mut engine = first_legal();
    let infinite = Limits { infinite: true, ..Limits::default() };
    let mut analysis = engine.analysis(&Position::startpos(), &infinite, 1).unwrap();
    let first = analysis.next().expect("a report").unwrap();
    assert_eq!(first.line().map(|line| line.depth), Some(1));
    let result = analysis.stop().unwrap();
    assert_eq!(result.search.best, Some(Board::startpos().legal_moves()[0]));
    assert_eq!(result.lines.len(), 1);
    // From another thread.
    let mut analysis = engine.analysis(&Position::startpos(), &infinite, 1).unwrap();
    let stopper = analysis.stopper();
    let thread = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        stopper.stop();
    });
    let reports: Vec<_> = analysis.by_ref().collect::<Result<_, _>>().unwrap();
    assert_eq!(reports.len(), 1);
    thread.join().unwrap();
    assert!(analysis.wait().unwrap().search.best.is_some());
    // Dropping a running analysis stops it; the engine is ready for more.
    drop(engine.analysis(&Position::startpos(), &infinite, 1).unwrap());
    assert!(engine.search(&Position::startpos(), &depth(1)).unwrap().search.best.is_some());
}

#[test]
fn pondering_hits_and_misses() {
    let mut engine = first_legal();
    engine.set_ponder(true).unwrap();
    let limits = Limits {
        clock: Some(TimeLeft {
            remaining: ByColor::new(Duration::from_secs(10), Duration::from_secs(10)),
            ..TimeLeft::default()
        }),
        ..Limits::default()
    };
    let mut position = Position::startpos();
    let first = engine.search(&position, &limits).unwrap();
    assert_eq!(first.ponder_hit, None);
    let (best, expected) = (first.search.best.unwrap(), first.search.ponder.unwrap());
    position.play(best).unwrap();
    position.play(expected).unwrap();
    let hit = engine.search(&position, &limits).unwrap();
    assert_eq!(hit.ponder_hit, Some(true));
    assert!(position.board().is_legal(hit.search.best.unwrap()));
    position.play(hit.search.best.unwrap()).unwrap();
    // The opponent plays something else.
    let other = position.board().legal_moves().into_iter().find(|&m| Some(m) != hit.search.ponder).unwrap();
    position.play(other).unwrap();
    let miss = engine.search(&position, &limits).unwrap();
    assert_eq!(miss.ponder_hit, Some(false));
    assert!(position.board().is_legal(miss.search.best.unwrap()));
    engine.set_ponder(false).unwrap();
    assert!(engine.ping().is_ok());
}

#[test]
fn chess960_castling_is_king_takes_rook() {
    let (engine, transcript) =
        uci_fake(Timeouts::default(), |l| if l.starts_with("go") { vec![line("bestmove f1h1")] } else { Vec::new() });
    let mut engine = engine.unwrap();
    let start: Board = "4k3/8/8/8/8/8/8/5K1R w H - 0 1".parse().unwrap();
    let result = engine.search(&Position::new(start.clone()), &depth(1)).unwrap();
    let castle = result.search.best.unwrap();
    assert!(castle.is_castle());
    assert!(transcript.has("setoption name UCI_Chess960 value true"));
    assert_eq!(transcript.last("position"), Some(format!("position fen {}", start.fen())));
    // The driver of ox88-protocol plays it too, and reads it back.
    let mut ox = first_legal();
    let limits = Limits { searchmoves: vec![castle], ..depth(1) };
    assert_eq!(ox.search(&Position::new(start), &limits).unwrap().search.best, Some(castle));
    // Chess960 is the position's: the standard arrangement as position 518
    // of Chess960 is played with UCI_Chess960 on, a standard game with it off.
    engine.search(&Position::startpos(), &depth(1)).unwrap_err(); // f1h1 is no move here
    assert_eq!(transcript.last("setoption"), Some("setoption name UCI_Chess960 value false".into()));
}

#[test]
fn a_position_without_moves_gets_no_move() {
    let (engine, _) =
        uci_fake(quick(), |l| if l.starts_with("go") { vec![line("bestmove (none)")] } else { Vec::new() });
    let mut engine = engine.unwrap();
    let mated = Position::new("4k3/8/8/8/8/8/5PPP/3r2K1 w - - 0 1".parse().unwrap());
    let result = engine.search(&mated, &depth(1)).unwrap();
    assert_eq!(result.search.best, None);
}
