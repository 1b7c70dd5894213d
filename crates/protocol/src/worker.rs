//! The search worker both drivers share: the engine lives here, idle on the
//! driver's thread or searching on its own, and everything that happens
//! (input lines, search progress, the search's end) arrives at the driver
//! as one stream of [`Event`]s.

use crate::{Engine, Limits, Report, SearchResult, StopHandle};
use ox88_control::SEARCH_STACK_BYTES;
use ox88_movegen::Position;
use std::io::BufRead;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread::JoinHandle;

/// Whether a driver should go on reading commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Continue,
    /// `quit` was received.
    Quit,
}

/// Something the driver loop must react to.
#[derive(Debug)]
pub(crate) enum Event {
    /// A line of input (without its line break).
    Line(String),
    /// The input is closed (or unreadable).
    Eof,
    /// The running search reports progress.
    Info(Report),
    /// The running search ended.
    Done(SearchEnd),
}

/// How a search ended, as a driver holds it until it may answer.
#[derive(Clone, Debug)]
pub(crate) enum SearchEnd {
    /// The engine returned its result.
    Finished(SearchResult),
    /// The engine panicked (or its thread could not start): there is no
    /// result, and the driver plays the first legal move.
    Failed,
}

impl SearchEnd {
    /// The end of a search that returned `result`, or panicked.
    fn of<E>(result: Result<SearchResult, E>) -> SearchEnd {
        result.map_or(SearchEnd::Failed, SearchEnd::Finished)
    }
}

enum State<E> {
    Idle(E),
    Searching(JoinHandle<E>),
    /// Only while moving the engine between the other two states, or after
    /// the search thread died without giving the engine back.
    Gone,
}

/// The engine and the search thread.
pub(crate) struct Worker<E> {
    state: State<E>,
    handle: StopHandle,
    tx: Sender<Event>,
    rx: Receiver<Event>,
    /// Searches run on the caller's thread, to the end, instead of on a
    /// thread of their own (for engines that answer at once).
    inline: bool,
}

impl<E: Engine + 'static> Worker<E> {
    pub(crate) fn new(engine: E) -> Worker<E> {
        let (tx, rx) = channel();
        let handle = engine.stop_handle();
        Worker { state: State::Idle(engine), handle, tx, rx, inline: false }
    }

    /// From the next search on, searches run on the caller's thread: their
    /// events are the same, queued before `start` returns, and nothing can
    /// interrupt them.
    pub(crate) fn run_inline(&mut self) {
        self.inline = true;
    }

    /// The engine, when no search is running.
    pub(crate) fn engine(&mut self) -> Option<&mut E> {
        match &mut self.state {
            State::Idle(engine) => Some(engine),
            _ => None,
        }
    }

    /// Gives the engine back, waiting for a running search to end (it is
    /// stopped first).
    pub(crate) fn into_engine(mut self) -> Option<E> {
        self.handle.stop();
        self.join();
        match self.state {
            State::Idle(engine) => Some(engine),
            _ => None,
        }
    }

    pub(crate) fn is_searching(&self) -> bool {
        matches!(self.state, State::Searching(_))
    }

    pub(crate) fn stop_handle(&self) -> &StopHandle {
        &self.handle
    }

    /// Starts a search of `game` on its own thread. Does nothing unless
    /// idle.
    pub(crate) fn start(&mut self, game: Position, limits: Limits) {
        let State::Idle(mut engine) = std::mem::replace(&mut self.state, State::Gone) else {
            return;
        };
        self.handle.reset(limits.ponder);
        let tx = self.tx.clone();
        if self.inline {
            let result = catch_unwind(AssertUnwindSafe(|| {
                engine.search(&game, &limits, &mut |report: &Report| {
                    let _ = tx.send(Event::Info(report.clone()));
                })
            }));
            let _ = tx.send(Event::Done(SearchEnd::of(result)));
            self.state = State::Idle(engine);
            return;
        }
        let spawned =
            std::thread::Builder::new().name("search".into()).stack_size(SEARCH_STACK_BYTES).spawn(move || {
                let result = catch_unwind(AssertUnwindSafe(|| {
                    let mut report = |report: &Report| {
                        let _ = tx.send(Event::Info(report.clone()));
                    };
                    engine.search(&game, &limits, &mut report)
                }));
                let _ = tx.send(Event::Done(SearchEnd::of(result)));
                engine
            });
        self.state = match spawned {
            Ok(thread) => State::Searching(thread),
            Err(_) => {
                let _ = self.tx.send(Event::Done(SearchEnd::Failed));
                State::Gone
            }
        };
    }

    /// After [`Event::Done`]: takes the engine back from the search thread.
    pub(crate) fn join(&mut self) {
        if !self.is_searching() {
            return;
        }
        if let State::Searching(thread) = std::mem::replace(&mut self.state, State::Gone) {
            // The thread catches panics of the search, so it always returns
            // the engine; a failed join leaves the worker without one.
            if let Ok(engine) = thread.join() {
                self.state = State::Idle(engine);
            }
        }
    }

    /// The next event, waiting for one.
    pub(crate) fn recv(&self) -> Event {
        // The worker holds a sender itself, so the channel never disconnects.
        self.rx.recv().unwrap_or(Event::Eof)
    }

    /// The next event if one is waiting.
    pub(crate) fn try_recv(&self) -> Option<Event> {
        self.rx.try_recv().ok()
    }

    /// Reads `input` line by line on a detached thread, sending each line
    /// and finally [`Event::Eof`]. Detached, because a thread blocked on a
    /// terminal read cannot be joined: the process may end under it.
    pub(crate) fn read_input<R: BufRead + Send + 'static>(&self, mut input: R) {
        let tx = self.tx.clone();
        let _ = std::thread::Builder::new().name("input".into()).spawn(move || {
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match input.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        // Invalid UTF-8 is garbage like any other: it becomes
                        // replacement characters and an unknown command.
                        let line = String::from_utf8_lossy(&buffer);
                        if tx.send(Event::Line(line.trim_end_matches(['\n', '\r']).to_owned())).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = tx.send(Event::Eof);
        });
    }
}
