//! [`Timeouts`]: how long the client waits for each kind of answer, so that
//! no wait is without a limit.

use std::time::Duration;

/// How long the client waits for each kind of answer from an engine. When a
/// limit passes, the call fails with [`EngineError::Timeout`](crate::EngineError::Timeout)
/// and the engine is shut down.
///
/// ```
/// use ox88_client::Timeouts;
/// use std::time::Duration;
/// let patient = Timeouts { ready: Duration::from_secs(60), ..Timeouts::default() };
/// assert_eq!(patient.handshake, Duration::from_secs(10));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// From the start to the end of the handshake (UCI `uciok`, CECP
    /// `feature done=1`). Default 10 s.
    pub handshake: Duration,
    /// CECP: how long to wait for the first `feature` line after `protover
    /// 2` before nudging the engine with a `ping` (the specification's two
    /// seconds). Default 2 s.
    pub features: Duration,
    /// For an answer to a synchronisation request (UCI `isready`, CECP
    /// `ping`), and for the end of a search the client stopped. Default 10 s.
    pub ready: Duration,
    /// Added to the time a search may take by its limits (the move time, or
    /// the clock of the side to move) before the engine counts as hung.
    /// Default 1 s.
    pub search_margin: Duration,
    /// The longest a search may take when its limits set no time (a depth,
    /// node or mate limit), and the longest silence tolerated from an
    /// infinite analysis. Default one hour.
    pub unbounded_search: Duration,
    /// How long an engine told to quit gets to exit before it is killed.
    /// Default 1 s.
    pub quit: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            handshake: Duration::from_secs(10),
            features: Duration::from_secs(2),
            ready: Duration::from_secs(10),
            search_margin: Duration::from_secs(1),
            unbounded_search: Duration::from_secs(3600),
            quit: Duration::from_secs(1),
        }
    }
}
