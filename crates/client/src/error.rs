//! [`EngineError`]: everything that can go wrong while driving an engine,
//! each with what the client was waiting for when it happened.

use ox88_protocol::OptionError;
use std::fmt;
use std::io;
use std::process::ExitStatus;
use std::time::Duration;

/// What the client was waiting for when an engine failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Waiting {
    /// The end of the handshake (UCI `uciok`, CECP `feature done=1`).
    Handshake,
    /// An answer to a synchronisation request (UCI `readyok`, CECP `pong`).
    Ready,
    /// The engine's move (UCI `bestmove`, CECP `move`).
    Move,
    /// The end of a search the client stopped (a pondering or analysis
    /// search).
    Stop,
    /// Nothing in particular: the engine was being sent a command.
    Command,
}

impl fmt::Display for Waiting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Waiting::Handshake => "the end of its handshake",
            Waiting::Ready => "a ready reply",
            Waiting::Move => "its move",
            Waiting::Stop => "the end of a stopped search",
            Waiting::Command => "a command to be sent",
        })
    }
}

/// Why driving an engine failed.
///
/// After [`Timeout`](Self::Timeout), [`Exited`](Self::Exited) and
/// [`Protocol`](Self::Protocol) the client no longer knows what state the
/// engine is in: it kills the process (if it started one), reaps it, and
/// answers every later call with [`Dead`](Self::Dead). The other errors leave
/// the engine usable.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The engine's program could not be started.
    #[error("cannot start {program:?}: {source}")]
    Spawn {
        /// The program as given.
        program: String,
        /// Why the operating system refused.
        source: io::Error,
    },
    /// The engine said nothing useful for too long.
    #[error("the engine did not answer within {:.3} s while waiting for {waiting}", after.as_secs_f64())]
    Timeout {
        /// What the client was waiting for.
        waiting: Waiting,
        /// How long it waited.
        after: Duration,
    },
    /// The engine closed its output or could no longer be written to: it
    /// exited, crashed or closed its end of the pipe.
    #[error("the engine {} while waiting for {waiting}{}", describe_exit(.status.as_ref()), describe_stderr(.stderr))]
    Exited {
        /// What the client was waiting for.
        waiting: Waiting,
        /// The process's exit status, when the client started it and it
        /// exited.
        status: Option<ExitStatus>,
        /// The last lines the engine wrote to its standard error.
        stderr: Vec<String>,
    },
    /// The engine sent something the protocol does not allow where an
    /// answer was needed (a malformed `bestmove`, an error reply to a
    /// command).
    #[error("the engine sent {line:?} while waiting for {waiting}: {reason}")]
    Protocol {
        /// What the client was waiting for.
        waiting: Waiting,
        /// The offending line.
        line: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The engine's move is not legal in the position it was asked about.
    #[error("the engine played {text:?}, not a legal move in {fen}")]
    IllegalMove {
        /// The move as the engine wrote it.
        text: String,
        /// The position, as FEN.
        fen: String,
    },
    /// An option name the engine does not offer. Nothing was sent to the
    /// engine.
    #[error("{engine} has no option {name:?}; it has: {known}")]
    UnknownOption {
        /// The name as given.
        name: String,
        /// The engine's name.
        engine: String,
        /// The names it offers, comma-separated.
        known: String,
    },
    /// A value the option's type or range does not allow, or an option the
    /// client sets itself. Nothing was sent to the engine.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// The request needs something the engine or its protocol does not
    /// offer (MultiPV in CECP, a node limit without `feature nps`, Chess960
    /// without the variant...). Nothing was sent to the engine.
    #[error("not supported: {0}")]
    Unsupported(String),
    /// The call needs a running search and none is running. Nothing was
    /// sent to the engine.
    #[error("no search is running")]
    NotSearching,
    /// [`analyse`](crate::ExternalEngine::analyse) was given no limit (or
    /// an infinite one), so it would never return: use
    /// [`analysis`](crate::ExternalEngine::analysis) and stop it, or give a
    /// depth, node count or time. Nothing was sent to the engine.
    #[error("analyse needs a limit: use ExternalEngine::analysis and stop it, or give a depth, node count or time")]
    NoLimit,
    /// An earlier error ended the engine; start a new one.
    #[error("the engine was shut down after an earlier error: {0}")]
    Dead(String),
}

fn describe_exit(status: Option<&ExitStatus>) -> String {
    match status {
        Some(status) => format!("exited ({status})"),
        None => "closed its output".to_owned(),
    }
}

fn describe_stderr(stderr: &[String]) -> String {
    match stderr.last() {
        Some(line) => format!("; its last error output: {line:?}"),
        None => String::new(),
    }
}

impl EngineError {
    /// Whether the engine was shut down by this error (see the type's
    /// documentation): a match runner restarts it before the next game.
    pub fn is_fatal(&self) -> bool {
        matches!(self, EngineError::Timeout { .. } | EngineError::Exited { .. } | EngineError::Protocol { .. })
            || matches!(self, EngineError::Dead(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_say_what_was_awaited() {
        let timeout = EngineError::Timeout { waiting: Waiting::Move, after: Duration::from_millis(1500) };
        assert_eq!(timeout.to_string(), "the engine did not answer within 1.500 s while waiting for its move");
        let exited = EngineError::Exited { waiting: Waiting::Handshake, status: None, stderr: vec!["boom".into()] };
        assert_eq!(
            exited.to_string(),
            "the engine closed its output while waiting for the end of its handshake; its last error output: \"boom\""
        );
        assert!(exited.is_fatal() && timeout.is_fatal());
        assert!(!EngineError::Unsupported("x".into()).is_fatal());
    }
}
