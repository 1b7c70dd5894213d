//! `SimpleEngine.analysis()`'s core: an analysis running on a thread of its own (which holds the engine until it
//! ends), handing each report to Python as it arrives, stoppable at any time (ox88-client's `Analysis`).

use crate::engine::{engine_error, info, EngineCore, EngineError};
use crate::moves::PyMove;
use ox88_board::CastlingMode;
use ox88_client::{AnalysisResult, ExternalEngine, Limits, Report, Stopper};
use ox88_movegen::Position;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::mpsc::{self, Receiver};
use std::sync::Mutex;
use std::thread::JoinHandle;

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
        let report = {
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
