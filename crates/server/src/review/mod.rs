//! Game reviews: every position of a game searched by the engine for a
//! fixed number of nodes, its moves judged by lichess's measures, and
//! puzzles made from its blunders.
//!
//! A [`Reviewer`] owns engines of its own (apart from the analysis pool, so
//! reviews never take an engine from a request that waits for a move), runs
//! one review at a time on each, and queues the rest, each visitor with at
//! most one review waiting or running. Every evaluation goes into the store
//! by position as soon as it is made, so that what was analysed once is
//! answered at once the next time (and by `/api/v1/cloud-eval`), and a
//! review stopped half-way (its last watcher left) goes on from there when
//! it is opened again.

pub mod game;
pub mod judge;
pub mod priority;
pub mod puzzles;
pub mod rating;
pub mod report;

use crate::config::ServerConfig;
use crate::metrics::Metrics;
use game::ReplayedGame;
use ox88::board::Move;
use ox88::control::{LineReport, StopHandle, SEARCH_STACK_BYTES};
use ox88::pgn::annotation::EvalScore;
use ox88::protocol::{Engine, Limits};
use ox88::{Ox88, Position, Settings};
use ox88_http::{ApiError, ErrorCode};
use ox88_web::ids::ReviewId;
use ox88_web::store::{EvalLine, PositionEval, Store, StoreError};
use report::{ReviewReport, ReviewedPosition};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::sync::broadcast;

/// How reviews run: their engines and the bounds on the work they do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewSettings {
    /// Engines searching reviews, one review each at a time.
    pub engines: usize,
    /// The nodes each position is searched for.
    pub nodes: u64,
    /// Each engine's transposition table, in megabytes.
    pub hash_mb: usize,
    /// The most moves a game sent for review may have.
    pub max_plies: usize,
    /// The most reviews waiting for an engine (more are turned away, 503).
    pub queue: usize,
    /// The most new games one address may send for review in a day.
    pub per_day: usize,
    /// Syzygy tables for the engines, as `--syzygy-path` gives them.
    pub syzygy_path: Option<String>,
}

impl ReviewSettings {
    /// How game reviews run under `config` (their engines share the analysis
    /// engines' table size and tables).
    pub fn of(config: &ServerConfig) -> ReviewSettings {
        ReviewSettings {
            engines: config.review_engines,
            nodes: config.review_nodes,
            hash_mb: config.hash_mb,
            max_plies: config.review_max_plies,
            queue: config.review_queue,
            per_day: config.reviews_per_day,
            syzygy_path: config.syzygy_path.clone().filter(|path| !path.is_empty()),
        }
    }
}

impl Default for ReviewSettings {
    /// One engine, 300,000 nodes a position, 16 MB, games of up to 400
    /// plies, 256 reviews waiting, 100 new games a day per address.
    fn default() -> ReviewSettings {
        ReviewSettings {
            engines: 1,
            nodes: 300_000,
            hash_mb: 16,
            max_plies: 400,
            queue: 256,
            per_day: 100,
            syzygy_path: None,
        }
    }
}

/// What a review's watchers are told as it goes.
#[derive(Clone, Debug)]
pub enum ReviewEvent {
    /// Still waiting for an engine, with this many reviews ahead.
    Queued(usize),
    /// A position was analysed.
    Position(usize, ReviewedPosition),
    /// The review is complete.
    Done(Arc<ReviewReport>),
    /// The review failed (the store or the engine).
    Failed(String),
}

/// One review waiting or running.
#[derive(Debug)]
struct Job {
    id: ReviewId,
    visitor: String,
    game: ReplayedGame,
    events: broadcast::Sender<ReviewEvent>,
    /// Streams watching it: when the last one goes, the review stops.
    watchers: Mutex<usize>,
    cancelled: AtomicBool,
    /// The engine's stop handle while it runs.
    stop: Mutex<Option<StopHandle>>,
}

/// The queue and the reviews waiting or running, behind one lock.
#[derive(Debug, Default)]
struct Queue {
    waiting: VecDeque<Arc<Job>>,
    jobs: HashMap<ReviewId, Arc<Job>>,
    visitors: HashMap<String, ReviewId>,
    workers: usize,
    closed: bool,
}

/// What the reviewer and its engines share.
#[derive(Debug)]
struct Shared {
    store: Store,
    settings: ReviewSettings,
    queue: Mutex<Queue>,
    ready: Condvar,
    metrics: Arc<Metrics>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Tells each waiting review how many are ahead of it.
    fn announce(queue: &Queue) {
        for (ahead, job) in queue.waiting.iter().enumerate() {
            let _ = job.events.send(ReviewEvent::Queued(ahead));
        }
    }

    /// Forgets `job` (finished or abandoned), if it is still the one kept.
    fn forget(&self, queue: &mut Queue, job: &Arc<Job>) {
        if queue.jobs.get(&job.id).is_some_and(|kept| Arc::ptr_eq(kept, job)) {
            queue.jobs.remove(&job.id);
        }
        if queue.visitors.get(&job.visitor) == Some(&job.id) {
            queue.visitors.remove(&job.visitor);
        }
        let before = queue.waiting.len();
        queue.waiting.retain(|waiting| !Arc::ptr_eq(waiting, job));
        if queue.waiting.len() != before {
            Shared::announce(queue);
        }
        self.metrics.reviews_waiting.set(queue.waiting.len() as i64);
    }
}

/// The reviews of one server: its engines, its queue, and the store.
#[derive(Debug)]
pub struct Reviewer {
    shared: Arc<Shared>,
}

/// A stream's hold on a review: it keeps the review going while it lives.
#[derive(Debug)]
pub struct Watch {
    /// The review as far as it is analysed when the watch starts.
    pub report: ReviewReport,
    /// Reviews ahead of this one in the queue, if it waits.
    pub ahead: Option<usize>,
    /// What happens next; `None` when the review is complete already.
    pub events: Option<broadcast::Receiver<ReviewEvent>>,
    /// Stops the review when the last watch of it is dropped.
    pub guard: Option<WatchGuard>,
}

/// Dropped when a watcher goes; the last one stops the review.
#[derive(Debug)]
pub struct WatchGuard {
    job: Arc<Job>,
    shared: Arc<Shared>,
}

impl Drop for WatchGuard {
    fn drop(&mut self) {
        let mut queue = self.shared.lock();
        let mut watchers = self.job.watchers.lock().unwrap_or_else(PoisonError::into_inner);
        *watchers = watchers.saturating_sub(1);
        if *watchers == 0 {
            self.job.cancelled.store(true, Ordering::SeqCst);
            if let Some(stop) = self.job.stop.lock().unwrap_or_else(PoisonError::into_inner).as_ref() {
                stop.stop();
            }
            drop(watchers);
            self.shared.forget(&mut queue, &self.job);
        }
    }
}

impl Drop for Reviewer {
    /// Stops the engines' threads once their review ends.
    fn drop(&mut self) {
        let mut queue = self.shared.lock();
        queue.closed = true;
        for job in queue.jobs.values() {
            job.cancelled.store(true, Ordering::SeqCst);
            if let Some(stop) = job.stop.lock().unwrap_or_else(PoisonError::into_inner).as_ref() {
                stop.stop();
            }
        }
        self.shared.ready.notify_all();
    }
}

/// How many events a watcher may fall behind before it is sent the review
/// as a whole instead.
const EVENTS: usize = 64;

impl Reviewer {
    /// A reviewer over `store` with `settings`; its engines start with the
    /// first review.
    pub fn new(store: Store, settings: ReviewSettings, metrics: Arc<Metrics>) -> Reviewer {
        let shared = Shared { store, settings, queue: Mutex::default(), ready: Condvar::new(), metrics };
        Reviewer { shared: Arc::new(shared) }
    }

    /// The settings.
    pub fn settings(&self) -> &ReviewSettings {
        &self.shared.settings
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.shared.store
    }

    /// Review `id`'s game and its evaluations so far; 404 when there is no
    /// such review.
    async fn load(&self, id: &ReviewId) -> Result<(ReplayedGame, Vec<Option<PositionEval>>), ApiError> {
        let store = &self.shared.store;
        let record = store.review(id).await.map_err(storage)?.ok_or_else(|| no_review(id))?;
        let game =
            ReplayedGame::replay(record).map_err(|e| ApiError::internal(format!("the kept game is damaged: {e}")))?;
        let evals = store.evals(game.keys.clone()).await.map_err(storage)?;
        Ok((game, evals))
    }

    /// The review of `id` as far as it is analysed (with its puzzles once
    /// complete); 404 when there is no such review.
    pub async fn report(&self, id: &ReviewId) -> Result<ReviewReport, ApiError> {
        let (game, evals) = self.load(id).await?;
        self.complete_report(id, &game, &evals).await
    }

    /// The report of `game`, with its puzzles kept and listed when complete.
    async fn complete_report(
        &self,
        id: &ReviewId,
        game: &ReplayedGame,
        evals: &[Option<PositionEval>],
    ) -> Result<ReviewReport, ApiError> {
        let mut report = report::review(id.as_str(), game, evals, self.shared.settings.nodes);
        if report.complete {
            let made = puzzles::puzzles(id, game, evals, &report);
            let ids = self.shared.store.add_puzzles(made, ox88_web::task::now_ms()).await.map_err(storage)?;
            report.puzzles = ids.iter().map(ToString::to_string).collect();
        }
        Ok(report)
    }

    /// Watches review `id` for `visitor`: what is known now, and, unless it
    /// is complete, the review running (joined if it runs already, else
    /// queued). 404 for no such review, 429 when `visitor` has another
    /// review waiting or running, 503 when the queue is full.
    pub async fn watch(&self, id: &ReviewId, visitor: &str) -> Result<Watch, ApiError> {
        // Joined before the store is read, so that no evaluation made in
        // between is missed (each is kept before it is announced).
        let joined = self.join(id);
        let (game, evals) = self.load(id).await?;
        let report = self.complete_report(id, &game, &evals).await?;
        if report.complete {
            return Ok(Watch { report, ahead: None, events: None, guard: None });
        }
        let (events, guard, ahead) = match joined {
            Some(joined) => joined,
            None => self.enqueue(id, visitor, game)?,
        };
        Ok(Watch { report, ahead, events: Some(events), guard: Some(guard) })
    }

    /// Joins review `id` if it waits or runs.
    fn join(&self, id: &ReviewId) -> Option<(broadcast::Receiver<ReviewEvent>, WatchGuard, Option<usize>)> {
        let queue = self.shared.lock();
        let job = queue.jobs.get(id)?.clone();
        *job.watchers.lock().unwrap_or_else(PoisonError::into_inner) += 1;
        let ahead = queue.waiting.iter().position(|waiting| Arc::ptr_eq(waiting, &job));
        let events = job.events.subscribe();
        Some((events, WatchGuard { job, shared: self.shared.clone() }, ahead))
    }

    /// Queues review `id` of `game` for `visitor` (or joins it, if another
    /// watcher queued it in the meantime).
    fn enqueue(
        &self,
        id: &ReviewId,
        visitor: &str,
        game: ReplayedGame,
    ) -> Result<(broadcast::Receiver<ReviewEvent>, WatchGuard, Option<usize>), ApiError> {
        if let Some(joined) = self.join(id) {
            return Ok(joined);
        }
        let mut queue = self.shared.lock();
        if let Some(other) = queue.visitors.get(visitor) {
            let message = format!("your review {other} is still running: one review at a time");
            return Err(ApiError::new(ErrorCode::ReviewRunning, message));
        }
        if queue.closed || queue.waiting.len() >= self.shared.settings.queue {
            self.shared.metrics.busy.inc();
            return Err(ApiError::busy(Duration::from_secs(30)));
        }
        let (events, receiver) = broadcast::channel(EVENTS);
        let job = Arc::new(Job {
            id: id.clone(),
            visitor: visitor.to_owned(),
            game,
            events,
            watchers: Mutex::new(1),
            cancelled: AtomicBool::new(false),
            stop: Mutex::new(None),
        });
        queue.jobs.insert(id.clone(), job.clone());
        queue.visitors.insert(visitor.to_owned(), id.clone());
        queue.waiting.push_back(job.clone());
        let ahead = queue.waiting.len() - 1;
        self.shared.metrics.reviews_waiting.set(queue.waiting.len() as i64);
        if queue.workers < self.shared.settings.engines.max(1) {
            queue.workers += 1;
            spawn(self.shared.clone());
        }
        self.shared.ready.notify_one();
        Ok((receiver, WatchGuard { job, shared: self.shared.clone() }, Some(ahead)))
    }
}

/// 404 for a review that does not exist.
pub fn no_review(id: &impl std::fmt::Display) -> ApiError {
    ApiError::no_such("review", &id.to_string())
}

/// 503 for a store that failed.
pub fn storage(error: impl std::fmt::Display) -> ApiError {
    ApiError::storage(error)
}

// The review engines: each a thread with an engine of its own that takes
// the review at the head of the queue, searches each of its positions not
// analysed yet for the node budget, keeps and announces each evaluation,
// and at the end makes the puzzles.

/// Starts one engine's thread.
fn spawn(shared: Arc<Shared>) {
    let started = std::thread::Builder::new()
        .name("ox88-review".into())
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || run(&shared));
    if let Err(error) = started {
        tracing::error!(%error, "a review engine's thread could not start");
    }
}

/// The thread: reviews from the queue until the reviewer is dropped.
fn run(shared: &Shared) {
    if let Err(error) = priority::lower_this_thread() {
        tracing::warn!(%error, "a review engine runs at the service's priority");
    }
    let settings = Settings {
        hash_mb: shared.settings.hash_mb,
        threads: 1,
        syzygy_path: shared.settings.syzygy_path.clone(),
        ..Settings::default()
    };
    let mut engine = match Ox88::with_settings(settings) {
        Ok(engine) => engine,
        Err(error) => {
            tracing::error!(%error, "a review engine could not start");
            shared.lock().workers -= 1;
            return;
        }
    };
    // The store answers through futures: this thread waits for them on a
    // runtime of its own.
    let runtime = match tokio::runtime::Builder::new_current_thread().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            tracing::error!(%error, "a review engine's runtime could not start");
            shared.lock().workers -= 1;
            return;
        }
    };
    while let Some(job) = next(shared) {
        // Each review starts from a cleared engine, so that its scores do
        // not depend on the games reviewed before it.
        engine.new_game();
        *job.stop.lock().unwrap_or_else(PoisonError::into_inner) = Some(engine.stop_handle());
        let outcome = review(shared, &job, &mut engine, &runtime);
        if let Err(error) = outcome {
            let _ = job.events.send(ReviewEvent::Failed(error.to_string()));
        }
        let mut queue = shared.lock();
        shared.forget(&mut queue, &job);
    }
}

/// The next review to run, once one waits; `None` when the reviewer is gone.
fn next(shared: &Shared) -> Option<Arc<Job>> {
    let mut queue = shared.lock();
    loop {
        if queue.closed {
            queue.workers -= 1;
            return None;
        }
        if let Some(job) = queue.waiting.pop_front() {
            Shared::announce(&queue);
            shared.metrics.reviews_waiting.set(queue.waiting.len() as i64);
            return Some(job);
        }
        queue = shared.ready.wait(queue).unwrap_or_else(PoisonError::into_inner);
    }
}

/// Runs `job` to its end, or until its last watcher leaves.
fn review(shared: &Shared, job: &Job, engine: &mut Ox88, runtime: &tokio::runtime::Runtime) -> Result<(), StoreError> {
    let store: &Store = &shared.store;
    let mut evals = runtime.block_on(store.evals(job.game.keys.clone()))?;
    let budget = shared.settings.nodes.max(1);
    let mut failed = None;
    job.game.for_each_position(|ply, position| {
        // An evaluation of at least three quarters of the budget will do.
        if evals[ply].as_ref().is_some_and(|e| e.knodes.saturating_mul(4_000) >= budget.saturating_mul(3)) {
            return true;
        }
        if job.cancelled.load(Ordering::SeqCst) {
            return false;
        }
        let Some(eval) = search(engine, position, budget) else { return true };
        if job.cancelled.load(Ordering::SeqCst) {
            // Stopped part-way: not an evaluation of the budget.
            return false;
        }
        if let Err(error) = runtime.block_on(store.put_eval(position, &eval)) {
            failed = Some(error);
            return false;
        }
        shared.metrics.review_positions.inc();
        evals[ply] = Some(eval);
        let shown = report::position(&job.game, &evals, ply);
        let _ = job.events.send(ReviewEvent::Position(ply, shown));
        true
    });
    if let Some(error) = failed {
        return Err(error);
    }
    if job.cancelled.load(Ordering::SeqCst) {
        return Ok(());
    }
    let mut done = report::review(job.id.as_str(), &job.game, &evals, budget);
    if done.complete {
        let made = puzzles::puzzles(&job.id, &job.game, &evals, &done);
        let ids = runtime.block_on(store.add_puzzles(made, ox88_web::task::now_ms()))?;
        done.puzzles = ids.iter().map(ToString::to_string).collect();
    }
    let _ = job.events.send(ReviewEvent::Done(Arc::new(done)));
    Ok(())
}

/// `position` searched for `nodes`: its best line as an evaluation, or
/// `None` when the engine found no line (a position with no legal move is
/// never searched).
fn search(engine: &mut Ox88, position: &Position, nodes: u64) -> Option<PositionEval> {
    let mut last: Option<LineReport> = None;
    let result = engine.search(position, &Limits::nodes(nodes), &mut |report| {
        if let Some(line) = report.line().filter(|line| line.multipv <= 1 && !line.pv.is_empty()) {
            last = Some(line.clone());
        }
    });
    let nodes = result.nodes();
    let line = result.line.filter(|line| !line.pv.is_empty()).or(last)?;
    let moves: Vec<String> = line.pv.iter().map(|&m: &Move| position.uci(m).to_string()).collect();
    Some(PositionEval {
        depth: line.depth,
        knodes: nodes.max(line.nodes) / 1_000,
        lines: vec![EvalLine { moves, score: EvalScore::from(line.score) }],
    })
}
