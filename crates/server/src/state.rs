//! [`AppState`]: what every handler shares: the configuration, the engine
//! pool and the metrics. It holds no per-client state, so instances behind
//! a load balancer are interchangeable.

use crate::config::Config;
use crate::metrics::Metrics;
use crate::pool::EnginePool;
use ox88::Settings;
use std::sync::Arc;

/// The shared state of the handlers.
#[derive(Debug)]
pub struct AppState {
    /// The configuration and limits.
    pub config: Config,
    /// The engines.
    pub pool: Arc<EnginePool>,
    /// The counters `/metrics` reports.
    pub metrics: Arc<Metrics>,
}

impl AppState {
    /// The state for `config`: its engines built, its metrics at zero.
    pub fn new(config: Config) -> AppState {
        let metrics = Arc::new(Metrics::new());
        let settings = Settings { hash_mb: config.hash_mb, threads: config.engine_threads, ..Settings::default() };
        let pool = Arc::new(EnginePool::new(config.engines, &settings, config.queue_wait(), metrics.clone()));
        AppState { config, pool, metrics }
    }
}
