//! PGN files: read them (only the tokens, or every main-line move checked and
//! played), timed; or write them back in export format.
//!
//! cargo run --release --example pgn -- (tokens | validate | export) [--threads N] FILE...

use ox88::board::{Board, GameResult};
use ox88::movegen::{Notation, SanPlus};
use ox88::pgn::{
    ErrorKind, Nag, ParallelReader, PgnError, RawComment, RawTag, Reader, SetupTags, Skip, Visitor, Writer,
};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

const HELP: &str = "\
pgn: read PGN files and time it, or write them back in export format

usage: pgn (tokens | validate | export) [--threads N] FILE...

  tokens       parse every game: tags, moves (SAN syntax), comments, NAGs, variations; no chess rules
  validate     also match every main-line move to a legal move and play it (variations are skipped)
  export       write every game to standard output in export format, every move checked and in
               canonical SAN (a game with an error is reported and left out)
  --threads N  read tokens or validate on N threads (the file cut where games begin, the games
               handed back in order); 1, the default, reads on this thread alone
  --help       show this help

tokens and validate print, for each file and in total, one line
  FILE games G moves M bytes B seconds S MB/s R
with the time taken after the file is in memory. Each error goes to standard error on one line,
naming the file, the game (its number and tags) and the token; the exit status is 1 if any game
had one, 2 for bad arguments or an unreadable file.";

/// Counts a game's moves, reading the syntax only.
#[derive(Default)]
struct Tokens {
    moves: u64,
}

impl Visitor for Tokens {
    type Output = u64;
    fn san(&mut self, _: SanPlus) -> Result<(), ErrorKind> {
        self.moves += 1;
        Ok(())
    }
    fn null_move(&mut self) -> Result<(), ErrorKind> {
        self.moves += 1;
        Ok(())
    }
    fn end_game(&mut self) -> u64 {
        std::mem::take(&mut self.moves)
    }
}

/// Plays every main-line move from the position the tags give.
struct Validate {
    setup: SetupTags,
    board: Board,
    moves: u64,
}

impl Default for Validate {
    fn default() -> Validate {
        Validate { setup: SetupTags::new(), board: Board::startpos(), moves: 0 }
    }
}

impl Visitor for Validate {
    type Output = u64;
    fn begin_game(&mut self) {
        self.setup.clear();
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), ErrorKind> {
        self.setup.tag(name, value).map(|_| ())
    }
    fn begin_movetext(&mut self) -> Result<Skip, ErrorKind> {
        self.board = self.setup.board();
        Ok(Skip(false))
    }
    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }
    fn san(&mut self, san: SanPlus) -> Result<(), ErrorKind> {
        let m = self.board.resolve_san(san.san)?;
        self.board.make_move_unchecked(m);
        self.moves += 1;
        Ok(())
    }
    fn null_move(&mut self) -> Result<(), ErrorKind> {
        if self.board.in_check() {
            return Err(ErrorKind::NullMoveInCheck);
        }
        self.board.make_null_move();
        self.moves += 1;
        Ok(())
    }
    fn end_game(&mut self) -> u64 {
        std::mem::take(&mut self.moves)
    }
}

/// Games, moves and errors of one file.
#[derive(Default)]
struct Count {
    games: u64,
    moves: u64,
    errors: u64,
}

/// Reads every game of `bytes` with a `V` per thread (`threads` 1: this
/// thread alone, the plain reader), reporting errors. A visitor's output is
/// the moves read since its last game ended, so the moves of a game that
/// failed count with the next game (on several threads, those of a failed
/// game a thread reads last are not counted).
fn read<V: Visitor<Output = u64> + Default>(file: &str, bytes: &[u8], threads: usize) -> Count {
    let mut count = Count::default();
    let mut add = |game: Result<u64, PgnError>| match game {
        Ok(moves) => count.moves += moves,
        Err(e) => {
            count.errors += 1;
            report(file, &e);
        }
    };
    if threads > 1 {
        let reader = ParallelReader::new(threads);
        count.games = reader.read_slice(bytes, || OnThreads(V::default()), |_, game| add(game));
    } else {
        let (mut reader, mut visitor) = (Reader::from_bytes(bytes), V::default());
        loop {
            match reader.read_game(&mut visitor) {
                Ok(Some(moves)) => add(Ok(moves)),
                Ok(None) => break,
                Err(e) => add(Err(e)),
            }
        }
        count.games = reader.games_read();
        count.moves += visitor.end_game(); // the moves of a last game that failed
    }
    count
}

/// A visitor as the worker threads use it: a type of its own, so that the
/// compiler makes the reader a copy for them, and the single-thread path
/// (one call site) is compiled, inlined, exactly as it would be alone.
struct OnThreads<V>(V);

impl<V: Visitor> Visitor for OnThreads<V> {
    type Output = V::Output;
    fn begin_game(&mut self) {
        self.0.begin_game()
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), ErrorKind> {
        self.0.tag(name, value)
    }
    fn begin_movetext(&mut self) -> Result<Skip, ErrorKind> {
        self.0.begin_movetext()
    }
    fn san(&mut self, san: SanPlus) -> Result<(), ErrorKind> {
        self.0.san(san)
    }
    fn null_move(&mut self) -> Result<(), ErrorKind> {
        self.0.null_move()
    }
    fn nag(&mut self, nag: Nag) {
        self.0.nag(nag)
    }
    fn comment(&mut self, comment: RawComment<'_>) {
        self.0.comment(comment)
    }
    fn begin_variation(&mut self) -> Skip {
        self.0.begin_variation()
    }
    fn end_variation(&mut self) {
        self.0.end_variation()
    }
    fn result(&mut self, result: GameResult) {
        self.0.result(result)
    }
    fn end_game(&mut self) -> V::Output {
        self.0.end_game()
    }
}

fn report(file: &str, error: &PgnError) {
    eprintln!("pgn: {file}: {error}");
}

/// Writes every game of `bytes` to `out`.
fn export(file: &str, bytes: &[u8], out: &mut Writer<impl Write>) -> io::Result<Count> {
    let mut reader = Reader::from_bytes(bytes);
    let mut count = Count::default();
    while let Some(game) = reader.next_game() {
        let normalized = game.and_then(|mut game| game.normalize_san().map(|()| game));
        match normalized {
            Ok(game) => {
                count.moves += game.mainline().count() as u64;
                out.write_game(&game)?;
            }
            Err(e) => {
                count.errors += 1;
                report(file, &e);
            }
        }
    }
    count.games = reader.games_read();
    Ok(count)
}

/// What the command line asks for.
struct Args {
    mode: String,
    files: Vec<String>,
    threads: usize,
}

/// Reads the command line: the mode, then the files, with `--threads N`
/// (or `--threads=N`) anywhere; an unknown option is refused by name, and
/// after `--` every word is a file. `None` asks for the help.
fn parse_args(args: &[String]) -> Result<Option<Args>, String> {
    let mut threads = 1;
    let mut words = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value)),
            _ => (arg.as_str(), None),
        };
        match name {
            "--help" | "-h" => return Ok(None),
            "--threads" => {
                let text = inline.or_else(|| args.next().map(String::as_str)).unwrap_or_default();
                threads = text.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
                    format!("--threads takes a number of threads, at least 1, not {text:?} (see --help)")
                })?;
            }
            "--" => words.extend(args.by_ref().cloned()),
            option if option.starts_with('-') && option != "-" => {
                return Err(format!("unknown option {option:?} (see --help)"))
            }
            _ => words.push(arg.clone()),
        }
    }
    let Some((mode, files)) = words.split_first().filter(|(_, files)| !files.is_empty()) else {
        return Err("give a mode and at least one file (see --help)".into());
    };
    if !matches!(mode.as_str(), "tokens" | "validate" | "export") {
        return Err(format!("unknown mode {mode:?}: expected tokens, validate or export (see --help)"));
    }
    Ok(Some(Args { mode: mode.clone(), files: files.to_vec(), threads }))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Args { mode, files, threads } = match parse_args(&args) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("pgn: {message}");
            return ExitCode::from(2);
        }
    };
    let mut writer = Writer::new(BufWriter::new(io::stdout()));
    let (mut total, mut bytes_total, mut seconds_total) = (Count::default(), 0u64, 0f64);
    for file in &files {
        let bytes = match std::fs::read(file) {
            Ok(bytes) => bytes,
            Err(e) => {
                eprintln!("pgn: {file}: {e}");
                return ExitCode::from(2);
            }
        };
        let start = Instant::now();
        let count = match mode.as_str() {
            "tokens" => read::<Tokens>(file, &bytes, threads),
            "validate" => read::<Validate>(file, &bytes, threads),
            _ => match export(file, &bytes, &mut writer) {
                Ok(count) => count,
                Err(e) => {
                    eprintln!("pgn: cannot write the output: {e}");
                    return ExitCode::from(2);
                }
            },
        };
        let seconds = start.elapsed().as_secs_f64();
        if mode != "export" {
            let line = format!(
                "{file} games {} moves {} bytes {} seconds {seconds:.4} MB/s {:.1}",
                count.games,
                count.moves,
                bytes.len(),
                bytes.len() as f64 / 1e6 / seconds
            );
            if writeln!(io::stdout(), "{line}").is_err() {
                return ExitCode::from(2);
            }
        }
        total.games += count.games;
        total.moves += count.moves;
        total.errors += count.errors;
        bytes_total += bytes.len() as u64;
        seconds_total += seconds;
    }
    if mode == "export" {
        if let Err(e) = writer.flush() {
            eprintln!("pgn: cannot write the output: {e}");
            return ExitCode::from(2);
        }
    } else {
        let line = format!(
            "total games {} moves {} bytes {bytes_total} seconds {seconds_total:.4} MB/s {:.1}",
            total.games,
            total.moves,
            bytes_total as f64 / 1e6 / seconds_total
        );
        if writeln!(io::stdout(), "{line}").is_err() {
            return ExitCode::from(2);
        }
    }
    if total.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
