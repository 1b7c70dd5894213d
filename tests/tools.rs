//! The built `epd`, `play`, `perft` and `pgn` examples run as
//! processes: suite scoring (bm, am, STS points), their errors, a terminal
//! game fed by a pipe, saved in PGN and read back, perft --divide against
//! Stockfish's `go perft`, and PGN files read, timed and exported.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the example `name` with `args`, `input` on its standard input.
fn run(name: &str, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(common::example(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {name}: {e}"));
    let mut stdin = child.stdin.take().expect("piped stdin");
    // The game may end (or fail) before reading everything.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("the example runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A suite file in the temporary directory, unique to the test.
fn suite(name: &str, lines: &[&str]) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("ox88-{}-{name}.epd", std::process::id()));
    std::fs::write(&path, lines.join("\n") + "\n").expect("temporary file");
    path
}

/// White mates with Ra8#; Ra7 is no good.
const MATE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - -";

#[test]
fn epd_scores_bm_am_and_sts_points() {
    let path = suite(
        "scores",
        &[
            &format!("{MATE} bm Ra8#; id \"mate\";"),
            &format!("{MATE} am Ra7; id \"avoid\";"),
            &format!("{MATE} bm Ra8#; id \"sts\"; c0 \"Ra8=10, Ra7=2, Kf1=1\";"),
            // A wrong key: the engine mates, which this line does not want.
            &format!("{MATE} bm Kf1; id \"wrong key\"; c0 \"a comment, not points\";"),
            "",
            &format!("{MATE} am Ra8#; id \"avoid mate\";"),
        ],
    );
    let out = run("epd", &["--depth", "4", "--verbose", path.to_str().expect("UTF-8 path")], "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    let name = path.file_name().and_then(|n| n.to_str()).expect("a file name");
    assert!(stdout.contains(&format!("{name}: solved 3/5 (60.0%); points 10/10 (100.0%)")), "{stdout}");
    let failures: Vec<&str> = stdout.lines().filter(|l| l.starts_with("FAILED")).collect();
    assert_eq!(failures.len(), 2, "{stdout}");
    assert!(failures[0].starts_with("FAILED line 4 wrong key: played Ra8#, bm Kf1"), "{stdout}");
    assert!(failures[1].starts_with("FAILED line 6 avoid mate: played Ra8#, am Ra8#"), "{stdout}");
    // The progress line went to stderr.
    assert!(text(&out.stderr).contains("5/5, solved 3/5"), "{}", text(&out.stderr));
    // Without --verbose, only the summary.
    let out = run("epd", &["--depth", "4", "--limit", "3", path.to_str().expect("UTF-8 path")], "");
    assert_eq!(text(&out.stdout), format!("{name}: solved 3/3 (100.0%); points 10/10 (100.0%)\n"));
    std::fs::remove_file(path).ok();
}

#[test]
fn epd_errors_are_one_line_and_exit_2() {
    let bad_move = suite("bad-move", &[&format!("{MATE} bm Ra8#;"), &format!("{MATE} bm Qh7#;")]);
    let bad_fen = suite("bad-fen", &["this is not EPD"]);
    let bad_points = suite("bad-points", &[&format!("{MATE} bm Ra8#; c0 \"Ra8=10, Rb9=3\";")]);
    let no_test = suite("no-test", &[&format!("{MATE} id \"nothing to score\";")]);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec![bad_move.to_str().unwrap()], ":2: EPD operation bm"),
        (vec![bad_fen.to_str().unwrap()], ":1: invalid EPD position"),
        (vec![bad_points.to_str().unwrap()], ":1: c0 points"),
        (vec![no_test.to_str().unwrap()], ":1: no bm, am or c0 points"),
        (vec!["/nonexistent/suite.epd"], "cannot read /nonexistent/suite.epd"),
        (vec![], "no suite file"),
        (vec!["--depth", "x", "f.epd"], "--depth"),
        (vec!["--time", "-1", "f.epd"], "--time"),
        (vec!["--bogus"], "unknown argument"),
    ];
    for (args, wanted) in cases {
        let out = run("epd", &args, "");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("epd: ") && stderr.contains(wanted), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let help = run("epd", &["--help"], "");
    assert!(help.status.success() && text(&help.stdout).contains("usage: epd"));
    for path in [bad_move, bad_fen, bad_points, no_test] {
        std::fs::remove_file(path).ok();
    }
}

#[test]
fn play_takes_moves_commands_and_bad_input_until_eof() {
    let input = "e4\nfoo\nNf9\ne2e5\nmoves\nundo\nmoves\nflip\nfen\ndraw\nd2d4\nnew\n";
    let out = run("play", &["--depth", "2"], input);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    for wanted in [
        "You play White against ox88",
        "You play e4",
        "ox88 plays ",
        "invalid SAN \"foo\"",
        "invalid SAN \"Nf9\"",
        "illegal move e2e5",
        "Legal moves (20): ",
        "Taken back.",
        " 1  R N B K Q B N R",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "No draw can be claimed here",
        "You play d4",
        "New game: you play White.",
    ] {
        assert!(stdout.contains(wanted), "missing {wanted:?} in:\n{stdout}");
    }
    // Each bad input costs one line and no move.
    assert_eq!(stdout.matches("You play ").count(), 3, "{stdout}");
}

/// A Chess960 start: castling in UCI is the king taking its rook (as the
/// position writes it), not the standard king's two-square move.
#[test]
fn play_reads_chess960_castling_in_uci() {
    // The kings on f1 and f8, free to castle short: king f1 to g1, rook h1 to f1.
    let start = "rnbq1k1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1K1R w HAha - 0 1";
    let out = run("play", &["--depth", "1", "--fen", start], "f1h1\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("You play O-O\n"), "king takes rook castles in Chess960:\n{stdout}");
}

#[test]
fn play_ends_games_with_the_reason() {
    // The human mates.
    let out = run("play", &["--depth", "2", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"], "Ra8\nKf1\nundo\nRa8#\n");
    let stdout = text(&out.stdout);
    assert_eq!(stdout.matches("Game over: 1-0 {White mates}").count(), 2, "{stdout}");
    assert!(stdout.contains("The game is over (1-0 {White mates}): type `new` or `undo`."), "{stdout}");
    // The engine (White) mates the human.
    let out = run("play", &["--depth", "3", "--black", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"], "");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("ox88 plays Ra8#") && stdout.contains("Game over: 1-0 {White mates}"), "{stdout}");
    // Stalemate by the human's move, and insufficient material from the start.
    let out = run("play", &["--fen", "k7/8/1Q6/8/8/8/8/7K w - - 0 1"], "Qc7\nQb6\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Game over: 1/2-1/2 {Stalemate}"), "{stdout}");
    let out = run("play", &["--fen", "k7/8/8/8/8/8/8/6NK w - - 0 1"], "Nf3\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Game over: 1/2-1/2 {Insufficient material}"), "{stdout}");
    assert!(stdout.contains("The game is over"), "{stdout}");
    // Threefold repetition: the engine's king can only go h8-g8-h8, so the
    // human's king shuffle repeats the position; the human may claim it
    // with `draw`, and the engine, a rook down, claims it when it may.
    let shuffle = "7k/7p/7P/8/8/8/8/K4R2 w - - 0 1";
    let out = run("play", &["--depth", "3", "--fen", shuffle], "Kb1\nKa1\nKb1\nKa1\ndraw\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("A draw may be claimed (threefold repetition)"), "{stdout}");
    assert!(stdout.contains("Draw claimed (threefold repetition). Game over: 1/2-1/2 {Threefold repetition}."));
    let out = run("play", &["--depth", "3", "--fen", shuffle], "Kb1\nKa1\nKb1\nKa1\nKb1\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("ox88 claims a draw (threefold repetition)"), "{stdout}");
    assert!(stdout.contains("Game over: 1/2-1/2 {Threefold repetition}"), "{stdout}");
    // Bad arguments.
    let out = run("play", &["--fen", "nonsense"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("play: bad FEN"), "{}", text(&out.stderr));
}

/// `perft --divide` prints the lines Stockfish's `go perft` prints (move
/// lines sorted), standard castling as `e1g1`, Chess960 castling as
/// king-takes-rook: its output diffs against Stockfish's to hunt a bug.
#[test]
fn perft_divide_matches_stockfish() {
    for (fen, expected) in [
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "divide-kiwipete-d3.txt"),
        ("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", "divide-chess960-d3.txt"),
    ] {
        let path = format!("{}/tests/data/perft/{expected}", env!("CARGO_MANIFEST_DIR"));
        let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for threads in ["1", "2"] {
            let out = run("perft", &["--fen", fen, "--depth", "3", "--divide", "--threads", threads], "");
            assert!(out.status.success(), "{}", text(&out.stderr));
            let stdout = text(&out.stdout);
            let mut lines: Vec<&str> = stdout.lines().filter(|l| l.contains(": ")).collect();
            lines.sort_unstable();
            assert_eq!(lines.join("\n") + "\n", expected, "{fen}");
        }
    }
}

#[test]
fn play_saves_its_games_in_pgn() {
    let path = std::env::temp_dir().join(format!("ox88-{}-play.pgn", std::process::id()));
    std::fs::remove_file(&path).ok();
    let mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let pgn = path.to_str().expect("a UTF-8 path");
    // A mate, then a new game the engine answers, left at the end of input.
    let out = run("play", &["--depth", "2", "--fen", mate, "--pgn", pgn], "Ra8#\npgn\nnew\nKf1\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert_eq!(stdout.matches("Game saved to").count(), 2, "{stdout}");
    assert!(stdout.contains("1. Ra8# 1-0"), "the pgn command shows the game: {stdout}");
    let bytes = std::fs::read(&path).expect("the saved games");
    std::fs::remove_file(&path).ok();
    let games: Vec<ox88::pgn::Game> =
        ox88::pgn::Reader::from_bytes(&bytes).games().collect::<Result<_, _>>().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 2);
    let first = &games[0];
    assert_eq!(first.headers.get("White"), Some("Human"));
    assert_eq!(first.headers.get("FEN"), Some(mate));
    assert_eq!(first.outcome(), ox88::board::GameResult::Win(ox88::board::Color::White));
    assert_eq!((first.headers.get("Result"), first.headers.get("Termination")), (Some("1-0"), Some("normal")));
    let end = first.end_board().unwrap_or_else(|e| panic!("{e}"));
    assert!(ox88::movegen::MoveGen::is_checkmate(&end));
    let second = &games[1];
    assert_eq!(second.outcome(), ox88::board::GameResult::Unknown);
    assert_eq!((second.headers.get("Result"), second.headers.get("Termination")), (Some("*"), None));
    let moves = second.mainline_moves().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(moves.len(), 2, "Kf1 and the engine's reply");
    assert!(second.moves.nodes[1].comment.as_deref().is_some_and(|c| c.ends_with("/2")), "{second}");
}

#[test]
fn pgn_reads_times_and_exports_files() {
    let lichess = common::data("pgn/lichess_db_1000k.pgn");
    let lichess = lichess.to_str().expect("a UTF-8 path");
    for (mode, moves) in [("tokens", 28_538), ("validate", 28_538)] {
        let out = run("pgn", &[mode, lichess, lichess], "");
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 3, "{stdout}");
        let fields: Vec<&str> = lines[2].split(' ').collect();
        assert_eq!(fields[..7], ["total", "games", "876", "moves", &(2 * moves).to_string(), "bytes", "1999122"]);
        assert_eq!((fields[7], fields[9]), ("seconds", "MB/s"), "{stdout}");
        assert!(lines[0].starts_with(&format!("{lichess} games 438 moves {moves} bytes 999561 seconds ")));
    }
    let exported = run("pgn", &["export", lichess], "");
    assert!(exported.status.success());
    let games: Vec<ox88::pgn::Game> = ox88::pgn::Reader::from_bytes(&exported.stdout)
        .games()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 438);
    // Errors: one line each, naming the file, game and token; exit 1.
    let bad = std::env::temp_dir().join(format!("ox88-{}-bad.pgn", std::process::id()));
    std::fs::write(&bad, "[White \"W\"]\n\n1. e4 e5 2. Ke3 *\n\n1. d4 *\n").expect("temporary file");
    let bad = bad.to_str().expect("a UTF-8 path").to_owned();
    let out = run("pgn", &["validate", &bad], "");
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with(&format!("pgn: {bad}: game 1 (W - ?): \"Ke3\" at byte ")), "{stderr}");
    assert!(text(&out.stdout).contains(" games 2 moves 3 "), "{}", text(&out.stdout));
    let out = run("pgn", &["export", &bad], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).ends_with("1. d4 *\n\n"), "{}", text(&out.stdout));
    std::fs::remove_file(&bad).ok();
    for args in [
        &["tokens"][..],
        &["check", lichess],
        &["tokens", "/nonexistent.pgn"],
        &["validate", "--threads", "0", lichess],
    ] {
        let out = run("pgn", args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stderr).lines().count(), 1, "{args:?}: {}", text(&out.stderr));
    }
    // Options go before or after the mode; an unknown one is named.
    for args in [&["validate", "--threads", "2", lichess][..], &["--threads=2", "validate", lichess]] {
        let out = run("pgn", args, "");
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert!(text(&out.stdout).starts_with(&format!("{lichess} games 438 moves 28538 ")), "{args:?}");
    }
    let out = run("pgn", &["validate", "--frob", lichess], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "pgn: unknown option \"--frob\" (see --help)\n");
    let help = run("pgn", &["--help"], "");
    assert!(help.status.success() && text(&help.stdout).contains("usage: pgn"));
}
