//! [`Session`]: what the engine handle asks of either protocol's session
//! state, so that it treats UCI and CECP engines alike.

use crate::info::Root;
use crate::link::{Deadline, Link};
use crate::search::{Event, Request};
use crate::{EngineError, EngineId, Opponent, Protocol, Waiting};
use ox88_board::{Board, CastlingMode, GameResult, Move};
use ox88_protocol::{OptionSpec, OptionValue};
use std::time::Instant;

/// The protocol-specific half of an engine handle: [`UciSession`](crate::uci::UciSession)
/// or [`XbSession`](crate::xboard::XbSession), chosen by the engine's handshake.
pub(crate) trait Session: Send {
    /// The protocol this session speaks.
    fn protocol(&self) -> Protocol;

    /// The engine's name and author, from the handshake.
    fn id(&self) -> &EngineId;

    /// The options the engine offered in the handshake.
    fn options(&self) -> &[OptionSpec];

    /// Whether the client sets this option itself (it is refused to users).
    fn is_managed(&self, _name: &str) -> bool {
        false
    }

    /// Sets one of the engine's options to a checked value.
    fn set_option(&mut self, link: &mut Link, spec: &OptionSpec, value: &OptionValue) -> Result<(), EngineError>;

    /// Starts a new game: the engine forgets the last one.
    fn new_game(&mut self, link: &mut Link) -> Result<(), EngineError>;

    /// Tells the engine who it plays (see
    /// [`ExternalEngine::set_opponent`](crate::ExternalEngine::set_opponent)).
    fn set_opponent(
        &mut self,
        link: &mut Link,
        opponent: &Opponent,
        engine_rating: Option<i32>,
    ) -> Result<(), EngineError>;

    /// Tells the engine that the game `start` + `moves` ended (see
    /// [`ExternalEngine::game_over`](crate::ExternalEngine::game_over)).
    fn game_over(
        &mut self,
        link: &mut Link,
        start: &Board,
        moves: &[Move],
        castling: CastlingMode,
        result: GameResult,
        ending: &str,
    ) -> Result<(), EngineError>;

    /// Waits until the engine has read everything sent so far.
    fn sync(&mut self, link: &mut Link) -> Result<(), EngineError>;

    /// Checks that a search can be asked for, before anything is sent.
    fn check(&self, request: &Request<'_>) -> Result<(), EngineError>;

    /// Sends the position and starts the search; returns when it was started.
    fn start(&mut self, link: &mut Link, request: &Request<'_>) -> Result<Instant, EngineError>;

    /// The next report or the end of the running search. `stop` asks for an
    /// analysis to end (a [`Stopper`](crate::Stopper) on another thread), for
    /// protocols that cannot be stopped by one line written from there.
    fn next(
        &mut self,
        link: &mut Link,
        deadline: Deadline,
        waiting: Waiting,
        stop: &dyn Fn() -> bool,
    ) -> Result<Event, EngineError>;

    /// Asks the running search to end.
    fn stop(&mut self, link: &mut Link) -> Result<(), EngineError>;

    /// The pondering search becomes the search for the move on `root`
    /// (UCI's `ponderhit`).
    fn ponderhit(&mut self, link: &mut Link, root: Root) -> Result<(), EngineError>;

    /// The line a [`Stopper`](crate::Stopper) writes, if the protocol can
    /// be stopped by one line from another thread.
    fn stop_line(&self) -> Option<String> {
        None
    }

    /// Turns pondering on or off, for protocols where it is a setting of
    /// the session rather than a kind of search.
    fn set_ponder(&mut self, _on: bool) {}

    /// Tells the engine to quit; errors are moot, the process is reaped.
    fn quit(&mut self, link: &mut Link);
}
