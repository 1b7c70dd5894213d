//! The CECP handshake: `xboard`, `protover 2`, and the engine's `feature`
//! lines until `done=1`, with the quirks of real engines allowed for.

use crate::link::{Deadline, Link};
use crate::{EngineError, EngineId, Waiting};
use ox88_protocol::xboard::{EngineFeatures, XbCommand, XbMessage};
use ox88_protocol::{OptionKind, OptionSpec, HASH, THREADS};
use std::time::{Duration, Instant};

/// The numbers of the nudging `ping`s, far from the session's own.
const NUDGE: i64 = 1_000_000;

/// What the handshake found.
pub(crate) struct Handshake {
    pub(crate) id: EngineId,
    pub(crate) features: EngineFeatures,
    pub(crate) options: Vec<OptionSpec>,
    /// The options that stand for `memory` and `cores`.
    pub(crate) by_command: Vec<&'static str>,
}

/// How often an engine that stays silent in the handshake is nudged, once
/// the first wait is over.
const NUDGE_EVERY: Duration = Duration::from_millis(250);

/// Runs the handshake. An engine that announces nothing within the
/// features timeout is nudged with a `ping`, again every 250 ms, until it
/// does or the handshake timeout passes; one that still announces nothing,
/// or refuses `ping`, is a protocol version 1 engine, and the protocol's
/// defaults apply. An engine that said `done=0` and then falls silent is
/// nudged the same way until it says `done=1`.
///
/// The nudges are for GNU Chess 6, whose CECP front end often acts on a line
/// only once it has read more input: at start it may ignore `protover 2` for
/// several seconds however long it is left alone (but wakes after a handful
/// of further lines), and it writes `feature done=1` only after the next
/// line it reads. A `ping` is harmless to any other engine: its `pong` is
/// ignored, and numbers far from the session's own keep it apart.
pub(crate) fn handshake(link: &mut Link) -> Result<Handshake, EngineError> {
    link.send(XbCommand::Xboard)?;
    link.send(XbCommand::Protover(2))?;
    let total = Deadline::after(link.timeouts.handshake);
    let quiet = link.timeouts.features;
    let nudge_every = NUDGE_EVERY.min(quiet);
    let mut quiet_until = Instant::now() + quiet;
    let mut features = EngineFeatures::default();
    let (mut seen, mut more_coming, mut nudges) = (false, false, 0);
    loop {
        let Some((line, _)) = link.poll(quiet_until.min(total.at), Waiting::Handshake)? else {
            if Instant::now() >= total.at {
                if more_coming {
                    return Err(link.fail(EngineError::Timeout { waiting: Waiting::Handshake, after: total.span }));
                }
                break;
            }
            if seen && !more_coming {
                break;
            }
            link.send(XbCommand::Ping(NUDGE + nudges))?;
            nudges += 1;
            quiet_until = Instant::now() + nudge_every;
            continue;
        };
        let pairs = match line.parse::<XbMessage>() {
            Ok(XbMessage::Feature(pairs)) => pairs,
            // A version 1 engine refuses the nudge.
            Ok(XbMessage::Error { command, .. })
                if !seen && matches!(command.parse::<XbCommand>(), Ok(XbCommand::Ping(_))) =>
            {
                break
            }
            Err(err) if err.is_feature() => {
                link.warn(err.to_string());
                continue;
            }
            _ => continue, // greetings, answers to nudges and other chatter
        };
        seen = true;
        for pair in &pairs {
            match features.read(pair) {
                Ok(Some(refusal)) => link.send(refusal)?,
                Ok(None) => {}
                Err(err) => link.warn(err.to_string()),
            }
        }
        more_coming = features.done == Some(false);
        if features.done == Some(true) {
            break;
        }
        quiet_until = Instant::now() + if more_coming { nudge_every } else { quiet };
    }
    let mut options = features.options.clone();
    let by_command = add_standard_options(&features, &mut options);
    let name = features.myname.clone().unwrap_or_default();
    Ok(Handshake { id: EngineId { name, author: None }, features, options, by_command })
}

/// CECP sets the hash size and threads with `memory` and `cores`: they
/// appear as the options `Hash` and `Threads`, as UCI engines have them
/// (unless the engine has options of those names itself). Returns the names
/// added.
fn add_standard_options(features: &EngineFeatures, options: &mut Vec<OptionSpec>) -> Vec<&'static str> {
    let mut added = Vec::new();
    for (name, announced, default) in [(HASH, features.memory, 16), (THREADS, features.smp, 1)] {
        if announced && !options.iter().any(|o| o.is_named(name)) {
            options
                .push(OptionSpec { name: name.to_owned(), kind: OptionKind::Spin { default, min: 1, max: 1 << 20 } });
            added.push(name);
        }
    }
    added
}

/// How long to wait for a `pong` after a `ping`.
pub(crate) fn ready_deadline(link: &Link) -> Deadline {
    Deadline::after(link.timeouts.ready.max(Duration::from_millis(1)))
}
