//! [`AppState`]: what every handler shares: the configuration, the engine
//! pool, the endgame tables, the metrics, and (with the feature `web`) the
//! site's store with the game reviews kept in it. The engine's routes keep
//! nothing per client, so instances behind a load balancer answer them
//! alike; friend games and reviews live in the store of the instance that
//! made them.

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
    /// The page, the friend games and their store.
    #[cfg(feature = "web")]
    pub site: ox88_web::Site,
    /// The game reviews, over the site's store.
    #[cfg(feature = "web")]
    pub reviewer: crate::review::Reviewer,
}

impl AppState {
    /// The state for `config`: its tables opened, its engines built (each
    /// probing the same tables), its metrics at zero. A directory of
    /// `syzygy_path` that cannot be read is an error, and so is an
    /// `--explorer` folder that cannot be opened. With the feature `web`,
    /// game reviews are kept in memory ([`with_site`](Self::with_site) keeps
    /// them in a site's store).
    pub fn new(config: ServerConfig) -> Result<AppState, StartError> {
        #[cfg(feature = "web")]
        {
            // An in-memory database opens unless the process cannot allocate.
            let site = ox88_web::Site::open(ox88_web::WebConfig::in_memory()).expect("an in-memory store opens");
            AppState::with_site(config, site)
        }
        #[cfg(not(feature = "web"))]
        {
            let (pool, tablebase, metrics) = engines(&config)?;
            let explorer = open_explorer(&config)?;
            let openings = Arc::new(OpeningNames::lichess());
            Ok(AppState { config, pool, tablebase, metrics, explorer, openings })
        }
    }

    /// The state for `config` over `site`: game reviews kept in its store,
    /// visitors counted as it counts them.
    #[cfg(feature = "web")]
    pub fn with_site(config: ServerConfig, site: ox88_web::Site) -> Result<AppState, StartError> {
        let (pool, tablebase, metrics) = engines(&config)?;
        let explorer = open_explorer(&config)?;
        let openings = Arc::new(OpeningNames::lichess());
        let reviewer = crate::review::Reviewer::new(
            site.store().clone(),
            crate::review::ReviewSettings::of(&config),
            metrics.clone(),
        );
        Ok(AppState { config, pool, tablebase, metrics, explorer, openings, site, reviewer })
    }
}

/// The game collection of `config`'s `--explorer`, when given.
fn open_explorer(config: &ServerConfig) -> Result<Option<Arc<Explorer>>, ExplorerError> {
    Ok(config.explorer.as_deref().map(Explorer::open).transpose()?.map(Arc::new))
}

/// The engine pool, the tables (when given) and the metrics.
type Engines = (Arc<EnginePool>, Option<Arc<Tablebase>>, Arc<Metrics>);

/// The engine pool, the tables and the metrics of `config`.
fn engines(config: &ServerConfig) -> Result<Engines, SettingsError> {
    let metrics = Arc::new(Metrics::new());
    let syzygy_path = config.syzygy_path.clone().filter(|path| !path.is_empty());
    let tablebase = syzygy_path.as_deref().map(open_tables).transpose()?.map(Arc::new);
    let settings =
        Settings { hash_mb: config.hash_mb, threads: config.engine_threads, syzygy_path, ..Settings::default() };
    let pool = Arc::new(EnginePool::new(config.engines, &settings, config.queue_wait(), metrics.clone())?);
    Ok((pool, tablebase, metrics))
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
