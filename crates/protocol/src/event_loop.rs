//! The event loop both drivers run: input lines, search progress and the
//! search's end arrive from the [`Worker`] as one stream of [`Event`]s, and a
//! driver says what each means in its protocol.

use crate::worker::{Event, SearchEnd, Worker};
use crate::{Engine, Flow, Report};
use std::collections::VecDeque;
use std::io;

/// A protocol driver as the event loop sees it.
pub(crate) trait EventHandler {
    /// The engine type the driver's worker holds.
    type Engine: Engine + 'static;
    /// The worker, and the events put aside while polling.
    fn events(&mut self) -> (&Worker<Self::Engine>, &mut VecDeque<Event>);
    /// A command line from the GUI.
    fn on_line(&mut self, line: &str) -> io::Result<Flow>;
    /// Progress of the running search.
    fn on_info(&mut self, report: Report) -> io::Result<()>;
    /// The running search ended.
    fn on_done(&mut self, end: SearchEnd) -> io::Result<()>;
}

/// Handles events until `quit` or the end of the input.
pub(crate) fn run_events<H: EventHandler>(driver: &mut H) -> io::Result<()> {
    loop {
        let event = {
            let (worker, pending) = driver.events();
            pending.pop_front().unwrap_or_else(|| worker.recv())
        };
        match event {
            Event::Line(line) => {
                if driver.on_line(&line)? == Flow::Quit {
                    return Ok(());
                }
            }
            Event::Eof => return Ok(()),
            Event::Info(info) => driver.on_info(info)?,
            Event::Done(result) => driver.on_done(result)?,
        }
    }
}

/// Handles the search events that have arrived, without waiting; input
/// lines wait in the queue for [`run_events`].
pub(crate) fn poll_events<H: EventHandler>(driver: &mut H) -> io::Result<()> {
    loop {
        let event = {
            let (worker, _) = driver.events();
            worker.try_recv()
        };
        match event {
            None => return Ok(()),
            Some(Event::Info(info)) => driver.on_info(info)?,
            Some(Event::Done(result)) => driver.on_done(result)?,
            Some(other) => driver.events().1.push_back(other),
        }
    }
}
