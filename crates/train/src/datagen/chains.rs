//! `datagen pack`, and what `datagen stats` says of game chains: their
//! games, positions and bytes a position.

use crate::cli::{Args, CommandError};
use crate::positions::chain_files;
use ox88_train::chain::{is_training_position, visit_games, write_chunk, ChainGame};
use std::path::{Path, PathBuf};

/// What chain files hold.
#[derive(Default)]
struct Totals {
    games: u64,
    scored: u64,
    training: u64,
    bytes: u64,
}

/// Reads every game of `files`, counting them.
fn totals(files: &[PathBuf], mut each: impl FnMut(ChainGame)) -> Result<Totals, CommandError> {
    let mut totals = Totals::default();
    for file in files {
        let mut training = 0;
        let counts =
            visit_games(file, &mut |board, ply| training += u64::from(is_training_position(board, ply)), &mut each)
                .map_err(|e| CommandError::Run(e.to_string()))?;
        totals.games += counts.games;
        totals.scored += counts.positions;
        totals.training += training;
        totals.bytes +=
            std::fs::metadata(file).map_err(|e| CommandError::Run(format!("{}: {e}", file.display())))?.len();
    }
    Ok(totals)
}

/// The chain line of `datagen stats` for `path`, or `None` if it holds no
/// game chains.
pub fn summary(path: &Path) -> Result<Option<String>, CommandError> {
    let Some(files) = chain_files(path)? else { return Ok(None) };
    let t = totals(&files, |_| {})?;
    let per = |n: u64| t.bytes as f64 / n.max(1) as f64;
    Ok(Some(format!(
        "  chains: {} file(s), {} games, {} scored positions, {} training positions; {} bytes: {:.2} a scored position, {:.2} a training position\n",
        files.len(),
        t.games,
        t.scored,
        t.training,
        t.bytes,
        per(t.scored),
        per(t.training)
    )))
}

/// Packs the games of chain INPUTs (finished chunks or raw files) into one
/// finished chunk.
pub fn pack(args: &[String]) -> Result<(), CommandError> {
    let args = Args::parse(args, &["out"])?;
    let out: PathBuf = args.get("out")?.ok_or_else(|| CommandError::Usage("pack needs --out FILE".into()))?;
    if args.positional.is_empty() {
        return Err(CommandError::Usage("pack needs at least one input".into()));
    }
    let mut files = Vec::new();
    for input in &args.positional {
        match chain_files(Path::new(input))? {
            Some(found) => files.extend(found),
            None => return Err(CommandError::Usage(format!("{input}: not a game chain file"))),
        }
    }
    if files.contains(&out) {
        return Err(CommandError::Usage("--out must differ from the inputs".into()));
    }
    let mut stream = Vec::new();
    let mut failure = None;
    let t = totals(&files, |game| {
        if let Err(e) = game.write(&mut stream) {
            failure.get_or_insert(e);
        }
    })?;
    if let Some(e) = failure {
        return Err(CommandError::Run(format!("a game read back cannot be written: {e}")));
    }
    let size = write_chunk(&out, &stream).map_err(|e| CommandError::Run(e.to_string()))?;
    eprintln!(
        "pack: {} games, {} scored positions ({} training) from {} file(s) into {}: {size} bytes, {:.2} a scored position, {:.2} a training position",
        t.games,
        t.scored,
        t.training,
        files.len(),
        out.display(),
        size as f64 / t.scored.max(1) as f64,
        size as f64 / t.training.max(1) as f64
    );
    Ok(())
}
