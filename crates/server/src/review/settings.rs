//! How reviews run: the number of engines, the nodes a position gets, and
//! the bounds on the work one visitor can ask for.

use crate::config::ServerConfig;

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
