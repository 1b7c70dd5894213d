//! The CECP driver's search lifecycle: starting the thinking, pondering
//! and analysis searches, waiting for them, and what happens when they end
//! (the move is played, the result announced, pondering begins).

use super::{Progress, Purpose, Running, XbDriver};
use crate::moves::{check_best_move, LastLine};
use crate::worker::{Event, SearchEnd};
use crate::xboard::claim::result_message;
use crate::xboard::{Stat01, Thinking, XbMessage};
use crate::{Engine, Limits, LineReport, Report, ScoreInfo};
use ox88_board::{Board, Move};
use ox88_movegen::{MoveGen, Notation};
use std::io::{self, Write};

impl<E: Engine + 'static, W: Write> XbDriver<E, W> {
    /// Starts thinking if it is the engine's move and the game goes on;
    /// announces the result if the game is over.
    pub(super) fn think(&mut self) -> io::Result<()> {
        if self.engine_side != Some(self.game.board().side_to_move()) || self.analyzing {
            return Ok(());
        }
        if let Some(outcome) = self.game.outcome_or_claimable_draw() {
            self.game_over = true;
            return self.send(result_message(outcome));
        }
        if self.game_over {
            return Ok(());
        }
        let mut limits = self.time.limits(self.game.board(), self.game.board().side_to_move());
        limits.move_overhead = self.move_overhead;
        limits.searchmoves = self.included_moves();
        self.start(Purpose::Move, limits, None);
        Ok(())
    }

    /// The root moves not excluded, or none (meaning all) if none is excluded.
    pub(super) fn included_moves(&self) -> Vec<Move> {
        if self.excluded.is_empty() {
            return Vec::new();
        }
        self.game.board().legal_moves().into_iter().filter(|m| !self.excluded.contains(m)).collect()
    }

    /// Starts a search of the game's position, or of the position after
    /// `extra` (a legal move: the guess a ponder search answers).
    fn start(&mut self, purpose: Purpose, limits: Limits, extra: Option<Move>) {
        let mut game = self.game.clone();
        if let Some(m) = extra {
            if game.play(m).is_err() {
                return;
            }
        }
        self.searches += 1;
        let running = Running {
            id: self.searches,
            purpose,
            board: game.board().clone(),
            discard: false,
            ended: None,
            progress: Progress::default(),
            last: LastLine::default(),
        };
        if !running.board.has_legal_moves() {
            return;
        }
        self.running = Some(running);
        self.worker.start(game, limits);
    }

    pub(super) fn restart_analysis(&mut self) -> io::Result<()> {
        if !self.analyzing {
            return Ok(());
        }
        self.abort()?;
        let searchmoves = self.included_moves();
        if !self.excluded.is_empty() && searchmoves.is_empty() {
            return self.send(XbMessage::Comment("every move is excluded".into()));
        }
        let limits = Limits { infinite: true, searchmoves, move_overhead: self.move_overhead, ..Limits::default() };
        self.start(Purpose::Analyze, limits, None);
        Ok(())
    }

    /// Before changing the engine: lets thinking on a move finish (the move
    /// is played), aborts pondering and analysis.
    pub(super) fn settle(&mut self) -> io::Result<()> {
        if self.running.as_ref().is_some_and(|r| r.purpose != Purpose::Move) {
            self.abort()?;
        }
        self.wait()?;
        // The move may have started pondering.
        self.abort()
    }

    /// Stops any search and throws its result away.
    pub(super) fn abort(&mut self) -> io::Result<()> {
        if let Some(running) = &mut self.running {
            running.discard = true;
        }
        self.stop_and_wait()
    }

    pub(super) fn stop_and_wait(&mut self) -> io::Result<()> {
        if self.running.is_none() {
            return Ok(());
        }
        self.worker.stop_handle().stop();
        self.answer_if_allowed()?;
        self.wait()
    }

    /// Waits for the running search to end (not for a ponder search that
    /// its move starts).
    fn wait(&mut self) -> io::Result<()> {
        let Some(id) = self.running.as_ref().map(|r| r.id) else { return Ok(()) };
        while self.running.as_ref().is_some_and(|r| r.id == id) {
            match self.worker.recv() {
                Event::Info(report) => self.report(report)?,
                Event::Done(result) => self.search_done(result)?,
                other => self.pending.push_back(other),
            }
        }
        Ok(())
    }

    pub(super) fn search_done(&mut self, end: SearchEnd) -> io::Result<()> {
        self.worker.join();
        if let Some(running) = &mut self.running {
            running.ended = Some(end);
        }
        self.answer_if_allowed()
    }

    /// Plays the move of a finished search, unless the search is one whose
    /// result must wait (pondering, analysing) or be discarded.
    pub(super) fn answer_if_allowed(&mut self) -> io::Result<()> {
        let Some(running) = &self.running else { return Ok(()) };
        let Some(end) = &running.ended else { return Ok(()) };
        if running.discard {
            self.running = None;
            // No move will come: the pongs waiting for it are due now.
            for n in std::mem::take(&mut self.deferred_pongs) {
                self.send(XbMessage::Pong(n))?;
            }
            return Ok(());
        }
        if running.purpose != Purpose::Move {
            // Pondering or analysing: the result waits for a ponder hit or
            // is dropped when the search is aborted.
            return Ok(());
        }
        let checked = check_best_move(&running.board, end.clone());
        let (last, board) = (running.last, running.board.clone());
        self.running = None;
        let Some(best) = checked.best else { return Ok(()) };
        if let Some(complaint) = checked.complaint {
            self.send(XbMessage::Comment(complaint))?;
        }
        // The move played heads the last main line shown (issue 20).
        if let (true, Some(line)) = (self.post && last.needs_line_for(best), &checked.line) {
            self.send(XbMessage::Thinking(thinking(&board, line)))?;
        }
        let text = self.xb_move(best);
        self.game.play(best).expect("checked moves are legal");
        self.send(XbMessage::Move(text))?;
        for n in std::mem::take(&mut self.deferred_pongs) {
            self.send(XbMessage::Pong(n))?;
        }
        if let Some(outcome) = self.game.outcome_or_claimable_draw() {
            self.game_over = true;
            return self.send(result_message(outcome));
        }
        self.hint = checked.ponder.map(|m| (self.game.board().key(), m));
        match checked.ponder {
            Some(guess) if self.ponder && !self.game_over => {
                let mut limits = self.time.limits(self.game.board(), !self.game.board().side_to_move());
                limits.ponder = true;
                limits.move_overhead = self.move_overhead;
                self.start(Purpose::Ponder(guess), limits, Some(guess));
            }
            _ => {}
        }
        Ok(())
    }

    pub(super) fn report(&mut self, report: Report) -> io::Result<()> {
        let Some(running) = &mut self.running else { return Ok(()) };
        let show = (self.post || running.purpose == Purpose::Analyze) && !running.discard;
        match report {
            Report::Line(line) => {
                running.progress = Progress { depth: line.depth, nodes: line.nodes, time: line.time, current: None };
                if !show || line.pv.is_empty() {
                    return Ok(());
                }
                running.last.shown(&line);
                let thinking = thinking(&running.board, &line);
                self.send(XbMessage::Thinking(thinking))
            }
            Report::CurrentMove { depth, mv, number } => {
                running.progress.depth = depth;
                running.progress.current = Some((mv, number));
                Ok(())
            }
            Report::Text(text) if show => self.send(XbMessage::Comment(crate::uci::one_line(&text))),
            Report::Text(_) => Ok(()),
        }
    }

    pub(super) fn status(&mut self) -> io::Result<()> {
        let Some(running) = self.running.as_ref().filter(|r| r.purpose == Purpose::Analyze) else { return Ok(()) };
        let total = running.board.legal_moves().len() as u32;
        let progress = &running.progress;
        let (current, done) = match progress.current.filter(|&(m, _)| running.board.is_legal(m)) {
            Some((m, number)) => (Some(running.board.san(m).to_string()), number),
            None => (None, total),
        };
        let stat = Stat01 {
            centis: (progress.time.as_millis() / 10) as u64,
            nodes: progress.nodes,
            ply: progress.depth,
            moves_left: total.saturating_sub(done),
            moves_total: total,
            current,
        };
        self.send(XbMessage::Stat01(stat))
    }
}

/// A line as CECP thinking output, from the search's root `board` (whose
/// side to move the score is written for).
fn thinking(board: &Board, line: &LineReport) -> Thinking {
    Thinking {
        ply: line.depth,
        score: ScoreInfo::from(line.score.pov(board.side_to_move())).to_cecp(),
        centis: (line.time.as_millis() / 10) as u64,
        nodes: line.nodes,
        // The moves in SAN as far as they are legal, without numbers.
        pv: board.san_line(&line.pv).without_numbers().to_string(),
    }
}
