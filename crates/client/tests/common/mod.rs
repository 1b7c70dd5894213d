//! Fake engines for the client's tests: a script answers each line the
//! client sends (or does something hostile), on a thread connected by
//! in-process pipes, and every line it received is kept for the test to
//! check.

#![allow(dead_code)] // each test file uses its own part

use ox88_client::testing::pipe;
use ox88_client::{EngineError, ExternalEngine, Protocol, Timeouts};
use std::io::{BufRead, BufReader, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What a fake engine does in answer to a line.
#[derive(Clone, Debug)]
pub enum Reply {
    /// Writes a line.
    Line(String),
    /// Writes raw bytes.
    Bytes(Vec<u8>),
    /// Waits.
    Sleep(Duration),
    /// Closes its output and stops reading: the engine "exits".
    Exit,
}

/// A line reply.
pub fn line(text: &str) -> Reply {
    Reply::Line(text.to_owned())
}

/// The lines a fake engine received.
#[derive(Clone, Debug, Default)]
pub struct Transcript(Arc<Mutex<Vec<String>>>);

impl Transcript {
    /// Every line received so far.
    pub fn lines(&self) -> Vec<String> {
        self.0.lock().unwrap().clone()
    }
    /// Whether a received line starts with `prefix`.
    pub fn has(&self, prefix: &str) -> bool {
        self.lines().iter().any(|l| l.starts_with(prefix))
    }
    /// The last received line that starts with `prefix`.
    pub fn last(&self, prefix: &str) -> Option<String> {
        self.lines().into_iter().rev().find(|l| l.starts_with(prefix))
    }
}

/// Timeouts short enough for tests of silence.
pub fn quick() -> Timeouts {
    Timeouts {
        handshake: Duration::from_millis(500),
        features: Duration::from_millis(200),
        ready: Duration::from_millis(500),
        search_margin: Duration::from_millis(300),
        unbounded_search: Duration::from_secs(2),
        quit: Duration::from_millis(100),
    }
}

/// Starts a fake engine whose answers to each received line come from
/// `script`, and connects a client to it.
pub fn fake(
    protocol: Protocol,
    timeouts: Timeouts,
    mut script: impl FnMut(&str) -> Vec<Reply> + Send + 'static,
) -> (Result<ExternalEngine, EngineError>, Transcript) {
    let (to_engine, engine_input) = pipe();
    let (mut engine_output, from_engine) = pipe();
    let transcript = Transcript::default();
    let received = transcript.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(engine_input).lines() {
            let Ok(line) = line else { return };
            received.0.lock().unwrap().push(line.clone());
            for reply in script(&line) {
                let written = match reply {
                    Reply::Line(text) => writeln!(engine_output, "{text}"),
                    Reply::Bytes(bytes) => engine_output.write_all(&bytes),
                    Reply::Sleep(time) => {
                        std::thread::sleep(time);
                        Ok(())
                    }
                    Reply::Exit => return,
                };
                if written.is_err() {
                    return;
                }
            }
        }
    });
    (ExternalEngine::connect(from_engine, to_engine, protocol, timeouts), transcript)
}

/// The answers of a well-behaved UCI engine to the setup commands, `None`
/// for other lines.
pub fn uci_setup(received: &str) -> Option<Vec<Reply>> {
    match received.split_whitespace().next()? {
        "uci" => Some(vec![
            line("id name Fake"),
            line("id author Tests"),
            line("option name Hash type spin default 16 min 1 max 1024"),
            line("option name MultiPV type spin default 1 min 1 max 8"),
            line("option name UCI_Chess960 type check default false"),
            line("option name Ponder type check default false"),
            line("option name Style type combo default Solid var Solid var Risky"),
            line("option name Clear Hash type button"),
            line("uciok"),
        ]),
        "isready" => Some(vec![line("readyok")]),
        "setoption" | "ucinewgame" | "position" | "quit" | "stop" => Some(Vec::new()),
        _ => None,
    }
}

/// A UCI fake that answers setup commands and gives `go` to `on_go`.
pub fn uci_fake(
    timeouts: Timeouts,
    mut on_go: impl FnMut(&str) -> Vec<Reply> + Send + 'static,
) -> (Result<ExternalEngine, EngineError>, Transcript) {
    fake(Protocol::Uci, timeouts, move |l| uci_setup(l).unwrap_or_else(|| on_go(l)))
}

/// The answers of a well-behaved CECP engine to the setup commands
/// (`pong` to `ping`), `None` for other lines.
pub fn xboard_setup(features: &'static str) -> impl FnMut(&str) -> Option<Vec<Reply>> {
    move |l: &str| match l.split_whitespace().collect::<Vec<_>>()[..] {
        ["protover", "2"] => Some(vec![line(&format!("feature {features}")), line("feature done=1")]),
        ["ping", n] => Some(vec![line(&format!("pong {n}"))]),
        _ => None,
    }
}

/// A CECP fake with `features` that answers setup commands and gives other
/// lines to `rest` (which may ignore them by returning nothing).
pub fn xboard_fake(
    features: &'static str,
    timeouts: Timeouts,
    mut rest: impl FnMut(&str) -> Vec<Reply> + Send + 'static,
) -> (Result<ExternalEngine, EngineError>, Transcript) {
    let mut setup = xboard_setup(features);
    fake(Protocol::Xboard, timeouts, move |l| setup(l).unwrap_or_else(|| rest(l)))
}
