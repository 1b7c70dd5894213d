//! Import format as people write it: every sloppiness the reader promises
//! to take, each against the game it must give; and the errors it must
//! report instead (naming the game and the token) before going on.

mod common;

use common::Pieces;
use ox88_board::GameResult;
use ox88_board::{Board, CastlingMode, Color};
use ox88_pgn::{ErrorKind, Game, MoveToken, Nag, PgnError, Reader};

/// Every game of `pgn`, or the first error.
fn games(pgn: &[u8]) -> Vec<Game> {
    Reader::from_bytes(pgn).games().collect::<Result<_, _>>().unwrap_or_else(|e| panic!("{e}"))
}

fn one(pgn: &str) -> Game {
    let all = games(pgn.as_bytes());
    assert_eq!(all.len(), 1, "{pgn:?}");
    all.into_iter().next().expect("one game")
}

/// The main line in UCI, checked.
fn uci(game: &Game) -> String {
    let mode = game.castling_mode().unwrap_or_else(|e| panic!("{e}"));
    let moves = game.mainline_moves().unwrap_or_else(|e| panic!("{e}"));
    moves.iter().map(|m| m.to_uci(mode).to_string()).collect::<Vec<_>>().join(" ")
}

#[test]
fn move_numbers_with_and_without_spaces() {
    for text in [
        "1. e4 e5 2. Nf3 Nc6 *",
        "1.e4 e5 2.Nf3 Nc6 *",
        "1. e4 1... e5 2. Nf3 2... Nc6 *",
        "1.e4 1...e5 2.Nf3 2...Nc6 *",
        "1 e4 e5 2 Nf3 Nc6 *",
        "e4 e5 Nf3 Nc6 *",
        "1. e4 ... e5 2. Nf3 … Nc6 *",
        "1.\ne4\ne5\n2.\nNf3\nNc6\n*",
    ] {
        assert_eq!(uci(&one(text)), "e2e4 e7e5 g1f3 b8c6", "{text:?}");
    }
}

#[test]
fn castling_promotion_en_passant_and_null_moves() {
    let castles = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. 0-0 0-0-0 2. Kg2 O-O *";
    assert!(one(castles).mainline_moves().is_err(), "castled twice");
    let castles = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. 0-0 0-0-0 2. Kg2 Kb8 *";
    assert_eq!(uci(&one(castles)), "e1g1 e8c8 g1g2 c8b8");
    let fen = "[FEN \"8/P6k/8/8/8/8/6Kp/8 w - - 0 1\"]\n\n";
    for text in ["1. a8=Q h1=N+", "1. a8Q h1N+", "1. a8q h1n+", "1. a8=Q h1=N"] {
        assert_eq!(uci(&one(&format!("{fen}{text} *"))), "a7a8q h2h1n", "{text}");
    }
    let ep = "1. e4 a6 2. e5 d5 3. exd6 e.p. a5 4. dxc7 *";
    assert_eq!(uci(&one(ep)), "e2e4 a7a6 e4e5 d7d5 e5d6 a6a5 d6c7");
    assert_eq!(uci(&one("1. e4 a6 2. e5 d5 3. exd6e.p. *")), "e2e4 a7a6 e4e5 d7d5 e5d6");
    for null in ["--", "Z0", "0000"] {
        let game = one(&format!("1. e4 {null} 2. d4 *"));
        assert_eq!(game.moves.nodes[1].san, MoveToken::Null, "{null}");
        let mut seen = Vec::new();
        game.for_each_move(|step| seen.push(step.mv.map(|m| m.to_string()))).expect("legal");
        assert_eq!(seen, [Some("e2e4".into()), None, Some("d2d4".into())]);
        assert!(matches!(game.mainline_moves(), Err(PgnError { kind: ErrorKind::NullMove, .. })));
    }
}

#[test]
fn nags_suffixes_and_symbols() {
    let game = one("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 Nf6 += 5. O-O +- *");
    let nags: Vec<Vec<u8>> = game.mainline().map(|n| n.nags.iter().map(|n| n.0).collect()).collect();
    assert_eq!(nags, [vec![1], vec![2], vec![3], vec![4], vec![5], vec![6], vec![14], vec![14], vec![18]]);
    let spaced = one("1. e4 ! e5 $2 $18 *");
    assert_eq!(spaced.moves.nodes[0].nags, [Nag::GOOD_MOVE]);
    assert_eq!(spaced.moves.nodes[1].nags, [Nag(2), Nag(18)]);
}

#[test]
fn comments_escapes_and_nested_variations() {
    let text = "% a line for another program\n\
        [Event \"x\"]\n\
        ; a comment line among the tags\n\
        [Site \"y\"]\n\n\
        {Before the first move} 1. e4 {after e4} ; to the end of the line\n\
        e5 (1... c5 {Sicilian} 2. Nf3 (2. c3 d5 (2... Nf6)) {back in the c5 line} 2... d6) {back} 2. Nf3 *";
    let game = one(text);
    assert_eq!(game.headers.get("Site"), Some("y"));
    assert_eq!(game.comment(), Some("Before the first move"));
    let e4 = &game.moves.nodes[0];
    assert_eq!(e4.comment.as_deref(), Some("after e4 to the end of the line"));
    let e5 = &game.moves.nodes[1];
    let c5_line = &e5.variations[0];
    assert_eq!(c5_line.nodes[0].comment.as_deref(), Some("Sicilian"));
    let c3_line = &c5_line.nodes[1].variations[0];
    assert_eq!(c3_line.nodes.len(), 2);
    assert_eq!(c3_line.nodes[1].variations[0].nodes[0].san.to_string(), "Nf6");
    assert_eq!(c5_line.nodes[2].comment_before.as_deref(), Some("back in the c5 line"));
    assert_eq!(game.moves.nodes[2].comment_before.as_deref(), Some("back"));
    let mut depths = Vec::new();
    game.for_each_move(|step| depths.push(step.depth)).expect("legal");
    assert_eq!(depths, [0, 0, 1, 1, 2, 2, 3, 1, 0]);
}

#[test]
fn comments_of_closing_braces_are_not_written() {
    // A `;` comment may hold a `}`, which a brace comment cannot: the writer
    // drops it, and with nothing left writes no comment at all, since `{}`
    // would read back as no comment (found by the `pgn` fuzz target).
    let game = one("1. e4 ; }\ne5 ; } }\n*");
    assert_eq!(game.moves.nodes[0].comment.as_deref(), Some("}"));
    let text = game.to_string();
    assert!(text.ends_with("\n\n1. e4 e5 *\n\n"), "{text}");
    assert_eq!(one(&text).to_string(), text);
    // Beside other words, only the brace goes.
    let game = one("1. e4 ; a } b\n*");
    assert!(game.to_string().contains("1. e4 {a b} *"), "{game}");
}

#[test]
fn missing_blank_lines_results_and_mismatches() {
    // No blank lines, no result on the first game, a result contradicting
    // the tag on the second, and a game of movetext alone.
    let text = "[Event \"1\"]\n1. e4 e5\n[Event \"2\"]\n[Result \"1-0\"]\n1. d4 d5 0-1\n1. c4 *\n";
    let all = games(text.as_bytes());
    assert_eq!(all.len(), 3);
    assert_eq!((all[0].result, all[0].mainline().count()), (None, 2));
    assert_eq!(all[1].headers.result(), Some(GameResult::Win(Color::White)));
    assert_eq!(all[1].result, Some(GameResult::Win(Color::Black)));
    assert_eq!(all[1].outcome(), GameResult::Win(Color::Black));
    assert_eq!(all[2].headers.len(), 0);
    assert_eq!(uci(&all[2]), "c2c4");
    // A result inside a variation means nothing; a stray ')' is ignored.
    let game = one("1. e4 (1. d4 1-0) e5 ) 2. Nf3 1/2-1/2");
    assert_eq!((game.mainline().count(), game.result), (3, Some(GameResult::Draw)));
}

#[test]
fn crlf_bom_latin1_and_escaped_tags() {
    let text =
        b"\xef\xbb\xbf[Event \"Caf\xe9 \\\"Open\\\"\"]\r\n[Site \"G\xf6teborg\"]\r\n\r\n1. e4 {caf\xe9}\r\ne5 1-0\r\n";
    let game = &games(text)[0];
    assert_eq!(game.headers.get("Event"), Some("Café \"Open\""));
    assert_eq!(game.headers.get("Site"), Some("Göteborg"));
    assert_eq!(game.moves.nodes[0].comment.as_deref(), Some("café"));
    assert_eq!(game.result, Some(GameResult::Win(Color::White)));
    // A value with bare quotes, as careless writers leave them.
    let game = one("[Event \"The \"Big\" Open\"]\n\n*");
    assert_eq!(game.headers.get("Event"), Some("The \"Big\" Open"));
}

#[test]
fn chess960_games() {
    // X-FEN castling rights: the outermost rooks. The king castles short
    // onto its rook's square, and long without moving.
    let text =
        "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1\"]\n\n\
        1. O-O O-O-O 2. Kh1 *";
    let game = one(text);
    assert_eq!(game.castling_mode().expect("a variant"), CastlingMode::Chess960);
    assert_eq!(uci(&game), "d1g1 d8b8 g1h1");
    let standard = one("[FEN \"1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1\"]\n\n1. O-O *");
    assert_eq!(standard.castling_mode().expect("standard"), CastlingMode::Standard);
    assert_eq!(uci(&standard), "d1g1");
    let unknown = one("[Variant \"Crazyhouse\"]\n\n1. e4 *");
    assert!(matches!(unknown.mainline_moves(), Err(PgnError { kind: ErrorKind::Variant(v), .. }) if v == "Crazyhouse"));
}

/// The reader's errors name the game and the token, and the next game is
/// read; so do a tree's errors.
#[test]
fn errors_name_the_game_and_the_token_and_reading_goes_on() {
    let text = "[Event \"E\"]\n[White \"W\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf9 Nc6 3. Bb5 1-0\n\n\
        [Event \"Bad tag\n\n1. d4 *\n\n\
        [Event \"Fine\"]\n\n1. c4 *\n\n\
        1. e4 & e5 *\n\n\
        1. e4 {never closed";
    let results: Vec<Result<Game, PgnError>> = Reader::from_bytes(text.as_bytes()).games().collect();
    assert_eq!(results.len(), 5);
    let first = results[0].as_ref().expect_err("Nf9");
    assert_eq!((first.game.number, first.token.as_str()), (1, "Nf9"));
    assert_eq!((first.game.white.as_str(), first.game.event.as_str()), ("W", "E"));
    assert_eq!(first.location.map(|at| at.offset), text.find("Nf9").map(|n| n as u64));
    assert!(first.to_string().starts_with("game 1 (W - B, E): \"Nf9\" at byte"), "{first}");
    assert_eq!(first.location.map(|at| (at.line, at.column)), Some((5, 13)));
    assert!(first.to_string().contains("(line 5, column 13)"), "{first}");
    assert!(matches!(first.kind, ErrorKind::San(_)));
    let second = results[1].as_ref().expect_err("bad tag");
    assert!(matches!(second.kind, ErrorKind::Tag) && second.game.number == 2, "{second}");
    assert_eq!(results[2].as_ref().expect("fine").headers.get("Event"), Some("Fine"));
    let fourth = results[3].as_ref().expect_err("&");
    assert_eq!((fourth.game.number, fourth.token.as_str()), (4, "&"));
    assert_eq!(fourth.location.map(|at| (at.line, at.column)), Some((15, 7)));
    let second = results[1].as_ref().expect_err("bad tag");
    assert_eq!(second.location.map(|at| (at.line, at.column)), Some((7, 1)));
    assert!(matches!(results[4], Err(PgnError { kind: ErrorKind::UnterminatedComment, .. })));

    let illegal = one("[White \"W\"]\n\n1. e4 e5 2. Ke3 *");
    let error = illegal.mainline_moves().expect_err("Ke3 is illegal");
    assert_eq!(error.token, "2. Ke3");
    assert!(error.to_string().contains("game 1 (W - ?): \"2. Ke3\": illegal move"), "{error}");
    let ambiguous = one("[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n\n1. Nd2 *");
    assert!(matches!(ambiguous.mainline_moves(), Err(PgnError { kind: ErrorKind::Move(_), .. })));
    let bad_fen = one("[FEN \"8/8/8 w - -\"]\n\n1. e4 *");
    assert!(matches!(bad_fen.start_board(), Err(PgnError { kind: ErrorKind::Fen(_), .. })));
}

/// Reading through `io::Read` in bits of any size gives what reading the
/// bytes in place gives, errors included, and a token longer than the
/// limit is an error, not a bigger buffer.
#[test]
fn io_read_in_small_pieces_matches_the_slice() {
    let text =
        std::fs::read_to_string(format!("{}/tests/import_format.rs", env!("CARGO_MANIFEST_DIR"))).expect("this file");
    // The PGN texts of this file's tests, one after the other.
    let sample: String = text.split("\"").filter(|s| s.contains("1.")).collect::<Vec<_>>().join("\n\n");
    let describe = |r: &Result<Game, PgnError>| match r {
        Ok(game) => game.to_string(),
        Err(e) => e.to_string(),
    };
    let expected: Vec<String> = Reader::from_bytes(sample.as_bytes()).games().map(|r| describe(&r)).collect();
    assert!(expected.len() > 10);
    for piece in [1, 2, 3, 7, 64] {
        let got: Vec<String> = Reader::new(Pieces(sample.as_bytes(), piece)).games().map(|r| describe(&r)).collect();
        assert_eq!(got, expected, "read {piece} bytes at a time");
        // A small buffer, moved along many times.
        let got: Vec<String> = Reader::new(Pieces(sample.as_bytes(), piece))
            .with_max_token_len(256)
            .games()
            .map(|r| describe(&r))
            .collect();
        assert_eq!(got, expected, "read {piece} bytes at a time into 256");
    }
    let long = format!("1. e4 {{{}}} e5 *\n\n1. d4 *", "x".repeat(5000));
    let mut reader = Reader::new(long.as_bytes()).with_max_token_len(1000);
    assert!(matches!(reader.next_game(), Some(Err(PgnError { kind: ErrorKind::TooLong { limit: 1000 }, .. }))));
    assert_eq!(reader.next_game().expect("the next game").expect("reads").mainline().count(), 1);
    assert_eq!(Board::startpos(), one("*").start_board().expect("standard"));
}

/// Fuzz inputs (the target's seeds, and inputs it once failed on, in
/// `tests/regressions`) keep the fuzz target's properties: reading through
/// `io::Read` in pieces of every size from 1 to 16 bytes agrees with reading
/// in place (a fuzz input's first byte picks one size; here every size is
/// tried), and each game writes text that reads back as one game writing
/// the same text.
#[test]
fn fuzz_inputs_keep_the_fuzz_properties() {
    let describe = |r: Result<Game, PgnError>| match r {
        Ok(game) => game.to_string(),
        Err(e) => e.to_string(),
    };
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut inputs = 0;
    for dir in [root.join("tests/regressions"), root.join("../../fuzz/seeds/pgn")] {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            let data = std::fs::read(&path).expect("a fuzz input");
            let bytes = data.get(1..).unwrap_or_default();
            let expected: Vec<String> = Reader::from_bytes(bytes).games().map(describe).collect();
            for piece in 1..=16 {
                let got: Vec<String> = Reader::new(Pieces(bytes, piece)).games().map(describe).collect();
                assert_eq!(got, expected, "{}: read {piece} bytes at a time", path.display());
            }
            for game in Reader::from_bytes(bytes).games().flatten() {
                let text = game.to_string();
                let again: Vec<Game> = games(text.as_bytes());
                assert_eq!(again.len(), 1, "{}: {text}", path.display());
                assert_eq!(again[0].to_string(), text, "{}", path.display());
            }
            inputs += 1;
        }
    }
    assert!(inputs >= 5);
}
