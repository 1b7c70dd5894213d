//! Games as Arrow tables: PGN files read on worker threads (ox88-pgn's `ParallelReader`) into ox88-db's games
//! table, batch by batch, written as an Arrow IPC stream that `pyarrow.ipc.open_stream` reads through
//! [`GameStream`]. Memory stays bounded whatever the files' size: the reader holds a few chunks of input, and
//! at most [`IN_FLIGHT`] pieces of the stream wait for Python.

use arrow_ipc::writer::StreamWriter;
use ox88_db::{games_schema, Columns, GameRecorder, GamesBatchBuilder};
use ox88_pgn::ParallelReader;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Pieces of the stream (a batch each, about) that may wait for Python before the reader waits.
pub const IN_FLIGHT: usize = 4;

/// A piece of the stream, or why the reading stopped.
enum Piece {
    Bytes(Vec<u8>),
    Failed(String),
}

/// Where the IPC writer writes: each flush sends what was written as one piece.
struct Sender {
    to: SyncSender<Piece>,
    buffer: Vec<u8>,
    stop: Arc<AtomicBool>,
}

impl Write for Sender {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.buffer.extend_from_slice(data);
        Ok(data.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let piece = Piece::Bytes(std::mem::take(&mut self.buffer));
        self.to.send(piece).map_err(|_| {
            self.stop.store(true, Ordering::Relaxed);
            io::Error::other("the stream's reader is gone")
        })
    }
}

/// An input that fails once the stream's reader is gone, so that the PGN reader stops.
struct Stoppable<R> {
    inner: R,
    stop: Arc<AtomicBool>,
}

impl<R: Read> Read for Stoppable<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(io::Error::other("the stream's reader is gone"));
        }
        self.inner.read(buffer)
    }
}

/// The pieces [`ParallelReader`] cuts a file of `size` bytes into for `threads` threads: at most its default
/// (1 MiB), and small enough that a file of a few MB gives each thread several (a 2 MB file in 1 MiB pieces
/// would keep one of two threads idle), but not under 64 KiB (a hand-over per piece).
fn chunk_len(size: u64, threads: usize) -> usize {
    let share = size / (4 * threads.max(1) as u64);
    usize::try_from(share).unwrap_or(usize::MAX).clamp(1 << 16, ox88_pgn::DEFAULT_CHUNK_LEN)
}

/// Reads `paths` into the stream: the schema, then a batch each `batch_size` games, then the end.
fn produce(
    paths: &[PathBuf],
    threads: usize,
    columns: Columns,
    batch_size: usize,
    sender: Sender,
) -> Result<(), String> {
    let stop = sender.stop.clone();
    let error = |e: &dyn std::fmt::Display| e.to_string();
    let mut writer = StreamWriter::try_new(sender, &games_schema(columns)).map_err(|e| error(&e))?;
    writer.get_mut().flush().map_err(|e| error(&e))?;
    let mut builder = GamesBatchBuilder::new(columns);
    let mut id = 0i64;
    for path in paths {
        let size = std::fs::metadata(path).map_or(u64::MAX, |m| m.len());
        let reader = ParallelReader::new(threads.max(1)).chunk_len(chunk_len(size, threads));
        let file =
            ox88_db::input::open(path, Arc::new(AtomicU64::new(0))).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = path.to_string_lossy();
        let mut failure: Option<String> = None;
        let read = reader.read(
            Stoppable { inner: file, stop: stop.clone() },
            || GameRecorder::new(columns),
            |number, game| {
                if failure.is_some() {
                    return;
                }
                id += 1;
                builder.push_result(id, &name, number, game);
                if builder.len() >= batch_size {
                    let written = builder.finish().and_then(|batch| writer.write(&batch)).map_err(|e| error(&e));
                    let flushed = written.and_then(|()| writer.get_mut().flush().map_err(|e| error(&e)));
                    failure = flushed.err();
                }
            },
        );
        read.map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some(failure) = failure {
            return Err(failure);
        }
    }
    if !builder.is_empty() {
        let batch = builder.finish().map_err(|e| error(&e))?;
        writer.write(&batch).map_err(|e| error(&e))?;
    }
    writer.finish().map_err(|e| error(&e))?;
    writer.get_mut().flush().map_err(|e| error(&e))
}

/// The games of PGN files as an Arrow IPC stream, read like a binary file (`read(n)`): what
/// `ox88.pgn.read_batches` hands to `pyarrow.ipc.open_stream`. The files are read on a thread of their own
/// while Python takes the batches.
#[pyclass(module = "ox88._core", name = "GameStream")]
pub struct GameStream {
    pieces: Mutex<Option<Receiver<Piece>>>,
    /// What was received and not yet read.
    pending: Mutex<(Vec<u8>, usize)>,
    stop: Arc<AtomicBool>,
    worker: Mutex<Option<JoinHandle<()>>>,
}

#[pymethods]
impl GameStream {
    /// Starts reading `paths` (`.pgn`, `.pgn.zst`, `.pgn.bz2`) on `threads` threads into batches of
    /// `batch_size` games with the optional columns asked for.
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
        let (to, from) = sync_channel(IN_FLIGHT);
        let stop = Arc::new(AtomicBool::new(false));
        let sender = Sender { to: to.clone(), buffer: Vec::new(), stop: stop.clone() };
        let worker = std::thread::spawn(move || {
            if let Err(error) = produce(&paths, threads, columns, batch_size, sender) {
                // The reader may be gone already: then nobody needs the error.
                let _ = to.send(Piece::Failed(error));
            }
        });
        Ok(GameStream {
            pieces: Mutex::new(Some(from)),
            pending: Mutex::new((Vec::new(), 0)),
            stop,
            worker: Mutex::new(Some(worker)),
        })
    }
    /// Up to `size` bytes of the stream (all that is left with a negative size); empty at its end. An error
    /// of the reading (an unreadable file) is an `OSError`.
    #[pyo3(signature = (size = -1))]
    fn read<'py>(&self, py: Python<'py>, size: isize) -> PyResult<Bound<'py, PyBytes>> {
        let mut out = Vec::new();
        let poisoned = || PyOSError::new_err("the stream's lock was poisoned");
        let mut pending = self.pending.lock().map_err(|_| poisoned())?;
        while size < 0 || out.len() < size as usize {
            let (buffer, at) = &mut *pending;
            if *at < buffer.len() {
                let want =
                    if size < 0 { buffer.len() - *at } else { (size as usize - out.len()).min(buffer.len() - *at) };
                out.extend_from_slice(&buffer[*at..*at + want]);
                *at += want;
                continue;
            }
            // Give back what there is rather than wait for more: the caller reads on.
            if !out.is_empty() && size >= 0 {
                break;
            }
            let mut guard = self.pieces.lock().map_err(|_| poisoned())?;
            let Some(pieces) = guard.as_mut() else { break };
            // Wait for the reader without the GIL: it needs it for nothing, and other Python threads go on.
            let piece = py.detach(move || pieces.recv());
            match piece {
                Ok(Piece::Bytes(bytes)) => *pending = (bytes, 0),
                Ok(Piece::Failed(error)) => return Err(PyOSError::new_err(error)),
                Err(_) => break,
            }
        }
        Ok(PyBytes::new(py, &out))
    }
    fn readable(&self) -> bool {
        true
    }
    fn seekable(&self) -> bool {
        false
    }
    fn writable(&self) -> bool {
        false
    }
    /// Whether the stream was closed.
    #[getter]
    fn closed(&self) -> bool {
        self.pieces.lock().map_or(true, |p| p.is_none())
    }
    /// Stops the reading and releases its thread.
    fn close(&self, py: Python<'_>) {
        self.stop.store(true, Ordering::Relaxed);
        if let Ok(mut pieces) = self.pieces.lock() {
            pieces.take();
        }
        let worker = self.worker.lock().ok().and_then(|mut w| w.take());
        if let Some(worker) = worker {
            py.detach(|| {
                let _ = worker.join();
            });
        }
    }
}

impl Drop for GameStream {
    fn drop(&mut self) {
        // The reader thread ends at its next send or read (the receiver is gone); it is not waited for.
        self.stop.store(true, Ordering::Relaxed);
    }
}
