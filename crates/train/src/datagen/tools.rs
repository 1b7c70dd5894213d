//! `datagen shuffle` and `datagen stats`: the data files' housekeeping.

use crate::cli::{Args, CommandError};
use crate::positions::{chain_files, read_chains};
use ox88_board::Color;
use ox88_board::Random;
use ox88_train::data::{read_records, to_bullet, PackedPosition, HEADER};
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Deduplicates and shuffles the input files into one, optionally holding
/// out whole games from the end of each input into a second file.
pub fn shuffle(args: &[String]) -> Result<(), CommandError> {
    let args = Args::parse(args, &["out", "seed", "hold-out", "hold-out-positions"])?;
    let (out, seed, hold_out) =
        (args.get::<PathBuf>("out")?, args.get::<u64>("seed")?, args.get::<PathBuf>("hold-out")?);
    let hold_out_positions: usize = args.or("hold-out-positions", 0)?;
    let inputs: Vec<PathBuf> = args.positional.iter().map(PathBuf::from).collect();
    let out = out.ok_or_else(|| CommandError::Usage("shuffle needs --out FILE".into()))?;
    if inputs.is_empty() {
        return Err(CommandError::Usage("shuffle needs at least one input file".into()));
    }
    if inputs.contains(&out) || hold_out.as_ref().is_some_and(|h| inputs.contains(h) || *h == out) {
        return Err(CommandError::Usage("--out and --hold-out must differ from each other and the inputs".into()));
    }
    if hold_out.is_some() != (hold_out_positions > 0) {
        return Err(CommandError::Usage("--hold-out FILE and --hold-out-positions N go together".into()));
    }
    let mut seen = HashSet::new();
    let mut records = Vec::new();
    let mut held = Vec::new();
    let mut read = 0usize;
    for input in &inputs {
        let mut file = read_input(input)?;
        read += file.len();
        if hold_out_positions > 0 {
            let tail = games_from(&file, file.len().saturating_sub(hold_out_positions.div_ceil(inputs.len())));
            held.extend(file.drain(tail..));
        }
        records.extend(file.into_iter().filter(|r| seen.insert(key(r))));
    }
    // A held-out position is never one the training file holds (openings
    // transpose), nor held out twice.
    held.retain(|r| seen.insert(key(r)));
    drop(seen);
    let mut random = Random::new(seed.unwrap_or_else(Random::clock_seed));
    random.shuffle(&mut records);
    random.shuffle(&mut held);
    write_all(&out, &records)?;
    if let Some(path) = &hold_out {
        write_all(path, &held)?;
    }
    eprintln!(
        "shuffle: {read} positions read, {} written to {}{} ({} repeats dropped)",
        records.len(),
        out.display(),
        hold_out.map_or(String::new(), |h| format!(", {} held out to {}", held.len(), h.display())),
        read - records.len() - held.len()
    );
    Ok(())
}

/// The index of the last record at or before `from` that starts a game, so
/// that the records from there on are whole games and at least as many as
/// asked for. Each thread's file holds its games one after the other, each
/// game's positions in order: a game starts where the fullmove number falls.
fn games_from(records: &[PackedPosition], from: usize) -> usize {
    (1..=from.min(records.len().saturating_sub(1)))
        .rev()
        .find(|&i| records[i].fullmove_number() < records[i - 1].fullmove_number())
        .unwrap_or(0)
}

/// The records of an input: a file of packed records, or game chains (a
/// chain file, or a directory of them), whose training positions are read
/// in game order.
fn read_input(path: &Path) -> Result<Vec<PackedPosition>, CommandError> {
    match chain_files(path)? {
        Some(files) => Ok(read_chains(&files)?),
        None => read_records(path).map_err(|e| CommandError::Run(e.to_string())),
    }
}

/// The bytes that identify a position, as a fixed-size key.
fn key(record: &PackedPosition) -> [u8; 25] {
    record.position_bytes().try_into().expect("25 position bytes")
}

fn write_all(path: &Path, records: &[PackedPosition]) -> Result<(), CommandError> {
    let failed = |e: std::io::Error| CommandError::Run(format!("{}: {e}", path.display()));
    let file = std::fs::File::create(path).map_err(failed)?;
    let mut writer = std::io::BufWriter::new(file);
    writer.write_all(&HEADER).map_err(failed)?;
    for record in records {
        writer.write_all(&record.to_bytes()).map_err(failed)?;
    }
    writer.flush().map_err(failed)
}

/// Prints what each file holds.
pub fn stats(args: &[String]) -> Result<(), CommandError> {
    if args.is_empty() {
        return Err(CommandError::Usage("stats needs at least one file".into()));
    }
    for path in args {
        let records = read_input(Path::new(path))?;
        let mut results = [0usize; 3];
        let mut chess960 = 0;
        let mut abs_sum = 0u64;
        let mut pieces = [0usize; 33];
        for record in &records {
            // Indexed by White's half points: black wins, draws, white wins.
            if let Some(points) = record.result().score_for(Color::White) {
                results[(points * 2.0) as usize] += 1;
            }
            chess960 += usize::from(record.is_chess960());
            abs_sum += u64::from(record.score().unsigned_abs());
            pieces[record.occupied().count_ones() as usize] += 1;
        }
        let n = records.len().max(1) as f64;
        let share = |count: usize| 100.0 * count as f64 / n;
        let summary = format!(
            "{path}: {} positions; white wins {:.1} %, draws {:.1} %, black wins {:.1} %; Chess960 {:.1} %; mean |score| {:.0} cp",
            records.len(),
            share(results[2]),
            share(results[1]),
            share(results[0]),
            share(chess960),
            abs_sum as f64 / n
        );
        let buckets: Vec<String> = [(2, 8), (9, 15), (16, 22), (23, 29), (30, 32)]
            .iter()
            .map(|&(low, high)| format!("{low}-{high}: {:.1} %", share(pieces[low..=high].iter().sum())))
            .collect();
        let chains = super::chains::summary(Path::new(path))?.unwrap_or_default();
        if !print(&format!("{summary}\n  pieces on the board: {}\n{chains}", buckets.join(", ")))? {
            return Ok(());
        }
    }
    Ok(())
}

/// Writes `text` to standard output: `Ok(false)` when the reader has gone
/// away (a pipe closed early, as `| head` does), which ends the output
/// quietly rather than as a failure.
pub fn print(text: &str) -> Result<bool, CommandError> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(CommandError::Run(format!("standard output: {e}"))),
    }
}

/// Writes the input files' records in bullet's format, in order.
pub fn bullet(args: &[String]) -> Result<(), CommandError> {
    let args = Args::parse(args, &["out"])?;
    let out: PathBuf = args.get("out")?.ok_or_else(|| CommandError::Usage("bullet needs --out FILE".into()))?;
    if args.positional.is_empty() {
        return Err(CommandError::Usage("bullet needs at least one input file".into()));
    }
    if args.positional.iter().any(|input| Path::new(input) == out) {
        return Err(CommandError::Usage("--out must differ from the inputs".into()));
    }
    let failed = |e: std::io::Error| CommandError::Run(format!("{}: {e}", out.display()));
    let mut writer = std::io::BufWriter::new(std::fs::File::create(&out).map_err(failed)?);
    let (mut written, mut skipped) = (0usize, 0usize);
    for input in &args.positional {
        for record in read_input(Path::new(input))? {
            match to_bullet(&record) {
                Some(bytes) => {
                    writer.write_all(&bytes).map_err(failed)?;
                    written += 1;
                }
                None => skipped += 1,
            }
        }
    }
    writer.flush().map_err(failed)?;
    eprintln!(
        "bullet: {written} positions written to {} ({skipped} without a result or a king skipped)",
        out.display()
    );
    Ok(())
}
