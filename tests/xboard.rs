//! The built `xboard` and `engine` examples driven over CECP as XBoard
//! would: a game to mate on the clock, Chess960 castling in both spellings,
//! a book game, and garbage input and end of file.

mod common;

use common::Process;
use ox88::board::{Board, ByColor, CastlingMode, Color, Move};
use ox88::book::Book;
use ox88::movegen::{Notation, Outcome, Position};
use std::time::{Duration, Instant};

const KRK: &str = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";
const CHESS960: &str = "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1";

fn start_xboard(name: &str) -> Process {
    let mut engine = Process::spawn(name, &[]);
    engine.send("xboard");
    engine.send("protover 2");
    let done = engine.expect("feature done=1", |l| l.starts_with("feature") && l.contains("done=1"));
    assert!(!done.contains("usermove=0"), "{done}");
    engine
}

/// Waits for the engine's `move` and plays it in `game`. CECP castles as
/// O-O / O-O-O in Chess960 and as the king's two-square move otherwise.
fn engine_move(engine: &mut Process, game: &mut Position) -> Move {
    let line = engine.expect("move", |l| l.starts_with("move ") || l.starts_with("Illegal move"));
    let text = line.strip_prefix("move ").unwrap_or_else(|| engine.fail("the engine rejected a move"));
    let board = game.board();
    let m = match text {
        "O-O" | "O-O-O" => board.parse_san(text).ok(),
        // Standard mode reads the king's two-square castling; other moves
        // read the same in both modes.
        _ => board.parse_uci(text, CastlingMode::Standard).ok(),
    };
    let m = m.unwrap_or_else(|| engine.fail(&format!("illegal engine move {text}")));
    game.play(m).expect("checked legal");
    m
}

/// Sends `ping n` and checks nothing but comments and search output came
/// before the `pong n`: no "Illegal move" or "Error".
fn ping(engine: &mut Process, n: u32) {
    engine.send(&format!("ping {n}"));
    let pong = format!("pong {n}");
    let line = engine.expect(&pong, |l| l == pong || l.starts_with("Illegal") || l.starts_with("Error"));
    if line != pong {
        engine.fail(&format!("unexpected {line:?}"));
    }
}

#[test]
fn a_game_to_mate_on_the_clock() {
    let mut engine = start_xboard("xboard");
    engine.send("new");
    engine.send("force");
    engine.send(&format!("setboard {KRK}"));
    engine.send("level 0 0:02 0.02");
    // The engine plays both sides (`go` makes it play the side to move),
    // each on its own clock, in centiseconds as CECP counts.
    let mut game = Position::new(KRK.parse().expect("valid FEN"));
    let mut centis = ByColor::new(200i64, 200i64);
    while game.outcome().is_none() {
        assert!(game.moves().len() < 100, "no mate after 50 moves: {}", game.board().fen());
        let side = game.board().side_to_move();
        engine.send(&format!("time {}", centis[side]));
        engine.send(&format!("otim {}", centis[!side]));
        let started = Instant::now();
        engine.send("go");
        engine_move(&mut engine, &mut game);
        centis[side] -= started.elapsed().as_millis() as i64 / 10;
        assert!(centis[side] > 0, "{side:?} lost on time");
        centis[side] += 2;
    }
    assert_eq!(game.outcome(), Some(Outcome::checkmate(Color::White)));
    engine.expect("the result", |l| l.starts_with("1-0 {White mates}"));
    engine.send("quit");
    assert!(engine.wait(Duration::from_secs(5)).success());
}

#[test]
fn chess960_castling_in_both_spellings() {
    let mut engine = start_xboard("xboard");
    let start: Board = CHESS960.parse().expect("valid Shredder-FEN");
    for (round, (castle, san)) in
        [("O-O-O", "O-O-O"), ("b1a1", "O-O-O"), ("O-O", "O-O"), ("b1g1", "O-O")].into_iter().enumerate()
    {
        engine.send("new");
        engine.send("variant fischerandom");
        engine.send("force");
        engine.send(&format!("setboard {CHESS960}"));
        engine.send("sd 3");
        engine.send(&format!("usermove {castle}"));
        ping(&mut engine, round as u32);
        let mut game = Position::new(start.clone());
        game.play_san(san).expect("both castlings are legal");
        // The engine answers in the castled position.
        engine.send("go");
        engine_move(&mut engine, &mut game);
    }

    // The engine castles (the only root move left), written O-O / O-O-O.
    for san in ["O-O-O", "O-O"] {
        engine.send("new");
        engine.send("variant fischerandom");
        engine.send("force");
        engine.send(&format!("setboard {CHESS960}"));
        engine.send("exclude all");
        engine.send(&format!("include {san}"));
        engine.send("sd 3");
        engine.send("go");
        let mut game = Position::new(start.clone());
        let m = engine_move(&mut engine, &mut game);
        assert_eq!(start.san(m).to_string(), san);
    }
    engine.send("quit");
    assert!(engine.wait(Duration::from_secs(5)).success());
}

#[test]
fn a_book_game_plays_book_moves() {
    let path = common::data("book/games.bin");
    let book = Book::open(&path).expect("the test book opens");
    let mut engine = start_xboard("xboard");
    engine.send("option OwnBook=1");
    engine.send(&format!("option BookFile={}", path.display()));
    engine.send("new");
    engine.send("sd 3");
    engine.send("force");
    // The engine plays both sides, one move at a time, until out of book.
    let mut game = Position::startpos();
    for ply in 0..12 {
        let in_book: Vec<Move> = book.moves(&game).into_iter().map(|(m, _)| m).collect();
        assert!(!in_book.is_empty(), "out of book at ply {ply}");
        engine.send("go");
        let m = engine_move(&mut engine, &mut game);
        assert!(in_book.contains(&m), "{m} is not among the book moves {in_book:?}");
        engine.send("force");
    }
    engine.send("quit");
    assert!(engine.wait(Duration::from_secs(5)).success());
}

#[test]
fn garbage_lines_and_end_of_file() {
    // The protocol-detecting example, which must settle on CECP.
    let mut engine = start_xboard("engine");
    for line in [
        "hello world",
        "usermove e2e5",
        "setboard not/a/fen w - - 0 1",
        "level banana",
        "sd -3",
        "time",
        "option NoSuchOption=3",
        "",
        "   \t ",
        &"x".repeat(100_000),
    ] {
        engine.send(line);
    }
    engine.send_bytes(b"\xff\xfe\x00 junk\n");
    engine.send("ping 1");
    engine.expect("pong 1 after garbage", |l| l == "pong 1");
    // Still a working engine: it plays Black after 1. e4.
    engine.send("new");
    engine.send("sd 4");
    engine.send("usermove e2e4");
    let mut game = Position::startpos();
    game.play_san("e4").expect("legal");
    engine_move(&mut engine, &mut game);

    // End of file while analysing: the engine stops and exits.
    engine.send("analyze");
    engine.close_stdin();
    assert!(engine.wait(Duration::from_secs(5)).success());
}
