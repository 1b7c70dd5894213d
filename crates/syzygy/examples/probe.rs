//! Probes positions read from standard input, one FEN a line, in the
//! tables of the directories named on the command line, and writes one
//! line per position: `WDL DTZ MOVES`, where MOVES lists every legal move
//! best first as `uci:dtz:wdl` (comma-separated), or `error: ...`.
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
        let position: Position = match fen.parse() {
            Ok(position) => position,
            Err(e) => {
                writeln!(out, "error: {e}")?;
                continue;
            }
        };
        let answer = (|| -> Result<String, ox88_syzygy::ProbeError> {
            let wdl = tables.probe_wdl(&position)?.value();
            if wdl_only {
                return Ok(wdl.to_string());
            }
            let dtz = tables.probe_dtz(&position)?.plies();
            let moves: Vec<String> = tables
                .rank_root_moves(&position)?
                .iter()
                .map(|m| format!("{}:{}:{}", position.uci(m.mv), m.dtz, m.wdl.value()))
                .collect();
            Ok(format!("{wdl} {dtz} {}", moves.join(",")))
        })();
        match answer {
            Ok(text) => writeln!(out, "{text}")?,
            Err(e) => writeln!(out, "error: {e}")?,
        }
    }
    Ok(())
}
