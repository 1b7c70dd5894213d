//! The wire to an engine: a writer for commands, a reading thread for its
//! lines, and, when the client started the engine, the process to reap.

use crate::log::EngineLog;
use crate::reader::{spawn_reader, Incoming, Tail};
use std::io::{self, Write};
use std::process::{Child, ExitStatus};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The writing end, shared with [`Stopper`](crate::Stopper)s on other threads.
pub(crate) type SharedWriter = Arc<Mutex<Box<dyn Write + Send>>>;

/// What waiting for a line gave.
#[derive(Debug)]
pub(crate) enum Received {
    /// A line and when it arrived.
    Line(String, Instant),
    /// Nothing before the deadline.
    Timeout,
    /// The engine's output ended.
    Ended,
}

/// An engine process the client started.
#[derive(Debug)]
struct Process {
    child: Child,
    stderr: Tail,
    status: Option<ExitStatus>,
}

/// The connection to one engine.
pub(crate) struct Transport {
    writer: SharedWriter,
    lines: Receiver<Incoming>,
    ended: bool,
    process: Option<Process>,
    log: Option<EngineLog>,
}

impl Transport {
    /// A connection over any reader/writer pair.
    pub(crate) fn new(
        reader: impl io::Read + Send + 'static,
        writer: impl Write + Send + 'static,
        log: Option<EngineLog>,
    ) -> Transport {
        let lines = spawn_reader(reader, log.clone());
        Transport { writer: Arc::new(Mutex::new(Box::new(writer))), lines, ended: false, process: None, log }
    }

    /// A connection to a started process, whose pipes are taken.
    pub(crate) fn with_child(mut child: Child, log: Option<EngineLog>) -> Transport {
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take().expect("stdin is piped");
        let stderr = child.stderr.take().map(|err| Tail::spawn(err, log.clone())).unwrap_or_default();
        let mut transport = Transport::new(stdout, stdin, log);
        transport.process = Some(Process { child, stderr, status: None });
        transport
    }

    /// Writes one line and flushes it.
    pub(crate) fn send(&mut self, line: &str) -> io::Result<()> {
        if let Some(log) = &self.log {
            log.sent(line);
        }
        let mut writer = self.writer.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        writer.write_all(line.as_bytes())?;
        writer.write_all(b"\n")?;
        writer.flush()
    }

    /// The writer, for stopping a search from another thread.
    pub(crate) fn shared_writer(&self) -> SharedWriter {
        Arc::clone(&self.writer)
    }

    /// The next line, waiting until `deadline`.
    pub(crate) fn recv(&mut self, deadline: Instant) -> Received {
        if self.ended {
            return Received::Ended;
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Incoming::Line(text, at)) => Received::Line(text, at),
            Ok(Incoming::End) | Err(RecvTimeoutError::Disconnected) => {
                self.ended = true;
                Received::Ended
            }
            Err(RecvTimeoutError::Timeout) => Received::Timeout,
        }
    }

    /// Drops the lines already received and not yet read; `false` if the
    /// output ended.
    pub(crate) fn drain(&mut self) -> bool {
        while !self.ended {
            match self.lines.try_recv() {
                Ok(Incoming::Line(..)) => {}
                Ok(Incoming::End) | Err(std::sync::mpsc::TryRecvError::Disconnected) => self.ended = true,
                Err(std::sync::mpsc::TryRecvError::Empty) => return true,
            }
        }
        false
    }

    /// The operating system's id of the engine's process, if the client
    /// started it.
    pub(crate) fn process_id(&self) -> Option<u32> {
        self.process.as_ref().map(|p| p.child.id())
    }

    /// Waits up to `within` for the process to exit by itself, then kills
    /// it; either way it is reaped. `None` without a process.
    pub(crate) fn reap(&mut self, within: Duration) -> Option<ExitStatus> {
        let process = self.process.as_mut()?;
        if process.status.is_none() {
            let deadline = Instant::now() + within;
            process.status = loop {
                match process.child.try_wait() {
                    Ok(Some(status)) => break Some(status),
                    Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
                    // Still running (or unknowable): kill it, then collect it.
                    _ => {
                        let _ = process.child.kill();
                        break process.child.wait().ok();
                    }
                }
            };
        }
        process.status
    }

    /// The last lines the engine wrote to its standard error.
    pub(crate) fn stderr(&self) -> Vec<String> {
        self.process.as_ref().map(|p| p.stderr.lines()).unwrap_or_default()
    }
}

impl Drop for Transport {
    /// A process is never left behind: whoever drops the transport without
    /// reaping it (an engine that failed its handshake) kills it here.
    fn drop(&mut self) {
        self.reap(Duration::ZERO);
    }
}
