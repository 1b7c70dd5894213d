//! Perft: counts the leaf nodes of the legal move tree of a position, or
//! checks a whole EPD suite of known counts.
//!
//! cargo run --release --example perft -- [--fen FEN | --epd FILE] [--depth N]
//!     [--divide] [--threads N] [--hash MB] [--full]

#[path = "common/parse.rs"]
mod parse;

use ox88::board::Board;
use ox88::movegen::{divide, divide_parallel, perft, perft_full, Epd, HashedPerft, Position};
use parse::number;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// `println!` that returns an error (a closed pipe, say) instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout(), $($arg)*).map_err(|e| format!("cannot write the output: {e}"))
    };
}

const HELP: &str = "\
perft: count the leaf nodes of the legal move tree (the move generator's test and benchmark)

usage: perft [--fen FEN | --epd FILE] [--depth N] [--divide] [--threads N] [--hash MB] [--full]

  --fen FEN     position to count from (default: the start position)
  --epd FILE    check every position of a suite (lines like `FEN ;D1 20 ;D2 400`) up to --depth;
                exits 1 on any mismatch
  --depth N     plies to count (default 6 for --fen, 4 for --epd)
  --divide      print the count below each root move, in UCI (castling e1g1 in standard chess,
                king-takes-rook in Chess960), as Stockfish's `go perft` does
  --threads N   share the root moves out over N threads (default 1)
  --hash MB     remember subtree counts in a table of MB megabytes
  --full        make every move down to depth 0 (no bulk counting at the last ply)
  --help        show this help

Prints the node count, the seconds taken and millions of nodes per second.";

struct Options {
    fen: Option<String>,
    epd: Option<String>,
    depth: Option<u32>,
    divide: bool,
    threads: usize,
    hash_mb: usize,
    full: bool,
}

fn parse_args() -> Result<Option<Options>, String> {
    let mut options = Options { fen: None, epd: None, depth: None, divide: false, threads: 1, hash_mb: 0, full: false };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--help" | "-h" => return Ok(None),
            "--fen" => options.fen = Some(value("--fen")?),
            "--epd" => options.epd = Some(value("--epd")?),
            "--depth" => options.depth = Some(number(&value("--depth")?, "--depth")?),
            "--threads" => options.threads = number(&value("--threads")?, "--threads")?,
            "--hash" => options.hash_mb = number(&value("--hash")?, "--hash")?,
            "--divide" => options.divide = true,
            "--full" => options.full = true,
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    if options.fen.is_some() && options.epd.is_some() {
        return Err("give either --fen or --epd, not both".into());
    }
    if options.threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    Ok(Some(options))
}

fn count(board: &mut Board, depth: u32, options: &Options, table: &mut Option<HashedPerft>) -> u64 {
    if options.full {
        perft_full(board, depth)
    } else if let Some(table) = table {
        table.perft(board, depth)
    } else if options.threads > 1 && depth > 1 {
        divide_parallel(board, depth, options.threads).iter().map(|(_, n)| n).sum()
    } else {
        perft(board, depth)
    }
}

fn report(nodes: u64, start: Instant) -> Result<(), String> {
    let seconds = start.elapsed().as_secs_f64();
    out!("{nodes}")?;
    out!("{seconds:.3} s, {:.1} Mnps", nodes as f64 / seconds.max(1e-9) / 1e6)
}

fn run_position(options: &Options) -> Result<ExitCode, String> {
    let fen = options.fen.as_deref().unwrap_or(ox88::board::STARTPOS_FEN);
    let position = Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?;
    let mut board = position.board().clone();
    let depth = options.depth.unwrap_or(6);
    let mut table = (options.hash_mb > 0).then(|| HashedPerft::new(options.hash_mb));
    let start = Instant::now();
    let nodes = if options.divide {
        let split = if options.threads > 1 {
            divide_parallel(&board, depth, options.threads)
        } else {
            divide(&mut board, depth)
        };
        for (m, n) in &split {
            out!("{}: {n}", position.uci(*m))?;
        }
        out!()?;
        split.iter().map(|(_, n)| n).sum()
    } else {
        count(&mut board, depth, options, &mut table)
    };
    report(nodes, start)?;
    Ok(ExitCode::SUCCESS)
}

fn run_suite(path: &str, options: &Options) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let max_depth = options.depth.unwrap_or(4);
    let lines: Vec<(usize, Result<Epd, _>)> = Epd::read_lines(&text).collect();
    let (mut checked, mut failed, mut total_nodes) = (0, 0, 0u64);
    let mut table = (options.hash_mb > 0).then(|| HashedPerft::new(options.hash_mb));
    let start = Instant::now();
    for (index, (number, epd)) in lines.iter().enumerate() {
        let epd = epd.as_ref().map_err(|e| format!("{path}:{number}: {e}"))?;
        let mut board = epd.board.clone();
        for (depth, expected) in epd.perft_counts() {
            if depth > max_depth {
                break;
            }
            let nodes = count(&mut board, depth, options, &mut table);
            total_nodes += nodes;
            checked += 1;
            if nodes != expected {
                failed += 1;
                out!("MISMATCH {path}:{number} {} depth {depth}: expected {expected}, got {nodes}", epd.board.fen())?;
            }
        }
        eprint!("\r{}/{} positions, {checked} counts, {failed} mismatches", index + 1, lines.len());
    }
    eprintln!();
    out!("{} positions, {checked} counts checked up to depth {max_depth}, {failed} mismatches", lines.len())?;
    report(total_nodes, start)?;
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn main() -> ExitCode {
    let result = match parse_args() {
        Ok(None) => out!("{HELP}").map(|()| ExitCode::SUCCESS),
        Ok(Some(options)) => match &options.epd {
            Some(path) => run_suite(path, &options),
            None => run_position(&options),
        },
        Err(e) => Err(e),
    };
    result.unwrap_or_else(|e| {
        eprintln!("perft: {e}");
        ExitCode::from(2)
    })
}
