//! Scripted CECP sessions against the driver, with a fake engine.

mod common;

use common::{entries, fake_choice, startpos_after, Behaviour, Fake, Session};
use ox88_board::Board;
use ox88_movegen::{MoveGen, Notation};
use ox88_protocol::xboard::{XbDriver, XbMessage};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const QUIET: Duration = Duration::from_millis(150);

type Log = Arc<Mutex<Vec<String>>>;

fn session(behaviour: Behaviour) -> (Session<Fake>, Log) {
    let fake = Fake::new(behaviour);
    let log = fake.log.clone();
    let mut s = Session::start(move |input, output| XbDriver::new(fake, output).run(input));
    s.send("xboard");
    s.send("protover 2");
    s.until("feature done=1");
    (s, log)
}

/// The fake engine's move in `board`, as `move ...`.
fn fake_move(board: &Board) -> String {
    format!("move {}", fake_choice(board).unwrap())
}

#[test]
fn protover_announces_every_feature() {
    let fake = Fake::new(Behaviour::Instant);
    let mut s = Session::start(move |input, output| XbDriver::new(fake, output).run(input));
    s.send("xboard");
    s.send("protover 2");
    let lines = s.until("feature done=1");
    let all = lines.join(" ");
    for feature in [
        "ping=1",
        "setboard=1",
        "playother=1",
        "usermove=1",
        "time=1",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "analyze=1",
        "myname=\"Fake Engine\"",
        "variants=\"normal,fischerandom\"",
        "colors=0",
        "nps=1",
        "memory=1",
        "smp=1",
        "exclude=1",
        "option=\"MultiPV -spin 1 1 4\"",
        "option=\"Clear Hash -button\"",
        "option=\"Style -combo Solid /// *Normal /// Risky\"",
    ] {
        assert!(all.contains(feature), "{feature} missing from {all}");
    }
    assert!(lines[0].starts_with("feature done=0"));
    for line in &lines {
        assert!(line.parse::<XbMessage>().is_ok(), "{line}");
    }
    s.send("quit");
    s.close();
}

#[test]
fn a_game_with_clocks_and_thinking_output() {
    let (mut s, log) = session(Behaviour::Instant);
    s.send("new");
    s.send("level 40 5:30 0");
    s.send("post");
    s.send("time 30000");
    s.send("otim 29000");
    s.send("usermove e2e4");
    let lines = s.until("move ");
    let board = startpos_after(&["e2e4"]);
    let best = fake_choice(&board).unwrap();
    let mut after = board.clone();
    after.make_move_unchecked(best);
    let reply = after.legal_moves()[0];
    let pv = format!("{} {}", board.san(best), after.san(reply));
    assert_eq!(lines, [format!("1 12 7 100 {pv}"), fake_move(&board)]);
    // Not pondering, the engine still knows the reply it expects.
    s.send("hint");
    assert_eq!(s.expect("Hint"), format!("Hint: {reply}"));
    let search = &entries(&log, "searching")[0];
    for part in ["remaining: ByColor { white: 290s, black: 300s }", "moves_to_go: Some(40)", "movetime: None"] {
        assert!(search.contains(part), "{part} not in {search}");
    }
    s.send("nopost");
    s.send("st 2");
    s.send("sd 4");
    s.send("usermove d2d4");
    let lines = s.until("move ");
    assert_eq!(lines.len(), 1, "no thinking output after nopost: {lines:?}");
    let search = &entries(&log, "searching")[1];
    assert!(search.contains("movetime: Some(2s)") && search.contains("depth: Some(4)"), "{search}");
    s.send("ping 7");
    assert_eq!(s.expect("pong"), "pong 7");
    s.send("quit");
    s.close();
}

#[test]
fn illegal_and_unknown_input_changes_nothing() {
    let (mut s, _) = session(Behaviour::Instant);
    s.send("new");
    s.send("force");
    s.send("usermove e2e5");
    assert_eq!(s.expect("Illegal"), "Illegal move: e2e5");
    s.send("e7e5");
    assert_eq!(s.expect("Illegal"), "Illegal move: e7e5");
    s.send("frobnicate now");
    assert_eq!(s.expect("Error"), "Error (unknown command): frobnicate now");
    s.send("level 40 5");
    assert!(s.expect("Error").starts_with("Error (level needs increment)"));
    s.send("setboard 8/8/8 w - - 0 1");
    assert!(s.expect("Error").starts_with("Error (bad FEN"));
    s.send("variant crazyhouse");
    assert_eq!(s.expect("Error"), "Error (unsupported variant): variant crazyhouse");
    s.send_bytes(b"\xff\xfe\x00\n");
    s.expect("Error (unknown command)");
    // The game is still at the start: e2e4 is legal, and the engine (black) answers after go.
    s.send("usermove e2e4");
    s.send("go");
    assert_eq!(s.expect("move"), fake_move(&startpos_after(&["e2e4"])));
    s.send("quit");
    s.close();
}

#[test]
fn ping_while_thinking_is_answered_after_the_move() {
    let (mut s, _) = session(Behaviour::UntilStopped);
    s.send("new");
    s.send("usermove e2e4");
    s.send("ping 3");
    s.expect_silence(QUIET);
    s.send("?");
    let lines = s.until("pong");
    assert_eq!(lines, [fake_move(&startpos_after(&["e2e4"])), "pong 3".to_owned()]);
    s.send("quit");
    s.close();
}

#[test]
fn the_engine_announces_mate_and_stops_playing() {
    let (mut s, log) = session(Behaviour::Instant);
    s.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    s.send("exclude all");
    s.send("include a1a8");
    s.send("go");
    assert_eq!(s.until("1-0"), ["move a1a8", "1-0 {White mates}"]);
    // Never plays on: neither at go nor after a move in force mode.
    s.send("go");
    assert_eq!(s.expect("1-0"), "1-0 {White mates}");
    s.send("ping 1");
    assert_eq!(s.until("pong"), ["pong 1"]);
    assert_eq!(entries(&log, "search done").len(), 1);
    // A mated engine announces the result instead of moving.
    s.send("setboard R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    s.send("go");
    assert_eq!(s.expect("1-0"), "1-0 {White mates}");
    // Stalemate and insufficient material.
    s.send("setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    s.send("go");
    assert_eq!(s.expect("1/2-1/2"), "1/2-1/2 {Stalemate}");
    s.send("setboard 7k/8/6K1/8/8/8/8/8 b - - 0 1");
    s.send("go");
    assert_eq!(s.expect("1/2-1/2"), "1/2-1/2 {Insufficient material}");
    // After the GUI's result the engine does not think either.
    s.send("new");
    s.send("result 1/2-1/2 {agreed}");
    s.send("usermove e2e4");
    s.send("ping 2");
    assert_eq!(s.until("pong"), ["pong 2"]);
    s.send("quit");
    s.close();
}

#[test]
fn repetition_is_claimed() {
    let (mut s, _) = session(Behaviour::Instant);
    s.send("new");
    s.send("force");
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        s.send(&format!("usermove {m}"));
    }
    s.send("exclude all");
    s.send("include f6g8");
    s.send("go");
    assert_eq!(s.until("1/2-1/2"), ["move f6g8", "1/2-1/2 {Draw by repetition}"]);
    s.send("quit");
    s.close();
}

#[test]
fn analysis_mode() {
    let (mut s, log) = session(Behaviour::UntilStopped);
    s.send("new");
    s.send("force");
    s.send("usermove e2e4");
    s.send("analyze");
    let board = startpos_after(&["e2e4"]);
    let thinking = s.expect("1 12 7 100");
    assert!(thinking.starts_with(&format!("1 12 7 100 {}", board.san(fake_choice(&board).unwrap()))), "{thinking}");
    s.send(".");
    let total = board.legal_moves().len();
    assert_eq!(s.expect("stat01"), format!("stat01: 7 100 1 0 {total}"));
    s.send("usermove e7e5");
    s.expect("1 12 7 100");
    s.send("exclude all");
    s.send("include g1f3");
    s.send("undo");
    s.expect("1 12 7 100");
    s.send("exit");
    s.send("ping 9");
    let lines = s.until("pong");
    assert!(lines.iter().all(|l| !l.starts_with("move")), "{lines:?}");
    let searches = entries(&log, "searching");
    // e2e4, e7e5, (exclude all: nothing to search), include g1f3, undo.
    assert_eq!(searches.len(), 4, "{searches:#?}");
    assert!(searches.iter().all(|l| l.contains("infinite: true")));
    assert!(searches[2].contains("searchmoves: [g1f3(Quiet)]"), "{}", searches[2]);
    assert!(searches[3].contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"), "{}", searches[3]);
    assert!(searches[3].contains("searchmoves: []"));
    assert!(s.transcript.iter().any(|l| l == "# every move is excluded"));
    assert_eq!(entries(&log, "search done").len(), 4);
    s.send("quit");
    s.close();
}

#[test]
fn undo_remove_setboard_edit_playother() {
    let (mut s, _) = session(Behaviour::Instant);
    s.send("new");
    s.send("usermove e2e4");
    let first = s.expect("move");
    s.send("remove");
    s.send("force");
    s.send("usermove d2d4");
    s.send("undo");
    s.send("usermove c2c4");
    s.send("playother");
    s.expect_silence(QUIET);
    s.send("usermove c7c5");
    assert_eq!(s.expect("move"), fake_move(&startpos_after(&["c2c4", "c7c5"])));
    assert_ne!(first, "");
    s.send("edit");
    s.send("#");
    s.send("Ke1");
    s.send("Rh1");
    s.send("Za9");
    assert_eq!(s.expect("Error"), "Error (invalid edit command): Za9");
    s.send("c");
    s.send("Ke8");
    s.send(".");
    s.send("force");
    s.send("usermove e1g1");
    s.send("white");
    s.send("black");
    s.send("go");
    let board: Board = "4k3/8/8/8/8/8/8/5RK1 b - - 1 1".parse().unwrap();
    assert_eq!(s.expect("move"), fake_move(&board));
    s.send("edit");
    s.send("#");
    s.send(".");
    assert!(s.expect("Error").starts_with("Error (invalid position"));
    s.send("quit");
    s.close();
}

#[test]
fn pondering_hits_and_misses() {
    let (mut s, log) = session(Behaviour::UntilStopped);
    s.send("new");
    s.send("hard");
    s.send("usermove e2e4");
    s.send("?");
    let board = startpos_after(&["e2e4"]);
    let best = fake_choice(&board).unwrap();
    assert_eq!(s.expect("move"), format!("move {best}"));
    // The engine now ponders on its expected reply.
    let mut after = board.clone();
    after.make_move_unchecked(best);
    let guess = after.legal_moves()[0];
    s.send("hint");
    assert_eq!(s.expect("Hint"), format!("Hint: {guess}"));
    // The fake engine ends its search at the ponder hit.
    s.send(&format!("usermove {guess}"));
    let mut after_guess = after.clone();
    after_guess.make_move_unchecked(guess);
    assert_eq!(s.expect("move"), fake_move(&after_guess));
    let searches = entries(&log, "searching");
    assert!(searches[1].contains("ponder: true"), "{searches:#?}");
    let normal = searches.iter().filter(|l| l.contains("ponder: false")).count();
    assert_eq!(normal, 1, "the hit continues the ponder search: {searches:#?}");
    // A miss: the ponder search is dropped and a new one starts.
    let mut board = after_guess.clone();
    board.make_move_unchecked(fake_choice(&after_guess).unwrap());
    let miss =
        board.legal_moves().into_iter().rev().find(|m| Some(*m) != board.legal_moves().first().copied()).unwrap();
    s.send(&format!("usermove {miss}"));
    s.send("?");
    board.make_move_unchecked(miss);
    assert_eq!(s.expect("move"), fake_move(&board));
    s.send("easy");
    s.send("quit");
    s.close();
}

#[test]
fn fischerandom_castling() {
    let (mut s, _) = session(Behaviour::Instant);
    s.send("new");
    s.send("variant fischerandom");
    s.send("setboard r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    s.send("force");
    s.send("O-O");
    s.send("usermove O-O-O");
    s.send("undo");
    s.send("usermove e8a8");
    s.send("undo");
    s.send("usermove e8c8");
    s.send("undo");
    s.send("go");
    // White has castled short; the engine plays black.
    let board: Board = "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1".parse().unwrap();
    let castle = fake_choice(&board).unwrap();
    let expected = if castle.kind() == ox88_board::MoveKind::CastleShort { "move O-O" } else { "move O-O-O" };
    assert_eq!(s.expect("move"), expected);
    s.send("new");
    s.send("setboard r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    s.send("go");
    let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1".parse().unwrap();
    assert_eq!(s.expect("move"), fake_move(&board));
    assert!(matches!(fake_move(&board).as_str(), "move e8g8" | "move e8c8"));
    s.send("quit");
    s.close();
}

#[test]
fn options_memory_cores() {
    let (mut s, log) = session(Behaviour::Instant);
    s.send("memory 64");
    s.send("cores 2");
    s.send("option Style=Risky");
    s.send("option Clear Hash");
    s.send("option Move Overhead=50");
    s.send("option Nope=1");
    assert!(s.expect("Error").contains("no such option"));
    s.send("cores 7");
    assert_eq!(s.expect("Error"), "Error (option \"Threads\" rejected: seven is unlucky): cores 7");
    s.send("memory 100000");
    s.send("cores 99");
    s.send("nps 1000");
    s.send("new");
    s.send("usermove e2e4");
    s.expect("move");
    assert_eq!(
        entries(&log, "set "),
        [
            "set Hash=Spin(64)",
            "set Threads=Spin(2)",
            "set Style=Combo(\"Risky\")",
            "set Clear Hash=Button",
            "set Hash=Spin(1024)",
            "set Threads=Spin(8)"
        ]
    );
    let search = &entries(&log, "searching")[0];
    assert!(search.contains("move_overhead: 50ms") && search.contains("nodes_per_second: None"), "{search}");
    s.send("nps 1000");
    s.send("usermove d2d4");
    s.expect("move");
    assert!(entries(&log, "searching")[1].contains("nodes_per_second: Some(1000)"));
    s.send("quit");
    s.close();
}

#[test]
fn eof_in_the_middle_of_thinking() {
    let (mut s, log) = session(Behaviour::UntilStopped);
    s.send("new");
    s.send("analyze");
    s.expect("1 12");
    s.close();
    assert_eq!(entries(&log, "search done").len(), 1);
}

#[test]
fn a_whole_game_then_another() {
    let (mut s, log) = session(Behaviour::Instant);
    for game in 0..2 {
        s.send("new");
        s.send("random");
        s.send("level 0 2 1");
        s.send("computer");
        s.send("name Opponent");
        s.send("rating 2000 2100");
        s.send("post");
        let mut board = Board::startpos();
        for ply in 0..10 {
            // The GUI's move (its side), then the engine's answer.
            let ours = board.legal_moves()[ply % 3.min(board.legal_moves().len())];
            s.send(&format!("time {}", 12000 - ply * 100));
            s.send(&format!("otim {}", 12000 - ply * 50));
            s.send(&format!("usermove {ours}"));
            board.make_move_unchecked(ours);
            let lines = s.until("move ");
            assert!(lines[..lines.len() - 1].iter().all(|l| l.parse::<XbMessage>().is_ok()), "{lines:?}");
            let reply = lines.last().unwrap().strip_prefix("move ").unwrap().to_owned();
            let m = board.parse_uci(&reply, ox88_board::CastlingMode::Standard).expect("the engine's move is legal");
            board.make_move_unchecked(m);
        }
        s.send("result 1/2-1/2 {Game drawn by agreement}");
        s.send("ping 1");
        assert_eq!(s.until("pong"), ["pong 1"]);
        assert_eq!(entries(&log, "new_game").len(), game + 1);
    }
    s.send("quit");
    s.close();
    let searches = entries(&log, "searching");
    assert_eq!(searches.len(), 20);
    assert!(searches[0].contains("remaining: ByColor { white: 120s, black: 120s }"), "{}", searches[0]);
    assert!(
        searches[0].contains("increment: ByColor { white: 1s, black: 1s }")
            && searches[0].contains("moves_to_go: None")
    );
}
