//! [`ExternalEngine`]: a running engine behind one API for both protocols: who it
//! is, its options, a new game, and shutting it down. Searching is in
//! `play.rs` and `analysis.rs`.

use crate::info::Root;
use crate::link::{Deadline, Link};
use crate::search::Event;
use crate::session::Session;
use crate::transport::Transport;
use crate::uci::UciSession;
use crate::xboard::XbSession;
use crate::{EngineError, EngineId, EngineLog, Protocol, Timeouts, Waiting};
use ox88_board::{Board, Move};
use ox88_movegen::Position;
use ox88_protocol::{OptionError, OptionSpec, OptionValue};
use std::fmt::Display;
use std::io::{Read, Write};
use std::process::ExitStatus;
use std::time::{Duration, Instant};

/// A chess engine speaking UCI or CECP, started with
/// [`EngineCommand::spawn`](crate::EngineCommand::spawn) or connected over
/// any pipe with [`ExternalEngine::connect`].
///
/// Every method blocks until the engine answered, within the session's
/// [`Timeouts`]. Dropping the engine tells it to quit and reaps its process
/// (killing it if it does not exit in time).
pub struct ExternalEngine {
    pub(crate) link: Link,
    pub(crate) session: Box<dyn Session>,
    pub(crate) ponder: bool,
    /// UCI: the pondering search running, if any.
    pub(crate) pondering: Option<Pondering>,
    closed: bool,
}

/// A UCI ponder search: the game it expects (with the engine's move and the
/// reply it ponders on).
pub(crate) struct Pondering {
    pub(crate) start: Board,
    pub(crate) moves: Vec<Move>,
}

impl ExternalEngine {
    /// An engine reached over any reader (its output) and writer (its
    /// input), for example pipes to a process started elsewhere, a socket,
    /// or an engine running in the same program; runs the handshake.
    pub fn connect(
        reader: impl Read + Send + 'static,
        writer: impl Write + Send + 'static,
        protocol: Protocol,
        timeouts: Timeouts,
    ) -> Result<ExternalEngine, EngineError> {
        ExternalEngine::handshake(Transport::new(reader, writer, None), protocol, timeouts)
    }

    /// Like [`connect`](Self::connect), with a transcript of the session
    /// written to `log`.
    pub fn connect_logged(
        reader: impl Read + Send + 'static,
        writer: impl Write + Send + 'static,
        protocol: Protocol,
        timeouts: Timeouts,
        log: EngineLog,
    ) -> Result<ExternalEngine, EngineError> {
        ExternalEngine::handshake(Transport::new(reader, writer, Some(log)), protocol, timeouts)
    }

    pub(crate) fn handshake(
        transport: Transport,
        protocol: Protocol,
        timeouts: Timeouts,
    ) -> Result<ExternalEngine, EngineError> {
        let mut link = Link::new(transport, timeouts);
        let session = handshake(&mut link, protocol)?;
        Ok(ExternalEngine { link, session, ponder: false, pondering: None, closed: false })
    }

    /// The protocol the engine speaks.
    pub fn protocol(&self) -> Protocol {
        self.session.protocol()
    }

    /// The engine's name and author, as it gave them.
    pub fn id(&self) -> &EngineId {
        self.session.id()
    }

    /// The engine's name (empty if it gave none).
    pub fn name(&self) -> &str {
        &self.session.id().name
    }

    /// The options the engine offers, with their types, defaults and ranges.
    /// For CECP engines the hash size (`memory`) and threads (`cores`)
    /// appear as `Hash` and `Threads`.
    pub fn options(&self) -> &[OptionSpec] {
        self.session.options()
    }

    /// The option named `name` (case-insensitively).
    pub fn option(&self, name: &str) -> Option<&OptionSpec> {
        self.options().iter().find(|o| o.is_named(name))
    }

    /// The session's timeouts.
    pub fn timeouts(&self) -> &Timeouts {
        &self.link.timeouts
    }

    /// Changes the session's timeouts.
    pub fn set_timeouts(&mut self, timeouts: Timeouts) {
        self.link.timeouts = timeouts;
    }

    /// Sets an option from any value that displays as the option's text
    /// (`64`, `true`, `"Solid"`; anything for a button), checked against the
    /// engine's description first: an unknown name or a bad value is an
    /// error and nothing is sent. Returns the value as set. `MultiPV`,
    /// `Ponder`, `UCI_Chess960` and `UCI_AnalyseMode` are set by the client
    /// itself (see [`analyse`](Self::analyse), [`set_ponder`](Self::set_ponder)
    /// and [`Position::set_castling_mode`]).
    ///
    /// ```no_run
    /// # let mut engine = ox88_client::EngineCommand::uci("stockfish").spawn()?;
    /// engine.set_option("Hash", 64)?;
    /// engine.set_option("Skill Level", 10)?;
    /// assert!(engine.set_option("Hash", "lots").is_err());
    /// assert!(engine.set_option("No Such Option", 1).is_err());
    /// # Ok::<(), ox88_client::EngineError>(())
    /// ```
    pub fn set_option(&mut self, name: &str, value: impl Display) -> Result<OptionValue, EngineError> {
        self.link.check_alive()?;
        let Some(spec) = self.option(name).cloned() else {
            let known: Vec<&str> = self.options().iter().map(|o| o.name.as_str()).collect();
            return Err(EngineError::UnknownOption {
                name: name.to_owned(),
                engine: self.display_name(),
                known: known.join(", "),
            });
        };
        if self.session.is_managed(&spec.name) {
            return Err(OptionError::Rejected {
                name: spec.name.clone(),
                reason: "the client sets it (MultiPV per analysis, set_ponder, Chess960 by the position)".into(),
            }
            .into());
        }
        let value = spec.parse_value(Some(&value.to_string()))?;
        self.stop_pondering()?;
        self.session.set_option(&mut self.link, &spec, &value)?;
        Ok(value)
    }

    fn display_name(&self) -> String {
        if self.name().is_empty() {
            "the engine".to_owned()
        } else {
            self.name().to_owned()
        }
    }

    /// Lets the engine ponder: after each [`search`](Self::search) it thinks on
    /// the opponent's time (UCI `go ponder` on the move it expects, CECP
    /// `hard`), and the next `play` is a ponder hit or a ponder miss.
    pub fn set_ponder(&mut self, on: bool) -> Result<(), EngineError> {
        if !on {
            self.stop_pondering()?;
        }
        self.ponder = on;
        self.session.set_ponder(on);
        Ok(())
    }

    /// Starts a new game: the engine forgets the last one (UCI
    /// `ucinewgame`; CECP `new` with the next search).
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.link.check_alive()?;
        self.stop_pondering()?;
        self.session.new_game(&mut self.link)
    }

    /// Waits until the engine has dealt with everything sent so far (UCI
    /// `isready`, CECP `ping`); returns how long that took.
    pub fn ping(&mut self) -> Result<Duration, EngineError> {
        self.link.check_alive()?;
        self.stop_pondering()?;
        let start = Instant::now();
        self.session.sync(&mut self.link)?;
        Ok(start.elapsed())
    }

    /// Stops a UCI ponder search (its move is dropped). Other calls do this
    /// by themselves when needed.
    pub fn stop_pondering(&mut self) -> Result<(), EngineError> {
        if self.pondering.take().is_none() {
            return Ok(());
        }
        self.session.stop(&mut self.link)?;
        let deadline = Deadline::after(self.link.timeouts.ready);
        loop {
            if let Event::Done(_) = self.session.next(&mut self.link, deadline, Waiting::Stop, &|| true)? {
                return Ok(());
            }
        }
    }

    /// Odd things the engine did that did not stop it (malformed info lines,
    /// illegal moves in a PV, refused commands), oldest first; cleared.
    pub fn take_warnings(&mut self) -> Vec<String> {
        self.link.take_warnings()
    }

    /// Whether an earlier error shut the engine down.
    pub fn is_dead(&self) -> bool {
        self.link.is_dead()
    }

    /// Tells the engine to quit and waits for its process to exit (killing
    /// it after the quit timeout); its exit status if the client started it.
    pub fn quit(mut self) -> Option<ExitStatus> {
        self.shut_down()
    }

    fn shut_down(&mut self) -> Option<ExitStatus> {
        if self.closed {
            return None;
        }
        self.closed = true;
        if !self.link.is_dead() {
            let _ = self.stop_pondering();
            self.session.quit(&mut self.link);
        }
        self.link.close()
    }

    /// The root of a search on `position`, Chess960 if the position is
    /// (castling is then written king-takes-rook in UCI, with
    /// `UCI_Chess960` set, and `O-O` in CECP after `variant fischerandom`).
    pub(crate) fn root(&self, position: &Position) -> Root {
        Root { board: position.board().clone(), castling: position.castling_mode() }
    }

    /// The operating system's id of the engine's process, if the client
    /// started it (to set its priority or affinity, say). After the engine
    /// was shut down the process is gone and the id may be reused.
    pub fn process_id(&self) -> Option<u32> {
        self.link.process_id()
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        self.shut_down();
    }
}

impl std::fmt::Debug for ExternalEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExternalEngine")
            .field("name", &self.name())
            .field("protocol", &self.protocol())
            .field("dead", &self.is_dead())
            .finish_non_exhaustive()
    }
}

/// The handshake of `protocol`: the session of an engine that answered it.
fn handshake(link: &mut Link, protocol: Protocol) -> Result<Box<dyn Session>, EngineError> {
    let session = match protocol {
        Protocol::Uci => UciSession::handshake(link).map(|s| Box::new(s) as Box<dyn Session>),
        Protocol::Xboard => XbSession::handshake(link).map(|s| Box::new(s) as Box<dyn Session>),
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
