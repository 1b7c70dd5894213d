//! [`Searcher`]: owns the transposition table and the per-thread tables,
//! and runs Lazy SMP searches: every thread searches the same root on its
//! own board copy, sharing only the table; the main thread decides when to
//! stop and reports.

use crate::tt::TranspositionTable;
use crate::worker::{Control, Shared, ThreadData, Worker};
use crate::{SearchParams, TimeManager};
use ox88_board::{Board, Move, PovScore, Score};
use ox88_control::{Limits, LineReport, Report, SearchResult, StopHandle};
use ox88_eval::Evaluator;
use ox88_movegen::{MoveGen, MoveList, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A chess search: iterative deepening principal variation search over a
/// shared transposition table, on one or more threads.
///
/// ```
/// use ox88_eval::Material;
/// use ox88_movegen::Position;
/// use ox88_search::{Limits, Searcher};
/// let mut searcher = Searcher::<Material>::new(16, 1);
/// // White mates in one: Ra8#.
/// let game = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
/// let result = searcher.search(&game, &Limits::depth(4), &mut |_| {});
/// assert_eq!(result.best.unwrap().to_string(), "a1a8");
/// // The score is seen from the side to move at the root (here White):
/// let score = result.score().unwrap();
/// assert_eq!((score.relative().mate_moves(), score.to_string()), (Some(1), "#+1".to_owned()));
/// ```
pub struct Searcher<E> {
    tt: TranspositionTable,
    prototype: E,
    threads: Vec<ThreadData<E>>,
    stop: StopHandle,
    params: SearchParams,
    tablebase: Option<crate::TablebaseProbing>,
    multipv: usize,
}

impl<E: Evaluator + Clone + Send + Default> Searcher<E> {
    /// A searcher with a `hash_mb` MB table and `threads` threads (at least
    /// one), using the evaluator's default configuration.
    pub fn new(hash_mb: usize, threads: usize) -> Searcher<E> {
        Searcher::with_evaluator(E::default(), hash_mb, threads)
    }
}

impl<E: Evaluator + Clone + Send> Searcher<E> {
    /// A searcher whose threads each use a clone of `evaluator`.
    pub fn with_evaluator(evaluator: E, hash_mb: usize, threads: usize) -> Searcher<E> {
        let mut searcher = Searcher {
            tt: TranspositionTable::new(hash_mb),
            prototype: evaluator,
            threads: Vec::new(),
            stop: StopHandle::new(),
            params: SearchParams::default(),
            tablebase: None,
            multipv: 1,
        };
        searcher.set_threads(threads);
        searcher
    }

    /// The endgame tables to probe (`None`: none). At the root the moves
    /// are narrowed to those of the best DTZ result; below it, positions
    /// right after a capture or pawn move are probed for WDL, and a search
    /// from a root the tables hold probes nothing more.
    pub fn set_tablebase(&mut self, tablebase: Option<crate::TablebaseProbing>) {
        self.tablebase = tablebase;
    }

    /// Resizes the transposition table (clearing it).
    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        self.tt = TranspositionTable::new(hash_mb);
    }

    /// Sets the number of search threads (at least one).
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.max(1);
        self.threads.truncate(threads);
        while self.threads.len() < threads {
            self.threads.push(ThreadData::new(self.prototype.clone(), &self.params));
        }
    }

    /// Replaces the evaluator every thread uses (each gets a fresh clone, so
    /// their caches start empty).
    pub fn set_evaluator(&mut self, evaluator: E) {
        self.prototype = evaluator;
        let count = self.threads.len();
        self.threads.clear();
        self.set_threads(count);
    }

    /// The heuristics' switches and margins.
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// Changes the heuristics' switches and margins (for matches that
    /// measure them, and for tuning).
    pub fn set_params(&mut self, params: SearchParams) {
        for data in &mut self.threads {
            data.set_reductions(&params);
        }
        self.params = params;
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// The transposition table's size in MB.
    pub fn hash_mb(&self) -> usize {
        self.tt.megabytes()
    }

    /// Forgets everything learnt (a new game): the table, the histories, and
    /// the evaluators' caches.
    pub fn clear(&mut self) {
        self.tt.clear();
        let count = self.threads.len();
        self.threads.clear();
        self.set_threads(count);
    }

    /// How many best lines each search finds and reports (MultiPV; at
    /// least 1): an engine setting, kept from search to search.
    pub fn set_multipv(&mut self, lines: usize) {
        self.multipv = lines.max(1);
    }

    /// How many best lines each search finds and reports.
    pub fn multipv(&self) -> usize {
        self.multipv
    }

    /// The handle that stops a running search (and signals ponder hits).
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// The evaluator new threads are cloned from.
    pub fn evaluator(&self) -> &E {
        &self.prototype
    }

    /// Searches the current position of `game` within `limits`; the game's
    /// earlier positions ([`Position::history`]) count for repetitions, so
    /// that repeating one of them is a draw. `report` receives the
    /// progress. Returns a legal move whenever there is one, even when
    /// stopped at once, with the line it heads (its score may be a bound
    /// when the search stopped after a failed aspiration window).
    ///
    /// The move returned is the main thread's choice: the first line of the
    /// last iteration, or of the iteration the search stopped in when that
    /// one has already scored a move.
    ///
    /// The [stop handle](Self::stop_handle) is reset when the search returns,
    /// so that the next search starts unstopped: a stop sent before a search
    /// starts stops it at once. For a ponder search, call
    /// [`StopHandle::reset`] with `true` before it.
    pub fn search(&mut self, game: &Position, limits: &Limits, report: &mut impl FnMut(&Report)) -> SearchResult {
        let result = self.search_board(game.board(), game.history().keys(), limits, report);
        self.stop.reset(false);
        result
    }

    /// [`search`](Self::search) from `board`, with the repetition keys of
    /// the positions before it, oldest first.
    fn search_board(
        &mut self,
        board: &Board,
        history: &[u64],
        limits: &Limits,
        report: &mut impl FnMut(&Report),
    ) -> SearchResult {
        let started = Instant::now();
        let mut moves = board.legal_moves();
        if !limits.searchmoves.is_empty() {
            let chosen: MoveList = moves.iter().copied().filter(|m| limits.searchmoves.contains(m)).collect();
            if !chosen.is_empty() {
                moves = chosen;
            }
        }
        if moves.is_empty() {
            let score = if board.in_check() { Score::mated_in(0) } else { Score::DRAW };
            let score = PovScore::new(score, board.side_to_move());
            let line = LineReport { score, multipv: 1, time: started.elapsed(), ..LineReport::default() };
            return SearchResult { best: None, ponder: None, line: Some(line) };
        }
        // The tables rank the root's moves by DTZ: search only the best
        // ones, and probe no more below (the ranking already decides).
        let mut tb_hits = 0;
        let mut tablebase = self.tablebase.as_ref();
        if let Some((kept, probes)) = tablebase.and_then(|t| t.filter_root(board, history, &moves)) {
            moves = kept;
            tb_hits = probes;
            tablebase = None;
        }
        self.tt.new_search();
        let shared = Shared {
            tt: &self.tt,
            params: &self.params,
            abort: AtomicBool::new(false),
            nodes: (0..self.threads.len()).map(|_| AtomicU64::new(0)).collect(),
            tablebase,
            tb_hits: AtomicU64::new(tb_hits),
        };
        let (main_data, helper_data) = self.threads.split_first_mut().expect("at least one thread");
        let stop = &self.stop;
        let multipv = self.multipv;
        let report: &mut dyn FnMut(&Report) = report;
        let (best, line) = std::thread::scope(|scope| {
            for (i, data) in helper_data.iter_mut().enumerate() {
                let (shared, moves) = (&shared, &moves);
                std::thread::Builder::new()
                    .stack_size(crate::SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        let mut worker = Worker::new(i + 1, shared, data, board, history, moves);
                        worker.iterate();
                        worker.publish_nodes();
                    })
                    .expect("the system cannot start a search thread");
            }
            let mut main = Worker::new(0, &shared, main_data, board, history, &moves);
            main.control = Some(Control {
                limits,
                multipv,
                stop,
                time: TimeManager::new(limits, board.side_to_move()),
                started,
                pondering: limits.ponder && stop.is_pondering(),
                root_turn: board.side_to_move(),
                report,
            });
            let depth = main.iterate();
            wait_while_unlimited(limits, stop);
            shared.abort.store(true, Ordering::Relaxed);
            let line = main.line(0, depth);
            (main.root_moves[0].mv, line)
        });
        // The helpers have stopped: the node count is final.
        let line = line.map(|line| LineReport { nodes: shared.total_nodes(), ..line });
        let ponder = match &line {
            Some(line) if line.pv.len() > 1 => Some(line.pv[1]),
            _ => self.ponder_from_table(board, best),
        };
        SearchResult { best: Some(best), ponder, line }
    }

    /// The table's move in the position after `best`, if it is legal there.
    fn ponder_from_table(&self, board: &Board, best: Move) -> Option<Move> {
        let mut after = board.clone();
        after.make_move_unchecked(best);
        self.tt.probe(after.key()).and_then(|e| e.mv).filter(|&m| after.is_legal(m))
    }
}

/// In infinite analysis and while pondering, a search that has nothing left
/// to do waits for the stop (or, when pondering, for the ponder hit).
fn wait_while_unlimited(limits: &Limits, stop: &StopHandle) {
    if !limits.infinite && !limits.ponder {
        return;
    }
    loop {
        if stop.is_stopped() || (limits.ponder && !limits.infinite && !stop.is_pondering()) {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}
