//! [`import`]: PGN files into a Parquet dataset, on every core, in bounded
//! memory.

use crate::import_error::ImportError;
use crate::output::{Batches, Output, Outputs, PartSettings, Writer};
use crate::{input, Columns, GameRecorder, GamesBatchBuilder, PositionsBatchBuilder};
use ox88_pgn::ParallelReader;
use parquet::errors::ParquetError;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// How to import.
#[derive(Clone, Debug)]
pub struct ImportOptions {
    /// The games table's optional columns; [`Columns::positions`] also
    /// writes the positions table (to [`positions`](Self::positions)).
    pub columns: Columns,
    /// Where the positions table goes (a dataset folder), if it is made.
    pub positions: Option<PathBuf>,
    /// Add a part to an existing dataset (its ids go on) instead of
    /// refusing to write into one.
    pub append: bool,
    /// Threads reading PGN. With one, the calling thread also writes
    /// Parquet; with more, the calling thread hands the games over and a
    /// thread of its own writes Parquet behind it. The default is one more
    /// than the cores: a reader waits at times (for the hand-over to take
    /// its piece in turn, or for the writer), and the extra one keeps every
    /// core reading then (on two cores, 3 readers import 100 MB in 665 ms
    /// against 687 ms with 2, medians of 20; docs/database.md).
    pub threads: usize,
    /// Games a row group holds at most (the positions table's row groups
    /// hold 16 times as many rows).
    pub row_group_games: usize,
    /// zstd's level for the Parquet pages (1 to 22).
    pub zstd_level: i32,
    /// The first game's `id` at the least: the ids go on from the larger of
    /// this and the dataset's largest id plus one. A job that imports
    /// shards apart gives each the number after the games of the shards
    /// before it ([`count_games`](crate::count_games)).
    pub first_id: i64,
    /// What the games table's `file` column says of each input, in the
    /// order of the inputs: for a file read from a local copy, the
    /// original's name (the URI of a shard in object storage, say). An
    /// input beyond the list is named by its path.
    pub file_names: Vec<String>,
}

impl Default for ImportOptions {
    fn default() -> ImportOptions {
        ImportOptions {
            columns: Columns::default(),
            positions: None,
            append: false,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()) + 1,
            row_group_games: 1 << 17,
            zstd_level: 3,
            first_id: 1,
            file_names: Vec::new(),
        }
    }
}

/// How far an import is, for a progress report.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    /// The file being read, from 0.
    pub file: usize,
    /// Bytes read from the files so far (compressed, as on disk).
    pub bytes_read: u64,
    /// The files' sizes added up.
    pub bytes_total: u64,
    /// Games read (errors included).
    pub games: u64,
    /// Games that could not be read.
    pub errors: u64,
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportSummary {
    /// Games written (errors included).
    pub games: u64,
    /// Games that could not be read (kept, with their `error`).
    pub errors: u64,
    /// Main-line moves of the games read.
    pub plies: u64,
    /// PGN bytes read (decompressed).
    pub pgn_bytes: u64,
    /// The games table's new part.
    pub part: PathBuf,
    /// The positions table's new part, if one was made.
    pub positions_part: Option<PathBuf>,
}

/// Rows a batch gathers before it is written.
const BATCH_ROWS: usize = 4096;

/// Reads the PGN files `inputs` (plain, `.zst` or `.bz2`) into a new part of
/// the dataset folder `output` (and of the positions dataset, if asked),
/// telling `progress` how far it is after each batch of games. The games
/// are numbered on from the dataset's largest `id` (or from
/// [`ImportOptions::first_id`], if larger). A game that cannot be
/// read is kept with its error; a file that cannot be read stops the import
/// and no part is added. With more than one thread, the batches are written
/// on a thread of their own.
pub fn import(
    inputs: &[PathBuf],
    output: &Path,
    options: &ImportOptions,
    mut progress: impl FnMut(&Progress),
) -> Result<ImportSummary, ImportError> {
    let columns = Columns { positions: options.positions.is_some(), ..options.columns };
    let mut games = GamesBatchBuilder::new(columns);
    let settings =
        |rows| PartSettings { append: options.append, zstd_level: options.zstd_level, rows, threads: options.threads };
    let (out, last_id) = Output::open(output, games.schema(), "id", settings(options.row_group_games))?;
    let (mut positions, positions_out) = match &options.positions {
        Some(dir) => {
            let rows = options.row_group_games.saturating_mul(16);
            let (out, _) = Output::open(dir, crate::positions_schema(), "game_id", settings(rows))?;
            (Some(PositionsBatchBuilder::new()), Some(out))
        }
        None => (None, None),
    };
    let outputs = Outputs { games: out, positions: positions_out };
    let mut state = Progress {
        bytes_total: inputs.iter().filter_map(|p| std::fs::metadata(p).ok()).map(|m| m.len()).sum(),
        ..Progress::default()
    };
    let mut summary = ImportSummary::default();
    let (read_bytes, pgn_bytes) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let stop = Arc::new(AtomicBool::new(false));
    let reader = ParallelReader::new(options.threads);
    let mut id = last_id.max(options.first_id.saturating_sub(1));
    std::thread::scope(|scope| {
        let mut writer = Writer::new(scope, outputs, options.threads > 1);
        // An error in making a batch, and whether the writer stopped on one.
        let (mut failure, mut stopped): (Option<ImportError>, bool) = (None, false);
        for (index, path) in inputs.iter().enumerate() {
            state.file = index;
            let io = |source| ImportError::Io { path: path.clone(), source };
            let file = input::open(path, read_bytes.clone()).map_err(io)?;
            let file = Stoppable { inner: file, stop: stop.clone(), counter: pgn_bytes.clone() };
            let name = options.file_names.get(index).map_or_else(|| path.to_string_lossy(), |name| name.into());
            let read = reader.read(
                file,
                || GameRecorder::new(columns),
                |number, game| {
                    if failure.is_some() || stopped {
                        return;
                    }
                    id += 1;
                    let record = match game {
                        Ok(mut record) => {
                            record.number = number;
                            record
                        }
                        Err(error) => crate::GameRecord::failed(&error),
                    };
                    summary.plies += u64::from(record.ply_count);
                    state.errors += u64::from(record.error.is_some());
                    state.games += 1;
                    games.push(id, &name, &record);
                    if let Some(builder) = &mut positions {
                        builder.push(id, &record);
                    }
                    if games.len() >= BATCH_ROWS {
                        match batches(&mut games, &mut positions) {
                            Ok(batches) => stopped = !writer.write(batches),
                            Err(error) => failure = Some(error),
                        }
                        state.bytes_read = read_bytes.load(Ordering::Relaxed);
                        progress(&state);
                    }
                    if failure.is_some() || stopped {
                        stop.store(true, Ordering::Relaxed);
                    }
                },
            );
            if let Some(failure) = failure {
                return Err(failure);
            }
            if stopped {
                break;
            }
            read.map_err(io)?;
        }
        if !stopped {
            writer.write(batches(&mut games, &mut positions)?);
        }
        // The writer's error, if it stopped on one.
        let outputs = writer.finish()?;
        state.bytes_read = read_bytes.load(Ordering::Relaxed);
        progress(&state);
        summary.part = outputs.games.finish()?;
        if let Some(out) = outputs.positions {
            summary.positions_part = Some(out.finish()?);
        }
        (summary.games, summary.errors) = (state.games, state.errors);
        summary.pgn_bytes = pgn_bytes.load(Ordering::Relaxed);
        Ok(summary)
    })
}

/// The rows gathered, as batches (none for a table without rows).
fn batches(
    games: &mut GamesBatchBuilder,
    positions: &mut Option<PositionsBatchBuilder>,
) -> Result<Batches, ImportError> {
    let games = if games.is_empty() { None } else { Some(games.finish().map_err(ParquetError::from)?) };
    let positions = match positions {
        Some(builder) if !builder.is_empty() => Some(builder.finish().map_err(ParquetError::from)?),
        _ => None,
    };
    Ok(Batches { games, positions })
}

/// The decompressed PGN, counted, which stops with an error once `stop` is
/// set (a write failed: reading the rest would be for nothing).
struct Stoppable {
    inner: Box<dyn Read + Send>,
    stop: Arc<AtomicBool>,
    counter: Arc<AtomicU64>,
}

impl Read for Stoppable {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(io::Error::other("the import stopped"));
        }
        let n = self.inner.read(buf)?;
        self.counter.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}
