//! `ox88.engine`'s core: a UCI or CECP engine driven by ox88-client, searching the positions of boards. The
//! GIL is released while the engine thinks. `SimpleEngine.analysis()` runs on a thread of its own, which holds the
//! engine until it ends, handing each report to Python as it arrives (ox88-client's `Analysis`).

use crate::board::BoardCore;
use crate::moves::PyMove;
use ox88_board::{ByColor, CastlingMode, Move};
use ox88_client::{
    AnalysisResult, EngineCommand, ExternalEngine, Limits, LineReport, OptionKind, Report, Stopper, TimeLeft, Timeouts,
};
use ox88_movegen::Position;
use pyo3::create_exception;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::Duration;

/// An engine option: (name, type, default, min, max, choices).
type OptionRow = (String, &'static str, Option<String>, Option<i64>, Option<i64>, Vec<String>);

create_exception!(
    ox88,
    EngineError,
    PyRuntimeError,
    "The engine failed: it died, hung, or answered what it should not."
);
create_exception!(ox88, EngineTerminatedError, EngineError, "The engine process is gone.");

/// python-chess's exception for an engine's failure.
pub(crate) fn engine_error(error: ox88_client::EngineError) -> PyErr {
    match error {
        ox88_client::EngineError::Exited { .. } | ox88_client::EngineError::Dead(_) => {
            EngineTerminatedError::new_err(error.to_string())
        }
        other => EngineError::new_err(other.to_string()),
    }
}

/// A search's limits as python-chess's `Limit` gives them: seconds for times.
#[derive(FromPyObject)]
pub struct LimitArgs {
    time: Option<f64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    mate: Option<u32>,
    white_clock: Option<f64>,
    black_clock: Option<f64>,
    white_inc: Option<f64>,
    black_inc: Option<f64>,
    remaining_moves: Option<u32>,
}

fn seconds(s: Option<f64>) -> Duration {
    Duration::from_secs_f64(s.unwrap_or(0.0).max(0.0))
}

impl LimitArgs {
    fn limits(&self) -> Limits {
        let clock = (self.white_clock.is_some() || self.black_clock.is_some()).then(|| TimeLeft {
            remaining: ByColor::new(seconds(self.white_clock), seconds(self.black_clock)),
            increment: ByColor::new(seconds(self.white_inc), seconds(self.black_inc)),
            moves_to_go: self.remaining_moves,
        });
        Limits {
            clock,
            movetime: self.time.map(|t| seconds(Some(t))),
            depth: self.depth,
            nodes: self.nodes,
            mate: self.mate,
            ..Limits::default()
        }
    }
}

/// One line of an analysis as python-chess's info dictionary, its score as ("cp" or "mate", value, whether the
/// side to move is White) for `ox88.engine` to make a `PovScore` of.
pub(crate) fn info<'py>(
    py: Python<'py>,
    line: &LineReport,
    white_to_move: bool,
    mode: CastlingMode,
) -> PyResult<Bound<'py, PyDict>> {
    let relative = line.score.relative();
    let score = match relative.mate_moves() {
        Some(moves) => ("mate", moves, white_to_move),
        None => ("cp", relative.centipawns().unwrap_or(0), white_to_move),
    };
    let pv: PyResult<Vec<Py<PyMove>>> = line.pv.iter().map(|&m| PyMove::of(m, mode).object(py)).collect();
    let info = PyDict::new(py);
    info.set_item("score", score)?;
    info.set_item("pv", pv?)?;
    info.set_item("depth", line.depth)?;
    if let Some(seldepth) = line.seldepth {
        info.set_item("seldepth", seldepth)?;
    }
    info.set_item("multipv", line.multipv.max(1))?;
    info.set_item("nodes", line.nodes)?;
    info.set_item("time", line.time.as_secs_f64())?;
    info.set_item("nps", line.nps())?;
    if let Some(hashfull) = line.hashfull {
        info.set_item("hashfull", hashfull)?;
    }
    if let Some(tbhits) = line.tbhits {
        info.set_item("tbhits", tbhits)?;
    }
    match line.bound {
        ox88_client::Bound::Exact => {}
        ox88_client::Bound::Lower => info.set_item("lowerbound", true)?,
        ox88_client::Bound::Upper => info.set_item("upperbound", true)?,
    }
    Ok(info)
}

/// A running engine (`SimpleEngine` wraps it).
#[pyclass(module = "ox88._core", name = "EngineCore")]
pub struct EngineCore {
    /// The engine (`None` once quit); a mutex because Python objects may be shared between threads.
    engine: Mutex<Option<ExternalEngine>>,
}

impl EngineCore {
    /// Runs `work` on the engine with the GIL released.
    pub(crate) fn with<T: Send>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut ExternalEngine) -> Result<T, ox88_client::EngineError> + Send,
    ) -> PyResult<T> {
        let mut guard = self.engine.lock().map_err(|_| EngineError::new_err("the engine's lock was poisoned"))?;
        let engine = guard.as_mut().ok_or_else(|| {
            EngineTerminatedError::new_err("the engine was quit, or is analysing (wait() for the analysis first)")
        })?;
        py.detach(|| work(engine)).map_err(engine_error)
    }
    /// Takes the engine back from an analysis that has ended.
    pub(crate) fn give_back(&self, engine: ExternalEngine) {
        if let Ok(mut guard) = self.engine.lock() {
            *guard = Some(engine);
        }
    }
    /// Reads the engine under its lock.
    fn read<T: Default>(&self, read: impl FnOnce(&ExternalEngine) -> T) -> T {
        self.engine.lock().ok().and_then(|guard| guard.as_ref().map(read)).unwrap_or_default()
    }
}

fn object(py: Python<'_>, m: Option<Move>, mode: CastlingMode) -> PyResult<Option<Py<PyMove>>> {
    m.map(|m| PyMove::of(m, mode).object(py)).transpose()
}

#[pymethods]
impl EngineCore {
    /// Starts `command` (the program and its arguments) and shakes hands in `protocol` ("uci" or "xboard"),
    /// waiting at most `timeout` seconds.
    #[new]
    #[pyo3(signature = (command, protocol, timeout = None))]
    fn new(py: Python<'_>, command: Vec<String>, protocol: &str, timeout: Option<f64>) -> PyResult<EngineCore> {
        let (program, args) = command.split_first().ok_or_else(|| EngineError::new_err("an empty engine command"))?;
        let mut cmd = match protocol {
            "uci" => EngineCommand::uci(program),
            "xboard" => EngineCommand::xboard(program),
            other => return Err(EngineError::new_err(format!("protocols are \"uci\" and \"xboard\", not {other:?}"))),
        }
        .args(args);
        if let Some(timeout) = timeout {
            cmd = cmd.timeouts(Timeouts { handshake: seconds(Some(timeout)), ..Timeouts::default() });
        }
        let engine = py.detach(|| cmd.spawn()).map_err(engine_error)?;
        Ok(EngineCore { engine: Mutex::new(Some(engine)) })
    }
    /// The engine's name.
    #[getter]
    fn name(&self) -> Option<String> {
        self.read(|e| Some(e.name().to_owned()))
    }
    /// The engine's author (UCI), if it said.
    #[getter]
    fn author(&self) -> Option<String> {
        self.read(|e| e.id().author.clone())
    }
    /// The engine's options: (name, type, default, min, max, choices).
    fn _options(&self) -> Vec<OptionRow> {
        self.read(|engine| {
            engine
                .options()
                .iter()
                .map(|spec| match &spec.kind {
                    OptionKind::Check { default } => {
                        (spec.name.clone(), "check", Some(default.to_string()), None, None, vec![])
                    }
                    OptionKind::Spin { default, min, max } => {
                        (spec.name.clone(), "spin", Some(default.to_string()), Some(*min), Some(*max), vec![])
                    }
                    OptionKind::Combo { default, choices } => {
                        (spec.name.clone(), "combo", Some(default.clone()), None, None, choices.clone())
                    }
                    OptionKind::Button => (spec.name.clone(), "button", None, None, None, vec![]),
                    OptionKind::String { default } => {
                        (spec.name.clone(), "string", Some(default.clone()), None, None, vec![])
                    }
                })
                .collect()
        })
    }
    /// Sets an option (its value as text, as the protocol sends it).
    fn configure(&self, py: Python<'_>, name: &str, value: &str) -> PyResult<()> {
        self.with(py, |engine| engine.set_option(name, value).map(|_| ()))
    }
    /// Analyses the board's position: the `multipv` best lines, best first.
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        board: PyRef<'py, BoardCore>,
        limit: LimitArgs,
        multipv: u32,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        board.ready()?;
        let pos = board.pos().clone();
        drop(board);
        let limits = limits_or_error(&limit)?;
        let lines = self.with(py, |engine| engine.analyse(&pos, &limits, multipv.max(1)))?;
        let white = pos.side_to_move() == ox88_board::Color::White;
        lines.iter().map(|line| info(py, line, white, pos.castling_mode())).collect()
    }
    /// Starts analysing the board's position (without a limit: until stopped) and returns the running
    /// analysis, which holds the engine until it ends.
    #[pyo3(signature = (board, limit, multipv = 1))]
    fn analysis(
        slf: &Bound<'_, Self>,
        board: PyRef<'_, BoardCore>,
        limit: Option<LimitArgs>,
        multipv: u32,
    ) -> PyResult<AnalysisCore> {
        board.ready()?;
        let pos = board.pos().clone();
        drop(board);
        let limits = limit.map(|l| l.limits()).unwrap_or_default();
        let limits = Limits { infinite: limits.is_unlimited(), ..limits };
        let engine = {
            let this = slf.borrow();
            let mut guard = this.engine.lock().map_err(|_| EngineError::new_err("the engine's lock was poisoned"))?;
            guard.take().ok_or_else(|| {
                EngineTerminatedError::new_err("the engine was quit, or is analysing (wait() for the analysis first)")
            })?
        };
        let (py, owner) = (slf.py(), slf.clone().unbind());
        match py.detach(move || AnalysisCore::start(owner, engine, pos, limits, multipv.max(1))) {
            Ok(analysis) => Ok(analysis),
            Err(failed) => {
                let (engine, error) = *failed;
                if let Some(engine) = engine {
                    slf.borrow().give_back(*engine);
                }
                Err(engine_error(error))
            }
        }
    }
    /// Asks for a move: (move, ponder, info of the main line, draw offered, resigned).
    #[allow(clippy::type_complexity)]
    fn play<'py>(
        &self,
        py: Python<'py>,
        board: PyRef<'py, BoardCore>,
        limit: LimitArgs,
    ) -> PyResult<(Option<Py<PyMove>>, Option<Py<PyMove>>, Option<Bound<'py, PyDict>>, bool, bool)> {
        board.ready()?;
        let pos = board.pos().clone();
        drop(board);
        let limits = limits_or_error(&limit)?;
        let reply = self.with(py, |engine| engine.search(&pos, &limits))?;
        let mode = pos.castling_mode();
        let white = pos.side_to_move() == ox88_board::Color::White;
        let line = reply.search.line.as_ref().map(|line| info(py, line, white, mode)).transpose()?;
        Ok((
            object(py, reply.search.best, mode)?,
            object(py, reply.search.ponder, mode)?,
            line,
            reply.draw_offered,
            reply.resigned,
        ))
    }
    /// Quits the engine (it is killed if it does not exit in time).
    fn quit(&self, py: Python<'_>) {
        let engine = self.engine.lock().ok().and_then(|mut guard| guard.take());
        if let Some(engine) = engine {
            py.detach(|| engine.quit());
        }
    }
}

fn limits_or_error(limit: &LimitArgs) -> PyResult<Limits> {
    let limits = limit.limits();
    if limits.is_unlimited() {
        return Err(EngineError::new_err("a Limit needs a time, depth, nodes, mate or clock"));
    }
    Ok(limits)
}

/// What the analysis thread gives back: the engine, and how the analysis ended.
type Finished = (ExternalEngine, Result<AnalysisResult, ox88_client::EngineError>);

/// Why an analysis did not start, with the engine to give back if it is still there.
pub type NotStarted = (Option<Box<ExternalEngine>>, ox88_client::EngineError);

/// The best move and the reply the engine expects.
type BestMove = (Option<Py<PyMove>>, Option<Py<PyMove>>);

/// A running analysis (`ox88.engine.SimpleAnalysisResult` wraps it).
#[pyclass(module = "ox88._core", name = "AnalysisCore")]
pub struct AnalysisCore {
    /// The engine's owner, to which the engine goes back when the analysis ends.
    owner: Py<EngineCore>,
    /// The reports, in the order the engine sent them.
    reports: Mutex<Receiver<Report>>,
    /// A report taken from `reports` by `ready` and not yet read, or `None`.
    pending: Option<Report>,
    /// Whether every report has been sent (the analysis ended), as `ready` found.
    ended: bool,
    stopper: Stopper,
    /// The thread, until it was joined.
    worker: Option<JoinHandle<Finished>>,
    /// How the analysis ended, once it did: the best move and the expected reply.
    result: Option<AnalysisResult>,
    white_to_move: bool,
    mode: CastlingMode,
}

impl AnalysisCore {
    /// Starts analysing `pos` within `limits` with `engine` (taken from `owner`, which gets it back at the end).
    pub fn start(
        owner: Py<EngineCore>,
        mut engine: ExternalEngine,
        pos: Position,
        limits: Limits,
        multipv: u32,
    ) -> Result<AnalysisCore, Box<NotStarted>> {
        let (reports, receiver) = mpsc::channel();
        let (started, stopper) = mpsc::channel();
        let (white_to_move, mode) = (pos.side_to_move() == ox88_board::Color::White, pos.castling_mode());
        let worker = std::thread::spawn(move || {
            let result = (|| {
                let mut analysis = engine.analysis(&pos, &limits, multipv)?;
                let _ = started.send(Some(analysis.stopper()));
                for report in analysis.by_ref() {
                    // A receiver gone (the Python object dropped) still lets the search run to its end.
                    let _ = reports.send(report?);
                }
                analysis.wait()
            })();
            let _ = started.send(None);
            (engine, result)
        });
        match stopper.recv().ok().flatten() {
            Some(stopper) => Ok(AnalysisCore {
                owner,
                reports: Mutex::new(receiver),
                pending: None,
                ended: false,
                stopper,
                worker: Some(worker),
                result: None,
                white_to_move,
                mode,
            }),
            None => {
                let failed = || ox88_client::EngineError::Dead("the analysis did not start".into());
                match worker.join() {
                    Ok((engine, result)) => {
                        Err(Box::new((Some(Box::new(engine)), result.err().unwrap_or_else(failed))))
                    }
                    Err(_) => Err(Box::new((None, failed()))),
                }
            }
        }
    }

    /// Joins the thread (once) and gives the engine back to its owner.
    fn finish(&mut self, py: Python<'_>) -> PyResult<()> {
        let Some(worker) = self.worker.take() else { return Ok(()) };
        let joined = py.detach(|| worker.join());
        let (engine, result) = joined.map_err(|_| EngineError::new_err("the analysis thread failed"))?;
        self.owner.borrow(py).give_back(engine);
        self.result = Some(result.map_err(engine_error)?);
        Ok(())
    }
}

#[pymethods]
impl AnalysisCore {
    /// The next report as python-chess's info dictionary (the score as ox88.engine's triple), waiting for it
    /// with the GIL released; `None` once the analysis has ended.
    fn next<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let report = if let Some(report) = self.pending.take() {
            Some(report)
        } else {
            let mut guard =
                self.reports.lock().map_err(|_| EngineError::new_err("the analysis's lock was poisoned"))?;
            let reports = &mut *guard;
            py.detach(move || reports.recv().ok())
        };
        let Some(report) = report else {
            self.finish(py)?;
            return Ok(None);
        };
        match report {
            Report::Line(line) => Ok(Some(info(py, &line, self.white_to_move, self.mode)?)),
            Report::CurrentMove { depth, mv, number } => {
                let dict = PyDict::new(py);
                dict.set_item("depth", depth)?;
                dict.set_item("currmove", PyMove::of(mv, self.mode).object(py)?)?;
                dict.set_item("currmovenumber", number)?;
                Ok(Some(dict))
            }
            Report::Text(text) => {
                let dict = PyDict::new(py);
                dict.set_item("string", text)?;
                Ok(Some(dict))
            }
        }
    }
    /// Without waiting: (whether a report is there to read, whether the analysis has ended and sent all its
    /// reports).
    fn ready(&mut self) -> PyResult<(bool, bool)> {
        if self.pending.is_none() && !self.ended {
            let guard = self.reports.lock().map_err(|_| EngineError::new_err("the analysis's lock was poisoned"))?;
            match guard.try_recv() {
                Ok(report) => self.pending = Some(report),
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => self.ended = true,
            }
        }
        Ok((self.pending.is_some(), self.ended))
    }
    /// Asks the engine to stop (it then sends its last reports and its move).
    fn stop(&self) {
        self.stopper.stop();
    }
    /// Waits for the end (the reports not yet read are dropped) and returns the best move and the expected
    /// reply.
    fn wait(&mut self, py: Python<'_>) -> PyResult<BestMove> {
        self.finish(py)?;
        let search = &self.result.as_ref().expect("finish leaves a result or fails").search;
        let object = |m: Option<ox88_board::Move>| m.map(|m| PyMove::of(m, self.mode).object(py)).transpose();
        Ok((object(search.best)?, object(search.ponder)?))
    }
}

impl Drop for AnalysisCore {
    /// An analysis dropped while running is stopped, and the engine given back.
    fn drop(&mut self) {
        if self.worker.is_some() {
            self.stopper.stop();
            Python::attach(|py| {
                let _ = self.finish(py);
            });
        }
    }
}
