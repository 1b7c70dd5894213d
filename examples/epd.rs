//! Runs an EPD test suite: each position searched at a fixed time or depth,
//! scored by its `bm`/`am` operations (solved or not) and, for STS-style
//! suites, by the points of its `c0` comment (`c0 "Nf3=10, Nd2=5"`).
//!
//! cargo run --release --example epd -- [--time SECONDS | --depth N] [--threads N] [--hash MB] [--verbose] FILE
//!
//! The engine is `ox88::Ox88` driven through the protocol crate's `Engine`
//! trait, exactly as the UCI and XBoard examples drive it, so a suite run here
//! agrees with the same suite run through a GUI or python-chess.

#[path = "common/parse.rs"]
mod parse;
#[path = "common/seconds.rs"]
mod seconds;

use ox88::board::{Move, PovScore, Score};
use ox88::movegen::{Epd, MoveGen, Notation, Operation, Position};
use ox88::protocol::{Engine, Limits, DEFAULT_MOVE_OVERHEAD};
use ox88::{Ox88, Settings};
use parse::number;
use seconds::seconds;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

const HELP: &str = "\
epd: run an EPD test suite (bm/am operations; STS-style c0 point comments) through the ox88 engine

usage: epd [--time SECONDS | --depth N] [--threads N] [--hash MB] [--limit N] [--verbose] FILE

  --time SECONDS  search each position this long (default 1; fractions allowed)
  --depth N       search each position to this depth (with --time too: whichever comes first)
  --threads N     search threads (default 1)
  --hash MB       transposition table size (default 16)
  --limit N       only the first N positions
  --verbose       list the positions not solved, with the move played and the expected ones
  --help          show this help

A position is solved when the move played is one of its `bm` moves and none of its `am` moves. Lines whose `c0`
comment lists points per move (`c0 \"Nf3=10, Nd2=5\"`, as in the Strategic Test Suite) are also scored by points.
Prints `FILE: solved S/N (P%)` and, for point-scored suites, `; points X/Y (P%)`; progress goes to stderr.
The table is kept from one position to the next, as a GUI or python-chess sending one `ucinewgame` would.
Exits 2 on a bad argument, an unreadable file or a line that is not valid EPD.";

struct Options {
    file: String,
    time: Option<Duration>,
    depth: Option<u32>,
    settings: Settings,
    limit: Option<usize>,
    verbose: bool,
}

/// One test position.
struct Test {
    line: usize,
    epd: Epd,
    /// Points per move, from an STS-style `c0` comment.
    points: Option<Vec<(Move, i64)>>,
}

fn parse_args() -> Result<Option<Options>, String> {
    let mut file = None;
    let mut options = Options {
        file: String::new(),
        time: None,
        depth: None,
        settings: Settings::default(),
        limit: None,
        verbose: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--help" | "-h" => return Ok(None),
            "--time" => {
                options.time = Some(seconds(&value("--time")?, "--time")?);
            }
            "--depth" => options.depth = Some(number(&value("--depth")?, "--depth")?),
            "--threads" => options.settings.threads = number(&value("--threads")?, "--threads")?,
            "--hash" => options.settings.hash_mb = number(&value("--hash")?, "--hash")?,
            "--limit" => options.limit = Some(number(&value("--limit")?, "--limit")?),
            "--verbose" | "-v" => options.verbose = true,
            other if other.starts_with('-') && other.len() > 1 => {
                return Err(format!("unknown argument {other:?} (see --help)"))
            }
            path if file.is_none() => file = Some(path.to_owned()),
            extra => return Err(format!("one suite file only, not also {extra:?}")),
        }
    }
    options.file = file.ok_or("no suite file given (see --help)")?;
    if options.depth == Some(0) || options.settings.threads < 1 || options.settings.hash_mb < 1 {
        return Err("--depth, --threads and --hash must be at least 1".into());
    }
    if options.depth.is_none() && options.time.is_none() {
        options.time = Some(Duration::from_secs(1));
    }
    Ok(Some(options))
}

/// The points table of an STS-style `c0` comment, if the comment is one:
/// every comma-separated part `SAN=integer`. Its moves must then be legal.
fn points(epd: &Epd) -> Result<Option<Vec<(Move, i64)>>, String> {
    let Some(text) = epd.operations.iter().find_map(|op| match op {
        Operation::Comment { index: 0, text } => Some(text),
        _ => None,
    }) else {
        return Ok(None);
    };
    let parts: Option<Vec<(&str, i64)>> = text
        .split(',')
        .map(|part| part.split_once('=').and_then(|(san, p)| Some((san.trim(), p.trim().parse().ok()?))))
        .collect();
    let Some(parts) = parts else {
        return Ok(None); // A plain comment.
    };
    parts
        .into_iter()
        .map(|(san, p)| epd.board.parse_san(san).map(|m| (m, p)).map_err(|e| format!("c0 points: {e}")))
        .collect::<Result<_, _>>()
        .map(Some)
}

fn read_suite(options: &Options) -> Result<Vec<Test>, String> {
    let path = &options.file;
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut tests = Vec::new();
    for (number, epd) in Epd::read_lines(&text) {
        if options.limit.is_some_and(|n| tests.len() >= n) {
            break;
        }
        let at = |e: String| format!("{path}:{number}: {e}");
        let epd = epd.map_err(|e| at(e.to_string()))?;
        let points = points(&epd).map_err(at)?;
        if epd.best_moves().is_none() && epd.avoid_moves().is_none() && points.is_none() {
            return Err(at("no bm, am or c0 points to score".into()));
        }
        if !epd.board.has_legal_moves() {
            return Err(at("the position has no legal moves".into()));
        }
        tests.push(Test { line: number, epd, points });
    }
    if tests.is_empty() {
        return Err(format!("{path}: no positions"));
    }
    Ok(tests)
}

/// What a search found: the move, and the depth and score of its line
/// (from the side to move, whose move the test asks for).
struct Answer {
    best: Move,
    depth: u32,
    score: Option<Score>,
}

fn search(engine: &mut Ox88, test: &Test, limits: &Limits) -> Answer {
    // As the protocol drivers do before every search.
    engine.stop_handle().reset(false);
    let result = engine.search(&Position::new(test.epd.board.clone()), limits, &mut |_| {});
    // The suite was checked for positions without legal moves.
    let best = result.best.expect("the engine returns a move when there is one");
    Answer { best, depth: result.depth(), score: result.score().map(PovScore::relative) }
}

fn run(options: &Options) -> Result<ExitCode, String> {
    let tests = read_suite(options)?;
    let mut engine = Ox88::with_settings(options.settings.clone()).map_err(|e| e.to_string())?;
    engine.new_game();
    // The drivers' move overhead, so that `--time` spends what `go movetime` would.
    let limits = Limits {
        movetime: options.time,
        depth: options.depth,
        move_overhead: DEFAULT_MOVE_OVERHEAD,
        ..Limits::default()
    };
    let (mut scored, mut solved, mut points, mut max_points) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for (done, test) in tests.iter().enumerate() {
        let answer = search(&mut engine, test, &limits);
        let epd = &test.epd;
        if epd.best_moves().is_some() || epd.avoid_moves().is_some() {
            scored += 1;
            let good = epd.best_moves().is_none_or(|bm| bm.contains(&answer.best))
                && !epd.avoid_moves().is_some_and(|am| am.contains(&answer.best));
            if good {
                solved += 1;
            } else {
                failures.push(failure(test, &answer));
            }
        }
        if let Some(table) = &test.points {
            points += table.iter().find(|(m, _)| *m == answer.best).map_or(0, |&(_, p)| p);
            max_points += table.iter().map(|&(_, p)| p).max().unwrap_or(0);
        }
        progress(done + 1, tests.len(), solved, scored);
    }
    eprintln!();
    if options.verbose {
        for line in &failures {
            println!("{line}");
        }
    }
    let name = options.file.rsplit('/').next().unwrap_or(&options.file);
    let mut summary = format!("{name}: solved {solved}/{scored} ({:.1}%)", percent(solved, scored));
    if max_points > 0 {
        summary += &format!("; points {points}/{max_points} ({:.1}%)", percent(points, max_points));
    }
    println!("{summary}");
    Ok(ExitCode::SUCCESS)
}

fn percent(part: i64, whole: i64) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// One line about a position not solved: where, what was played, what was
/// wanted.
fn failure(test: &Test, answer: &Answer) -> String {
    let board = &test.epd.board;
    let sans = |moves: &[Move]| moves.iter().map(|&m| board.san(m).to_string()).collect::<Vec<_>>().join(" ");
    let mut text =
        format!("FAILED line {} {}: played {}", test.line, test.epd.id().unwrap_or("-"), board.san(answer.best));
    if let Some(bm) = test.epd.best_moves() {
        text += &format!(", bm {}", sans(bm));
    }
    if let Some(am) = test.epd.avoid_moves() {
        text += &format!(", am {}", sans(am));
    }
    let score = answer.score.map_or("-".to_owned(), |score| score.to_string());
    text + &format!(" (depth {}, score {score})", answer.depth)
}

fn progress(done: usize, total: usize, solved: i64, scored: i64) {
    const WIDTH: usize = 30;
    let filled = done * WIDTH / total;
    eprint!("\r[{}{}] {done}/{total}, solved {solved}/{scored}", "#".repeat(filled), "-".repeat(WIDTH - filled));
}

fn main() -> ExitCode {
    let result = match parse_args() {
        Ok(None) => {
            // `epd --help | head` closes the pipe early: not an error.
            let _ = writeln!(std::io::stdout(), "{HELP}");
            return ExitCode::SUCCESS;
        }
        Ok(Some(options)) => run(&options),
        Err(e) => Err(e),
    };
    result.unwrap_or_else(|e| {
        eprintln!("epd: {e}");
        ExitCode::from(2)
    })
}
