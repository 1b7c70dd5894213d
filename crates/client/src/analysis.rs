//! Analysis: [`ExternalEngine::analyse`] waits for the lines at the end of a limited
//! search; [`ExternalEngine::analysis`] hands out each report as it arrives and can
//! be stopped, also from another thread through a [`Stopper`].

use crate::info::{Lines, MAX_MULTIPV};
use crate::link::Deadline;
use crate::search::{self, Event, Purpose, Request};
use crate::transport::SharedWriter;
use crate::{AnalysisResult, EngineError, ExternalEngine, Waiting};
use ox88_movegen::Position;
use ox88_protocol::{Limits, LineReport, Report, SearchResult};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

impl ExternalEngine {
    /// Analyses `position` within `limits` (a depth, node count or move
    /// time; not infinite: that is [`EngineError::NoLimit`]) and returns
    /// the `multipv` best lines, best first,
    /// each with depth, selective depth, score and bound, nodes (and
    /// speed), time, hash use, tablebase hits and PV as the engine last
    /// reported them.
    ///
    /// ```no_run
    /// use ox88_client::{EngineCommand, Limits, Position};
    /// let mut engine = EngineCommand::uci("stockfish").spawn()?;
    /// let lines = engine.analyse(&Position::startpos(), &Limits::depth(12), 3)?;
    /// for line in &lines {
    ///     println!("{} {:?}", line.score, line.pv);
    /// }
    /// # Ok::<(), ox88_client::EngineError>(())
    /// ```
    pub fn analyse(
        &mut self,
        position: &Position,
        limits: &Limits,
        multipv: u32,
    ) -> Result<Vec<LineReport>, EngineError> {
        if limits.infinite || limits.is_unlimited() {
            return Err(EngineError::NoLimit);
        }
        Ok(self.analysis(position, limits, multipv)?.wait()?.lines)
    }

    /// Starts analysing `position` within `limits` (which may be infinite)
    /// and returns a handle that yields each report as it arrives (an
    /// [`Iterator`]), and can wait for the end or stop the search. Dropping
    /// the handle stops the search.
    ///
    /// ```no_run
    /// use ox88_client::{EngineCommand, Limits, Position};
    /// let mut engine = EngineCommand::uci("stockfish").spawn()?;
    /// let mut analysis = engine.analysis(&Position::startpos(), &Limits::infinite(), 1)?;
    /// for report in analysis.by_ref() {
    ///     if report?.line().is_some_and(|line| line.depth >= 15) {
    ///         break;
    ///     }
    /// }
    /// let result = analysis.stop()?;
    /// println!("best move {:?}", result.search.best);
    /// # Ok::<(), ox88_client::EngineError>(())
    /// ```
    pub fn analysis(
        &mut self,
        position: &Position,
        limits: &Limits,
        multipv: u32,
    ) -> Result<Analysis<'_>, EngineError> {
        self.link.check_alive()?;
        let multipv = multipv.clamp(1, MAX_MULTIPV);
        let root = self.root(position);
        let side = root.board.side_to_move();
        let request = Request {
            start: position.start(),
            moves: position.moves(),
            root,
            limits,
            multipv,
            purpose: Purpose::Analyse,
        };
        self.session.check(&request)?;
        self.stop_pondering()?;
        self.session.start(&mut self.link, &request)?;
        let timed = search::time_limit(limits, side).is_some();
        let deadline = search::deadline(limits, side, &self.link.timeouts);
        let stop_line = self.session.stop_line();
        let writer = self.link.shared_writer();
        Ok(Analysis {
            engine: self,
            lines: Lines::default(),
            deadline: timed.then_some(deadline),
            result: None,
            stopper: Stopper { writer, line: stop_line, flag: Arc::new(AtomicBool::new(false)) },
            stop_deadline: None,
            failed: false,
        })
    }
}

/// A running analysis (see [`ExternalEngine::analysis`]).
pub struct Analysis<'e> {
    engine: &'e mut ExternalEngine,
    lines: Lines,
    /// The end of a search limited in time; `None` re-arms the silence limit
    /// with each report.
    deadline: Option<Deadline>,
    result: Option<AnalysisResult>,
    stopper: Stopper,
    stop_deadline: Option<Deadline>,
    failed: bool,
}

impl Analysis<'_> {
    /// The next report, or `None` when the search has ended.
    fn step(&mut self) -> Result<Option<Report>, EngineError> {
        if self.result.is_some() || self.failed {
            return Ok(None);
        }
        let stopped = self.stopper.is_stopped();
        let deadline = match (stopped, self.stop_deadline, self.deadline) {
            (true, Some(d), _) => d,
            (true, None, _) => *self.stop_deadline.insert(Deadline::after(self.engine.link.timeouts.ready)),
            (false, _, Some(d)) => d,
            (false, _, None) => Deadline::after(self.engine.link.timeouts.unbounded_search),
        };
        let flag = Arc::clone(&self.stopper.flag);
        let waiting = if stopped { Waiting::Stop } else { Waiting::Move };
        let event =
            self.engine.session.next(&mut self.engine.link, deadline, waiting, &|| flag.load(Ordering::Acquire));
        match event {
            Ok(Event::Report(report)) => {
                if let Report::Line(line) = &report {
                    self.lines.add(line.clone());
                }
                Ok(Some(report))
            }
            Ok(Event::Done(done)) => {
                let line = self.lines.main();
                let lines = std::mem::take(&mut self.lines).into_vec();
                let search = SearchResult { best: done.best, ponder: done.ponder, line };
                self.result = Some(AnalysisResult { lines, search });
                Ok(None)
            }
            Err(err) => {
                self.failed = true;
                Err(err)
            }
        }
    }

    /// Waits for the search to end by its limits (or a [`Stopper`]) and
    /// returns the lines.
    pub fn wait(mut self) -> Result<AnalysisResult, EngineError> {
        self.finish()
    }

    /// Stops the search and returns the lines.
    pub fn stop(mut self) -> Result<AnalysisResult, EngineError> {
        self.request_stop()?;
        self.finish()
    }

    fn request_stop(&mut self) -> Result<(), EngineError> {
        if self.result.is_none() && !self.failed && !self.stopper.flag.swap(true, Ordering::AcqRel) {
            self.engine.session.stop(&mut self.engine.link)?;
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<AnalysisResult, EngineError> {
        while self.step()?.is_some() {}
        match self.result.take() {
            Some(result) => Ok(result),
            None => Err(EngineError::Dead("the analysis ended with an error".into())),
        }
    }

    /// The lines so far, best first.
    pub fn lines(&self) -> Vec<LineReport> {
        self.lines.clone().into_vec()
    }

    /// A handle that stops this analysis from another thread.
    pub fn stopper(&self) -> Stopper {
        self.stopper.clone()
    }
}

impl Iterator for Analysis<'_> {
    type Item = Result<Report, EngineError>;

    /// The next report as it arrives; `None` once the search has ended (or
    /// after an error).
    fn next(&mut self) -> Option<Self::Item> {
        self.step().transpose()
    }
}

impl Drop for Analysis<'_> {
    /// An analysis left running is stopped, and its last lines drained.
    fn drop(&mut self) {
        if self.result.is_none() && !self.failed && self.request_stop().is_ok() {
            let _ = self.finish();
        }
    }
}

/// Stops an [`Analysis`] from another thread; cloning shares it.
#[derive(Clone)]
pub struct Stopper {
    writer: SharedWriter,
    line: Option<String>,
    flag: Arc<AtomicBool>,
}

impl Stopper {
    /// Asks the analysis to stop (once; later calls do nothing). The
    /// analysis then yields its last reports and ends.
    pub fn stop(&self) {
        if !self.flag.swap(true, Ordering::AcqRel) {
            if let Some(line) = &self.line {
                let mut writer = self.writer.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                // A failed write shows up as the engine's end in the analysis.
                let _ = writer
                    .write_all(line.as_bytes())
                    .and_then(|()| writer.write_all(b"\n"))
                    .and_then(|()| writer.flush());
            }
        }
    }

    /// Whether a stop was asked for.
    pub fn is_stopped(&self) -> bool {
        self.flag.load(Ordering::Acquire)
    }
}

impl std::fmt::Debug for Stopper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stopper").field("stopped", &self.is_stopped()).finish_non_exhaustive()
    }
}
