//! One engine of the match as a worker holds it: started when first needed,
//! configured, kept across games, restarted after a fault; and the faults
//! an engine can commit.

use crate::config::EngineSpec;
use ox88_client::{EngineCommand, EngineError, EngineLog, ExternalEngine, Timeouts, Waiting};
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// What an engine did wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fault {
    TimeForfeit,
    IllegalMove,
    Crash,
    ProtocolError,
    Stall,
}

impl Fault {
    pub const ALL: [Fault; 5] =
        [Fault::TimeForfeit, Fault::IllegalMove, Fault::Crash, Fault::ProtocolError, Fault::Stall];
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fault::TimeForfeit => "time forfeit",
            Fault::IllegalMove => "illegal move",
            Fault::Crash => "crash",
            Fault::ProtocolError => "protocol error",
            Fault::Stall => "stall",
        })
    }
}

/// Why a game could not go on: the engine's fault, or a mistake in the
/// match's configuration that no game can get past.
#[derive(Debug)]
pub enum Failure {
    Fault(Fault, String),
    Config(String),
}

impl Failure {
    /// What an error of the client means for the match.
    pub fn of(err: EngineError, name: &str) -> Failure {
        let text = format!("{name}: {err}");
        match err {
            EngineError::Timeout { waiting: Waiting::Move, .. } => Failure::Fault(Fault::TimeForfeit, text),
            EngineError::Timeout { .. } => Failure::Fault(Fault::Stall, text),
            EngineError::Exited { .. } | EngineError::Dead(_) => Failure::Fault(Fault::Crash, text),
            EngineError::Protocol { .. } => Failure::Fault(Fault::ProtocolError, text),
            EngineError::IllegalMove { .. } => Failure::Fault(Fault::IllegalMove, text),
            // A program that cannot be started, an option it lacks, a
            // position it cannot be given: no game will go better.
            _ => Failure::Config(text),
        }
    }
}

/// How many times in a row an engine may fail to start before the match
/// gives up on it.
const MAX_FAILED_STARTS: u32 = 3;

/// An engine as one worker holds it.
pub struct Player {
    pub spec: Arc<EngineSpec>,
    engine: Option<ExternalEngine>,
    log: Option<EngineLog>,
    failed_starts: u32,
    /// Whether a skipped `-each` option was reported (once is enough).
    warned: bool,
}

impl Player {
    pub fn new(spec: Arc<EngineSpec>, log: Option<EngineLog>) -> Player {
        Player { spec, engine: None, log, failed_starts: 0, warned: false }
    }

    /// The engine, started and configured if it is not running (or must be
    /// restarted for every game).
    pub fn ready(&mut self, new_game: bool) -> Result<&mut ExternalEngine, Failure> {
        let restart = new_game && self.spec.restart;
        if restart || self.engine.as_ref().is_some_and(ExternalEngine::is_dead) {
            self.engine = None;
        }
        if self.engine.is_none() {
            match self.start() {
                Ok(engine) => {
                    self.engine = Some(engine);
                    self.failed_starts = 0;
                    self.warned = true;
                }
                Err(Failure::Fault(fault, text)) => {
                    self.failed_starts += 1;
                    if self.failed_starts >= MAX_FAILED_STARTS {
                        return Err(Failure::Config(format!("{text} ({MAX_FAILED_STARTS} starts in a row failed)")));
                    }
                    return Err(Failure::Fault(fault, text));
                }
                Err(config) => return Err(config),
            }
        }
        Ok(self.engine.as_mut().expect("started above"))
    }

    fn start(&self) -> Result<ExternalEngine, Failure> {
        let spec = &self.spec;
        let timeouts = Timeouts {
            // The runner judges time forfeits itself; waiting a little past the
            // margin tells a late move from none.
            search_margin: spec.timemargin + Duration::from_millis(250),
            unbounded_search: Duration::from_secs(120),
            ..Timeouts::default()
        };
        let mut command = EngineCommand::new(&spec.command, spec.protocol).args(&spec.args).timeouts(timeouts);
        if let Some(dir) = &spec.dir {
            command = command.current_dir(dir);
        }
        if let Some(log) = &self.log {
            command = command.log(log.tagged(&spec.name));
        }
        let mut engine = command.spawn().map_err(|e| Failure::of(e, &spec.name))?;
        for (name, value) in &spec.options {
            match engine.set_option(name, value) {
                Ok(_) => {}
                Err(EngineError::UnknownOption { .. }) if spec.shared_options.contains(name) => {
                    if !self.warned {
                        eprintln!("warning: {} has no option {name:?}: -each's setting skipped", spec.name);
                    }
                }
                Err(err) => return Err(Failure::of(err, &spec.name)),
            }
        }
        engine.set_ponder(spec.ponder).map_err(|e| Failure::of(e, &spec.name))?;
        Ok(engine)
    }

    /// Drops the engine after a fault, so the next game starts a fresh one.
    pub fn discard(&mut self) {
        self.engine = None;
    }
}
