//! The main alpha-beta node: principal variation search with pruning,
//! reductions and extensions, in numbered steps. Their margins and depth
//! limits are fields of [`SearchParams`](crate::SearchParams).

use crate::ordering::{MovePicker, Pick};
use crate::see::see_ge;
use crate::tt::TtBound;
use crate::tt_score::{TtScore, TB_WIN_BOUND};
use crate::worker::Worker;
use crate::MAX_PLY;
use arrayvec::ArrayVec;
use ox88_board::{Move, Piece, Score};
use ox88_eval::Evaluator;
use ox88_movegen::{CheckInfo, MoveGen};

/// Internal iterative reduction from this depth on.
const IIR_DEPTH: i32 = 4;
/// Singular extensions: from this depth, for a table move whose stored
/// depth is at most this much shallower than the node's.
const SE_DEPTH: i32 = 6;
const SE_TT_DEPTH_MARGIN: i32 = 3;
/// A non-PV table move whose alternatives stay far below the singular
/// bound (see [`SearchParams`](crate::SearchParams)) gets two plies more, at
/// most this many times on one path.
const DOUBLE_EXT_LIMIT: u8 = 6;

impl<E: Evaluator> Worker<'_, E> {
    /// Searches the node `ply` plies below the root to `depth` within
    /// (`alpha`, `beta`). `PV` nodes have an open window; `cut_node` says the
    /// node is expected to fail high.
    pub(crate) fn search<const PV: bool>(
        &mut self,
        mut depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
        cut_node: bool,
    ) -> Score {
        let params = self.shared.params;
        // 1. At the horizon, resolve captures in quiescence.
        if depth <= 0 {
            return self.qsearch::<PV>(alpha, beta, ply);
        }

        // 2. Count the node; poll the clock and the stop flags.
        self.pv_len[ply] = ply;
        if self.count_node() {
            return Score::ZERO;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = self.board.in_check();

        // 3. Draws by repetition and the fifty-move rule; the ply limit;
        //    mate-distance pruning (no line here can beat a shorter mate).
        if self.is_draw(in_check) {
            return Score::DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { Score::DRAW } else { self.evaluate() };
        }
        alpha = alpha.max(Score::mated_in(ply as i32));
        beta = beta.min(Score::mate_in(ply as i32 + 1));
        if alpha >= beta {
            return alpha;
        }

        // 4. Transposition table: a deep enough bound that settles the
        //    window ends a non-PV node at once.
        //    A singular-extension search (one move left out) neither
        //    takes its result from the table nor stores one.
        let excluded = self.excluded[ply];
        let key = self.board.key();
        let entry = self.shared.tt.probe(key);
        let tt_move = entry.and_then(|e| e.mv);
        if let Some(e) = entry {
            let score = e.score.read_tt(ply as i32);
            let fits = e.bound.settles(score, alpha, beta);
            if !PV && excluded.is_none() && e.depth >= depth && fits && self.board.halfmove_clock() < 90 {
                return score;
            }
        }

        // 4b. Endgame tables: right after a capture or pawn move, with few
        //     enough pieces, WDL is exact; a result that settles the window
        //     ends the node.
        if ply > 0 && excluded.is_none() {
            if let Some((score, bound)) = self.probe_tablebase(depth, ply) {
                if bound.settles(score, alpha, beta) {
                    let stored_depth = (depth + 6).min(MAX_PLY as i32 - 1);
                    self.shared.tt.store(key, None, score.to_tt(ply as i32), None, stored_depth, bound);
                    return score;
                }
            }
        }

        // 4c. Internal iterative reduction: a node deep enough to matter
        //     with no move from the table is searched a ply shallower; its
        //     result gives the next visit a move to try first.
        if depth >= IIR_DEPTH && tt_move.is_none() {
            depth -= 1;
        }

        // 5. Static evaluation, refined by the table's bound when it fits;
        //    "improving" when better than two plies ago (four when the side
        //    was in check two plies ago and has no evaluation there).
        let static_eval =
            if in_check { None } else { Some(entry.and_then(|e| e.eval).unwrap_or_else(|| self.evaluate())) };
        self.set_eval(ply, static_eval);
        let eval = match (static_eval, entry) {
            (Some(s), Some(e)) => e.refine(s, ply as i32),
            (Some(s), None) => s,
            (None, _) => -Score::INFINITE,
        };
        // Two plies back in check (no evaluation): four plies back instead.
        let earlier = match self.eval_at(ply as isize - 2) {
            None if ply >= 4 => self.eval_at(ply as isize - 4),
            two_back => two_back,
        };
        let improving = match (static_eval, earlier) {
            (Some(now), Some(before)) => now > before,
            (Some(_), None) => true,
            _ => false,
        };
        self.data.history.clear_ply_killers(ply + 1);
        self.double_extensions[ply + 1] = self.double_extensions[ply];
        self.cutoffs[ply + 2] = 0;

        if !PV && !in_check && excluded.is_none() {
            // 6. Reverse futility pruning: far above beta at low depth.
            let margin = params.reverse_futility_margin * (depth - i32::from(improving));
            if params.reverse_futility
                && depth <= params.reverse_futility_depth
                && eval - margin >= beta
                && !eval.is_decisive()
            {
                return eval;
            }

            // 7. Null move: if passing still beats beta, a real move will.
            //    Not after a null move, nor without pieces (zugzwang).
            let side = self.board.side_to_move();
            if params.null_move
                && depth >= 3
                && eval >= beta
                && static_eval.is_some_and(|s| s + params.null_move_eval_margin >= beta)
                && self.moved_at(ply as isize - 1).is_some()
                && self.has_pieces(side)
                && !beta.is_decisive()
            {
                let reduction = params.null_move_base
                    + depth / 3
                    + ((eval - beta).raw() / params.null_move_eval_divisor.max(1)).min(3);
                let undo = self.make_null(ply);
                let score = -self.search::<false>(depth - reduction, -beta, -beta + 1, ply + 1, !cut_node);
                self.unmake_null(undo);
                if self.stopped {
                    return Score::ZERO;
                }
                if score >= beta {
                    return if score.is_decisive() { beta } else { score };
                }
            }
        }

        // 8. The move loop.
        let side = self.board.side_to_move();
        let previous = [self.moved_at(ply as isize - 1), self.moved_at(ply as isize - 2)];
        let killers = if params.killers { self.data.history.killers(ply) } else { [None; 2] };
        let counter = if params.counter_moves { self.data.history.counter(previous[0]) } else { None };
        let has_pieces = self.has_pieces(side);
        let mut picker = MovePicker::new(tt_move, [killers[0], killers[1], counter]);
        // Made at the second move: the first takes the general test, so a
        // node its first move settles pays nothing more.
        let mut check_info: Option<CheckInfo> = None;
        let mut best_score = -Score::INFINITE;
        let mut best_move = None;
        let mut moves_tried = 0usize;
        let mut quiets_tried = ArrayVec::<(Piece, Move), 64>::new();
        let lmp_limit = (params.late_move_pruning_base + depth * depth) / if improving { 1 } else { 2 };
        loop {
            let next = {
                let (board, history) = (&self.board, &self.data.history);
                picker.next(board, |m| {
                    let piece = board.piece_at(m.from()).expect("a legal move has a moving piece");
                    if params.history {
                        history.quiet_score(side, piece, m, previous)
                    } else {
                        0
                    }
                })
            };
            let Some((m, pick)) = next else { break };
            if Some(m) == excluded {
                continue;
            }
            let piece = self.board.piece_at(m.from()).expect("a legal move has a moving piece");
            let quiet = !m.is_tactical();
            let gives_check = if moves_tried == 0 {
                self.board.gives_check(m)
            } else {
                check_info.get_or_insert_with(|| CheckInfo::new(&self.board)).gives_check(&self.board, m)
            };

            // 8a. Shallow-depth pruning, once a move has saved the node
            //      from being mated.
            if !in_check && best_score > -TB_WIN_BOUND && has_pieces {
                if quiet && !gives_check {
                    if params.late_move_pruning
                        && depth <= params.late_move_pruning_depth
                        && quiets_tried.len() as i32 >= lmp_limit
                    {
                        continue;
                    }
                    // Futility at the depth the move would get after its
                    // late-move reduction.
                    let lmr_depth = depth - 1 - self.data.base_reduction(depth, moves_tried + 1);
                    if params.futility
                        && lmr_depth <= params.futility_depth
                        && static_eval.is_some_and(|s| {
                            s + params.futility_base + params.futility_margin * lmr_depth.max(0) <= alpha
                        })
                    {
                        continue;
                    }
                    if params.see_pruning
                        && depth <= params.see_depth
                        && !see_ge(&self.board, m, -params.see_quiet_margin * depth)
                    {
                        continue;
                    }
                } else if params.see_pruning
                    && pick == Pick::BadTactical
                    && depth <= params.see_depth
                    && !see_ge(&self.board, m, -params.see_capture_margin * depth * depth)
                {
                    continue;
                }
            }

            // 8b. Extensions: a table move that alone keeps the score (the
            //     others, searched shallower with it left out, stay below the
            //     table's score by a margin) gets a ply more, two outside PV
            //     nodes when they stay far below (at most a few times on one
            //     path, so that the depth stays bounded); when even the
            //     others beat beta, the node fails high at once (multi-cut);
            //     a table move that is not singular but whose score beats
            //     beta gets a ply less. Otherwise, moves that give check get
            //     a ply more.
            let mut extension = i32::from(gives_check && params.check_extension);
            if let Some(e) = entry.filter(|e| {
                ply > 0
                    && excluded.is_none()
                    && Some(m) == tt_move
                    && depth >= SE_DEPTH
                    && e.depth >= depth - SE_TT_DEPTH_MARGIN
                    && e.bound != TtBound::Upper
            }) {
                let tt_score = e.score.read_tt(ply as i32);
                if !tt_score.is_decisive() {
                    let singular_beta = tt_score - params.singular_margin * depth;
                    self.excluded[ply] = Some(m);
                    let score = self.search::<false>((depth - 1) / 2, singular_beta - 1, singular_beta, ply, cut_node);
                    self.excluded[ply] = None;
                    if self.stopped {
                        return Score::ZERO;
                    }
                    if score < singular_beta {
                        extension = if !PV
                            && score < singular_beta - params.double_extension_margin
                            && self.double_extensions[ply] < DOUBLE_EXT_LIMIT
                        {
                            2
                        } else {
                            1
                        };
                    } else if singular_beta >= beta {
                        return singular_beta;
                    } else if tt_score >= beta {
                        extension = -1;
                    }
                }
            }
            let new_depth = depth - 1 + extension;
            self.double_extensions[ply + 1] = self.double_extensions[ply] + u8::from(extension >= 2);

            // 8c. Principal variation search with late-move reductions:
            //      later moves get a zero window (and less depth); a move
            //      that beats alpha there is searched again in full.
            let undo = self.make(ply, m);
            moves_tried += 1;
            let mut score = -Score::INFINITE;
            if !PV || moves_tried > 1 {
                let mut reduction = 0;
                if params.lmr
                    && depth >= 3
                    && moves_tried > 1 + 2 * usize::from(PV)
                    && (quiet || pick == Pick::BadTactical)
                {
                    // In 1/1024 ply, rounded toward zero at the end.
                    let mut units = self.data.base_reduction(depth, moves_tried) * 1024;
                    units -= i32::from(PV) * params.lmr_pv;
                    units += i32::from(!improving) * params.lmr_not_improving;
                    units += i32::from(cut_node) * params.lmr_cut_node;
                    // Many cutoffs one ply down (below the earlier moves):
                    // this subtree likely fails high too.
                    units += i32::from(self.cutoffs[ply + 1] > 3) * params.lmr_cutoffs;
                    units -= i32::from(pick == Pick::Refutation) * params.lmr_refutation;
                    units -= i32::from(gives_check) * params.lmr_check;
                    if quiet && params.history {
                        let history = self.data.history.quiet_score(side, piece, m, previous);
                        units -= history / params.lmr_history_divisor.max(1) * 1024;
                    }
                    reduction = (units / 1024).clamp(0, new_depth - 1);
                }
                let child_cut = if reduction > 0 { true } else { !cut_node };
                score = -self.search::<false>(new_depth - reduction, -alpha - 1, -alpha, ply + 1, child_cut);
                if score > alpha && reduction > 0 {
                    score = -self.search::<false>(new_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
                }
            }
            if PV && (moves_tried == 1 || score > alpha) {
                score = -self.search::<true>(new_depth, -beta, -alpha, ply + 1, false);
            }
            self.unmake(m, undo);
            if self.stopped {
                return Score::ZERO;
            }

            // 8d. Keep the best; a beta cutoff rewards a quiet move in the
            //      history tables and punishes the quiet moves before it.
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    if PV {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        self.cutoffs[ply] = self.cutoffs[ply].saturating_add(1 + u8::from(tt_move.is_none()));
                        if quiet && (params.history || params.killers || params.counter_moves) {
                            let bonus = params.history_bonus(depth);
                            self.data.history.update_quiet(ply, side, bonus, (piece, m), &quiets_tried, previous);
                        }
                        break;
                    }
                    alpha = score;
                    // A move that raised alpha at a PV node makes the rest
                    // less likely to matter: they are searched a ply
                    // shallower (not near the horizon, nor with a mate).
                    if depth > 2 && depth < 12 && !score.is_decisive() {
                        depth -= 1;
                    }
                }
            }
            if quiet && best_move != Some(m) {
                let _ = quiets_tried.try_push((piece, m));
            }
        }

        // 9. No legal move: checkmate or stalemate; with one left out, only
        //    that one move (it is singular).
        if moves_tried == 0 {
            return if excluded.is_some() {
                alpha
            } else if in_check {
                Score::mated_in(ply as i32)
            } else {
                Score::DRAW
            };
        }

        // 10. Store the result.
        if excluded.is_some() {
            return best_score;
        }
        let bound = TtBound::of_result(best_score, beta, PV, best_move.is_some());
        self.shared.tt.store(key, best_move, best_score.to_tt(ply as i32), static_eval, depth, bound);
        best_score
    }
}
