//! The reviews waiting or running, and what the reviewer shares with its
//! engines' threads.

use super::game::ReplayedGame;
use super::report::{ReviewReport, ReviewedPosition};
use super::settings::ReviewSettings;
use crate::metrics::Metrics;
use ox88::control::StopHandle;
use ox88_web::ids::ReviewId;
use ox88_web::store::Store;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use tokio::sync::broadcast;

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
pub(super) struct Job {
    pub(super) id: ReviewId,
    pub(super) visitor: String,
    pub(super) game: ReplayedGame,
    pub(super) events: broadcast::Sender<ReviewEvent>,
    /// Streams watching it: when the last one goes, the review stops.
    pub(super) watchers: Mutex<usize>,
    pub(super) cancelled: AtomicBool,
    /// The engine's stop handle while it runs.
    pub(super) stop: Mutex<Option<StopHandle>>,
}

/// The queue and the reviews waiting or running, behind one lock.
#[derive(Debug, Default)]
pub(super) struct Queue {
    pub(super) waiting: VecDeque<Arc<Job>>,
    pub(super) jobs: HashMap<ReviewId, Arc<Job>>,
    pub(super) visitors: HashMap<String, ReviewId>,
    pub(super) workers: usize,
    pub(super) closed: bool,
}

/// What the reviewer and its engines share.
#[derive(Debug)]
pub(super) struct Shared {
    pub(super) store: Store,
    pub(super) settings: ReviewSettings,
    pub(super) queue: Mutex<Queue>,
    pub(super) ready: Condvar,
    pub(super) metrics: Arc<Metrics>,
}

impl Shared {
    pub(super) fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Tells each waiting review how many are ahead of it.
    pub(super) fn announce(queue: &Queue) {
        for (ahead, job) in queue.waiting.iter().enumerate() {
            let _ = job.events.send(ReviewEvent::Queued(ahead));
        }
    }

    /// Forgets `job` (finished or abandoned), if it is still the one kept.
    pub(super) fn forget(&self, queue: &mut Queue, job: &Arc<Job>) {
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
