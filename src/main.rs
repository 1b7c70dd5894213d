//! The `ox88` program: the engine on standard input and output, speaking
//! UCI or CECP (XBoard) as the first command asks.

use ox88::protocol::Engine;
use ox88::{Ox88, Settings};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

const HELP: &str = "\
ox88: a UCI and CECP (XBoard) chess engine

usage: ox88 [--hash MB] [--threads N] [--book FILE] [--eval classical|nnue] [--eval-file FILE]
       ox88 bench [DEPTH] [--eval classical|nnue] [--eval-file FILE]
       ox88 --help | --version

Reads commands on standard input: CECP if the first one is `xboard`, UCI otherwise. Start it from a GUI or
match runner (cutechess, Arena, XBoard, python-chess), or type `uci`, `position startpos`, `go depth 10`.
UCI extras: `d` (the board), `eval` (the evaluation explained), `go perft N`, `bench [DEPTH]`.

  --hash MB       transposition table size (default 16; the option Hash, CECP memory)
  --threads N     search threads (default 1; the option Threads, CECP cores)
  --book FILE     play from this Polyglot opening book (the options BookFile and OwnBook)
  --eval E        the evaluation: nnue (the neural network, the default) or classical (the option Eval)
  --eval-file F   the network file for nnue (default: the one built in; the option EvalFile)
  bench [DEPTH]   search the fixed bench positions with the evaluation chosen and print the node count and speed
                  (after --eval classical, the search's signature)
  --help          show this help
  --version       show the version";

/// What the command line asks for.
enum Command {
    /// Boxed: with the feature `tuning`, settings hold evaluation weights.
    Play(Box<Settings>),
    /// The bench with these settings' evaluation, to this depth.
    Bench(Box<Settings>, Option<u32>),
    Help,
    Version,
}

/// Reads the command line: options in any order, before or after `bench`.
fn parse(args: &[String]) -> Result<Command, String> {
    let mut settings = Settings::default();
    // `Some` once `bench` is read, with its depth if one follows it.
    let mut bench: Option<Option<u32>> = None;
    let mut args = args.iter().peekable();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--help" | "-h" => return Ok(Command::Help),
            "--version" | "-V" => return Ok(Command::Version),
            "--hash" => settings.hash_mb = count(value("--hash")?, "--hash", ox88::MAX_HASH_MB)?,
            "--threads" => settings.threads = count(value("--threads")?, "--threads", ox88::MAX_THREADS)?,
            "--book" => {
                settings.book_file = Some(PathBuf::from(value("--book")?));
                settings.own_book = true;
            }
            "--eval" => {
                let text = value("--eval")?;
                settings.eval = ox88::EvalKind::from_name(text)
                    .ok_or_else(|| format!("--eval: {text:?} is not classical or nnue"))?;
            }
            "--eval-file" => settings.eval_file = Some(PathBuf::from(value("--eval-file")?)),
            "bench" if bench.is_none() => {
                let depth = match args.next_if(|next| !next.starts_with('-')) {
                    Some(text) => Some(count(text, "bench", 64)? as u32),
                    None => None,
                };
                bench = Some(depth);
            }
            other if other.starts_with('-') => return Err(format!("unknown option {other:?} (see --help)")),
            other if bench.is_some() => return Err(format!("unexpected argument {other:?} after bench")),
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    Ok(match bench {
        Some(depth) => Command::Bench(Box::new(settings), depth),
        None => Command::Play(Box::new(settings)),
    })
}

/// A number from 1 to `max`.
fn count(text: &str, name: &str, max: usize) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| format!("{name}: {text:?} is not a number from 1 to {max}"))
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Help => print(HELP),
        Command::Version => print(&format!("ox88 {}", env!("CARGO_PKG_VERSION"))),
        Command::Bench(settings, depth) => {
            let mut engine = Ox88::with_settings(*settings).map_err(|e| e.to_string())?;
            let report = engine.bench(depth).expect("ox88 has a benchmark");
            print(&format!(
                "positions {}\nnodes {}\ntime {} ms\nnps {}",
                report.positions,
                report.nodes,
                report.time.as_millis(),
                report.nps()
            ));
        }
        Command::Play(settings) => {
            let engine = Ox88::with_settings(*settings).map_err(|e| e.to_string())?;
            match ox88::protocol::run_stdio(engine) {
                // The GUI went away without `quit`: nothing to report.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                other => other.map_err(|e| e.to_string())?,
            }
        }
    }
    Ok(())
}

/// Writes `text` and a newline to standard output. A reader that closes the
/// pipe early (`ox88 bench | head -1`) is not an error.
fn print(text: &str) {
    let _ = writeln!(std::io::stdout(), "{text}");
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match parse(&args) {
        Ok(command) => run(command).map_err(|e| (e, 1)),
        Err(e) => Err((e, 2)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err((message, code)) => {
            eprintln!("ox88: {message}");
            ExitCode::from(code)
        }
    }
}
