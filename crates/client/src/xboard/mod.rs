//! The CECP (XBoard protocol version 2) side of the client: the handshake,
//! options, the engine's copy of the game, and searches as `go` (to play)
//! or `analyze`.

mod features;
mod game;
mod search;

use crate::link::Link;
use crate::{EngineError, EngineId};
use game::Mirror;
use ox88_protocol::xboard::EngineFeatures;
use ox88_protocol::xboard::{XbCommand, XbMessage};
use ox88_protocol::{OptionSpec, OptionValue, HASH, THREADS};
use search::XbSearch;

/// A CECP engine's session state.
pub(crate) struct XbSession {
    pub(crate) id: EngineId,
    pub(crate) options: Vec<OptionSpec>,
    features: EngineFeatures,
    /// The options that stand for `memory` and `cores`.
    by_command: Vec<&'static str>,
    /// The game as the engine knows it, once one was set up.
    game: Option<Mirror>,
    /// Whether the engine is to ponder (`hard`).
    ponder: bool,
    /// The number of the next `ping`.
    next_ping: i64,
    /// The running search.
    search: Option<XbSearch>,
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
            next_ping: 1,
            search: None,
        })
    }

    /// Sets an option: `memory` and `cores` for the hash size and threads,
    /// `option NAME=VALUE` for the engine's own.
    pub(crate) fn set_option(
        &mut self,
        link: &mut Link,
        spec: &OptionSpec,
        value: &OptionValue,
    ) -> Result<(), EngineError> {
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
    pub(crate) fn new_game(&mut self, link: &mut Link) -> Result<(), EngineError> {
        if self.game.take().is_some_and(|g| g.playing) {
            link.send(XbCommand::Force)?;
        }
        Ok(())
    }

    /// Turns pondering on or off (`hard`/`easy`, sent with the next search).
    pub(crate) fn set_ponder(&mut self, on: bool) {
        self.ponder = on;
    }

    /// `ping N` ... `pong N`, dropping what comes before.
    pub(crate) fn sync(&mut self, link: &mut Link) -> Result<(), EngineError> {
        if !self.features.ping {
            return Ok(());
        }
        let n = self.ping(link)?;
        let deadline = features::ready_deadline(link);
        loop {
            let (line, _) = link.recv(deadline, crate::Waiting::Ready)?;
            if line.parse::<XbMessage>() == Ok(XbMessage::Pong(n)) {
                return Ok(());
            }
        }
    }

    /// Sends `ping` with a new number and returns it.
    fn ping(&mut self, link: &mut Link) -> Result<i64, EngineError> {
        let n = self.next_ping;
        self.next_ping += 1;
        link.send(XbCommand::Ping(n))?;
        Ok(n)
    }

    /// `quit`.
    pub(crate) fn quit(&mut self, link: &mut Link) {
        let _ = link.send(XbCommand::Quit);
    }
}
