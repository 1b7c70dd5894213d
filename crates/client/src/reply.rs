//! [`Reply`]: a one-shot future that a worker thread completes, with no
//! runtime of its own, so that it works under tokio, async-std, smol or a
//! hand-written executor alike.

use crate::EngineError;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, Waker};

/// What the worker hands over, and who waits for it.
struct Slot<T> {
    value: Option<T>,
    waker: Option<Waker>,
    /// The worker dropped its end without a value (it panicked, or it had
    /// stopped before the job arrived).
    abandoned: bool,
}

fn lock<T>(slot: &Mutex<Slot<T>>) -> MutexGuard<'_, Slot<T>> {
    // A panic while the lock is held leaves a slot that is still consistent
    // (each field is written in one step), so a poisoned lock is used as is.
    slot.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The answer of an [`AsyncEngine`](crate::AsyncEngine) call, to `.await`.
///
/// It resolves to the call's value, or to [`EngineError::Dead`] if the
/// engine's worker thread ended without answering (a call that panicked
/// ends it). Dropping it does not cancel the call: the engine finishes what
/// it was asked, as the blocking API would.
#[must_use = "a reply does nothing unless awaited"]
pub struct Reply<T> {
    slot: Arc<Mutex<Slot<T>>>,
}

/// The worker's end of a [`Reply`].
pub(crate) struct Fulfil<T> {
    slot: Arc<Mutex<Slot<T>>>,
}

/// A connected reply and its worker's end.
pub(crate) fn reply<T>() -> (Fulfil<T>, Reply<T>) {
    let slot = Arc::new(Mutex::new(Slot { value: None, waker: None, abandoned: false }));
    (Fulfil { slot: Arc::clone(&slot) }, Reply { slot })
}

impl<T> Fulfil<T> {
    /// Hands `value` to the waiting future and wakes it.
    pub(crate) fn send(self, value: T) {
        let waker = {
            let mut slot = lock(&self.slot);
            slot.value = Some(value);
            slot.waker.take()
        };
        if let Some(waker) = waker {
            waker.wake();
        }
        // Dropping `self` now finds the value given and marks nothing.
    }
}

impl<T> Drop for Fulfil<T> {
    fn drop(&mut self) {
        let waker = {
            let mut slot = lock(&self.slot);
            if slot.value.is_some() {
                return;
            }
            slot.abandoned = true;
            slot.waker.take()
        };
        if let Some(waker) = waker {
            waker.wake();
        }
    }
}

impl<T> Future for Reply<T> {
    type Output = Result<T, EngineError>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut slot = lock(&self.slot);
        if let Some(value) = slot.value.take() {
            Poll::Ready(Ok(value))
        } else if slot.abandoned {
            Poll::Ready(Err(EngineError::Dead("the engine's worker thread ended without answering".into())))
        } else {
            slot.waker = Some(cx.waker().clone());
            Poll::Pending
        }
    }
}

impl<T> std::fmt::Debug for Reply<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let slot = lock(&self.slot);
        f.debug_struct("Reply").field("ready", &slot.value.is_some()).field("abandoned", &slot.abandoned).finish()
    }
}
