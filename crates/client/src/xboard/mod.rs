//! The CECP (XBoard protocol version 2) side of the client: the handshake,
//! options, the engine's copy of the game, and searches as `go` (to play,
//! or the opponent's move when the engine ponders in play mode) or
//! `analyze`. The handshake is in `features.rs`, the game in `game.rs`,
//! reading a search's output in `search.rs`.

mod echo;
mod features;
mod game;
mod mirror;
mod opponent;
mod search;

use crate::info::Root;
use crate::link::{Deadline, Link};
use crate::search::{Done, Event, Purpose, Request};
use crate::session::Session;
use crate::{EngineError, EngineId, Opponent, Protocol, Waiting};
use mirror::{xb_move, Mirror};
use ox88_board::{Board, CastlingMode, GameResult, Move};
use ox88_protocol::xboard::{EngineFeatures, MoveSelection, XbCommand, XbMessage, CHESS960_VARIANT};
use ox88_protocol::{Limits, OptionSpec, OptionValue, HASH, THREADS};
use std::time::{Duration, Instant};

/// How often a waiting analysis looks at its stop flag.
const STOP_POLL: Duration = Duration::from_millis(20);

/// A running CECP search.
struct XbSearch {
    root: Root,
    purpose: Purpose,
    /// Limits the client enforces itself in analysis.
    depth: Option<u32>,
    nodes: Option<u64>,
    end: Option<Instant>,
    /// The `ping` whose `pong` ends the search, once sent.
    pong: Option<i64>,
    done: Done,
}

/// A CECP engine's session state.
pub(crate) struct XbSession {
    id: EngineId,
    options: Vec<OptionSpec>,
    features: EngineFeatures,
    /// The options that stand for `memory` and `cores`.
    by_command: Vec<&'static str>,
    /// The game as the engine knows it, once one was set up.
    game: Option<Mirror>,
    /// Whether the engine is to ponder (`hard`).
    ponder: bool,
    /// What the engine is told of its opponent at each `new` (`name`,
    /// `rating`, `computer`).
    opponent: Vec<XbCommand>,
    /// The number of the next `ping`.
    next_ping: i64,
    /// The running search.
    search: Option<XbSearch>,
    /// The engine's last move, to tell a late repeat of it from its next.
    echo: echo::Echo,
}

impl XbSession {
    /// The handshake; see [`features::handshake`].
    pub(crate) fn handshake(link: &mut Link) -> Result<XbSession, EngineError> {
        let found = features::handshake(link)?;
        Ok(XbSession {
            id: found.id,
            options: found.options,
            features: found.features,
            by_command: found.by_command,
            game: None,
            ponder: false,
            opponent: Vec::new(),
            next_ping: 1,
            search: None,
            echo: echo::Echo::default(),
        })
    }

    /// Sends `ping` with a new number and returns it.
    fn ping(&mut self, link: &mut Link) -> Result<i64, EngineError> {
        let n = self.next_ping;
        self.next_ping += 1;
        link.send(XbCommand::Ping(n))?;
        Ok(n)
    }
}

impl Session for XbSession {
    fn protocol(&self) -> Protocol {
        Protocol::Xboard
    }

    fn id(&self) -> &EngineId {
        &self.id
    }

    fn options(&self) -> &[OptionSpec] {
        &self.options
    }

    /// Sets an option: `memory` and `cores` for the hash size and threads,
    /// `option NAME=VALUE` for the engine's own.
    fn set_option(&mut self, link: &mut Link, spec: &OptionSpec, value: &OptionValue) -> Result<(), EngineError> {
        let by_command = |name: &str| spec.is_named(name) && self.by_command.contains(&name);
        let command = match value {
            OptionValue::Spin(n) if by_command(HASH) => XbCommand::Memory((*n).max(0) as u64),
            OptionValue::Spin(n) if by_command(THREADS) => XbCommand::Cores((*n).clamp(1, i64::from(u32::MAX)) as u32),
            // CECP writes a check as 1 or 0; everything else as UCI does.
            OptionValue::Check(on) => {
                XbCommand::Option { name: spec.name.clone(), value: Some(u8::from(*on).to_string()) }
            }
            other => XbCommand::Option { name: spec.name.clone(), value: other.text() },
        };
        link.send(command)
    }

    /// Forgets the game: the next search starts a new one with `new`.
    fn new_game(&mut self, link: &mut Link) -> Result<(), EngineError> {
        if self.game.take().is_some_and(|g| g.playing) {
            link.send(XbCommand::Force)?;
        }
        Ok(())
    }

    /// Keeps `name`, `rating` and `computer` for the next `new`; another
    /// opponent during a game begins it anew at the next search.
    fn set_opponent(
        &mut self,
        link: &mut Link,
        opponent: &Opponent,
        engine_rating: Option<i32>,
    ) -> Result<(), EngineError> {
        let lines = opponent::lines(opponent, engine_rating, self.features.name);
        if lines != self.opponent {
            self.opponent = lines;
            self.new_game(link)?;
        }
        Ok(())
    }

    /// The game's moves the engine has not seen (in force mode), then
    /// `result RESULT {ENDING}`; the next search begins a new game.
    fn game_over(
        &mut self,
        link: &mut Link,
        start: &Board,
        moves: &[Move],
        castling: CastlingMode,
        result: GameResult,
        ending: &str,
    ) -> Result<(), EngineError> {
        if ending.contains(['{', '}', '\n', '\r']) {
            return Err(EngineError::Unsupported(format!(
                "a game ending with braces or a line break cannot be sent: {ending:?}"
            )));
        }
        self.sync_moves(link, start, moves, castling, false)?;
        link.send(XbCommand::Result { result, comment: ending.to_owned() })?;
        self.game = None;
        Ok(())
    }

    /// `ping N` ... `pong N`, dropping what comes before.
    fn sync(&mut self, link: &mut Link) -> Result<(), EngineError> {
        if !self.features.ping {
            return Ok(());
        }
        let n = self.ping(link)?;
        let deadline = features::ready_deadline(link);
        loop {
            let (line, _) = link.recv(deadline, Waiting::Ready)?;
            if line.parse::<XbMessage>() == Ok(XbMessage::Pong(n)) {
                return Ok(());
            }
        }
    }

    /// Checks that a search can be asked for, before anything is sent.
    fn check(&self, request: &Request<'_>) -> Result<(), EngineError> {
        let unsupported = |what: &str| Err(EngineError::Unsupported(format!("{what} with {} (CECP)", self.id.name)));
        let limits = request.limits;
        if request.multipv > 1 {
            return unsupported("MultiPV");
        }
        if limits.mate.is_some() {
            return unsupported("a mate limit");
        }
        if request.root.castling == CastlingMode::Chess960 && !self.features.plays(CHESS960_VARIANT) {
            return unsupported("Chess960");
        }
        match request.purpose {
            Purpose::Analyse if !self.features.analyze => unsupported("analysis"),
            Purpose::Analyse if !limits.searchmoves.is_empty() && !self.features.exclude => {
                unsupported("restricting the moves searched")
            }
            Purpose::Play if !limits.searchmoves.is_empty() => unsupported("restricting the moves played"),
            Purpose::Play if limits.nodes.is_some() && self.features.nps == Some(false) => unsupported("a node limit"),
            Purpose::Ponder => unsupported("pondering as a separate search"),
            _ => Ok(()),
        }
    }

    /// Sets up the game and starts the search; returns when it was started.
    fn start(&mut self, link: &mut Link, request: &Request<'_>) -> Result<Instant, EngineError> {
        self.check(request)?;
        link.drain_stale();
        let (start, moves, limits) = (request.start, request.moves, request.limits);
        let side = request.root.board.side_to_move();
        let castling = request.root.castling;
        let mut search = XbSearch {
            root: request.root.clone(),
            purpose: request.purpose,
            depth: None,
            nodes: None,
            end: None,
            pong: None,
            done: Done::default(),
        };
        if request.purpose == Purpose::Analyse {
            self.sync_game(link, start, moves, castling, &Limits::default())?;
            if !limits.searchmoves.is_empty() {
                link.send(XbCommand::Exclude(MoveSelection::All))?;
                for &m in &limits.searchmoves {
                    link.send(XbCommand::Include(MoveSelection::Move(xb_move(m, castling))))?;
                }
            }
            link.send(XbCommand::Analyze)?;
            search.depth = limits.depth;
            search.nodes = limits.nodes;
            search.end = limits.movetime.map(|t| Instant::now() + t);
        } else if let Some(last) = self.pondered_reply(start, moves, castling, limits) {
            // The engine plays on, pondering: only the opponent's move is new.
            self.send_limits(link, limits, side)?;
            self.send_move(link, xb_move(last, castling))?;
            self.game.as_mut().expect("a game is going on").moves.push(last);
        } else {
            self.sync_game(link, start, moves, castling, limits)?;
            self.send_limits(link, limits, side)?;
            link.send(XbCommand::Go)?;
        }
        if let (Purpose::Play, Some(game)) = (request.purpose, self.game.as_mut()) {
            game.playing = true;
        }
        self.search = Some(search);
        Ok(Instant::now())
    }

    /// The next report or the end of the running search. `stop` asks for an
    /// analysis to end (a [`Stopper`](crate::Stopper) on another thread).
    fn next(
        &mut self,
        link: &mut Link,
        deadline: Deadline,
        waiting: Waiting,
        stop: &dyn Fn() -> bool,
    ) -> Result<Event, EngineError> {
        let mut pong_deadline = None;
        loop {
            let Some(search) = self.search.as_ref() else {
                return Err(EngineError::NotSearching);
            };
            if search.pong == Some(-1) {
                return Ok(Event::Done(self.search.take().expect("checked above").done));
            }
            if search.pong.is_some() && pong_deadline.is_none() {
                pong_deadline = Some(Deadline::after(link.timeouts.ready));
            }
            let limit = pong_deadline.unwrap_or(deadline);
            let analysing = search.purpose == Purpose::Analyse && search.pong.is_none();
            let until = match (analysing, search.end) {
                (true, Some(end)) => limit.at.min(end).min(Instant::now() + STOP_POLL),
                (true, None) => limit.at.min(Instant::now() + STOP_POLL),
                (false, _) => limit.at,
            };
            let Some((line, at)) = link.poll(until, waiting)? else {
                let now = Instant::now();
                if analysing && (stop() || search.end.is_some_and(|end| now >= end)) {
                    self.stop(link)?;
                } else if now >= limit.at {
                    return Err(link.fail(EngineError::Timeout { waiting, after: limit.span }));
                }
                continue;
            };
            if let Some(event) = self.line(link, &line, at, waiting)? {
                return Ok(event);
            }
        }
    }

    /// Ends an analysis (`exit`), or asks for the move now (`?`), and sends
    /// the `ping` whose `pong` ends the search.
    fn stop(&mut self, link: &mut Link) -> Result<(), EngineError> {
        let Some(purpose) = self.search.as_ref().map(|s| s.purpose) else { return Ok(()) };
        if self.search.as_ref().is_some_and(|s| s.pong.is_some()) {
            return Ok(());
        }
        if purpose == Purpose::Analyse {
            link.send(XbCommand::Exit)?;
            self.finish_with_ping(link)
        } else {
            link.send(XbCommand::MoveNow)
        }
    }

    /// CECP has no ponder hit: a pondering engine is sent the opponent's
    /// move as the next search (see `start`).
    fn ponderhit(&mut self, _link: &mut Link, _root: Root) -> Result<(), EngineError> {
        Err(EngineError::Unsupported("ponderhit in CECP".into()))
    }

    /// Turns pondering on or off (`hard`/`easy`, sent with the next search).
    fn set_ponder(&mut self, on: bool) {
        self.ponder = on;
    }

    /// `quit`.
    fn quit(&mut self, link: &mut Link) {
        let _ = link.send(XbCommand::Quit);
    }
}
