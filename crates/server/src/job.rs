//! [`SearchJob`]: one request's search, from its checked input to the
//! engine's result: the position read, the search counted, an engine
//! leased from the pool with its stop handle reset, and the search run on
//! it. The analysis, its stream and the best-move routes share it.

use crate::input::PositionInput;
use crate::metrics::Metrics;
use crate::pool::Lease;
use crate::search::{self, Capped, StopOnDrop};
use crate::state::AppState;
use ox88::control::{LineReport, StopHandle};
use ox88::protocol::{Engine, SearchResult};
use ox88::Position;
use ox88_http::ApiError;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A search ready to run: its position, its capped limits and an engine.
#[derive(Debug)]
pub struct SearchJob {
    /// The position to search.
    pub position: Position,
    /// The limits, after the server's caps.
    pub capped: Capped,
    lease: Lease,
    stop: StopHandle,
    metrics: Arc<Metrics>,
}

/// A search that ended: its position and limits, the engine's result and
/// the time it took. The engine is back in the pool.
#[derive(Debug)]
pub struct Finished {
    /// The position searched.
    pub position: Position,
    /// The limits it was searched with.
    pub capped: Capped,
    /// The engine's result.
    pub result: SearchResult,
    /// How long the search took.
    pub time: Duration,
}

impl SearchJob {
    /// Reads the request's position, counts the search (and whether it is
    /// capped), and waits for an engine: 422 for a bad position, 503 when
    /// every engine stays busy. The engine's stop handle is reset, so that
    /// a stop sent from now on counts.
    pub async fn start(state: &AppState, input: &PositionInput, capped: Capped) -> Result<SearchJob, ApiError> {
        let position = input.read("", state.config.max_moves)?.position;
        state.metrics.searches.inc();
        if capped.capped {
            state.metrics.searches_capped.inc();
        }
        let mut lease = state.pool.acquire().await?;
        let stop = lease.engine().stop_handle();
        stop.reset(false);
        Ok(SearchJob { position, capped, lease, stop, metrics: state.metrics.clone() })
    }

    /// A guard that stops the search when dropped: held by whatever waits
    /// for it (a handler, a stream), so that a client who goes away stops
    /// it.
    pub fn stop_on_drop(&self) -> StopOnDrop {
        StopOnDrop(self.stop.clone())
    }

    /// Runs `work` with this job on the blocking threads (where it calls
    /// [`run`](Self::run)) and waits for its answer; the search is stopped
    /// if the caller is dropped first (the client went away).
    pub async fn on_blocking_thread<T: Send + 'static>(
        self,
        work: impl FnOnce(SearchJob) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let _guard = self.stop_on_drop();
        tokio::task::spawn_blocking(move || work(self)).await.map_err(|_| ApiError::internal("the search failed"))
    }

    /// Runs the search (blocking: call it on the blocking threads), handing
    /// each line to `on_line` as it comes, and gives the engine back (to be
    /// cleared on another blocking thread, when there is a runtime).
    pub fn run(mut self, on_line: &mut dyn FnMut(&Position, &LineReport)) -> Finished {
        let started = Instant::now();
        let position = &self.position;
        let result = search::run(&mut self.lease, position, &self.capped.limits, self.capped.multipv, &mut |line| {
            on_line(position, line);
        });
        let time = started.elapsed();
        self.metrics.search_seconds.observe(time.as_secs_f64());
        // The engine is cleared as it goes back to the pool (milliseconds
        // for its table): on another blocking thread, so that the answer
        // does not wait for it. The pool counts it busy until then.
        let lease = self.lease;
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => drop(runtime.spawn_blocking(move || drop(lease))),
            Err(_) => drop(lease),
        }
        Finished { position: self.position, capped: self.capped, result, time }
    }
}
