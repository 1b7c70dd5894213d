//! The parallel reader gives what the sequential one gives, game for game
//! and error for error (numbers, offsets, lines, columns), on the real
//! files, the fuzz seeds and regressions, and text made to mislead its
//! quick scan; from a slice and from a stream; on 1 to 3 threads, with
//! pieces from a few bytes to the whole input.

mod common;

use common::Pieces;
use ox88_pgn::{Game, GameBuilder, ParallelReader, PgnError, Reader};
use std::path::{Path, PathBuf};

fn describe(number: u64, game: &Result<Game, PgnError>) -> String {
    match game {
        Ok(game) => format!("{number}: {game}"),
        Err(e) => format!("{number}: {e}"),
    }
}

fn sequential(bytes: &[u8]) -> Vec<String> {
    let mut reader = Reader::from_bytes(bytes);
    let mut out = Vec::new();
    while let Some(game) = reader.next_game() {
        let game = game.map(|mut g| {
            g.number = 0;
            g
        });
        out.push(describe(reader.games_read(), &game));
    }
    out
}

fn parallel(bytes: &[u8], threads: usize, chunk_len: usize, stream: bool) -> Vec<String> {
    let reader = ParallelReader::new(threads).chunk_len(chunk_len);
    let mut out = Vec::new();
    let sink = |number: u64, game: Result<Game, PgnError>| out.push(describe(number, &game));
    let games = if stream {
        reader.read(Pieces(bytes, 7), GameBuilder::new, sink).expect("no read error")
    } else {
        reader.read_slice(bytes, GameBuilder::new, sink)
    };
    assert_eq!(games as usize, out.len());
    out
}

fn check(name: &str, bytes: &[u8], chunk_lens: &[usize]) {
    let expected = sequential(bytes);
    for &chunk_len in chunk_lens {
        for threads in 1..=3 {
            for stream in [false, true] {
                let got = parallel(bytes, threads, chunk_len, stream);
                assert!(
                    got == expected,
                    "{name}: {threads} threads, pieces of {chunk_len}, stream {stream}\n{got:#?}\n{expected:#?}"
                );
            }
        }
    }
}

fn data(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)
}

#[test]
fn real_files_read_alike() {
    for name in ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"] {
        let bytes = std::fs::read(data("../../tests/data/pgn").join(name)).expect("test data");
        check(name, &bytes, &[20_000, 1 << 20]);
    }
}

#[test]
fn fuzz_inputs_read_alike() {
    for dir in ["../../fuzz/seeds/pgn", "tests/regressions"] {
        let Ok(entries) = std::fs::read_dir(data(dir)) else { continue };
        for entry in entries.flatten() {
            let bytes = std::fs::read(entry.path()).expect("readable");
            // The fuzz target's first byte picks a read size: the PGN is the rest.
            let bytes = bytes.get(1..).unwrap_or_default();
            check(&entry.path().display().to_string(), bytes, &[1, 16, 300]);
        }
    }
}

#[test]
fn misleading_text_is_read_again_as_one_piece() {
    // A `{` after a tag pair opens a comment the quick scan does not see
    // (it skips tag lines whole), so it takes `[B` for a game's start.
    let text = "[A \"1\"] {\nx\n[B \"2\"]\n}\n1. e4 *\n[C \"3\"]\n\n1. d4 *\n";
    assert_eq!(sequential(text.as_bytes()).len(), 2);
    check("comment after a tag", text.as_bytes(), &[1, 5, 12]);
    // A bad token swallowing a `{`, then tags after a blank line.
    let text = "1. e4 &{ 2. d4\n[A \"1\"]\n\n[B \"2\"]\n{ }\n1. c4 *\n[C \"3\"]\n1. Nf3 *";
    check("bad token", text.as_bytes(), &[1, 3, 9]);
    // Tags, a blank line, more tags: one game.
    let text = "[A \"1\"]\n\n[B \"2\"]\n\n1. e4 *\n\n[A \"3\"]\n\n1. d4 *\n".repeat(5);
    check("tags after a blank line", text.as_bytes(), &[1, 8, 40]);
}

#[test]
fn long_games_and_empty_input() {
    let long = format!("[A \"1\"]\n\n1. e4 {{{}}} e5 *\n\n[B \"2\"]\n\n1. d4 *\n", "x\n".repeat(5000));
    check("a game longer than the pieces", long.as_bytes(), &[100, 4096]);
    check("nothing", b"", &[1]);
    check("blanks", b"\n\n  \n", &[1]);
}

use proptest::prelude::*;

/// Pieces of PGN that make the quick scan and the reader disagree if they
/// can: tag lines, comments opened and closed anywhere, line comments,
/// bad tokens, results, blank lines.
const PARTS: [&str; 16] =
    ["[A \"1\"]", "[B \"x{\"]", "{", "}", "\n", "\n\n", ";", "%", "1. e4", " e5", "*", "1-0", "&", "(", ")", " "];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_text_reads_alike(parts in proptest::collection::vec(0..PARTS.len(), 0..60), chunk_len in 1usize..40) {
        let text: String = parts.iter().map(|&i| PARTS[i]).collect();
        let expected = sequential(text.as_bytes());
        for (threads, stream) in [(1, false), (2, true), (3, false)] {
            let got = parallel(text.as_bytes(), threads, chunk_len, stream);
            prop_assert_eq!(&got, &expected, "{:?}", text);
        }
    }
}

/// Each input read alone, its games described with its place.
fn each_alone(inputs: &[&[u8]]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, bytes) in inputs.iter().enumerate() {
        out.extend(sequential(bytes).into_iter().map(|game| format!("{i}/{game}")));
    }
    out
}

fn together(inputs: &[&[u8]], threads: usize, chunk_len: usize) -> Vec<String> {
    let reader = ParallelReader::new(threads).chunk_len(chunk_len);
    let mut out = Vec::new();
    let games = reader
        .read_inputs(inputs.iter().map(|bytes| Ok(Pieces(bytes, 7))), GameBuilder::new, |input, number, game| {
            out.push(format!("{input}/{}", describe(number, &game)));
        })
        .expect("no read error");
    assert_eq!(games as usize, out.len());
    out
}

#[test]
fn inputs_read_together_as_each_alone() {
    let real = std::fs::read(data("../../tests/data/pgn/twic1599_1000k.pgn")).expect("test data");
    let real = &real[..200_000];
    // An input ending inside a game (then inside a comment), an empty one, errors with offsets and lines.
    let inputs: [&[u8]; 6] =
        [real, b"[A \"1\"]\n\n1. e4 e5 2. Nf9 *\n\n1. d4", b"", b"\n1. c4 {", b"1. Nf3 *\n\n2. e4 *\n", real];
    let expected = each_alone(&inputs);
    for threads in 1..=3 {
        for chunk_len in [1, 50, 20_000, 1 << 20] {
            let got = together(&inputs, threads, chunk_len);
            assert!(got == expected, "{threads} threads, pieces of {chunk_len}\n{got:#?}\n{expected:#?}");
        }
    }
}

/// An input whose reads fail after `.1` bytes.
struct Failing<'a>(&'a [u8], usize);

impl std::io::Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.1 == 0 {
            return Err(std::io::Error::other("disk on fire"));
        }
        let n = buf.len().min(self.1).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        (self.0, self.1) = (&self.0[n..], self.1 - n);
        Ok(n)
    }
}

#[test]
fn an_input_that_fails_stops_the_reading_after_the_games_before_it() {
    let game = "[A \"1\"]\n\n1. e4 *\n\n";
    let text = game.repeat(10);
    for threads in 1..=3 {
        for chunk_len in [1, 30, 1000] {
            let reader = ParallelReader::new(threads).chunk_len(chunk_len);
            // The second input cannot be opened: the first input's games, then its error.
            let inputs =
                [Ok(Failing(text.as_bytes(), usize::MAX)), Err(std::io::Error::other("gone")), Ok(Failing(b"", 0))];
            let mut read = Vec::new();
            let error = reader
                .read_inputs(inputs, GameBuilder::new, |input, number, game| read.push((input, number, game.is_ok())))
                .unwrap_err();
            assert_eq!((error.input, error.error.to_string()), (1, "gone".to_string()));
            assert_eq!(read, (1..=10).map(|n| (0, n, true)).collect::<Vec<_>>());
            // The second fails inside its fourth game (after the tags): the games read before it (the fourth
            // as the bytes read end it), then its error.
            let cut = 3 * game.len() + 9;
            let inputs =
                [Ok(Failing(text.as_bytes(), usize::MAX)), Ok(Failing(text.as_bytes(), cut)), Ok(Failing(b"", 0))];
            let mut read = Vec::new();
            let error = reader
                .read_inputs(inputs, GameBuilder::new, |input, number, game| read.push((input, number, game.is_ok())))
                .unwrap_err();
            assert_eq!((error.input, error.error.to_string()), (1, "disk on fire".to_string()));
            let before: Vec<_> = (1..=10).map(|n| (0, n, true)).chain((1..=4).map(|n| (1, n, true))).collect();
            assert_eq!(read, before, "{threads} threads, pieces of {chunk_len}");
        }
    }
}

/// Counts games, and panics at the game with a tag `Panic`.
#[derive(Default)]
struct PanicAt(bool);

impl ox88_pgn::Visitor for PanicAt {
    type Output = ();
    fn begin_game(&mut self) {
        self.0 = false;
    }
    fn tag(&mut self, name: &[u8], _: ox88_pgn::RawTag<'_>) -> Result<(), ox88_pgn::ErrorKind> {
        self.0 |= name == b"Panic";
        Ok(())
    }
    fn end_game(&mut self) {
        assert!(!self.0, "the visitor panics");
    }
}

#[test]
fn a_visitor_that_panics_makes_the_reading_panic() {
    for at in [0, 150, 299] {
        let text: String =
            (0..300).map(|i| if i == at { "[Panic \"1\"]\n\n1. e4 *\n\n" } else { "1. d4 *\n\n" }).collect();
        for threads in 1..=3 {
            for chunk_len in [10, 100, 1000] {
                let reader = ParallelReader::new(threads).chunk_len(chunk_len);
                let read = std::panic::catch_unwind(|| reader.read_slice(text.as_bytes(), PanicAt::default, |_, _| {}));
                assert!(read.is_err(), "game {at}, {threads} threads, pieces of {chunk_len}");
            }
        }
    }
}
