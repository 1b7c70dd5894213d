//! [`Session`]: one type over both protocols' session states, so the engine
//! handle can treat them alike.

use crate::info::Root;
use crate::link::{Deadline, Link};
use crate::search::{Event, Request};
use crate::uci::UciSession;
use crate::xboard::XbSession;
use crate::{EngineError, EngineId, Protocol, Waiting};
use ox88_protocol::{OptionSpec, OptionValue};
use std::time::Instant;

/// The protocol-specific half of an engine handle.
pub(crate) enum Session {
    Uci(Box<UciSession>),
    Xboard(Box<XbSession>),
}

impl Session {
    pub(crate) fn handshake(link: &mut Link, protocol: Protocol) -> Result<Session, EngineError> {
        let session = match protocol {
            Protocol::Uci => UciSession::handshake(link).map(|s| Session::Uci(Box::new(s))),
            Protocol::Xboard => XbSession::handshake(link).map(|s| Session::Xboard(Box::new(s))),
        };
        // An engine gone before it could be written to is gone during the
        // handshake all the same.
        session.map_err(|err| match err {
            EngineError::Exited { waiting: Waiting::Command, status, stderr } => {
                EngineError::Exited { waiting: Waiting::Handshake, status, stderr }
            }
            other => other,
        })
    }

    pub(crate) fn protocol(&self) -> Protocol {
        match self {
            Session::Uci(_) => Protocol::Uci,
            Session::Xboard(_) => Protocol::Xboard,
        }
    }

    pub(crate) fn id(&self) -> &EngineId {
        match self {
            Session::Uci(s) => &s.id,
            Session::Xboard(s) => &s.id,
        }
    }

    pub(crate) fn options(&self) -> &[OptionSpec] {
        match self {
            Session::Uci(s) => &s.options,
            Session::Xboard(s) => &s.options,
        }
    }

    /// Whether the client sets this option itself (it is refused to users).
    pub(crate) fn is_managed(&self, name: &str) -> bool {
        matches!(self, Session::Uci(_)) && UciSession::is_managed(name)
    }

    pub(crate) fn set_option(
        &mut self,
        link: &mut Link,
        spec: &OptionSpec,
        value: &OptionValue,
    ) -> Result<(), EngineError> {
        match self {
            Session::Uci(s) => s.set_option(link, spec, value),
            Session::Xboard(s) => s.set_option(link, spec, value),
        }
    }

    pub(crate) fn new_game(&mut self, link: &mut Link) -> Result<(), EngineError> {
        match self {
            Session::Uci(s) => s.new_game(link),
            Session::Xboard(s) => s.new_game(link),
        }
    }

    pub(crate) fn sync(&mut self, link: &mut Link) -> Result<(), EngineError> {
        match self {
            Session::Uci(s) => s.sync(link),
            Session::Xboard(s) => s.sync(link),
        }
    }

    pub(crate) fn check(&self, request: &Request<'_>) -> Result<(), EngineError> {
        match self {
            Session::Uci(s) => s.check(request),
            Session::Xboard(s) => s.check(request),
        }
    }

    pub(crate) fn start(&mut self, link: &mut Link, request: &Request<'_>) -> Result<Instant, EngineError> {
        match self {
            Session::Uci(s) => s.start(link, request),
            Session::Xboard(s) => s.start(link, request),
        }
    }

    pub(crate) fn next(
        &mut self,
        link: &mut Link,
        deadline: Deadline,
        waiting: Waiting,
        stop: &dyn Fn() -> bool,
    ) -> Result<Event, EngineError> {
        match self {
            Session::Uci(s) => s.next(link, deadline, waiting),
            Session::Xboard(s) => s.next(link, deadline, waiting, stop),
        }
    }

    pub(crate) fn stop(&mut self, link: &mut Link) -> Result<(), EngineError> {
        match self {
            Session::Uci(s) => s.stop(link),
            Session::Xboard(s) => s.stop(link),
        }
    }

    /// UCI: the pondering search becomes the search for the move.
    pub(crate) fn ponderhit(&mut self, link: &mut Link, root: Root) -> Result<(), EngineError> {
        match self {
            Session::Uci(s) => s.ponderhit(link, root),
            Session::Xboard(_) => Err(EngineError::Unsupported("ponderhit in CECP".into())),
        }
    }

    /// The line a [`Stopper`](crate::Stopper) writes, if the protocol can
    /// be stopped by one line from another thread.
    pub(crate) fn stop_line(&self) -> Option<String> {
        match self {
            Session::Uci(_) => Some(UciSession::stop_line()),
            // CECP needs the `ping` after `exit` from the session itself.
            Session::Xboard(_) => None,
        }
    }

    pub(crate) fn set_ponder(&mut self, on: bool) {
        if let Session::Xboard(s) = self {
            s.set_ponder(on);
        }
    }

    pub(crate) fn quit(&mut self, link: &mut Link) {
        match self {
            Session::Uci(s) => s.quit(link),
            Session::Xboard(s) => s.quit(link),
        }
    }
}
