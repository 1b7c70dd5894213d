//! [`EnginePool`]: a fixed number of engines, each searching for one request
//! at a time. A request waits a bounded time for one, then gets 503.

use crate::metrics::Metrics;
use ox88::protocol::Engine;
use ox88::{Ox88, Settings, SettingsError};
use ox88_http::ApiError;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The pool: `size` engines behind a semaphore of as many permits.
pub struct EnginePool {
    permits: Arc<Semaphore>,
    idle: Mutex<Vec<Ox88>>,
    size: usize,
    wait: Duration,
    metrics: Arc<Metrics>,
}

impl std::fmt::Debug for EnginePool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EnginePool").field("size", &self.size).field("in_use", &self.in_use()).finish()
    }
}

impl EnginePool {
    /// `size` engines (at least one) with `settings`, for requests that
    /// wait at most `wait` for one; an error when the settings name files
    /// (tables, a book, a network) that cannot be read.
    pub fn new(
        size: usize,
        settings: &Settings,
        wait: Duration,
        metrics: Arc<Metrics>,
    ) -> Result<EnginePool, SettingsError> {
        let size = size.max(1);
        let idle = (0..size).map(|_| Ox88::with_settings(settings.clone())).collect::<Result<Vec<Ox88>, _>>()?;
        metrics.engines.set(size as i64);
        Ok(EnginePool { permits: Arc::new(Semaphore::new(size)), idle: Mutex::new(idle), size, wait, metrics })
    }

    /// Engines in the pool.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Engines lent out now.
    pub fn in_use(&self) -> usize {
        self.size - self.permits.available_permits()
    }

    /// An engine, once one is free; 503 with `Retry-After` when none is
    /// free within the pool's wait.
    pub async fn acquire(self: &Arc<Self>) -> Result<Lease, ApiError> {
        let permit = match tokio::time::timeout(self.wait, self.permits.clone().acquire_owned()).await {
            Ok(Ok(permit)) => permit,
            // The semaphore is never closed; a timeout means every engine
            // stayed busy.
            Ok(Err(_)) | Err(_) => {
                self.metrics.busy.inc();
                return Err(ApiError::busy(self.wait.max(Duration::from_secs(1))));
            }
        };
        let engine = self.idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
        // A permit is held for each engine lent, so one is idle.
        let engine = engine.expect("a permit means an idle engine");
        self.metrics.engines_in_use.set(self.in_use() as i64);
        Ok(Lease { engine: Some(engine), pool: self.clone(), _permit: permit })
    }
}

/// An engine lent to one request; it goes back to the pool when dropped,
/// even when the search panicked.
pub struct Lease {
    engine: Option<Ox88>,
    pool: Arc<EnginePool>,
    _permit: OwnedSemaphorePermit,
}

impl std::fmt::Debug for Lease {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lease").finish_non_exhaustive()
    }
}

impl Lease {
    /// The engine.
    pub fn engine(&mut self) -> &mut Ox88 {
        self.engine.as_mut().expect("an engine until dropped")
    }
}

impl Drop for Lease {
    /// Clears the engine (its table and histories: every search starts
    /// from a cleared engine, so that an answer does not depend on earlier
    /// requests) and gives it back. Clearing costs milliseconds, so the
    /// searches drop their lease after they answer ([`SearchJob::run`](crate::job::SearchJob::run)).
    fn drop(&mut self) {
        if let Some(mut engine) = self.engine.take() {
            engine.new_game();
            self.pool.idle.lock().unwrap_or_else(PoisonError::into_inner).push(engine);
        }
        // The permit is released after this body: count it as free now.
        let in_use = self.pool.in_use().saturating_sub(1);
        self.pool.metrics.engines_in_use.set(in_use as i64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_pool_answers_busy_after_its_wait_and_lends_again_when_freed() {
        let settings = Settings { hash_mb: 1, ..Settings::default() };
        let pool =
            EnginePool::new(1, &settings, Duration::from_millis(50), Arc::new(Metrics::new())).expect("an engine");
        let pool = Arc::new(pool);
        let lease = pool.acquire().await.expect("a free engine");
        assert_eq!(pool.in_use(), 1);
        let error = pool.acquire().await.expect_err("no free engine");
        assert_eq!(error.status(), axum::http::StatusCode::SERVICE_UNAVAILABLE);
        drop(lease);
        assert_eq!(pool.in_use(), 0);
        assert!(pool.acquire().await.is_ok());
    }
}
