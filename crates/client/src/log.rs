//! [`EngineLog`]: a transcript of everything sent to and received from
//! engines, for debugging a session or a match.

use std::fmt;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Where transcripts go: one writer that any number of engines (each with its
/// own tag) can share. Each line is written as `SECONDS TAG > LINE` (sent),
/// `SECONDS TAG < LINE` (received) or `SECONDS TAG ! LINE` (standard error),
/// with the seconds since the log was created.
///
/// ```
/// use ox88_client::EngineLog;
/// let log = EngineLog::new(std::io::sink(), "stockfish");
/// let other = log.tagged("fairymax");
/// assert_eq!(other.tag(), "fairymax");
/// ```
#[derive(Clone)]
pub struct EngineLog {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
    tag: String,
    start: Instant,
}

impl EngineLog {
    /// A log writing to `sink`, for the engine named `tag`.
    pub fn new(sink: impl Write + Send + 'static, tag: &str) -> EngineLog {
        EngineLog { sink: Arc::new(Mutex::new(Box::new(sink))), tag: tag.to_owned(), start: Instant::now() }
    }

    /// The same log for another engine.
    pub fn tagged(&self, tag: &str) -> EngineLog {
        EngineLog { sink: Arc::clone(&self.sink), tag: tag.to_owned(), start: self.start }
    }

    /// The engine's tag.
    pub fn tag(&self) -> &str {
        &self.tag
    }

    pub(crate) fn sent(&self, line: &str) {
        self.write('>', line);
    }

    pub(crate) fn received(&self, line: &str) {
        self.write('<', line);
    }

    pub(crate) fn stderr(&self, line: &str) {
        self.write('!', line);
    }

    fn write(&self, direction: char, line: &str) {
        let seconds = self.start.elapsed().as_secs_f64();
        let mut sink = self.sink.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // A failing log must not stop the engine: its errors are dropped.
        let _ = writeln!(sink, "{seconds:10.3} {} {direction} {line}", self.tag).and_then(|()| sink.flush());
    }
}

impl fmt::Debug for EngineLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EngineLog").field("tag", &self.tag).finish_non_exhaustive()
    }
}
