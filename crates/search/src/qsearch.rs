//! Quiescence search: captures and queen promotions until the position is
//! quiet, so that the evaluation is never taken in the middle of an exchange.
//! In check, every evasion is searched instead (there is no standing pat).

use crate::ordering::{MovePicker, Pick};
use crate::tt::TtBound;
use crate::tt_score::TtScore;
use crate::worker::Worker;
use crate::MAX_PLY;
use ox88_board::Score;
use ox88_eval::Evaluator;

impl<E: Evaluator> Worker<'_, E> {
    /// Quiescence search of the node `ply` plies below the root.
    pub(crate) fn qsearch<const PV: bool>(&mut self, mut alpha: Score, beta: Score, ply: usize) -> Score {
        // 1. Count the node; poll.
        self.pv_len[ply] = ply;
        if self.count_node() {
            return Score::ZERO;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = self.board.in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { Score::DRAW } else { self.evaluate() };
        }
        if self.board.halfmove_clock() >= 100 && self.is_draw(in_check) {
            return Score::DRAW;
        }

        // 2. Transposition table.
        let key = self.board.key();
        let entry = self.shared.tt.probe(key);
        if let Some(e) = entry {
            let score = e.score.read_tt(ply as i32);
            let fits = e.bound.settles(score, alpha, beta);
            if !PV && fits {
                return score;
            }
        }

        // 3. Standing pat: the side to move may decline every capture.
        let static_eval =
            if in_check { None } else { Some(entry.and_then(|e| e.eval).unwrap_or_else(|| self.evaluate())) };
        // The table's score replaces the evaluation when its bound says it
        // is the better estimate (a lower bound above, an upper bound below).
        let stand_pat = static_eval.map(|s| entry.map_or(s, |e| e.refine(s, ply as i32)));
        let mut best_score = match stand_pat {
            Some(eval) => {
                if eval >= beta {
                    if entry.is_none() {
                        self.shared.tt.store(key, None, eval.to_tt(ply as i32), static_eval, 0, TtBound::Lower);
                    }
                    return eval;
                }
                alpha = alpha.max(eval);
                eval
            }
            None => -Score::INFINITE,
        };

        // 4. Captures that do not lose material (all evasions in check).
        let tt_move = entry.and_then(|e| e.mv);
        let mut picker = if in_check { MovePicker::new(tt_move, [None; 3]) } else { MovePicker::tactical(tt_move) };
        let mut best_move = None;
        let mut moves_tried = 0;
        while let Some((m, pick)) = picker.next(&self.board, |_| 0) {
            // Out of check the picker has handed out every capture that
            // does not lose material: the rest all do, so none is searched.
            if static_eval.is_some() && pick == Pick::BadTactical {
                break;
            }
            let undo = self.make(ply, m);
            moves_tried += 1;
            let score = -self.qsearch::<PV>(-beta, -alpha, ply + 1);
            self.unmake(m, undo);
            if self.stopped {
                return Score::ZERO;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    if PV {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }

        // 5. Checkmate; store the result.
        if in_check && moves_tried == 0 {
            return Score::mated_in(ply as i32);
        }
        let bound = TtBound::of_result(best_score, beta, PV, best_move.is_some());
        self.shared.tt.store(key, best_move, best_score.to_tt(ply as i32), static_eval, 0, bound);
        best_score
    }
}
