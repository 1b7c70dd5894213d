//! The match runner (`ox88-match`, crates/match) run as a process, with the
//! engine examples as players: its summary lines, openings, gauntlets, SPRT,
//! an engine's bad option, and SPSA. (Its command-line errors and help are
//! crates/match/tests/cli.rs.)

mod common;

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(common::workspace_binary("ox88-match")).args(args).output().expect("ox88-match runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn engine(name: &str, proto: &str) -> Vec<String> {
    let cmd = common::example(name);
    vec!["-engine".into(), format!("cmd={}", cmd.display()), format!("proto={proto}"), format!("name=ox88-{name}")]
}

#[test]
fn two_engines_end_with_fastchess_summary_lines() {
    let mut args = engine("uci", "uci");
    args.extend(engine("xboard", "xboard"));
    args.extend(
        ["-each", "depth=2", "option.Hash=4", "-rounds", "2", "-repeat", "-concurrency", "2", "-maxmoves", "12"]
            .map(str::to_owned),
    );
    args.extend(
        ["-sprt", "elo0=0", "elo1=10", "model=logistic", "-draw", "movenumber=8", "movecount=2", "score=5000"]
            .map(str::to_owned),
    );
    let dir = std::env::temp_dir();
    let book = dir.join(format!("ox88-book-{}.pgn", std::process::id()));
    let games = dir.join(format!("ox88-games-{}.pgn", std::process::id()));
    let lines =
        "[Event \"Italian\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 *\n\n[Event \"Slav\"]\n\n1. d4 d5 2. c4 c6 *\n";
    std::fs::write(&book, lines).unwrap();
    let _ = std::fs::remove_file(&games);
    args.extend(["-openings".into(), format!("file={}", book.display()), "format=pgn".into(), "plies=6".into()]);
    args.extend(["-pgnout".into(), format!("file={}", games.display())]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run(&args);
    let out = text(&output.stdout);
    assert!(output.status.success(), "{out}\n{}", text(&output.stderr));
    // Every game is in the PGN file, as the Finished lines say, read with ox88-pgn.
    let written = std::fs::read(&games).unwrap();
    let read: Vec<_> = ox88::pgn::Reader::from_bytes(&written).games().collect::<Result<_, _>>().unwrap();
    assert_eq!(read.len(), 4, "{}", String::from_utf8_lossy(&written));
    for game in &read {
        let (white, black) = (game.headers.get("White").unwrap(), game.headers.get("Black").unwrap());
        let result = game.outcome();
        assert!(out.contains(&format!("({white} vs {black}): {result} {{")), "{white} {black} {result}:\n{out}");
        // Italian cut to six plies; the Slav has four.
        let book = if game.headers.get("Opening") == Some("Italian") { 6 } else { 4 };
        let moves = game.mainline_moves().expect("legal moves");
        assert!(moves.len() > book, "the opening, then the engines' moves");
        let comment = |ply: usize| game.mainline().nth(ply).and_then(|n| n.comment.clone());
        assert_eq!((comment(0), comment(book - 1).as_deref()), (None, Some("book")));
        assert!(comment(book).is_some_and(|c| c.ends_with('s')), "scores and times as comments");
    }
    assert_eq!(read[0].headers.get("Event"), Some("ox88 match"));
    assert_eq!(read[0].headers.get("TimeControl"), Some("-"), "depth, not a clock, limits the engines");
    assert!(read.iter().any(|g| g.headers.get("Opening") == Some("Slav")));
    let _ = (std::fs::remove_file(book), std::fs::remove_file(games));
    for game in 1..=4 {
        assert!(out.contains(&format!("Started game {game} of 4 (")), "{out}");
        assert!(out.contains(&format!("Finished game {game} (")), "{out}");
    }
    for line in [
        "Results of ox88-uci vs ox88-xboard (2 plies, NULL, 4MB, ox88-book-",
        "Elo: ",
        "LOS: ",
        "Games: 4, Wins: ",
        "Ptnml(0-2): [",
        "LLR: ",
        "Faults: ox88-uci: none; ox88-xboard: none",
        "Tournament finished",
        "SPRT: elo0 0, elo1 10, alpha 0.05, beta 0.05, logistic Elo, pentanomial (game pairs)",
        "Progress: 4/4 games, ox88-uci vs ox88-xboard: W ",
    ] {
        assert!(out.lines().any(|l| l.starts_with(line)), "no line starting {line:?} in\n{out}");
    }
    // Adjudicated after move 8 with every score within 50 pawns.
    assert!(out.contains("{Draw by adjudication}"), "{out}");
}

#[test]
fn a_gauntlet_from_epd_openings() {
    let book = std::env::temp_dir().join(format!("ox88-match-{}.epd", std::process::id()));
    std::fs::write(
        &book,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"open\";\n\
         rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - id \"indian\";\n",
    )
    .unwrap();
    let mut args = engine("uci", "uci");
    args.extend(engine("xboard", "xboard"));
    args.extend(engine("engine", "uci"));
    args.extend(
        ["-each", "depth=1", "-tournament", "gauntlet", "-rounds", "2", "-games", "2", "-maxmoves", "8"]
            .map(str::to_owned),
    );
    args.extend(["-openings".into(), format!("file={}", book.display()), "format=epd".into(), "order=random".into()]);
    args.extend(["-srand", "7", "-ratinginterval", "3"].map(str::to_owned));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run(&args);
    let out = text(&output.stdout);
    assert!(output.status.success(), "{out}\n{}", text(&output.stderr));
    assert!(out.contains("Finished game 8 ("), "{out}");
    assert!(!out.contains("Finished game 9 ("), "a gauntlet of one seed: 2 encounters x 2 rounds x 2 games");
    assert!(out.contains("Rank Name"), "a ranking for three engines: {out}");
    assert!(out.contains("Results of ox88-uci vs ox88-xboard (1 plies, NULL, NULL, ox88-match-"), "{out}");
    assert!(out.contains("Faults: ox88-uci: none; ox88-xboard: none; ox88-engine: none"), "{out}");
    assert!(out.contains("Results of ox88-uci vs ox88-engine"), "{out}");
    assert!(!out.contains("Results of ox88-xboard vs ox88-engine"), "{out}");
    let _ = std::fs::remove_file(book);
}

#[test]
fn an_engine_without_the_option_asked_is_an_error() {
    let mut args = engine("uci", "uci");
    args.push("option.NoSuchOption=1".into());
    args.extend(engine("xboard", "xboard"));
    args.extend(["-each", "depth=1"].map(str::to_owned));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run(&args);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("has no option \"NoSuchOption\""), "{}", text(&output.stderr));
}

#[test]
fn spsa_tunes_a_spin_option_and_resumes_from_its_state() {
    let dir = std::env::temp_dir();
    let params = dir.join(format!("ox88-spsa-{}.txt", std::process::id()));
    let state = dir.join(format!("ox88-spsa-{}.txt.state", std::process::id()));
    let log = dir.join(format!("ox88-spsa-{}.log", std::process::id()));
    std::fs::write(&params, "# the engine's hash, as a spin option any UCI engine has\nHash, int, 8, 1, 16, 2, 0.01\n")
        .unwrap();
    let _ = std::fs::remove_file(&state);
    let mut args = engine("uci", "uci");
    args.extend(["-each", "depth=1", "-maxmoves", "10", "-srand", "3"].map(str::to_owned));
    args.extend(["-log".into(), format!("file={}", log.display())]);
    args.extend(["-spsa".into(), format!("params={}", params.display())]);
    let spsa = |iterations: u32| {
        let mut args = args.clone();
        args.push(format!("iterations={iterations}"));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = run(&args);
        assert!(output.status.success(), "{}\n{}", text(&output.stdout), text(&output.stderr));
        text(&output.stdout)
    };
    let out = spsa(2);
    assert!(out.contains("SPSA iteration 1 (1 of 2): score ") && out.contains("SPSA iteration 2 (2 of 2)"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("SPSA finished: option.Hash="), "{out}");
    // Each side was given its own value of the option.
    let sent = std::fs::read_to_string(&log).unwrap();
    assert!(sent.contains("plus > setoption name Hash value ") && sent.contains("minus > setoption name Hash value "));
    assert!(std::fs::read_to_string(&state).unwrap().starts_with("iterations 2\nHash "));
    // A longer run resumes after the two pairs played.
    let out = spsa(3);
    assert!(out.contains("resuming from") && out.contains("SPSA iteration 3 (3 of 3)"), "{out}");
    assert!(!out.contains("SPSA iteration 1 "), "{out}");
    for file in [params, state, log] {
        let _ = std::fs::remove_file(file);
    }
}
