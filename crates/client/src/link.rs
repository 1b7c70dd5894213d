//! [`Link`]: the transport with the session's bookkeeping around it: every
//! wait has a deadline, and a fatal error shuts the engine down once, after
//! which every call says so.

use crate::transport::{Received, SharedWriter, Transport};
use crate::{EngineError, Timeouts, Waiting};
use std::fmt::Display;
use std::process::ExitStatus;
use std::time::{Duration, Instant};

/// How many warnings are kept before the oldest are dropped.
const MAX_WARNINGS: usize = 100;

/// How long an engine whose output ended gets to exit, so its exit status
/// (a crash signal, say) can be reported.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// When a wait ends, and how long it was meant to be (for the error).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Deadline {
    /// The moment the wait ends.
    pub(crate) at: Instant,
    /// The length of the wait, from when it was set.
    pub(crate) span: Duration,
}

impl Deadline {
    /// A deadline `span` from now.
    pub(crate) fn after(span: Duration) -> Deadline {
        Deadline { at: Instant::now() + span, span }
    }
}

/// The connection to an engine and its state of health.
pub(crate) struct Link {
    transport: Transport,
    /// The session's timeouts.
    pub(crate) timeouts: Timeouts,
    dead: Option<String>,
    warnings: Vec<String>,
}

impl Link {
    pub(crate) fn new(transport: Transport, timeouts: Timeouts) -> Link {
        Link { transport, timeouts, dead: None, warnings: Vec::new() }
    }

    /// Whether an earlier error shut the engine down.
    pub(crate) fn is_dead(&self) -> bool {
        self.dead.is_some()
    }

    /// [`EngineError::Dead`] if the engine was shut down.
    pub(crate) fn check_alive(&self) -> Result<(), EngineError> {
        match &self.dead {
            Some(reason) => Err(EngineError::Dead(reason.clone())),
            None => Ok(()),
        }
    }

    /// Sends one command line.
    pub(crate) fn send(&mut self, line: impl Display) -> Result<(), EngineError> {
        self.check_alive()?;
        let text = line.to_string();
        match self.transport.send(&text) {
            Ok(()) => Ok(()),
            Err(_) => {
                Err(self.fail(EngineError::Exited { waiting: Waiting::Command, status: None, stderr: Vec::new() }))
            }
        }
    }

    /// Drops what the engine wrote that nobody read: before a new search,
    /// whatever is waiting belongs to an earlier one (a late resignation, a
    /// move announced twice). An output that ended is left for the next wait
    /// to report.
    pub(crate) fn drain_stale(&mut self) {
        if self.dead.is_none() {
            self.transport.drain();
        }
    }

    /// The next line, or a fatal error if none comes before `deadline` or
    /// the output ends.
    pub(crate) fn recv(&mut self, deadline: Deadline, waiting: Waiting) -> Result<(String, Instant), EngineError> {
        match self.poll(deadline.at, waiting)? {
            Some(line) => Ok(line),
            None => Err(self.fail(EngineError::Timeout { waiting, after: deadline.span })),
        }
    }

    /// The next line if one comes before `until`; `Ok(None)` otherwise (for
    /// waits that end on the client's own clock, such as a time limit in
    /// CECP analysis).
    pub(crate) fn poll(&mut self, until: Instant, waiting: Waiting) -> Result<Option<(String, Instant)>, EngineError> {
        self.check_alive()?;
        match self.transport.recv(until) {
            Received::Line(text, at) => Ok(Some((text, at))),
            Received::Timeout => Ok(None),
            Received::Ended => Err(self.fail(EngineError::Exited { waiting, status: None, stderr: Vec::new() })),
        }
    }

    /// Records `err`; if it is fatal, shuts the engine down (kill and reap
    /// the process) and fills in what is known about its end.
    pub(crate) fn fail(&mut self, mut err: EngineError) -> EngineError {
        if !err.is_fatal() {
            return err;
        }
        if let EngineError::Exited { status, stderr, .. } = &mut err {
            *status = self.transport.reap(EXIT_GRACE);
            *stderr = self.transport.stderr();
        } else {
            self.transport.reap(Duration::ZERO);
        }
        if self.dead.is_none() {
            self.dead = Some(err.to_string());
        }
        err
    }

    /// Notes something odd the engine did that did not stop it (a malformed
    /// info line, an illegal move inside a PV).
    pub(crate) fn warn(&mut self, text: String) {
        if self.warnings.len() == MAX_WARNINGS {
            self.warnings.remove(0);
        }
        self.warnings.push(text);
    }

    /// The warnings so far, cleared.
    pub(crate) fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// The writer, for stopping from another thread.
    pub(crate) fn shared_writer(&self) -> SharedWriter {
        self.transport.shared_writer()
    }

    /// Asks nothing more of the engine: after `quit` was sent, gives the
    /// process the quit timeout to exit, then kills and reaps it.
    pub(crate) fn close(&mut self) -> Option<ExitStatus> {
        let grace = if self.is_dead() { Duration::ZERO } else { self.timeouts.quit };
        if self.dead.is_none() {
            self.dead = Some("the engine was told to quit".into());
        }
        self.transport.reap(grace)
    }

    /// The id of the engine's process, if the client started it.
    pub(crate) fn process_id(&self) -> Option<u32> {
        self.transport.process_id()
    }
}
