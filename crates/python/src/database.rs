//! Game databases for `ox88.db`: ox88-db's import of PGN into a Parquet dataset (with the first id given, so
//! that shards imported apart number their games as one import would), its count of games, and ox88-explorer's
//! folders built from a dataset and joined. Each call runs without the GIL, so that other Python threads (a
//! Spark worker's) go on.

use ox88_db::explore::{add_dataset, ExploreError};
use ox88_db::{Columns, ImportError, ImportOptions};
use ox88_explorer::{Explorer, ExplorerError, ExplorerInfo, ExplorerWriter};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use std::path::PathBuf;

create_exception!(
    ox88,
    DatabaseError,
    PyException,
    "A PGN file, a Parquet dataset or an explorer folder that cannot be read or written."
);

fn database_error(error: impl std::fmt::Display) -> PyErr {
    DatabaseError::new_err(error.to_string())
}

/// What an import did: (games, errors, plies, PGN bytes, games part, positions part).
type ImportRow = (u64, u64, u64, u64, String, Option<String>);

/// What an explorer holds: (games, runs, entries, occurrences, bytes).
type InfoRow = (u64, usize, u64, u64, u64);

fn info_row(info: ExplorerInfo) -> InfoRow {
    (info.games, info.runs, info.entries, info.occurrences, info.bytes)
}

/// Counts the games an import of `paths` writes (tags read, movetext skipped).
#[pyfunction]
pub fn _count_games(py: Python<'_>, paths: Vec<PathBuf>, threads: usize) -> PyResult<u64> {
    py.detach(|| ox88_db::count_games(&paths, threads.max(1))).map_err(database_error)
}

/// Imports `paths` into a new part of the dataset folder `output` (and of `positions`, if given); the `file`
/// column names the first paths by `file_names`.
#[pyfunction]
#[pyo3(signature = (paths, output, positions, first_id, append, san, threads, zstd_level, file_names))]
#[allow(clippy::too_many_arguments)]
pub fn _import_games(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    output: PathBuf,
    positions: Option<PathBuf>,
    first_id: i64,
    append: bool,
    san: bool,
    threads: usize,
    zstd_level: i32,
    file_names: Vec<String>,
) -> PyResult<ImportRow> {
    let options = ImportOptions {
        columns: Columns { san, ..Columns::default() },
        positions,
        append,
        threads: threads.max(1),
        zstd_level,
        first_id,
        file_names,
        ..ImportOptions::default()
    };
    let summary =
        py.detach(|| ox88_db::import(&paths, &output, &options, |_| {})).map_err(|e: ImportError| database_error(e))?;
    let text = |path: PathBuf| path.to_string_lossy().into_owned();
    let positions = summary.positions_part.map(text);
    Ok((summary.games, summary.errors, summary.plies, summary.pgn_bytes, text(summary.part), positions))
}

/// Adds the games of the dataset `dataset` (a folder, or one of its parts) to the explorer folder `explorer`
/// as a new run; returns (games, moves, skipped).
#[pyfunction]
pub fn _explorer_add_dataset(
    py: Python<'_>,
    explorer: PathBuf,
    dataset: PathBuf,
    memory_mb: usize,
) -> PyResult<(u64, u64, u64)> {
    let added = py.detach(|| -> Result<_, ExploreError> {
        let mut writer = ExplorerWriter::with_memory(&explorer, memory_mb.max(1) << 20)?;
        let summary = add_dataset(&mut writer, &dataset)?;
        writer.finish()?;
        Ok(summary)
    });
    let summary = added.map_err(database_error)?;
    Ok((summary.games, summary.moves, summary.skipped))
}

/// Joins the explorer folders `parts`, in order, into the new explorer folder `output`.
#[pyfunction]
pub fn _explorer_combine(py: Python<'_>, parts: Vec<PathBuf>, output: PathBuf) -> PyResult<InfoRow> {
    py.detach(|| ox88_explorer::combine(&parts, &output)).map(info_row).map_err(database_error)
}

/// What the explorer folder `dir` holds.
#[pyfunction]
pub fn _explorer_info(py: Python<'_>, dir: PathBuf) -> PyResult<InfoRow> {
    py.detach(|| Explorer::open(&dir).map(|e| e.info(&dir))).map(info_row).map_err(|e: ExplorerError| database_error(e))
}

/// Adds this file's functions and exception to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("DatabaseError", m.py().get_type::<DatabaseError>())?;
    m.add_function(wrap_pyfunction!(_count_games, m)?)?;
    m.add_function(wrap_pyfunction!(_import_games, m)?)?;
    m.add_function(wrap_pyfunction!(_explorer_add_dataset, m)?)?;
    m.add_function(wrap_pyfunction!(_explorer_combine, m)?)?;
    m.add_function(wrap_pyfunction!(_explorer_info, m)?)?;
    Ok(())
}
