//! Probes positions read from standard input, one a line (a FEN, or as UCI's
//! `position` command has it, `FEN moves e2e4 ...`: the moves are the game
//! whose repetitions count), in the tables of the directories named on the
//! command line, and writes one
//! line per position: `WDL DTZ MOVES`, where MOVES lists every legal move
//! best first as `uci:dtz:wdl` (comma-separated); each of the three is
//! `error` where the probe fails (a missing table, for example).
//!
//! `cargo run --release -p ox88-syzygy --example probe -- DIR... < fens.txt`
//!
//! With `--wdl-only`, only the WDL value is written (for timing probes).

use ox88_movegen::Position;
use ox88_syzygy::Tablebase;
use std::io::{self, BufRead, Write};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let wdl_only = args.iter().any(|a| a == "--wdl-only");
    let mut tables = Tablebase::new();
    for dir in args.iter().filter(|a| !a.starts_with("--")) {
        tables.add_directory(dir)?;
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for line in io::stdin().lock().lines() {
        let line = line?;
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let position = match game(fen) {
            Ok(position) => position,
            Err(e) => {
                writeln!(out, "error: {e}")?;
                continue;
            }
        };
        let wdl = tables.probe_wdl(&position).map(|w| w.value().to_string());
        if wdl_only {
            writeln!(out, "{}", wdl.unwrap_or_else(|_| "error".into()))?;
            continue;
        }
        let dtz = tables.probe_dtz(&position).map(|d| d.plies().to_string());
        let moves = tables.rank_root_moves(&position).map(|ranked| {
            let moves: Vec<String> =
                ranked.iter().map(|m| format!("{}:{}:{}", position.uci(m.mv), m.dtz, m.wdl.value())).collect();
            moves.join(",")
        });
        let or_error = |r: Result<String, ox88_syzygy::ProbeError>| r.unwrap_or_else(|_| "error".into());
        writeln!(out, "{} {} {}", or_error(wdl), or_error(dtz), or_error(moves))?;
    }
    Ok(())
}

/// The position of `line`: a FEN, then optionally `moves` and UCI moves played from it.
fn game(line: &str) -> Result<Position, Box<dyn std::error::Error>> {
    let (fen, moves) = line.split_once(" moves ").unwrap_or((line, ""));
    let mut position: Position = fen.parse()?;
    for uci in moves.split_whitespace() {
        position.play_uci(uci)?;
    }
    Ok(position)
}
