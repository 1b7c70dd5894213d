//! CECP searches: `go` for a move (or the opponent's move, when the engine
//! ponders in play mode) and `analyze`, read back from thinking output and
//! `move`, with a `ping` after the move so nothing the engine adds to it is
//! mistaken for the next search's output.

use super::game::xb_move;
use super::XbSession;
use crate::info::Root;
use crate::link::{Deadline, Link};
use crate::search::{Done, Event, Purpose, Request};
use crate::{Claim, EngineError, Waiting};
use ox88_board::{CastlingMode, Move};
use ox88_movegen::Termination;
use ox88_protocol::xboard::{announced_move, read_move, MoveSelection, XbCommand, XbMessage, CHESS960_VARIANT};
use ox88_protocol::{Limits, Report};
use std::time::{Duration, Instant};

/// How often a waiting analysis looks at its stop flag.
const STOP_POLL: Duration = Duration::from_millis(20);

/// Whether the engine's refusal of `command` leaves the game out of step
/// (a move, the position, starting or stopping to think): the session ends.
/// Refusals of the rest (`post`, `hard`, `computer`...) are warnings.
fn is_vital(command: &str) -> bool {
    use XbCommand as C;
    matches!(
        command.parse::<XbCommand>(),
        Ok(C::UserMove(_)
            | C::SetBoard(_)
            | C::Go
            | C::New
            | C::Force
            | C::Variant(_)
            | C::Edit
            | C::Analyze
            | C::PlayOther)
    )
}

/// A running CECP search.
pub(crate) struct XbSearch {
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

impl XbSession {
    /// Checks that a search can be asked for, before anything is sent.
    pub(crate) fn check(&self, request: &Request<'_>) -> Result<(), EngineError> {
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
    pub(crate) fn start(&mut self, link: &mut Link, request: &Request<'_>) -> Result<Instant, EngineError> {
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

    /// The opponent's reply, if the request continues the game the engine
    /// plays (and ponders in) by exactly that move.
    fn pondered_reply(
        &self,
        start: &ox88_board::Board,
        moves: &[Move],
        castling: CastlingMode,
        limits: &Limits,
    ) -> Option<Move> {
        let game = self.game.as_ref()?;
        let continues = self.ponder
            && game.playing
            && game.hard
            && game.start == *start
            && game.castling == castling
            && moves.len() == game.moves.len() + 1
            && moves.starts_with(&game.moves)
            && limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none();
        continues.then(|| moves[moves.len() - 1])
    }

    /// Ends an analysis (`exit`), or asks for the move now (`?`), and sends
    /// the `ping` whose `pong` ends the search.
    pub(crate) fn stop(&mut self, link: &mut Link) -> Result<(), EngineError> {
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

    /// Sends a `ping`; its `pong` ends the search. Without `ping`, the search
    /// ends now.
    fn finish_with_ping(&mut self, link: &mut Link) -> Result<(), EngineError> {
        let pong = if self.features.ping { Some(self.ping(link)?) } else { Some(-1) };
        if let Some(search) = &mut self.search {
            search.pong = pong;
        }
        Ok(())
    }

    /// The next report or the end of the running search. `stop` asks for an
    /// analysis to end (a [`Stopper`](crate::Stopper) on another thread).
    pub(crate) fn next(
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

    /// Handles one line of a running search.
    fn line(
        &mut self,
        link: &mut Link,
        line: &str,
        at: Instant,
        waiting: Waiting,
    ) -> Result<Option<Event>, EngineError> {
        let message = match line.parse::<XbMessage>() {
            Ok(message) => message,
            Err(_) => match announced_move(line) {
                // Some engines write their move in SAN even when told not to.
                Some(text) => return self.engine_move(link, text, at).map(|()| None),
                None => return Ok(None), // chatter
            },
        };
        let search = self.search.as_mut().expect("a search is running");
        let thinking = search.pong.is_none();
        match message {
            // In analysis, lines before the `pong` were written before the
            // engine read `exit`: they count. In play, lines after the move
            // are pondering.
            XbMessage::Thinking(t) if thinking || search.purpose == Purpose::Analyse => {
                let line = search.root.read_thinking(&t);
                let reached = search.depth.is_some_and(|d| t.ply >= d) || search.nodes.is_some_and(|n| t.nodes >= n);
                if let Some(first) = line.best() {
                    search.done.best = Some(first);
                }
                if reached && thinking && search.purpose == Purpose::Analyse {
                    self.stop(link)?;
                }
                return Ok(Some(Event::Report(Report::Line(line))));
            }
            XbMessage::Move(m) if thinking && search.purpose == Purpose::Play => {
                self.engine_move(link, &m.to_string(), at)?;
            }
            XbMessage::Pong(n) if search.pong == Some(n) => {
                let done = self.search.take().expect("a search is running").done;
                return Ok(Some(Event::Done(done)));
            }
            XbMessage::Resign if search.purpose == Purpose::Play => {
                search.done.resigned = true;
                self.game_over(link, thinking)?;
            }
            XbMessage::OfferDraw => search.done.draw_offered = true,
            XbMessage::Result { result, comment } if search.purpose == Purpose::Play => {
                let claim = Claim::new(result, comment);
                search.done.resigned |= claim.termination == Some(Termination::Resignation);
                search.done.claim = Some(claim);
                self.game_over(link, thinking)?;
            }
            XbMessage::IllegalMove { .. } => return Err(self.refused(link, line, waiting)),
            XbMessage::Error { command, .. } => {
                if is_vital(&command) {
                    return Err(self.refused(link, line, waiting));
                }
                link.warn(format!("the engine refused a command: {line}"));
            }
            _ => {} // thinking after the move (pondering), comments, hints...
        }
        Ok(None)
    }

    /// The engine's move, while it thinks on a move of its own.
    fn engine_move(&mut self, link: &mut Link, text: &str, at: Instant) -> Result<(), EngineError> {
        let search = self.search.as_mut().expect("a search is running");
        if search.pong.is_some() || search.purpose != Purpose::Play {
            return Ok(()); // GNU Chess announces its move twice
        }
        let Some(m) = read_move(&search.root.board, text, search.root.castling) else {
            let fen = search.root.board.fen().to_string();
            self.search = None;
            self.game = None; // the engine played it on its board: start afresh next time
            return Err(EngineError::IllegalMove { text: text.to_owned(), fen });
        };
        search.done.best = Some(m);
        search.done.at = Some(at);
        if let Some(game) = &mut self.game {
            game.moves.push(m);
        }
        self.finish_with_ping(link)
    }

    /// The engine ended the game (resigned, claimed a result): if it did not
    /// move, the search ends with the `pong`.
    fn game_over(&mut self, link: &mut Link, before_moving: bool) -> Result<(), EngineError> {
        if let Some(game) = &mut self.game {
            game.playing = false;
        }
        if before_moving {
            if let Some(search) = &mut self.search {
                search.done.best = None;
            }
            self.finish_with_ping(link)?;
        }
        Ok(())
    }

    /// The engine refused a move or a vital command: the game is out of step.
    fn refused(&mut self, link: &mut Link, line: &str, waiting: Waiting) -> EngineError {
        self.search = None;
        self.game = None;
        link.fail(EngineError::Protocol {
            waiting,
            line: line.to_owned(),
            reason: "the engine refused a command".into(),
        })
    }
}
