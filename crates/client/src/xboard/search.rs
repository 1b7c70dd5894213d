//! Reading a CECP search back: thinking output, the engine's `move` (in any
//! spelling), resignations, claims and refusals, with a `ping` after the
//! move so nothing the engine adds to it is mistaken for the next search's
//! output.

use super::XbSession;
use crate::link::Link;
use crate::search::{Event, Purpose};
use crate::session::Session;
use crate::{Claim, EngineError, Waiting};
use ox88_board::{CastlingMode, Move};
use ox88_movegen::Termination;
use ox88_protocol::xboard::{announced_move, read_move, without_prompt, XbCommand, XbMessage};
use ox88_protocol::{Limits, Report};
use std::time::Instant;

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

impl XbSession {
    /// The opponent's reply, if the request continues the game the engine
    /// plays (and ponders in) by exactly that move.
    pub(super) fn pondered_reply(
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

    /// Sends a `ping`; its `pong` ends the search. Without `ping`, the search
    /// ends now.
    pub(super) fn finish_with_ping(&mut self, link: &mut Link) -> Result<(), EngineError> {
        let pong = if self.features.ping { Some(self.ping(link)?) } else { Some(-1) };
        if let Some(search) = &mut self.search {
            search.pong = pong;
        }
        Ok(())
    }

    /// Handles one line of a running search.
    pub(super) fn line(
        &mut self,
        link: &mut Link,
        line: &str,
        at: Instant,
        waiting: Waiting,
    ) -> Result<Option<Event>, EngineError> {
        // A `move` command (after GNU Chess's prompt too), rather than one of
        // GNU Chess's spellings of a move.
        let command = without_prompt(line).split_whitespace().next() == Some("move");
        let message = match line.parse::<XbMessage>() {
            Ok(message) => message,
            Err(_) => match announced_move(line) {
                // Some engines write their move in SAN even when told not to.
                Some(text) => return self.engine_move(link, text, at, command).map(|()| None),
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
            XbMessage::Move(m) if search.purpose == Purpose::Play => {
                self.engine_move(link, &m.to_string(), at, command)?;
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

    /// The engine's move, while it thinks on a move of its own; `command`
    /// says whether it came as a `move` command (rather than in one of GNU
    /// Chess's spellings, which may be a late repeat: see [`super::echo`]).
    fn engine_move(&mut self, link: &mut Link, text: &str, at: Instant, command: bool) -> Result<(), EngineError> {
        let search = self.search.as_mut().expect("a search is running");
        if search.purpose != Purpose::Play {
            return Ok(());
        }
        if search.pong.is_some() {
            self.echo.after_move(text); // GNU Chess announces its move twice
            return Ok(());
        }
        let read = read_move(&search.root.board, text, search.root.castling);
        if !command && self.echo.is_late_repeat(text, read.is_some()) {
            return Ok(());
        }
        let Some(m) = read else {
            let fen = search.root.board.fen().to_string();
            self.search = None;
            self.game = None; // the engine played it on its board: start afresh next time
            return Err(EngineError::IllegalMove { text: text.to_owned(), fen });
        };
        self.echo.moved(text);
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
