//! Iterative deepening at the root: aspiration windows, MultiPV, the root
//! move loop, and the decisions between iterations (time, depth, mate).

use crate::tt::TtBound;
use crate::tt_score::TtScore;
use crate::worker::Worker;
use crate::MAX_PLY;
use ox88_board::{PovScore, Score};
use ox88_control::{Bound, LineReport, Report};
use ox88_eval::Evaluator;
use std::time::Duration;

/// Aspiration windows are used from this depth on.
const ASPIRATION_DEPTH: i32 = 5;
/// Reports of the move being searched start after this long.
const CURRMOVE_DELAY: Duration = Duration::from_secs(2);
/// Bound reports (failed aspiration windows) start after this long.
const BOUND_REPORT_DELAY: Duration = Duration::from_secs(1);

impl<E: Evaluator> Worker<'_, E> {
    /// Searches deeper and deeper until a limit is reached or the search is
    /// stopped; returns the depth of the last completed iteration.
    pub(crate) fn iterate(&mut self) -> u32 {
        let (max_depth, multipv) = match &self.control {
            Some(c) => (
                c.limits.depth.map_or(MAX_PLY as i32 - 4, |d| (d as i32).clamp(1, MAX_PLY as i32 - 4)),
                c.multipv.clamp(1, self.root_moves.len()),
            ),
            None => (MAX_PLY as i32 - 4, 1),
        };
        let mut completed = 0;
        let mut best_changes = 0.0f64;
        let mut last_best = None;
        // Helpers start one ply deeper every other thread, so that they do
        // not all search the same tree at the same time.
        let first_depth = 1 + (self.id % 2) as i32;
        for depth in first_depth..=max_depth {
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
            }
            for pv_index in 0..multipv {
                self.seldepth = 0;
                self.aspiration(depth, pv_index);
                if self.stopped {
                    break;
                }
                // The lines searched so far in this iteration, best first.
                self.root_moves[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            }
            if self.stopped {
                break;
            }
            completed = depth as u32;
            if self.control.is_none() {
                continue;
            }
            self.report_lines(depth as u32, multipv);
            let best = self.root_moves[0].mv;
            best_changes *= 0.5;
            if last_best.is_some_and(|m| m != best) {
                best_changes += 1.0;
            }
            last_best = Some(best);
            if self.should_stop_after_iteration(best_changes) {
                break;
            }
        }
        completed
    }

    /// Whether the main thread should not start another iteration.
    fn should_stop_after_iteration(&mut self, best_changes: f64) -> bool {
        let root_count = self.root_moves.len();
        let best = &self.root_moves[0];
        let (score, previous) = (best.score, best.previous_score);
        let Some(control) = &self.control else { return false };
        // A stop asked for during the iteration (by its report, say) ends
        // the search here, before the next iteration spends any node.
        if control.stop.is_stopped() {
            return true;
        }
        if let Some(mate) = control.limits.mate {
            if score.mate_moves().is_some_and(|m| m > 0 && m as u32 <= mate) {
                return true;
            }
        }
        if control.pondering || control.limits.infinite {
            return false;
        }
        if control.limits.soft_nodes.is_some_and(|soft| self.shared.total_nodes() >= soft) {
            return true;
        }
        if control.limits.clock.is_some() && root_count == 1 {
            return true;
        }
        let drop = if previous > -Score::INFINITE && score < previous - 30 { 1.3 } else { 1.0 };
        let scale = (0.7 + 0.5 * best_changes) * drop;
        control.time.soft_expired(scale, self.shared.total_nodes())
    }

    /// Searches line `pv_index` at `depth` with a narrow window around the
    /// previous score, widening it on each failure.
    fn aspiration(&mut self, depth: i32, pv_index: usize) {
        let previous = self.root_moves[pv_index].previous_score;
        let params = self.shared.params;
        let mut delta = params.aspiration_window.max(1);
        let (mut alpha, mut beta) =
            if params.aspiration && depth >= ASPIRATION_DEPTH && previous > -Score::INFINITE && !previous.is_decisive()
            {
                ((previous - delta).max(-Score::INFINITE), (previous + delta).min(Score::INFINITE))
            } else {
                (-Score::INFINITE, Score::INFINITE)
            };
        loop {
            let score = self.search_root(depth, alpha, beta, pv_index);
            // Stable sort: the moves that failed low keep their order.
            self.root_moves[pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if self.stopped {
                return;
            }
            if score <= alpha {
                beta = Score::from_raw((alpha.raw() + beta.raw()) / 2);
                alpha = (score - delta).max(-Score::INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(Score::INFINITE);
            } else {
                return;
            }
            // The failed line leads the lines from `pv_index` on, with its bound.
            if self.control.as_ref().is_some_and(|c| c.started.elapsed() > BOUND_REPORT_DELAY) {
                self.report_lines(depth as u32, pv_index + 1);
            }
            delta += delta / 2;
            if delta > 1000 {
                alpha = -Score::INFINITE;
                beta = Score::INFINITE;
            }
        }
    }

    /// The root move loop over the moves from `pv_index` on.
    fn search_root(&mut self, depth: i32, mut alpha: Score, beta: Score, pv_index: usize) -> Score {
        self.pv_len[0] = 0;
        self.cutoffs[2] = 0;
        self.count_node();
        let mut best_score = -Score::INFINITE;
        let mut best_move = None;
        for i in pv_index..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            if let Some(control) = &mut self.control {
                if control.started.elapsed() > CURRMOVE_DELAY {
                    (control.report)(&Report::CurrentMove { depth: depth as u32, mv: m, number: (i + 1) as u32 });
                }
            }
            let gives_check = ox88_movegen::MoveGen::gives_check(&self.board, m);
            let new_depth = depth - 1 + i32::from(gives_check && self.shared.params.check_extension);
            let undo = self.make(0, m);
            let mut score = -Score::INFINITE;
            let first = i == pv_index;
            if !first {
                let late = i - pv_index;
                let reduction = if self.shared.params.lmr && depth >= 3 && late > 3 && !m.is_tactical() && !gives_check
                {
                    (self.data.base_reduction(depth, late) - 1).clamp(0, new_depth - 1)
                } else {
                    0
                };
                score = -self.search::<false>(new_depth - reduction, -alpha - 1, -alpha, 1, true);
                if score > alpha && reduction > 0 {
                    score = -self.search::<false>(new_depth, -alpha - 1, -alpha, 1, false);
                }
            }
            if first || score > alpha {
                score = -self.search::<true>(new_depth, -beta, -alpha, 1, false);
            }
            self.unmake(m, undo);
            if self.stopped {
                return best_score;
            }
            let rm = &mut self.root_moves[i];
            if first || score > alpha {
                rm.score = score;
                rm.bound = if score >= beta {
                    Bound::Lower
                } else if score <= alpha {
                    Bound::Upper
                } else {
                    Bound::Exact
                };
                rm.depth = depth as u32;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(m);
                let len = self.pv_len[1].max(1);
                rm.pv.extend(self.data.pv[1][1..len].iter().copied());
            } else {
                rm.score = -Score::INFINITE;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if pv_index == 0 {
            let bound = TtBound::of_result(best_score, beta, true, best_move.is_some());
            self.shared.tt.store(self.board.key(), best_move, best_score.to_tt(0), None, depth, bound);
        }
        best_score
    }

    /// Reports the first `lines` lines (a line whose score failed an
    /// aspiration window with its bound).
    pub(crate) fn report_lines(&mut self, depth: u32, lines: usize) {
        for index in 0..lines.min(self.root_moves.len()) {
            if let Some(line) = self.line(index, depth) {
                if let Some(control) = &mut self.control {
                    (control.report)(&Report::Line(line));
                }
            }
        }
    }

    /// Line `index` as a report at `depth`: the root move with its score of
    /// this iteration, or of the last one when it has none yet (and then
    /// exact, at the depth given). `None` for a move never scored, or on a
    /// helper thread.
    pub(crate) fn line(&mut self, index: usize, depth: u32) -> Option<LineReport> {
        self.publish_nodes();
        let nodes = self.shared.total_nodes();
        let control = self.control.as_ref()?;
        let rm = &self.root_moves[index];
        let (score, bound, depth) = if rm.score > -Score::INFINITE {
            (rm.score, rm.bound, rm.depth)
        } else {
            (rm.previous_score, Bound::Exact, depth)
        };
        if score == -Score::INFINITE {
            return None;
        }
        // Time counted in nodes (CECP `nps`) is reported so too.
        let time = match control.limits.nodes_per_second.filter(|&rate| rate > 0) {
            Some(rate) => Duration::from_secs_f64(nodes as f64 / rate as f64),
            None => control.started.elapsed(),
        };
        Some(LineReport {
            depth,
            seldepth: Some(rm.seldepth as u32),
            multipv: index as u32 + 1,
            score: PovScore::new(score, control.root_turn),
            bound,
            nodes,
            time,
            hashfull: Some(self.shared.tt.hashfull()),
            tbhits: {
                let hits = self.shared.tb_hits.load(std::sync::atomic::Ordering::Relaxed);
                (hits > 0 || self.shared.tablebase.is_some()).then_some(hits)
            },
            pv: rm.pv.to_vec(),
        })
    }
}
