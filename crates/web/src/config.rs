//! [`WebConfig`]: where friend games are stored and the limits that keep one
//! visitor from taking the server for themselves.

use std::path::PathBuf;

/// The settings of the page and the friend games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebConfig {
    /// The SQLite file of the friend games (created if missing); `:memory:`
    /// keeps them only while the process runs.
    pub database: PathBuf,
    /// How many unfinished games one address may have created in the last
    /// day (abandoned games stop counting after a day).
    pub max_open_games_per_address: usize,
    /// The largest WebSocket message a connection may send, in bytes.
    pub max_message_bytes: usize,
    /// The messages a connection may send per second, on average.
    pub messages_per_second: u32,
    /// The messages a connection may send in a burst; past it (a flood) the
    /// connection is closed.
    pub message_burst: u32,
    /// Take the visitor's address from the `X-Forwarded-For` header (set
    /// this only behind a reverse proxy that writes that header itself).
    pub trust_forwarded_for: bool,
}

impl Default for WebConfig {
    /// Games in `ox88-games.sqlite` in the working directory; 20 open games
    /// per address; messages of at most 1 KiB, 10 a second in bursts of 40.
    fn default() -> WebConfig {
        WebConfig {
            database: PathBuf::from("ox88-games.sqlite"),
            max_open_games_per_address: 20,
            max_message_bytes: 1024,
            messages_per_second: 10,
            message_burst: 40,
            trust_forwarded_for: false,
        }
    }
}

impl WebConfig {
    /// The defaults with games kept in memory only (tests, demonstrations).
    pub fn in_memory() -> WebConfig {
        WebConfig { database: PathBuf::from(":memory:"), ..WebConfig::default() }
    }
}
