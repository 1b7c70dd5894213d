//! Probes per second: reads FENs (one a line) from a file and probes each
//! with WDL or DTZ, first with a freshly opened tablebase (cold: every file
//! opened and its header read on first use; the operating system's page
//! cache is the caller's business) and then PASSES times more (warm),
//! printing the cold rate and the median warm rate.
//!
//! `cargo run --release -p ox88-syzygy --example speed -- DIR FENS wdl|dtz [map|read] [PASSES]`

use ox88_movegen::Position;
use ox88_syzygy::{Storage, Tablebase};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, fens, mode, rest @ ..] = args.as_slice() else {
        return Err("usage: speed DIR FENS wdl|dtz [map|read] [PASSES]".into());
    };
    let storage = match rest.first().map(String::as_str) {
        Some("read") => Storage::Read,
        _ => Storage::Map,
    };
    let passes: usize = rest.get(1).map_or(Ok(5), |p| p.parse())?;
    let positions: Vec<Position> = std::fs::read_to_string(fens)?
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()?;
    let dtz = mode == "dtz";
    let mut tables = Tablebase::with_storage(storage);
    tables.add_directory(dir)?;
    let run = |tables: &Tablebase| -> (f64, i64) {
        let start = Instant::now();
        let mut sum = 0i64;
        for position in &positions {
            sum += if dtz {
                tables.probe_dtz(position).map_or(0, |d| i64::from(d.plies()))
            } else {
                tables.probe_wdl(position).map_or(0, |w| i64::from(w.value()))
            };
        }
        (positions.len() as f64 / start.elapsed().as_secs_f64(), sum)
    };
    let (cold, check) = run(&tables);
    let mut warm: Vec<f64> = (0..passes).map(|_| run(&tables).0).collect();
    warm.sort_by(f64::total_cmp);
    let median = warm.get(warm.len() / 2).copied().unwrap_or(f64::NAN);
    println!(
        "{mode} {storage:?}: {} positions, cold {cold:.0}/s, warm median {median:.0}/s (checksum {check})",
        positions.len()
    );
    Ok(())
}
