//! Games as Arrow tables: PGN files read into ox88-db's games table, batch by batch, and handed to pyarrow
//! through the Arrow C stream interface ([`GameStream::__arrow_c_stream__`]): each batch's buffers go to
//! Python as they are, with no copy, no IPC encoding and no decoding.
//!
//! On one thread the batches are read when pyarrow asks for them, on the thread that asks (see
//! [`table_read::HereBatches`](crate::table_read::HereBatches)): no thread beside the work, so one thread asked
//! for is one core used. On `threads` threads, plain files are cut into large regions, each read the one-thread
//! way on a thread of its own, into batches of its own ([`table_regions::RegionBatches`](crate::table_regions::RegionBatches));
//! compressed files (`.zst`, `.bz2`), which cannot be cut by offset, are read by ox88-pgn's `ParallelReader` on
//! `threads` workers while a thread of its own builds the batches
//! ([`table_read::ThreadedBatches`](crate::table_read::ThreadedBatches)). Memory stays bounded whatever the
//! files' size: at most `threads + 1` regions of at most 32 MiB with their batches, or a few pieces of input and
//! a few batches waiting for Python.

use crate::table_read::{HereBatches, Options, ThreadedBatches};
use crate::table_regions::RegionBatches;
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::RecordBatchReader;
use ox88_db::input::Compression;
use ox88_db::Columns;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use std::path::PathBuf;
use std::sync::Mutex;

/// The games of PGN files as a stream of Arrow record batches, for `pyarrow.RecordBatchReader.from_stream`
/// (or any reader of the Arrow PyCapsule interface): what `ox88.pgn.read_batches` returns through pyarrow.
/// The stream can be taken once.
#[pyclass(module = "ox88._core", name = "GameStream")]
pub struct GameStream {
    /// What to read; taken when the stream is.
    options: Mutex<Option<Options>>,
}

#[pymethods]
impl GameStream {
    /// Prepares reading `paths` (`.pgn`, `.pgn.zst`, `.pgn.bz2`) on `threads` threads into batches of
    /// `batch_size` games with the optional columns asked for. A missing file is an `OSError` here; a file
    /// that cannot be read further on is one when its batch is asked for.
    #[new]
    #[pyo3(signature = (paths, threads = 1, uci = true, san = true, annotations = true, move_indices = false, batch_size = 4096))]
    fn new(
        paths: Vec<PathBuf>,
        threads: usize,
        uci: bool,
        san: bool,
        annotations: bool,
        move_indices: bool,
        batch_size: usize,
    ) -> PyResult<GameStream> {
        if batch_size == 0 {
            return Err(PyValueError::new_err("batch_size is at least 1"));
        }
        if let Some(missing) = paths.iter().find(|p| !p.is_file()) {
            return Err(PyOSError::new_err(format!("no such file: {}", missing.display())));
        }
        let columns = Columns { uci, san, annotations, move_indices, positions: false };
        let options = Options { paths, threads: threads.max(1), columns, batch_size };
        Ok(GameStream { options: Mutex::new(Some(options)) })
    }

    /// The stream as an `ArrowArrayStream` in a capsule named `arrow_array_stream` (the Arrow PyCapsule
    /// interface). `requested_schema` is not used: the batches have the games table's schema. The reading
    /// starts here; a second call is a `ValueError`.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let taken = self.options.lock().map_err(|_| PyOSError::new_err("the stream's lock was poisoned"))?.take();
        let options = taken.ok_or_else(|| PyValueError::new_err("the stream was taken already"))?;
        let compressed = options.paths.iter().any(|path| Compression::of(path) != Compression::None);
        let batches: Box<dyn RecordBatchReader + Send> = if options.threads == 1 {
            Box::new(HereBatches::new(options))
        } else if compressed {
            Box::new(ThreadedBatches::start(options))
        } else {
            Box::new(RegionBatches::start(options))
        };
        PyCapsule::new_with_value(py, FFI_ArrowArrayStream::new(batches), c"arrow_array_stream")
    }
}
