//! What the end-to-end tests share: finding the built example binaries and
//! talking to one as a child process, line by line, with timeouts.
//!
//! `cargo test` builds the examples before it runs the tests, into
//! `target/<profile>/examples/`, next to the `deps/` directory the test
//! executable runs from. (`env!("CARGO_BIN_EXE_…")` only names `[[bin]]`
//! targets, not examples.)

// Each test file uses its own part of this module.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long any single expected line may take.
pub const LINE_TIMEOUT: Duration = Duration::from_secs(15);

/// The path of the built example `name`.
pub fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable's path");
    // target/<profile>/deps/<test>-<hash> -> target/<profile>/examples/<name>
    let profile_dir = exe.parent().and_then(|deps| deps.parent()).expect("the test runs from target/<profile>/deps");
    let path = profile_dir.join("examples").join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "{} is missing: run these tests with `cargo test -p ox88` (which builds the examples first), \
         or `cargo build --examples` with the same profile",
        path.display()
    );
    path
}

/// The path of the program `name` built by another package of the
/// workspace (`ox88-match`), in `target/<profile>/`. `cargo test
/// --workspace` builds it: that package's own integration tests need it.
pub fn workspace_binary(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable's path");
    let profile_dir = exe.parent().and_then(|deps| deps.parent()).expect("the test runs from target/<profile>/deps");
    let path = profile_dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "{} is missing: run these tests with `cargo test --workspace` (which builds it), or `cargo build -p {name}` \
         with the same profile",
        path.display()
    );
    path
}

/// The path of the built `ox88` program (`src/main.rs`).
pub fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_ox88"))
}

/// A path inside the repository's `tests/data`.
pub fn data(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(relative)
}

/// A running example, its output read line by line on a thread so that a
/// missing line is a timeout, not a hang.
pub struct Process {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything sent (`> `) and received, for failure messages.
    transcript: Vec<String>,
}

impl Process {
    /// Starts the example `name` with `args`.
    pub fn spawn(name: &str, args: &[&str]) -> Process {
        Process::start(example(name), name, args)
    }

    /// Starts the `ox88` program with `args`.
    pub fn spawn_binary(args: &[&str]) -> Process {
        Process::start(binary(), "ox88", args)
    }

    fn start(program: PathBuf, name: &str, args: &[&str]) -> Process {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {name}: {e}"));
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Process { name: name.to_owned(), child, stdin, lines, transcript: Vec::new() }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin is still open");
        writeln!(stdin, "{line}").and_then(|()| stdin.flush()).unwrap_or_else(|e| self.fail(&format!("write: {e}")));
    }

    /// Sends raw bytes (not necessarily UTF-8 or a whole line).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.transcript.push(format!("> {bytes:?}"));
        let stdin = self.stdin.as_mut().expect("stdin is still open");
        stdin.write_all(bytes).and_then(|()| stdin.flush()).unwrap_or_else(|e| self.fail(&format!("write: {e}")));
    }

    /// Reads lines until one satisfies `wanted`, and returns it; fails on a
    /// timeout or the end of the output.
    pub fn expect(&mut self, what: &str, mut wanted: impl FnMut(&str) -> bool) -> String {
        let deadline = Instant::now() + LINE_TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    if wanted(&line) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => self.fail(&format!("timed out waiting for {what}")),
                Err(RecvTimeoutError::Disconnected) => self.fail(&format!("output ended while waiting for {what}")),
            }
        }
    }

    /// Reads lines until one starts with `prefix`.
    pub fn expect_prefix(&mut self, prefix: &str) -> String {
        self.expect(prefix, |line| line.starts_with(prefix))
    }

    /// Every line received so far and not yet consumed by `expect`, after
    /// waiting `quiet` for more.
    pub fn drain(&mut self, quiet: Duration) -> Vec<String> {
        let mut out = Vec::new();
        while let Ok(line) = self.lines.recv_timeout(quiet) {
            self.transcript.push(line.clone());
            out.push(line);
        }
        out
    }

    /// Closes the standard input (end of file for the example).
    pub fn close_stdin(&mut self) {
        self.transcript.push("> <EOF>".to_owned());
        self.stdin = None;
    }

    /// Waits for the example to exit by itself.
    pub fn wait(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status,
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
                Ok(None) => self.fail("did not exit"),
                Err(e) => self.fail(&format!("wait: {e}")),
            }
        }
    }

    /// Fails the test, showing the conversation.
    pub fn fail(&self, why: &str) -> ! {
        let tail = self.transcript.len().saturating_sub(60);
        panic!("{}: {why}\n--- transcript (last lines) ---\n{}", self.name, self.transcript[tail..].join("\n"));
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // A test that failed midway leaves no engine running.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
