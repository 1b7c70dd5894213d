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
mod queue;
pub mod rating;
pub mod report;
mod settings;
mod worker;

pub use queue::ReviewEvent;
pub use settings::ReviewSettings;

use crate::metrics::Metrics;
use game::ReplayedGame;
use ox88_http::{ApiError, ErrorCode};
use ox88_web::ids::ReviewId;
use ox88_web::store::{PositionEval, Store};
use queue::{Job, Shared};
use report::ReviewReport;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::broadcast;

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
            worker::spawn(self.shared.clone());
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
