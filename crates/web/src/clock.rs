//! The friend games' clocks: ox88-control's [`GameClock`] and
//! [`TimeControl`], the server being the one authority on time, with the
//! bounds a visitor's game may ask for.
//!
//! The games' time is milliseconds on the system's wall clock
//! ([`crate::task::now_ms`]), passed to the clock as a [`Duration`]; the
//! clock itself never reads the time.

pub use ox88_control::{Flagged, GameClock, TimeControl};
use std::time::Duration;

/// The old name of [`GameClock`], kept for one release.
#[deprecated(note = "renamed to GameClock (ox88-control's, re-exported here)")]
pub type Clock = GameClock;

/// The most time a game may have, so that sums of milliseconds never
/// overflow and a clock shows at most hours: ten hours.
pub const MAX_INITIAL_MS: u64 = 10 * 60 * 60 * 1000;

/// The largest increment: ten minutes.
pub const MAX_INCREMENT_MS: u64 = 10 * 60 * 1000;

/// A friend game's time control: `initial_ms` for the game plus
/// `increment_ms` a move; `None` when it has no time at all or more than
/// [`MAX_INITIAL_MS`] or [`MAX_INCREMENT_MS`].
pub fn friend_time_control(initial_ms: u64, increment_ms: u64) -> Option<TimeControl> {
    let valid = initial_ms > 0 && initial_ms <= MAX_INITIAL_MS && increment_ms <= MAX_INCREMENT_MS;
    valid.then(|| TimeControl::new(Duration::from_millis(initial_ms), Duration::from_millis(increment_ms)))
}

/// A time on the games' wall clock (milliseconds) as the clock's time.
pub(crate) fn at(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

/// A clock's time in whole milliseconds, as the store and the protocol
/// keep it.
pub(crate) fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_out_of_range_are_refused() {
        assert!(friend_time_control(0, 0).is_none());
        assert!(friend_time_control(MAX_INITIAL_MS + 1, 0).is_none());
        assert!(friend_time_control(60_000, MAX_INCREMENT_MS + 1).is_none());
        let blitz = friend_time_control(300_000, 2_000).expect("in range");
        assert_eq!(blitz.to_string(), "300+2");
    }
}
