//! The batches of a [`GameStream`](crate::table::GameStream): PGN files read into ox88-db's games table, on the
//! thread that asks for each batch ([`HereBatches`]) or on threads of their own ([`ThreadedBatches`]).

use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};
use ox88_db::{games_schema, Columns, GameRecorder, GamesBatchBuilder};
use ox88_pgn::source::ReadSource;
use ox88_pgn::{ErrorKind, ParallelReader, Reader};
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;

/// Batches read ahead on worker threads that may wait for Python before the reading waits.
pub const IN_FLIGHT: usize = 2;

/// What a stream reads.
pub struct Options {
    /// The PGN files, read in turn.
    pub paths: Vec<PathBuf>,
    /// Threads reading (at least 1).
    pub threads: usize,
    /// The optional columns.
    pub columns: Columns,
    /// Games a batch (at least 1).
    pub batch_size: usize,
}

/// A file being read on the calling thread.
struct OpenFile {
    name: String,
    reader: Reader<ReadSource<Box<dyn Read + Send>>>,
    /// Games begun in the file.
    number: u64,
}

/// The batches read one at a time when asked for, on the thread that asks: nothing runs between two
/// batches, and no thread beside the one reading.
pub struct HereBatches {
    paths: std::vec::IntoIter<PathBuf>,
    file: Option<OpenFile>,
    recorder: GameRecorder,
    builder: GamesBatchBuilder,
    batch_size: usize,
    /// The last game's dataset id.
    id: i64,
    /// Whether a read error ended the stream.
    failed: bool,
}

impl HereBatches {
    /// Batches of `options`' files, read from the first call of `next` on.
    pub fn new(options: Options) -> HereBatches {
        HereBatches {
            paths: options.paths.into_iter(),
            file: None,
            recorder: GameRecorder::new(options.columns),
            builder: GamesBatchBuilder::new(options.columns),
            batch_size: options.batch_size,
            id: 0,
            failed: false,
        }
    }

    /// Reads games into the builder until it holds a batch or the files end.
    fn fill(&mut self) -> Result<(), ArrowError> {
        while self.builder.len() < self.batch_size {
            let file = match &mut self.file {
                Some(file) => file,
                None => {
                    let Some(path) = self.paths.next() else { return Ok(()) };
                    let input = ox88_db::input::open(&path, Arc::new(AtomicU64::new(0)))
                        .map_err(|e| read_error(format!("{}: {e}", path.display())))?;
                    // No token limit, as ParallelReader reads: a game reads alike on any number of threads.
                    let reader = Reader::new(input).with_max_token_len(usize::MAX);
                    self.file.insert(OpenFile { name: path.to_string_lossy().into_owned(), reader, number: 0 })
                }
            };
            let game = match file.reader.read_game(&mut self.recorder) {
                Ok(Some(record)) => Ok(record),
                Ok(None) => {
                    self.file = None;
                    continue;
                }
                Err(e) => {
                    if let ErrorKind::Io(error) = &e.kind {
                        return Err(read_error(format!("{}: {error}", file.name)));
                    }
                    Err(e)
                }
            };
            file.number += 1;
            self.id += 1;
            self.builder.push_result(self.id, &file.name, file.number, game);
        }
        Ok(())
    }
}

impl Iterator for HereBatches {
    type Item = Result<RecordBatch, ArrowError>;
    fn next(&mut self) -> Option<Result<RecordBatch, ArrowError>> {
        if self.failed {
            return None;
        }
        if let Err(e) = self.fill() {
            self.failed = true;
            return Some(Err(e));
        }
        (!self.builder.is_empty()).then(|| self.builder.finish())
    }
}

impl RecordBatchReader for HereBatches {
    fn schema(&self) -> SchemaRef {
        self.builder.schema()
    }
}

/// A read error as Arrow says it (pyarrow raises an `OSError`).
pub(crate) fn read_error(message: String) -> ArrowError {
    let error = io::Error::other(message.clone());
    ArrowError::IoError(message, error)
}

/// The batches read ahead by ox88-pgn's `ParallelReader` on worker threads, built on a thread of their own;
/// at most [`IN_FLIGHT`] wait to be asked for. Dropping the stream stops the reading.
pub struct ThreadedBatches {
    schema: SchemaRef,
    batches: Receiver<Result<RecordBatch, String>>,
    stop: Arc<AtomicBool>,
}

impl ThreadedBatches {
    /// Starts reading `options`' files.
    pub fn start(options: Options) -> ThreadedBatches {
        let (to, batches) = sync_channel(IN_FLIGHT);
        let stop = Arc::new(AtomicBool::new(false));
        let schema = games_schema(options.columns);
        let stopping = stop.clone();
        std::thread::spawn(move || {
            if let Err(error) = produce(&options, &to, &stopping) {
                // The stream may be gone already: then nobody needs the error.
                let _ = to.send(Err(error));
            }
        });
        ThreadedBatches { schema, batches, stop }
    }
}

impl Iterator for ThreadedBatches {
    type Item = Result<RecordBatch, ArrowError>;
    fn next(&mut self) -> Option<Result<RecordBatch, ArrowError>> {
        match self.batches.recv() {
            Ok(Ok(batch)) => Some(Ok(batch)),
            Ok(Err(message)) => Some(Err(read_error(message))),
            Err(_) => None,
        }
    }
}

impl RecordBatchReader for ThreadedBatches {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

impl Drop for ThreadedBatches {
    fn drop(&mut self) {
        // The reading thread ends at its next send (the receiver is gone) or read; it is not waited for.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// An input that fails once the stream is gone, so that the PGN reader stops.
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

/// The pieces [`ParallelReader`] cuts files of `size` bytes in all into for `threads` threads: at most its
/// default (1 MiB), and small enough that a few MB give each thread many (at the end the threads wait for the
/// last piece, half a piece each on average), but not under 64 KiB (about 80 games, a millisecond's work, for
/// one hand-over).
fn chunk_len(size: u64, threads: usize) -> usize {
    let share = size / (16 * threads.max(1) as u64);
    usize::try_from(share).unwrap_or(usize::MAX).clamp(1 << 16, ox88_pgn::DEFAULT_CHUNK_LEN)
}

/// Reads `options`' files into batches sent to `to`, until the files end or the stream is gone: one
/// `ParallelReader` pipeline for all the files, so that the threads read on from one file into the next.
fn produce(
    options: &Options,
    to: &SyncSender<Result<RecordBatch, String>>,
    stop: &Arc<AtomicBool>,
) -> Result<(), String> {
    let columns = options.columns;
    let mut builder = GamesBatchBuilder::new(columns);
    let mut id = 0i64;
    let mut open = true;
    let size = options
        .paths
        .iter()
        .map(|path| std::fs::metadata(path).map_or(u64::MAX, |m| m.len()))
        .fold(0, u64::saturating_add);
    let reader = ParallelReader::new(options.threads).chunk_len(chunk_len(size, options.threads));
    let names: Vec<String> = options.paths.iter().map(|path| path.to_string_lossy().into_owned()).collect();
    let files = options.paths.iter().map(|path| {
        let file = ox88_db::input::open(path, Arc::new(AtomicU64::new(0)))?;
        Ok(Stoppable { inner: file, stop: stop.clone() })
    });
    let read = reader.read_inputs(
        files,
        || GameRecorder::new(columns),
        |file, number, game| {
            if !open {
                return;
            }
            id += 1;
            builder.push_result(id, &names[file], number, game);
            if builder.len() >= options.batch_size {
                let gone = to.send(builder.finish().map_err(|e| e.to_string())).is_err();
                if gone {
                    stop.store(true, Ordering::Relaxed);
                    open = false;
                }
            }
        },
    );
    if !open {
        return Ok(());
    }
    read.map_err(|e| format!("{}: {}", options.paths[e.input].display(), e.error))?;
    if !builder.is_empty() {
        // The stream may be gone already: then nobody needs the batch.
        let _ = to.send(builder.finish().map_err(|e| e.to_string()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::chunk_len;

    #[test]
    fn pieces_are_cut_by_size_and_threads() {
        // Two 1 MB files (2 MB in all) on two threads: 64 KiB pieces, about 15 a file.
        assert_eq!(chunk_len(2_000_000, 2), 1 << 16);
        assert_eq!(chunk_len(16_000_000, 2), 500_000);
        assert_eq!(chunk_len(1 << 40, 2), ox88_pgn::DEFAULT_CHUNK_LEN);
        assert_eq!(chunk_len(0, 0), 1 << 16);
    }
}
