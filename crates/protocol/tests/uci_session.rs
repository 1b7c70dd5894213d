//! Scripted UCI sessions against the driver, with a fake engine.

mod common;

use common::{entries, fake_bestmove, startpos_after, Behaviour, Fake, Session};
use ox88_protocol::uci::{UciDriver, UciMessage};
use std::time::Duration;

const QUIET: Duration = Duration::from_millis(150);

fn session(behaviour: Behaviour) -> (Session<Fake>, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    let fake = Fake::new(behaviour);
    let log = fake.log.clone();
    (Session::start(move |input, output| UciDriver::new(fake, output).run(input)), log)
}

#[test]
fn handshake_lists_driver_and_engine_options() {
    let (mut s, _) = session(Behaviour::Instant);
    s.send("uci");
    let lines = s.until("uciok");
    assert_eq!(lines[0], "id name Fake Engine");
    assert_eq!(lines[1], "id author Tests");
    for expected in [
        "option name Ponder type check default false",
        "option name UCI_Chess960 type check default false",
        "option name Move Overhead type spin default 10 min 0 max 5000",
        "option name Hash type spin default 16 min 1 max 1024",
        "option name Threads type spin default 1 min 1 max 8",
        "option name MultiPV type spin default 1 min 1 max 4",
        "option name Clear Hash type button",
        "option name Book File type string default <empty>",
        "option name Style type combo default Normal var Solid var Normal var Risky",
    ] {
        assert!(lines.iter().any(|l| l == expected), "{expected} missing from {lines:#?}");
    }
    for line in &lines {
        assert!(line.parse::<UciMessage>().is_ok(), "{line}");
    }
    s.send("isready");
    assert_eq!(s.expect("readyok"), "readyok");
    s.close();
}

#[test]
fn setoption_validates_and_reaches_the_engine() {
    let (mut s, log) = session(Behaviour::Instant);
    for line in [
        "setoption name hash value 64",
        "setoption name Clear Hash",
        "setoption name Style value risky",
        "setoption name Book File value /tmp/my book.bin",
        "setoption name Hash value 99999",
        "setoption name Hash value lots",
        "setoption name Threads value 7",
        "setoption name Nonsense value 1",
        "setoption name Move Overhead value -4",
    ] {
        s.send(line);
    }
    s.send("isready");
    let lines = s.until("readyok");
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("info string error")).collect();
    assert_eq!(errors.len(), 5, "{lines:#?}");
    assert!(errors[2].contains("seven is unlucky"));
    let sets = entries(&log, "set ");
    assert_eq!(
        sets,
        [
            "set Hash=Spin(64)",
            "set Clear Hash=Button",
            "set Style=Combo(\"Risky\")",
            "set Book File=String(\"/tmp/my book.bin\")"
        ]
    );
    s.close();
}

#[test]
fn go_turns_every_parameter_into_limits() {
    let (mut s, log) = session(Behaviour::Instant);
    s.send("setoption name Move Overhead value 30");
    s.send("position startpos moves e2e4");
    s.send("go wtime 1000 btime -50 winc 10 binc 20 movestogo 5 depth 3 nodes 400 mate 2 movetime 250 searchmoves e7e5 c7c5");
    let best = s.expect("bestmove");
    let after = startpos_after(&["e2e4", "e7e5"]);
    assert_eq!(best, format!("bestmove e7e5 ponder {}", ox88_movegen::MoveGen::legal_moves(&after)[0]));
    let search = &entries(&log, "searching")[0];
    for part in [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "remaining: ByColor { white: 1s, black: 0ns }",
        "increment: ByColor { white: 10ms, black: 20ms }",
        "moves_to_go: Some(5)",
        "movetime: Some(250ms)",
        "depth: Some(3)",
        "nodes: Some(400)",
        "mate: Some(2)",
        "infinite: false",
        "ponder: false",
        "searchmoves: [e7e5(DoublePush), c7c5(DoublePush)]",
        "move_overhead: 30ms",
    ] {
        assert!(search.contains(part), "{part} not in {search}");
    }
    s.close();
}

#[test]
fn info_lines_carry_every_field() {
    let (mut s, _) = session(Behaviour::Instant);
    s.send("go depth 1");
    let lines = s.until("bestmove");
    let best = fake_bestmove(&startpos_after(&[]));
    let pv = best.replace("bestmove ", "").replace(" ponder", "");
    assert_eq!(
        lines[0],
        format!(
            // nps is nodes over time: 100 in 70 ms.
            "info depth 1 seldepth 2 multipv 1 score cp 12 lowerbound nodes 100 nps 1428 hashfull 5 time 70 pv {pv}"
        )
    );
    assert_eq!(lines[1], best);
    s.close();
}

#[test]
fn isready_is_answered_during_infinite_search_and_stop_ends_it() {
    let (mut s, log) = session(Behaviour::UntilStopped);
    s.send("position startpos");
    s.send("go infinite");
    s.expect("info depth 1");
    s.send("isready");
    assert_eq!(s.expect("readyok"), "readyok");
    s.expect_silence(QUIET);
    assert!(entries(&log, "search done").is_empty());
    s.send("stop");
    assert_eq!(s.expect("bestmove"), fake_bestmove(&startpos_after(&[])));
    s.send("isready");
    assert_eq!(s.expect("readyok"), "readyok");
    s.close();
}

#[test]
fn a_search_that_ends_early_still_waits_for_stop_when_infinite() {
    let (mut s, _) = session(Behaviour::Instant);
    s.send("go infinite");
    s.expect("info depth 1");
    s.expect_silence(QUIET);
    s.send("stop");
    assert_eq!(s.expect("bestmove"), fake_bestmove(&startpos_after(&[])));
    s.close();
}

#[test]
fn pondering_waits_for_ponderhit() {
    for behaviour in [Behaviour::Instant, Behaviour::UntilStopped] {
        let (mut s, log) = session(behaviour);
        s.send("setoption name Ponder value true");
        s.send("position startpos moves e2e4 e7e5");
        s.send("go ponder wtime 1000 btime 1000");
        s.expect("info depth 1");
        s.expect_silence(QUIET);
        s.send("ponderhit");
        assert_eq!(s.expect("bestmove"), fake_bestmove(&startpos_after(&["e2e4", "e7e5"])), "{behaviour:?}");
        assert!(entries(&log, "searching")[0].contains("ponder: true"));
        // A ponder miss: the GUI stops the search, gets a best move, and starts anew.
        s.send("go ponder wtime 1000 btime 1000");
        s.expect("info depth 1");
        s.send("stop");
        s.expect("bestmove");
        s.close();
    }
}

#[test]
fn no_legal_move_gives_bestmove_0000() {
    let (mut s, log) = session(Behaviour::Instant);
    s.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    s.send("go depth 5");
    assert_eq!(s.until("bestmove"), ["info depth 0 score mate 0", "bestmove 0000"]);
    s.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    s.send("go movetime 100");
    assert_eq!(s.until("bestmove"), ["info depth 0 score cp 0", "bestmove 0000"]);
    assert!(entries(&log, "searching").is_empty(), "the engine is not asked to search without moves");
    s.close();
}

#[test]
fn chess960_castling_in_both_spellings() {
    // Standard-position castling in both spellings, in both modes.
    for chess960 in [false, true] {
        for (white, black) in [("e1g1", "e8c8"), ("e1h1", "e8a8")] {
            let (mut s, _) = session(Behaviour::Instant);
            s.send(&format!("setoption name UCI_Chess960 value {chess960}"));
            s.send(&format!("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves {white} {black}"));
            s.send("d");
            let fen = s.expect("Fen:");
            assert_eq!(fen, "Fen: 2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2", "{chess960} {white}");
            s.close();
        }
        // The engine's castling move is written for the mode.
        let (mut s, _) = session(Behaviour::Instant);
        s.send(&format!("setoption name UCI_Chess960 value {chess960}"));
        s.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        s.send("go depth 1");
        let expected = if chess960 { "bestmove e1h1" } else { "bestmove e1g1" };
        assert!(s.expect("bestmove").starts_with(expected));
        s.close();
    }
}

#[test]
fn bad_position_commands_leave_the_position_unchanged() {
    let (mut s, _) = session(Behaviour::Instant);
    s.send("position startpos moves e2e4");
    for bad in ["position startpos moves e2e4 e7e4", "position fen 8/8/8 w - - 0 1", "position startpos moves e2e4 zz"]
    {
        s.send(bad);
        assert!(s.expect("info string").starts_with("info string error"), "{bad}");
    }
    s.send("d");
    assert_eq!(s.expect("Fen:"), "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    s.close();
}

#[test]
fn extras_display_eval_perft_bench() {
    let (mut s, _) = session(Behaviour::Instant);
    s.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    s.send("go perft 3");
    let lines = s.until("Nodes searched");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 97862");
    assert_eq!(lines.len(), 48 + 2);
    s.expect("info string perft 3");
    s.send("go perft 0");
    assert_eq!(s.until("Nodes searched"), ["", "Nodes searched: 1"]);
    s.send("eval");
    assert_eq!(s.expect("explained"), "explained r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
    s.send("bench");
    assert_eq!(s.expect("info string"), "info string this engine has no benchmark");
    s.send("d");
    let board = s.until("Checkers:");
    assert!(board.iter().any(|l| l.starts_with("8 | r |")));
    s.close();
}

#[test]
fn garbage_is_answered_and_survived() {
    let (mut s, _) = session(Behaviour::Instant);
    s.send_bytes(b"\xff\xfe garbage \x00\n\n   \nhello world\ngo depth x\r\n");
    s.send("joho debug on");
    s.send("isready");
    let lines = s.until("readyok");
    assert_eq!(lines.iter().filter(|l| l.starts_with("info string error")).count(), 3, "{lines:#?}");
    s.send_bytes(b"go depth 1"); // no line break before the end of input
    s.close();
}

#[test]
fn eof_during_a_search_stops_it() {
    let (mut s, log) = session(Behaviour::UntilStopped);
    s.send("go infinite");
    s.expect("info depth 1");
    let fake = s.close();
    assert_eq!(entries(&log, "search done").len(), 1);
    drop(fake);
}

#[test]
fn a_whole_game() {
    let (mut s, log) = session(Behaviour::Instant);
    s.send("uci");
    s.until("uciok");
    s.send("setoption name Hash value 32");
    s.send("isready");
    s.expect("readyok");
    s.send("ucinewgame");
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..12 {
        let list = if moves.is_empty() { String::new() } else { format!(" moves {}", moves.join(" ")) };
        s.send(&format!("position startpos{list}"));
        s.send(&format!("go wtime {} btime 60000 winc 100 binc 100", 60000 - ply * 100));
        let best = s.expect("bestmove");
        let m = best.split(' ').nth(1).unwrap().to_owned();
        assert_ne!(m, "0000");
        moves.push(m);
    }
    s.send("quit");
    s.close();
    assert_eq!(entries(&log, "search done").len(), 12);
    assert_eq!(entries(&log, "new_game").len(), 1);
}

#[test]
fn debug_mode_reports_the_limits() {
    let (mut s, _) = session(Behaviour::Instant);
    s.send("debug on");
    s.send("go movetime 20");
    let lines = s.until("bestmove");
    assert!(
        lines[0].starts_with("info string limits Limits {") && lines[0].contains("movetime: Some(20ms)"),
        "{lines:?}"
    );
    s.send("debug off");
    s.send("go movetime 20");
    assert!(!s.until("bestmove")[0].starts_with("info string"));
    s.close();
}
