//! How to start an engine: [`EngineCommand`] (program, arguments, working
//! directory, protocol, timeouts, log).

use crate::{EngineError, EngineLog, ExternalEngine, Protocol, Timeouts};
use std::ffi::{OsStr, OsString};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// How to start an engine process; [`spawn`](Self::spawn) starts it and
/// runs the handshake.
///
/// ```no_run
/// use ox88_client::{EngineCommand, Timeouts};
/// use std::time::Duration;
/// let phalanx = EngineCommand::xboard("/usr/games/phalanx")
///     .args(["-b-", "-l-"])
///     .current_dir("/tmp")
///     .timeouts(Timeouts { handshake: Duration::from_secs(30), ..Timeouts::default() })
///     .spawn()?;
/// println!("{} is ready", phalanx.name());
/// # Ok::<(), ox88_client::EngineError>(())
/// ```
#[derive(Clone, Debug)]
pub struct EngineCommand {
    program: OsString,
    args: Vec<OsString>,
    dir: Option<PathBuf>,
    protocol: Protocol,
    timeouts: Timeouts,
    log: Option<EngineLog>,
}

impl EngineCommand {
    /// A command starting `program` (a path, or a name looked up in `PATH`),
    /// which speaks `protocol`.
    pub fn new(program: impl AsRef<OsStr>, protocol: Protocol) -> EngineCommand {
        EngineCommand {
            program: program.as_ref().to_owned(),
            args: Vec::new(),
            dir: None,
            protocol,
            timeouts: Timeouts::default(),
            log: None,
        }
    }

    /// A UCI engine.
    pub fn uci(program: impl AsRef<OsStr>) -> EngineCommand {
        EngineCommand::new(program, Protocol::Uci)
    }

    /// A CECP (XBoard) engine.
    pub fn xboard(program: impl AsRef<OsStr>) -> EngineCommand {
        EngineCommand::new(program, Protocol::Xboard)
    }

    /// Adds an argument.
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> EngineCommand {
        self.args.push(arg.as_ref().to_owned());
        self
    }

    /// Adds arguments.
    pub fn args<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(mut self, args: I) -> EngineCommand {
        self.args.extend(args.into_iter().map(|a| a.as_ref().to_owned()));
        self
    }

    /// The directory the engine runs in (by default the caller's).
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> EngineCommand {
        self.dir = Some(dir.into());
        self
    }

    /// The timeouts of the engine's session.
    pub fn timeouts(mut self, timeouts: Timeouts) -> EngineCommand {
        self.timeouts = timeouts;
        self
    }

    /// Writes everything sent, received and written to standard error to
    /// `log`.
    pub fn log(mut self, log: EngineLog) -> EngineCommand {
        self.log = Some(log);
        self
    }

    /// The program to start.
    pub fn program(&self) -> &OsStr {
        &self.program
    }

    /// The protocol the engine speaks.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// Starts the engine and runs the handshake. If anything fails the
    /// process is killed and reaped before the error is returned.
    pub fn spawn(&self) -> Result<ExternalEngine, EngineError> {
        let mut command = Command::new(&self.program);
        command.args(&self.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(dir) = &self.dir {
            command.current_dir(dir);
        }
        let child = command
            .spawn()
            .map_err(|source| EngineError::Spawn { program: self.program.to_string_lossy().into_owned(), source })?;
        let transport = crate::transport::Transport::with_child(child, self.log.clone());
        ExternalEngine::handshake(transport, self.protocol, self.timeouts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocols_parse_in_their_usual_spellings() {
        assert_eq!("UCI".parse(), Ok(Protocol::Uci));
        for text in ["xboard", "cecp", "WinBoard", "wb"] {
            assert_eq!(text.parse(), Ok(Protocol::Xboard));
        }
        assert!("uci2".parse::<Protocol>().is_err());
        assert_eq!(Protocol::Xboard.to_string(), "xboard");
    }

    #[test]
    fn a_missing_program_is_a_spawn_error() {
        let err = EngineCommand::uci("/nonexistent/engine").spawn().unwrap_err();
        assert!(matches!(err, EngineError::Spawn { ref program, .. } if program == "/nonexistent/engine"), "{err}");
    }
}
