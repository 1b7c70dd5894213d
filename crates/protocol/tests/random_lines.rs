//! Random command lines fed to each driver, as the fuzz targets do but
//! within `cargo test`: no panic, no hang, every output line is a valid
//! protocol message, and (UCI) every accepted `go` gets exactly one
//! `bestmove`. The one exception is the answer to `d`, a debugging command
//! that draws the board for a human (as Stockfish's does) rather than
//! speaking the protocol.

use ox88_protocol::testing::{FirstLegal, SharedBuffer};
use ox88_protocol::uci::{UciCommand, UciDriver, UciMessage};
use ox88_protocol::xboard::{XbDriver, XbMessage};
use ox88_protocol::Flow;
use proptest::prelude::*;

fn uci_line() -> impl Strategy<Value = String> {
    let fixed = prop::sample::select(vec![
        "uci",
        "isready",
        "ucinewgame",
        "position startpos",
        "position startpos moves e2e4 e7e5 g1f3",
        "position startpos moves e2e4 e7e5 e1e2 e8e7",
        "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1",
        "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8",
        "go depth 2",
        "go infinite",
        "go ponder wtime 100 btime 100",
        "go movetime 5 searchmoves e2e4 a7a6",
        "go wtime -5 btime 0 movestogo 0",
        "stop",
        "ponderhit",
        "setoption name Hash value 8",
        "setoption name UCI_Chess960 value true",
        "setoption name UCI_Chess960 value false",
        "setoption name Clear Hash",
        "setoption name Threads value x",
        "debug on",
        "go perft 1",
        "d",
        "quit",
    ])
    .prop_map(str::to_owned);
    let words = prop::collection::vec(
        prop::sample::select(vec!["go", "position", "fen", "moves", "startpos", "depth", "e2e4", "0000", "-1", "x"]),
        0..6,
    )
    .prop_map(|w| w.join(" "));
    prop_oneof![6 => fixed, 2 => words, 1 => "\\PC{0,30}"]
}

fn xboard_line() -> impl Strategy<Value = String> {
    let fixed = prop::sample::select(vec![
        "xboard",
        "protover 2",
        "new",
        "force",
        "go",
        "playother",
        "white",
        "black",
        "level 40 5:30 0",
        "level 0 1 1",
        "st 1",
        "sd 2",
        "nps 100",
        "time 100",
        "otim -100",
        "usermove e2e4",
        "e7e5",
        "g1f3",
        "e1g1",
        "O-O",
        "@@@@",
        "?",
        "ping 5",
        "draw",
        "result 1-0 {x}",
        "setboard 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        "setboard r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "variant fischerandom",
        "variant normal",
        "edit",
        "#",
        "c",
        "Ke1",
        "Ke8",
        ".",
        "hint",
        "undo",
        "remove",
        "hard",
        "easy",
        "post",
        "nopost",
        "analyze",
        "exit",
        "memory 8",
        "cores 2",
        "option Hash=4",
        "exclude all",
        "include e2e4",
        "exclude e2e4",
        "quit",
    ])
    .prop_map(str::to_owned);
    prop_oneof![8 => fixed, 1 => "\\PC{0,30}"]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn uci_driver_survives_random_lines(lines in prop::collection::vec(uci_line(), 0..40)) {
        let out = SharedBuffer::default();
        let mut driver = UciDriver::new(FirstLegal::default(), out.clone());
        let mut gos = 0;
        // Byte ranges of the output that answer `d`: a drawing, not protocol.
        let mut drawings = Vec::new();
        for line in &lines {
            let command = line.parse::<UciCommand>();
            let before = out.text().len();
            if driver.handle_line(line).expect("writing to memory") == Flow::Quit {
                break;
            }
            if command == Ok(UciCommand::Display) {
                drawings.push(before..out.text().len());
            }
            gos += usize::from(matches!(command, Ok(UciCommand::Go(_))));
            driver.poll().expect("writing to memory");
        }
        driver.finish().expect("the engine comes back");
        let text = out.text();
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            let in_drawing = drawings.iter().any(|range| range.contains(&offset));
            offset += line.len();
            let line = line.trim_end_matches('\n');
            prop_assert!(
                in_drawing || line.parse::<UciMessage>().is_ok() || line.contains(": ") || line.is_empty(),
                "{:?}",
                line
            );
        }
        prop_assert_eq!(text.lines().filter(|l| l.starts_with("bestmove")).count(), gos, "{}", text);
    }

    #[test]
    fn xboard_driver_survives_random_lines(lines in prop::collection::vec(xboard_line(), 0..40)) {
        let out = SharedBuffer::default();
        let mut driver = XbDriver::new(FirstLegal::default(), out.clone());
        for line in &lines {
            if driver.handle_line(line).expect("writing to memory") == Flow::Quit {
                break;
            }
            driver.poll().expect("writing to memory");
        }
        driver.finish().expect("the engine comes back");
        for line in out.text().lines() {
            prop_assert!(line.parse::<XbMessage>().is_ok(), "{:?}", line);
        }
    }
}

#[test]
fn inline_drivers_answer_before_the_next_command() {
    use ox88_protocol::testing::{FirstLegal, SharedBuffer};
    // A search on the driver's own thread has ended when `handle_line`
    // returns: one poll writes its move, with no thread started.
    let out = SharedBuffer::default();
    let mut uci = ox88_protocol::uci::UciDriver::new(FirstLegal::default(), out.clone()).inline();
    for (n, line) in ["position startpos moves e2e4", "go depth 1", "go infinite", "stop"].into_iter().enumerate() {
        uci.handle_line(line).unwrap();
        uci.poll().unwrap();
        let bestmoves = out.text().lines().filter(|l| l.starts_with("bestmove")).count();
        // `go infinite` waits for `stop` even though the search has ended.
        assert_eq!(bestmoves, [0, 1, 1, 2][n], "after {line:?}:\n{}", out.text());
    }
    uci.finish().unwrap();
    let out = SharedBuffer::default();
    let mut cecp = ox88_protocol::xboard::XbDriver::new(FirstLegal::default(), out.clone()).inline();
    for line in ["xboard", "new", "hard", "usermove e2e4"] {
        cecp.handle_line(line).unwrap();
        cecp.poll().unwrap();
    }
    assert!(out.text().lines().last().is_some_and(|l| l.starts_with("move ")), "{}", out.text());
    // The engine now ponders (inline, so already done): the expected reply
    // is a ponder hit, answered at once.
    let reply = {
        let mut game = ox88_movegen::Position::startpos();
        game.play_uci("e2e4").unwrap();
        let played = out.text().lines().last().unwrap().trim_start_matches("move ").to_owned();
        game.play_uci(&played).unwrap();
        ox88_movegen::MoveGen::legal_moves(game.board())[0].to_string()
    };
    cecp.handle_line(&format!("usermove {reply}")).unwrap();
    cecp.poll().unwrap();
    assert_eq!(out.text().lines().filter(|l| l.starts_with("move ")).count(), 2, "{}", out.text());
    cecp.finish().unwrap();
}
