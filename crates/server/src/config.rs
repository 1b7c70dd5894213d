//! [`ServerConfig`]: where the server listens, its engines, and the limits on the
//! work any one request can cause; each a flag and an environment variable.

use clap::Parser;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

/// The server's configuration: `ox88-server --help` lists every flag with
/// its environment variable and default.
///
/// ```
/// use ox88_server::ServerConfig;
/// let config = ServerConfig::default();
/// assert_eq!(config.address().to_string(), "127.0.0.1:8088");
/// let busy = ServerConfig { engines: 4, ..ServerConfig::default() };
/// assert_eq!(busy.engines, 4);
/// ```
#[derive(Clone, Debug, Parser)]
#[command(name = "ox88-server", version, about = "The ox88 rules and analysis service over HTTP and JSON")]
pub struct ServerConfig {
    /// The address to listen on (loopback unless told otherwise).
    #[arg(long, env = "OX88_HOST", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub host: IpAddr,
    /// The port to listen on (0: any free port).
    #[arg(long, env = "OX88_PORT", default_value_t = 8088)]
    pub port: u16,
    /// Engines in the analysis pool: searches running at once.
    #[arg(long, env = "OX88_ENGINES", default_value_t = 2)]
    pub engines: usize,
    /// Search threads of each engine.
    #[arg(long, env = "OX88_ENGINE_THREADS", default_value_t = 1)]
    pub engine_threads: usize,
    /// Transposition table of each engine, in megabytes.
    #[arg(long, env = "OX88_HASH_MB", default_value_t = 16)]
    pub hash_mb: usize,
    /// How long a request waits for a free engine before 503, in
    /// milliseconds.
    #[arg(long, env = "OX88_QUEUE_WAIT_MS", default_value_t = 2_000)]
    pub queue_wait_ms: u64,
    /// The longest search any request gets, in milliseconds.
    #[arg(long, env = "OX88_MAX_MOVETIME_MS", default_value_t = 10_000)]
    pub max_movetime_ms: u64,
    /// The most nodes any search gets.
    #[arg(long, env = "OX88_MAX_NODES", default_value_t = 100_000_000)]
    pub max_nodes: u64,
    /// The deepest search any request gets, in plies.
    #[arg(long, env = "OX88_MAX_DEPTH", default_value_t = 64)]
    pub max_depth: u32,
    /// The most lines (MultiPV) an analysis reports.
    #[arg(long, env = "OX88_MAX_MULTIPV", default_value_t = 8)]
    pub max_multipv: usize,
    /// The deepest perft a request may ask for.
    #[arg(long, env = "OX88_MAX_PERFT_DEPTH", default_value_t = 7)]
    pub max_perft_depth: u32,
    /// The longest a perft may run, in milliseconds (it is refused when its
    /// estimated time is longer, and stopped when it takes longer).
    #[arg(long, env = "OX88_PERFT_TIME_MS", default_value_t = 10_000)]
    pub perft_time_ms: u64,
    /// The most moves one position or game in a request may list.
    #[arg(long, env = "OX88_MAX_MOVES", default_value_t = 1_000)]
    pub max_moves: usize,
    /// The most games a PGN request reads or writes.
    #[arg(long, env = "OX88_MAX_PGN_GAMES", default_value_t = 100)]
    pub max_pgn_games: usize,
    /// The largest JSON body, in kilobytes (PGN routes: `--max-pgn-kb`).
    #[arg(long, env = "OX88_MAX_BODY_KB", default_value_t = 64)]
    pub max_body_kb: usize,
    /// The largest body of the PGN routes, in kilobytes.
    #[arg(long, env = "OX88_MAX_PGN_KB", default_value_t = 1_024)]
    pub max_pgn_kb: usize,
    /// The longest a request may take before 503 (streams excepted: they
    /// end with their search), in milliseconds.
    #[arg(long, env = "OX88_REQUEST_TIMEOUT_MS", default_value_t = 30_000)]
    pub request_timeout_ms: u64,
    /// Directories of Syzygy endgame tables, separated as `PATH` is (`:`;
    /// `;` on Windows): position answers then give the tables' verdict,
    /// and the engines probe them as their `SyzygyPath`.
    #[arg(long, env = "OX88_SYZYGY_PATH")]
    pub syzygy_path: Option<String>,
    /// The game collection served at `/api/v1/explorer`: an explorer
    /// folder made by `ox88-db explorer add`.
    #[arg(long, env = "OX88_EXPLORER")]
    pub explorer: Option<std::path::PathBuf>,
    /// Engines for game reviews, apart from the analysis pool: reviews
    /// running at once (the rest wait in a queue). Their threads run at the
    /// lowest priority (nice 19, on Linux), after everything else.
    #[arg(long, env = "OX88_REVIEW_ENGINES", default_value_t = 1)]
    pub review_engines: usize,
    /// The nodes each position of a reviewed game is searched for.
    #[arg(long, env = "OX88_REVIEW_NODES", default_value_t = 300_000)]
    pub review_nodes: u64,
    /// The most moves (plies) of a game sent for review.
    #[arg(long, env = "OX88_REVIEW_MAX_PLIES", default_value_t = 400)]
    pub review_max_plies: usize,
    /// The most reviews waiting for a review engine (then 503).
    #[arg(long, env = "OX88_REVIEW_QUEUE", default_value_t = 256)]
    pub review_queue: usize,
    /// The most new games one address may send for review in a day.
    #[arg(long, env = "OX88_REVIEWS_PER_DAY", default_value_t = 100)]
    pub reviews_per_day: usize,
}

/// The old name of [`ServerConfig`], kept for one release.
#[deprecated(note = "renamed to ServerConfig")]
pub type Config = ServerConfig;

impl Default for ServerConfig {
    /// The defaults of the flags (environment variables are not read).
    fn default() -> ServerConfig {
        ServerConfig {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8088,
            engines: 2,
            engine_threads: 1,
            hash_mb: 16,
            queue_wait_ms: 2_000,
            max_movetime_ms: 10_000,
            max_nodes: 100_000_000,
            max_depth: 64,
            max_multipv: 8,
            max_perft_depth: 7,
            perft_time_ms: 10_000,
            max_moves: 1_000,
            max_pgn_games: 100,
            max_body_kb: 64,
            max_pgn_kb: 1_024,
            request_timeout_ms: 30_000,
            syzygy_path: None,
            explorer: None,
            review_engines: 1,
            review_nodes: 300_000,
            review_max_plies: 400,
            review_queue: 256,
            reviews_per_day: 100,
        }
    }
}

impl ServerConfig {
    /// The socket address to listen on.
    pub fn address(&self) -> SocketAddr {
        SocketAddr::new(self.host, self.port)
    }
    /// How long a request waits for an engine.
    pub fn queue_wait(&self) -> Duration {
        Duration::from_millis(self.queue_wait_ms)
    }
    /// The longest search.
    pub fn max_movetime(&self) -> Duration {
        Duration::from_millis(self.max_movetime_ms)
    }
    /// The longest perft.
    pub fn perft_time(&self) -> Duration {
        Duration::from_millis(self.perft_time_ms)
    }
    /// The longest ordinary request.
    pub fn request_timeout(&self) -> Duration {
        Duration::from_millis(self.request_timeout_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_flags_defaults() {
        // A flag's default and Default must not drift apart.
        let parsed = ServerConfig::try_parse_from(["ox88-server"]).expect("no flags");
        assert_eq!(format!("{parsed:?}"), format!("{:?}", ServerConfig::default()));
        let flags =
            ServerConfig::try_parse_from(["ox88-server", "--port", "0", "--engines", "3", "--syzygy-path", "/tb"])
                .expect("flags");
        assert_eq!((flags.port, flags.engines, flags.syzygy_path.as_deref()), (0, 3, Some("/tb")));
    }
}
