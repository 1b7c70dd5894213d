//! A harness for driving a protocol driver as a GUI would: lines in through
//! a pipe-like reader, lines out through a channel, with timeouts; and a
//! fake engine that records what the driver asks of it.

#![allow(dead_code)] // each test file uses a different part

use ox88_board::{Board, Move, PovScore, Score};
use ox88_movegen::{MoveGen, Position};
use ox88_protocol::{
    Bound, Engine, Limits, LineReport, OptionError, OptionSpec, OptionValue, Report, SearchResult, StopHandle,
};
use std::io::{self, BufReader, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The reading end of a pipe fed by [`Session::send`].
pub struct PipeReader {
    rx: Receiver<Vec<u8>>,
    buffer: Vec<u8>,
    at: usize,
}

impl Read for PipeReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.at == self.buffer.len() {
            match self.rx.recv() {
                Ok(bytes) => (self.buffer, self.at) = (bytes, 0),
                Err(_) => return Ok(0), // the sender is gone: end of input
            }
        }
        let n = out.len().min(self.buffer.len() - self.at);
        out[..n].copy_from_slice(&self.buffer[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// A writer that sends each complete line to the test.
pub struct LineSender {
    tx: Sender<String>,
    partial: Vec<u8>,
}

impl Write for LineSender {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &b in bytes {
            if b == b'\n' {
                let line = String::from_utf8(std::mem::take(&mut self.partial)).expect("drivers write UTF-8");
                let _ = self.tx.send(line);
            } else {
                self.partial.push(b);
            }
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A driver running on its own thread, talked to line by line.
pub struct Session<E> {
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<String>,
    thread: Option<JoinHandle<io::Result<E>>>,
    /// Every line the driver wrote, in order.
    pub transcript: Vec<String>,
}

const TIMEOUT: Duration = Duration::from_secs(10);

impl<E: Send + 'static> Session<E> {
    /// Starts `run(input, output)` on a thread.
    pub fn start(run: impl FnOnce(BufReader<PipeReader>, LineSender) -> io::Result<E> + Send + 'static) -> Session<E> {
        let (in_tx, in_rx) = channel();
        let (out_tx, out_rx) = channel();
        let reader = BufReader::new(PipeReader { rx: in_rx, buffer: Vec::new(), at: 0 });
        let writer = LineSender { tx: out_tx, partial: Vec::new() };
        let thread = std::thread::spawn(move || run(reader, writer));
        Session { input: Some(in_tx), output: out_rx, thread: Some(thread), transcript: Vec::new() }
    }

    /// Sends one line (a line break is added).
    pub fn send(&mut self, line: &str) {
        if let Some(input) = &self.input {
            let _ = input.send(format!("{line}\n").into_bytes());
        }
    }

    /// Sends raw bytes, for garbage tests.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        if let Some(input) = &self.input {
            let _ = input.send(bytes.to_vec());
        }
    }

    /// The next line, waiting up to `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.output.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            match self.next_line(TIMEOUT) {
                Some(line) => {
                    let done = line.starts_with(prefix);
                    lines.push(line);
                    if done {
                        return lines;
                    }
                }
                None => panic!("no line starting with {prefix:?}; got {lines:#?}\ntranscript {:#?}", self.transcript),
            }
        }
    }

    /// The first line that starts with `prefix` (earlier lines are skipped).
    pub fn expect(&mut self, prefix: &str) -> String {
        self.until(prefix).pop().expect("until returns at least one line")
    }

    /// Asserts that nothing is written for `wait`.
    pub fn expect_silence(&mut self, wait: Duration) {
        if let Some(line) = self.next_line(wait) {
            panic!("unexpected output {line:?}");
        }
    }

    /// Everything written within `wait`.
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        std::iter::from_fn(|| self.next_line(wait)).collect()
    }

    /// Closes the input and waits for the driver to return.
    pub fn close(mut self) -> E {
        self.input = None;
        let thread = self.thread.take().expect("not yet joined");
        let (done_tx, done_rx) = channel();
        std::thread::spawn(move || {
            let _ = done_tx.send(thread.join());
        });
        let result = done_rx.recv_timeout(TIMEOUT).expect("the driver returns at the end of its input");
        result.expect("the driver thread does not panic").expect("no I/O error")
    }
}

/// How the fake engine's search behaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Behaviour {
    /// Returns at once.
    Instant,
    /// Returns only when stopped (or at a ponder hit, unless infinite).
    UntilStopped,
}

/// A fake engine: it plays castling if it can, else the first legal move,
/// and logs every call.
pub struct Fake {
    pub log: Arc<Mutex<Vec<String>>>,
    pub blocking: Arc<AtomicBool>,
    handle: StopHandle,
}

impl Fake {
    pub fn new(behaviour: Behaviour) -> Fake {
        Fake {
            log: Arc::default(),
            blocking: Arc::new(AtomicBool::new(behaviour == Behaviour::UntilStopped)),
            handle: StopHandle::new(),
        }
    }

    fn note(&self, entry: String) {
        self.log.lock().unwrap().push(entry);
    }
}

/// The move the fake engine plays in `board`.
pub fn fake_choice(board: &Board) -> Option<Move> {
    let moves = board.legal_moves();
    moves.iter().copied().find(|m| m.is_castle()).or(moves.first().copied())
}

impl Engine for Fake {
    fn name(&self) -> String {
        "Fake Engine".into()
    }
    fn author(&self) -> String {
        "Tests".into()
    }
    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::hash(16, 1024),
            OptionSpec::threads(8),
            OptionSpec::multipv(4),
            OptionSpec::clear_hash(),
            OptionSpec::string("Book File", ""),
            OptionSpec::combo("Style", "Normal", &["Solid", "Normal", "Risky"]),
        ]
    }
    fn set_option(&mut self, name: &str, value: &OptionValue) -> Result<(), OptionError> {
        if name == "Threads" && *value == OptionValue::Spin(7) {
            return Err(OptionError::Rejected { name: name.into(), reason: "seven is unlucky".into() });
        }
        self.note(format!("set {name}={value:?}"));
        Ok(())
    }
    fn new_game(&mut self) {
        self.note("new_game".into());
    }
    fn search(&mut self, game: &Position, limits: &Limits, reporter: &mut dyn FnMut(&Report)) -> SearchResult {
        let board = game.board().clone();
        self.note(format!("searching {} {limits:?}", board.fen()));
        let best = limits.searchmoves.first().copied().or(fake_choice(&board));
        let reply = best.and_then(|m| {
            let mut after = board.clone();
            after.make_move_unchecked(m);
            after.legal_moves().first().copied()
        });
        let line = LineReport {
            depth: 1,
            seldepth: Some(2),
            multipv: 1,
            score: PovScore::new(Score::cp(12), board.side_to_move()),
            bound: Bound::Lower,
            nodes: 100,
            hashfull: Some(5),
            time: Duration::from_millis(70),
            pv: best.into_iter().chain(reply).collect(),
            ..LineReport::default()
        };
        reporter(&Report::Line(line.clone()));
        if self.blocking.load(Ordering::SeqCst) {
            while !self.handle.is_stopped() && (limits.infinite || self.handle.is_pondering() || !limits.ponder) {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        self.note("search done".into());
        SearchResult { best, ponder: reply, line: Some(line) }
    }
    fn stop_handle(&self) -> StopHandle {
        self.handle.clone()
    }
    fn explain(&mut self, board: &Board) -> Option<String> {
        Some(format!("explained {}\nsecond line", board.epd()))
    }
}

/// The log's entries that start with `prefix`.
pub fn entries(log: &Arc<Mutex<Vec<String>>>, prefix: &str) -> Vec<String> {
    log.lock().unwrap().iter().filter(|e| e.starts_with(prefix)).cloned().collect()
}

/// The `bestmove` line the fake engine's search gives in `board` (standard
/// castling spelling).
pub fn fake_bestmove(board: &Board) -> String {
    let best = fake_choice(board).expect("a legal move");
    let mut after = board.clone();
    after.make_move_unchecked(best);
    match after.legal_moves().first() {
        Some(reply) => format!("bestmove {best} ponder {reply}"),
        None => format!("bestmove {best}"),
    }
}

/// The board after `moves` (UCI text) from the start position.
pub fn startpos_after(moves: &[&str]) -> Board {
    let mut game = ox88_movegen::Position::startpos();
    for m in moves {
        game.play_uci(m).expect("legal test moves");
    }
    game.board().clone()
}
