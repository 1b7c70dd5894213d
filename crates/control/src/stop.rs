//! [`StopHandle`]: stops a running search, and signals a ponder hit, from
//! another thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A cloneable handle on a search's stop and ponder flags; clones share the
/// flags. The search polls them every thousand nodes or so, so a stop ends
/// it within a few milliseconds.
///
/// ox88-search's `Searcher` clears the flags when a search returns, so a
/// direct caller need not. The protocol drivers also call
/// [`reset`](Self::reset) before each search (with `true` for a ponder
/// search), so a stop meant for the last search cannot hit the next, and a
/// stop sent between `reset` and the start of the search is not lost.
///
/// ```
/// use ox88_control::StopHandle;
/// let handle = StopHandle::new();
/// let other_thread = handle.clone();
/// handle.reset(true);
/// assert!(other_thread.is_pondering());
/// other_thread.ponderhit();
/// other_thread.stop();
/// assert!(handle.is_stopped() && !handle.is_pondering());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopHandle {
    stop: Arc<AtomicBool>,
    pondering: Arc<AtomicBool>,
}

impl StopHandle {
    /// A handle that is neither stopped nor pondering.
    pub fn new() -> StopHandle {
        StopHandle::default()
    }
    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Release);
    }
    /// Whether a stop was asked for.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Acquire)
    }
    /// The opponent played the expected move: a ponder search becomes a
    /// normal search whose clock starts now.
    pub fn ponderhit(&self) {
        self.pondering.store(false, Ordering::Release);
    }
    /// Whether a ponder search is still waiting for its ponder hit: it must
    /// not stop on its own, and its clock has not started.
    #[inline]
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Acquire)
    }
    /// Clears the stop flag and sets the ponder flag, before a search.
    pub fn reset(&self, pondering: bool) {
        self.stop.store(false, Ordering::Release);
        self.pondering.store(pondering, Ordering::Release);
    }
}
