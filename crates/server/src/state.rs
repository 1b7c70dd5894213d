//! [`AppState`]: what every handler shares: the configuration, the engine
//! pool, the endgame tables and the metrics. It holds no per-client state,
//! so instances behind a load balancer are interchangeable.

use crate::config::ServerConfig;
use crate::metrics::Metrics;
use crate::pool::EnginePool;
use ox88::syzygy::Tablebase;
use ox88::{Settings, SettingsError};
use ox88_explorer::{Explorer, ExplorerError, OpeningNames};
use std::sync::Arc;

/// Why the server could not start: its engines or tables, or its game
/// collection.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The engines' settings or the Syzygy tables.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// The explorer folder of `--explorer`.
    #[error("--explorer: {0}")]
    Explorer(#[from] ExplorerError),
}

/// The shared state of the handlers.
#[derive(Debug)]
pub struct AppState {
    /// The configuration and limits.
    pub config: ServerConfig,
    /// The engines.
    pub pool: Arc<EnginePool>,
    /// The Syzygy tables of `--syzygy-path`, when given.
    pub tablebase: Option<Arc<Tablebase>>,
    /// The counters `/metrics` reports.
    pub metrics: Arc<Metrics>,
    /// The game collection of `--explorer`, when given.
    pub explorer: Option<Arc<Explorer>>,
    /// The names of opening positions (lichess's chess-openings), for the
    /// explorer's `opening`.
    pub openings: Arc<OpeningNames>,
}

impl AppState {
    /// The state for `config`: its tables opened, its engines built (each
    /// probing the same tables), its metrics at zero. A directory of
    /// `syzygy_path` that cannot be read is an error.
    pub fn new(config: ServerConfig) -> Result<AppState, StartError> {
        let metrics = Arc::new(Metrics::new());
        let syzygy_path = config.syzygy_path.clone().filter(|path| !path.is_empty());
        let tablebase = syzygy_path.as_deref().map(open_tables).transpose()?.map(Arc::new);
        let settings =
            Settings { hash_mb: config.hash_mb, threads: config.engine_threads, syzygy_path, ..Settings::default() };
        let pool = Arc::new(EnginePool::new(config.engines, &settings, config.queue_wait(), metrics.clone())?);
        let explorer = config.explorer.as_deref().map(Explorer::open).transpose()?.map(Arc::new);
        let openings = Arc::new(OpeningNames::lichess());
        Ok(AppState { config, pool, tablebase, metrics, explorer, openings })
    }
}

/// The tables of the directories in `path`, separated as `PATH` is (the
/// engine reads its `SyzygyPath` the same way).
fn open_tables(path: &str) -> Result<Tablebase, SettingsError> {
    let mut tables = Tablebase::new();
    for directory in std::env::split_paths(path) {
        tables.add_directory(directory)?;
    }
    Ok(tables)
}
