//! The state of one search thread, and what the threads share.
//!
//! [`ThreadData`] lives as long as the [`Searcher`](crate::Searcher) (its
//! evaluator caches and history tables carry over from move to move);
//! [`Worker`] is built for one search around it: the board copy, the key
//! history for repetitions, node counts, the root moves, and (for the main
//! thread only) the clock and the limits.

use crate::history::{History, PieceTo};
use crate::tt::{TranspositionTable, TtBound};
use crate::tt_score::TtScore;
use crate::{SearchParams, TimeManager, MAX_PLY};
use arrayvec::ArrayVec;
use ox88_board::{Board, Color, Move, Piece, Role, Score, Undo};
use ox88_control::{Bound, Limits, Report, StopHandle};
use ox88_eval::Evaluator;
use ox88_movegen::{KeyHistory, MoveGen};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// How many nodes a thread searches between two looks at the clock and the
/// stop flags: about a millisecond of search.
const POLL_INTERVAL: u64 = 1024;
/// Stack slots below ply 0, so that "the move two plies back" needs no test.
const STACK_OFFSET: usize = 2;

/// Per-thread tables that outlive a search.
pub(crate) struct ThreadData<E> {
    pub evaluator: E,
    pub history: History,
    /// Late-move reductions by depth and move number.
    pub lmr: Box<[[u8; 64]; 64]>,
    /// The triangular principal-variation table: row `ply` holds the line
    /// from `ply` on.
    pub pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
}

impl<E> ThreadData<E> {
    pub fn new(evaluator: E, params: &SearchParams) -> ThreadData<E> {
        let mut data = ThreadData {
            evaluator,
            history: History::new(),
            lmr: Box::new([[0u8; 64]; 64]),
            pv: Box::new([[Move::from_raw(0); MAX_PLY + 1]; MAX_PLY + 1]),
        };
        data.set_reductions(params);
        data
    }

    /// Fills the late-move reduction table from the parameters' constant
    /// and divisor (in hundredths of a ply).
    pub fn set_reductions(&mut self, params: &SearchParams) {
        let (base, divisor) = (f64::from(params.lmr_base) / 100.0, f64::from(params.lmr_divisor.max(1)) / 100.0);
        for (depth, row) in self.lmr.iter_mut().enumerate().skip(1) {
            for (number, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (depth as f64).ln() * (number as f64).ln() / divisor).clamp(0.0, 63.0) as u8;
            }
        }
    }

    /// The late-move reduction of the `number`th move (from 1) at `depth`,
    /// before the adjustments of the node.
    #[inline]
    pub fn base_reduction(&self, depth: i32, number: usize) -> i32 {
        i32::from(self.lmr[depth.clamp(0, 63) as usize][number.min(63)])
    }
}

/// What all threads of one search share.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub params: &'a SearchParams,
    /// Set when the search must end (by the main thread, for everyone).
    pub abort: AtomicBool,
    /// Each thread's node count, published every poll interval.
    pub nodes: Vec<AtomicU64>,
    /// The endgame tables probed below the root, if any.
    pub tablebase: Option<&'a crate::TablebaseProbing>,
    /// Tablebase probes that gave a result, all threads and the root's.
    pub tb_hits: AtomicU64,
}

impl Shared<'_> {
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

/// A root move with what the last search of it found.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    /// The score of the current iteration (-INFINITE until searched, or
    /// when it failed low under another move).
    pub score: Score,
    /// Whether `score` is exact or the bound of a failed window.
    pub bound: Bound,
    /// The iteration that found `score` and `pv`.
    pub depth: u32,
    /// The score of the previous iteration, for aspiration windows.
    pub previous_score: Score,
    pub pv: ArrayVec<Move, MAX_PLY>,
    pub seldepth: usize,
}

/// What only the main thread holds: limits, clock and reporting.
pub(crate) struct Control<'a> {
    pub limits: &'a Limits,
    /// How many best lines to search and report (at least 1).
    pub multipv: usize,
    pub stop: &'a StopHandle,
    pub time: TimeManager,
    /// When the search started (for reports; the time manager's clock
    /// restarts at a ponder hit).
    pub started: Instant,
    /// Whether the search is still a ponder search waiting for its hit.
    pub pondering: bool,
    /// The side to move at the root: the side the reported scores are seen
    /// from.
    pub root_turn: Color,
    pub report: &'a mut dyn FnMut(&Report),
}

/// One thread's search.
pub(crate) struct Worker<'a, E> {
    pub id: usize,
    pub shared: &'a Shared<'a>,
    pub data: &'a mut ThreadData<E>,
    pub board: Board,
    /// Keys of the game's positions, then of the positions on the path from
    /// the root to the current node (the current one excluded).
    pub keys: KeyHistory,
    pub pv_len: [usize; MAX_PLY + 1],
    /// The move (as piece and destination) made at each ply; `None` for a
    /// null move.
    pub moved: [Option<PieceTo>; MAX_PLY + 1 + STACK_OFFSET],
    pub evals: [Option<Score>; MAX_PLY + 1 + STACK_OFFSET],
    /// The move a singular-extension search at each ply leaves out.
    pub excluded: [Option<Move>; MAX_PLY + 1],
    /// How many double extensions the path from the root to each ply holds.
    pub double_extensions: [u8; MAX_PLY + 2],
    /// Beta cutoffs found at each ply since the node two plies above began
    /// (a table move's cutoff counts one, any other two): many below a move
    /// suggest its subtree fails high easily, so it is reduced more.
    pub cutoffs: [u8; MAX_PLY + 3],
    pub nodes: u64,
    next_poll: u64,
    pub seldepth: usize,
    pub stopped: bool,
    pub root_moves: Vec<RootMove>,
    pub control: Option<Control<'a>>,
}

impl<'a, E: Evaluator> Worker<'a, E> {
    /// A WDL probe of the current node (see [`TablebaseProbing::probe`](crate::TablebaseProbing)),
    /// counted in the search's tablebase hits.
    pub(crate) fn probe_tablebase(&mut self, depth: i32, ply: usize) -> Option<(Score, TtBound)> {
        let found = self.shared.tablebase?.probe(&self.board, depth, ply)?;
        self.shared.tb_hits.fetch_add(1, Ordering::Relaxed);
        Some(found)
    }

    pub fn new(
        id: usize,
        shared: &'a Shared<'a>,
        data: &'a mut ThreadData<E>,
        board: &Board,
        history: &[u64],
        root_moves: &[Move],
    ) -> Worker<'a, E> {
        let mut keys = KeyHistory::with_capacity(history.len() + MAX_PLY + 2);
        for &key in history {
            keys.push(key);
        }
        let root_moves = root_moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -Score::INFINITE,
                bound: Bound::Exact,
                depth: 0,
                previous_score: -Score::INFINITE,
                pv: ArrayVec::new(),
                seldepth: 0,
            })
            .collect();
        data.history.clear_killers();
        data.evaluator.set_root(board);
        Worker {
            id,
            shared,
            data,
            board: board.clone(),
            keys,
            pv_len: [0; MAX_PLY + 1],
            moved: [None; MAX_PLY + 1 + STACK_OFFSET],
            evals: [None; MAX_PLY + 1 + STACK_OFFSET],
            excluded: [None; MAX_PLY + 1],
            double_extensions: [0; MAX_PLY + 2],
            cutoffs: [0; MAX_PLY + 3],
            nodes: 0,
            // Poll at the first node, so that a node limit below the interval holds.
            next_poll: 0,
            seldepth: 0,
            stopped: false,
            root_moves,
            control: None,
        }
    }

    /// The move made at `ply` (plies before the root read as none).
    #[inline(always)]
    pub fn moved_at(&self, ply: isize) -> Option<PieceTo> {
        self.moved[(ply + STACK_OFFSET as isize) as usize]
    }

    #[inline(always)]
    pub fn set_moved(&mut self, ply: usize, moved: Option<PieceTo>) {
        self.moved[ply + STACK_OFFSET] = moved;
    }

    /// The static evaluation at `ply` (plies before the root read as none).
    #[inline(always)]
    pub fn eval_at(&self, ply: isize) -> Option<Score> {
        self.evals[(ply + STACK_OFFSET as isize) as usize]
    }

    #[inline(always)]
    pub fn set_eval(&mut self, ply: usize, eval: Option<Score>) {
        self.evals[ply + STACK_OFFSET] = eval;
    }

    /// Plays `m` at `ply`, recording it for the history heuristics and the
    /// repetition check, and telling the evaluator.
    #[inline(always)]
    pub fn make(&mut self, ply: usize, m: Move) -> Undo {
        // The child's table entry is probed first thing: ask for it now.
        self.shared.tt.prefetch(self.board.key_after(m));
        let piece = self.board.piece_at(m.from()).expect("a legal move has a moving piece");
        self.set_moved(ply, Some(PieceTo::new(piece, m)));
        self.keys.push(self.board.repetition_key());
        self.data.evaluator.make_move(&self.board, m);
        self.board.make_move_unchecked(m)
    }

    #[inline(always)]
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        self.keys.pop();
        self.data.evaluator.unmake_move();
        self.board.unmake_move(m, undo);
    }

    /// Passes the move at `ply` (null-move pruning).
    pub fn make_null(&mut self, ply: usize) -> Undo {
        self.set_moved(ply, None);
        self.keys.push(self.board.repetition_key());
        self.data.evaluator.make_null_move(&self.board);
        self.board.make_null_move()
    }

    pub fn unmake_null(&mut self, undo: Undo) {
        self.keys.pop();
        self.data.evaluator.unmake_null_move();
        self.board.unmake_null_move(undo);
    }

    /// Counts a node and, every poll interval, publishes the count and
    /// checks the flags, the clock and the node limit. Returns whether the
    /// search must stop.
    #[inline(always)]
    pub fn count_node(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
        }
        self.stopped
    }

    #[cold]
    fn poll(&mut self) {
        self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        self.next_poll = self.nodes + POLL_INTERVAL;
        if self.shared.abort.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        let Some(control) = &mut self.control else { return };
        if control.stop.is_stopped() {
            self.stopped = true;
        }
        // Time counted in nodes (CECP `nps`) needs every thread's count.
        let counts_nodes = control.time.counts_nodes();
        let total = if counts_nodes || control.limits.nodes.is_some() { self.shared.total_nodes() } else { 0 };
        if control.pondering && !control.stop.is_pondering() {
            control.pondering = false;
            control.time.restart(total);
        }
        let timed = !control.pondering && !control.limits.infinite;
        if timed && control.time.hard_expired(total) {
            self.stopped = true;
        }
        let time_limit = if timed { control.time.hard_node_limit() } else { None };
        if let Some(limit) = control.limits.nodes.into_iter().chain(time_limit).min() {
            if total >= limit {
                self.stopped = true;
            } else {
                self.next_poll = self.nodes + (limit - total).min(POLL_INTERVAL);
            }
        }
        if self.stopped {
            self.shared.abort.store(true, Ordering::Relaxed);
        }
    }

    /// Publishes the final node count.
    pub fn publish_nodes(&self) {
        self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
    }

    /// Whether the position at `ply` (> 0) is drawn by the fifty-move rule
    /// or repeats an earlier one (on the path, or in the game before it).
    #[inline]
    pub fn is_draw(&self, in_check: bool) -> bool {
        let clock = self.board.halfmove_clock() as usize;
        if clock >= 100 && (!in_check || ox88_movegen::MoveGen::has_legal_moves(&self.board)) {
            return true;
        }
        self.keys.is_repetition(self.board.repetition_key(), self.board.halfmove_clock())
    }

    /// Whether `color` has a piece other than pawns and the king (null-move
    /// pruning is unsound in pawn endgames, where zugzwang is the rule).
    #[inline]
    pub fn has_pieces(&self, color: Color) -> bool {
        [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .any(|r| self.board.count(Piece::new(color, r)) > 0)
    }

    /// Makes `m` followed by the line at `ply + 1` the line at `ply`.
    #[inline(always)]
    pub fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (rows_to_ply, rows_from_child) = self.data.pv.split_at_mut(ply + 1);
        let row = &mut rows_to_ply[ply];
        row[ply] = m;
        row[ply + 1..child_len].copy_from_slice(&rows_from_child[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// The static evaluation of the current position, damped toward a draw
    /// by the fifty-move counter.
    #[inline(always)]
    pub fn evaluate(&mut self) -> Score {
        let raw = self.data.evaluator.evaluate(&self.board).clamped_to_evaluations();
        // Damped toward a draw as the fifty-move counter grows: a position
        // where nothing has happened for long is worth less than its material
        // says (at 100 half-moves, half of it).
        let clock = i32::from(self.board.halfmove_clock().min(100));
        Score::from_raw(raw.raw() * (200 - clock) / 200)
    }
}
