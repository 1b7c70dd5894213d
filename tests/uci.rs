//! The built `uci` and `engine` examples driven over UCI as a GUI would:
//! a game to mate on the clock, a game with the network evaluation, castling
//! in both spellings and in Chess960, a book game, and garbage input and end
//! of file.

mod common;

use common::Process;
use ox88::board::{Board, ByColor, CastlingMode, Color};
use ox88::book::Book;
use ox88::movegen::{Notation, Outcome, Position};
use std::time::{Duration, Instant};

/// Rook and king against king: White must mate, whoever defends.
const KRK: &str = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";
/// A Chess960 position: king b1, rooks a1 and g1, everything in between
/// empty, so both castlings are legal (O-O-O is "b1a1" king-takes-rook).
const CHESS960: &str = "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1";

fn start_uci(name: &str) -> Process {
    let mut engine = Process::spawn(name, &[]);
    engine.send("uci");
    engine.expect_prefix("id name ox88");
    engine.expect("uciok", |l| l == "uciok");
    engine.send("isready");
    engine.expect("readyok", |l| l == "readyok");
    engine
}

/// `position` for `game`, from its start FEN.
fn position(game: &Position) -> String {
    let moves: Vec<String> = game.moves().iter().map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect();
    format!("position fen {} moves {}", game.start().fen(), moves.join(" "))
}

/// The move of a `bestmove` line, which must be legal in `board`.
fn best_move(engine: &Process, line: &str, board: &Board, mode: CastlingMode) -> ox88::board::Move {
    let text = line.split_whitespace().nth(1).unwrap_or_else(|| engine.fail("bestmove without a move"));
    board.parse_uci(text, mode).unwrap_or_else(|e| engine.fail(&format!("illegal best move {text}: {e}")))
}

/// The FEN the `d` command shows for the current position.
fn shown_fen(engine: &mut Process) -> String {
    engine.send("d");
    engine.expect_prefix("Fen: ").trim_start_matches("Fen: ").to_owned()
}

#[test]
fn a_game_to_mate_on_the_clock() {
    let mut engine = start_uci("uci");
    engine.send("ucinewgame");
    // The engine plays both sides, each on its own clock of 2 s + 20 ms.
    let mut game = Position::new(KRK.parse().expect("valid FEN"));
    let inc = Duration::from_millis(20);
    let mut clock = ByColor::new(Duration::from_secs(2), Duration::from_secs(2));
    while game.outcome_or_claimable_draw().is_none() {
        let side = game.board().side_to_move();
        engine.send(&position(&game));
        let started = Instant::now();
        let (w, b) = (clock[Color::White].as_millis(), clock[Color::Black].as_millis());
        engine.send(&format!("go wtime {w} btime {b} winc {} binc {}", inc.as_millis(), inc.as_millis()));
        let line = engine.expect_prefix("bestmove");
        let used = started.elapsed();
        assert!(used < clock[side], "{side:?} lost on time: {used:?} of {:?}", clock[side]);
        clock[side] = clock[side] - used + inc;
        let m = best_move(&engine, &line, game.board(), CastlingMode::Standard);
        game.play(m).expect("checked legal");
    }
    assert_eq!(game.outcome(), Some(Outcome::checkmate(Color::White)), "{}", position(&game));
    engine.send("quit");
    assert!(engine.wait(Duration::from_secs(5)).success());
}

#[test]
fn a_game_with_the_network_evaluation() {
    let mut engine = start_uci("uci");
    engine.send("setoption name Eval value nnue");
    engine.send("ucinewgame");
    let mut game = Position::new(Board::startpos());
    while game.outcome_or_claimable_draw().is_none() && game.moves().len() < 60 {
        engine.send(&position(&game));
        engine.send("go depth 5");
        let line = engine.expect_prefix("bestmove");
        let m = best_move(&engine, &line, game.board(), CastlingMode::Standard);
        game.play(m).expect("checked legal");
    }
    engine.send("eval");
    let line = engine.expect_prefix("NNUE evaluation");
    assert!(line.contains("in use"), "{line}");
    engine.send("quit");
    assert!(engine.wait(Duration::from_secs(5)).success());
}

#[test]
fn castling_in_both_spellings_and_in_chess960() {
    let mut engine = start_uci("uci");
    // Standard chess: the king's two-square move and king-takes-rook are
    // the same castling.
    let italian = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6";
    let mut game = Position::startpos();
    for m in italian.split_whitespace().skip(3) {
        game.play_uci(m).expect("legal opening");
    }
    game.play_san("O-O").expect("castling is legal");
    for castle in ["e1g1", "e1h1"] {
        engine.send(&format!("{italian} {castle}"));
        assert_eq!(shown_fen(&mut engine), game.board().fen().to_string(), "after {castle}");
    }

    // Chess960: castling is king-takes-rook both ways, in and out.
    engine.send("setoption name UCI_Chess960 value true");
    engine.send("ucinewgame");
    let start: Board = CHESS960.parse().expect("valid Shredder-FEN");
    for (castle, san) in [("b1a1", "O-O-O"), ("b1g1", "O-O")] {
        let mut game = Position::new(start.clone());
        game.play_san(san).expect("both castlings are legal");
        let reply = if san == "O-O" { "b8g8" } else { "b8a8" };
        assert!(game.is_chess960());
        game.play_uci(reply).expect("Black castles the same way");
        engine.send(&format!("position fen {CHESS960} moves {castle} {reply}"));
        assert_eq!(shown_fen(&mut engine), game.board().fen().to_string(), "after {castle} {reply}");

        // The engine castles (the only root move allowed), written king-takes-rook.
        engine.send(&format!("position fen {CHESS960}"));
        engine.send(&format!("go depth 3 searchmoves {castle}"));
        let line = engine.expect_prefix("bestmove");
        assert_eq!(line.split_whitespace().nth(1), Some(castle), "{line}");
    }
    engine.send("quit");
    assert!(engine.wait(Duration::from_secs(5)).success());
}

#[test]
fn a_book_game_plays_book_moves() {
    let path = common::data("book/games.bin");
    let book = Book::open(&path).expect("the test book opens");
    let mut engine = start_uci("uci");
    engine.send("setoption name OwnBook value true");
    engine.send(&format!("setoption name BookFile value {}", path.display()));
    engine.send("ucinewgame");
    let mut game = Position::startpos();
    let mut book_plies = 0;
    loop {
        let in_book: Vec<_> = book.moves(&game).into_iter().map(|(m, _)| m).collect();
        engine.send(&position(&game));
        engine.send("go depth 3");
        let mut said_book = false;
        let line = engine.expect("bestmove", |l| {
            said_book |= l.starts_with("info") && l.contains("book move");
            l.starts_with("bestmove")
        });
        let m = best_move(&engine, &line, game.board(), CastlingMode::Standard);
        if in_book.is_empty() {
            assert!(!said_book, "a book move out of the book: {line}");
            break;
        }
        assert!(in_book.contains(&m), "{m} is not among the book moves {in_book:?}");
        assert!(said_book, "the engine did not say it played from the book");
        book_plies += 1;
        game.play(m).expect("checked legal");
    }
    // The test book's 24 games share no first moves beyond the first ply or
    // two, but every game is in it to 60 plies.
    assert!(book_plies >= 10, "only {book_plies} book moves");
    engine.send("quit");
    assert!(engine.wait(Duration::from_secs(5)).success());
}

#[test]
fn garbage_lines_and_end_of_file() {
    // The protocol-detecting example, which must settle on UCI.
    let mut engine = start_uci("engine");
    for line in [
        "hello world",
        "go depth banana",
        "position fen not/a/fen w - - 0 1",
        "position startpos moves e2e5",
        "position startpos moves e2e4 e7e5 e1e3",
        "setoption name NoSuchOption value 3",
        "setoption name Hash value lots",
        "setoption name Threads value -4",
        "",
        "   \t ",
        "d d d",
        &"x".repeat(100_000),
    ] {
        engine.send(line);
    }
    engine.send_bytes(b"\xff\xfe\x00 junk\n");
    engine.send("isready");
    engine.expect("readyok after garbage", |l| l == "readyok");
    // Still a working engine.
    engine.send("position startpos moves e2e4");
    engine.send("go depth 4");
    let line = engine.expect_prefix("bestmove");
    let mut board = Board::startpos();
    board.make_move_unchecked(board.parse_uci("e2e4", CastlingMode::Standard).expect("legal"));
    best_move(&engine, &line, &board, CastlingMode::Standard);

    // End of file in the middle of an infinite search: the engine stops and exits.
    engine.send("go infinite");
    engine.close_stdin();
    assert!(engine.wait(Duration::from_secs(5)).success());
}
