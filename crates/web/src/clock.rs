//! [`GameClock`]: a chess clock kept by the server, the one authority on time.
//!
//! Time is passed in as milliseconds on a wall clock (`now`), so the clock is
//! plain data: the game task reads the system time, the tests choose it.

use ox88_board::Color;
use serde::{Deserialize, Serialize};

/// A time control: minutes for the game plus an increment per move (Fischer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Each side's time at the start, in milliseconds.
    pub initial_ms: u64,
    /// Added to a side's time after each of its moves, in milliseconds.
    pub increment_ms: u64,
}

/// The most time a game may have, so that sums of milliseconds never
/// overflow and a clock shows at most hours: ten hours.
pub const MAX_INITIAL_MS: u64 = 10 * 60 * 60 * 1000;

/// The largest increment: ten minutes.
pub const MAX_INCREMENT_MS: u64 = 10 * 60 * 1000;

impl TimeControl {
    /// A time control, refused (`None`) when it has no time at all or more
    /// than [`MAX_INITIAL_MS`] or [`MAX_INCREMENT_MS`].
    pub fn new(initial_ms: u64, increment_ms: u64) -> Option<TimeControl> {
        let valid = initial_ms > 0 && initial_ms <= MAX_INITIAL_MS && increment_ms <= MAX_INCREMENT_MS;
        valid.then_some(TimeControl { initial_ms, increment_ms })
    }
}

/// Both sides' remaining time, and which side's time is running since when.
///
/// The clock of the side to move runs only from the third ply on (after each
/// side has made its first move), as on most servers: nobody loses on time
/// before they have sat down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    control: TimeControl,
    /// White's and Black's time at the moment `since` (or now, if stopped).
    remaining: [u64; 2],
    /// The side whose time runs, and the wall-clock time it started running.
    running: Option<(Color, u64)>,
}

/// The old name of [`GameClock`], kept for one release.
#[deprecated(note = "renamed to GameClock")]
pub type Clock = GameClock;

/// A side ran out of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged(pub Color);

impl GameClock {
    /// A stopped clock with the control's initial time on both sides.
    pub fn new(control: TimeControl) -> GameClock {
        GameClock { control, remaining: [control.initial_ms; 2], running: None }
    }

    /// A stopped clock with the given times left, as stored after a move.
    pub fn resumed(control: TimeControl, white_ms: u64, black_ms: u64) -> GameClock {
        GameClock { control, remaining: [white_ms, black_ms], running: None }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// `color`'s time left at `now`, zero once it has run out.
    pub fn remaining(&self, color: Color, now: u64) -> u64 {
        let left = self.remaining[color.index()];
        match self.running {
            Some((runner, since)) if runner == color => left.saturating_sub(now.saturating_sub(since)),
            _ => left,
        }
    }

    /// The side whose time runs, if any.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(color, _)| color)
    }

    /// When the running side's time runs out, on the wall clock.
    pub fn flag_at(&self) -> Option<(Color, u64)> {
        self.running.map(|(color, since)| (color, since.saturating_add(self.remaining[color.index()])))
    }

    /// The side that has run out of time at `now`, if any.
    pub fn flagged(&self, now: u64) -> Option<Flagged> {
        self.flag_at().filter(|&(_, at)| now >= at).map(|(color, _)| Flagged(color))
    }

    /// `mover` has made its move number `ply` (0 for White's first) at `now`:
    /// its time stops, gains the increment, and the other side's starts
    /// (from ply 1 on, so that it runs from the third ply). A move made after
    /// the mover's time ran out is refused with [`Flagged`] and changes
    /// nothing.
    pub fn press(&mut self, mover: Color, ply: usize, now: u64) -> Result<(), Flagged> {
        if let Some(flag) = self.flagged(now) {
            return Err(flag);
        }
        let left = self.remaining(mover, now);
        let increment = if self.running.is_some() { self.control.increment_ms } else { 0 };
        self.remaining[mover.index()] = left.saturating_add(increment);
        self.running = (ply >= 1).then_some((!mover, now));
        Ok(())
    }

    /// Stops the clock at `now` (the game is over), keeping the times left.
    pub fn stop(&mut self, now: u64) {
        if let Some((color, _)) = self.running {
            self.remaining[color.index()] = self.remaining(color, now);
        }
        self.running = None;
    }

    /// Starts `color`'s time at `now` (a game resumed after a restart, whose
    /// side to move was on the clock when it was stored).
    pub fn start(&mut self, color: Color, now: u64) {
        self.running = Some((color, now));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blitz() -> GameClock {
        GameClock::new(TimeControl::new(60_000, 1_000).expect("a valid control"))
    }

    #[test]
    fn the_clock_runs_from_the_third_ply() {
        let mut clock = blitz();
        clock.press(Color::White, 0, 1_000).expect("in time");
        assert_eq!(clock.running(), None, "Black's first move is not timed");
        clock.press(Color::Black, 1, 9_000).expect("in time");
        assert_eq!(clock.running(), Some(Color::White));
        assert_eq!(clock.remaining(Color::White, 19_000), 50_000);
        assert_eq!(clock.remaining(Color::Black, 19_000), 60_000, "no increment for an untimed move");
    }

    #[test]
    fn a_move_takes_the_time_used_and_adds_the_increment() {
        let mut clock = blitz();
        clock.press(Color::White, 0, 0).expect("in time");
        clock.press(Color::Black, 1, 0).expect("in time");
        clock.press(Color::White, 2, 10_000).expect("in time");
        assert_eq!(clock.remaining(Color::White, 99_999), 51_000);
        assert_eq!(clock.running(), Some(Color::Black));
        assert_eq!(clock.flag_at(), Some((Color::Black, 70_000)));
    }

    #[test]
    fn a_move_after_the_flag_is_refused_and_changes_nothing() {
        let mut clock = blitz();
        clock.press(Color::White, 0, 0).expect("in time");
        clock.press(Color::Black, 1, 0).expect("in time");
        let before = clock.clone();
        assert_eq!(clock.press(Color::White, 2, 60_000), Err(Flagged(Color::White)));
        assert_eq!(clock, before);
        assert_eq!(clock.flagged(59_999), None);
        assert_eq!(clock.remaining(Color::White, 80_000), 0);
    }

    #[test]
    fn stop_keeps_the_time_left() {
        let mut clock = blitz();
        clock.press(Color::White, 0, 0).expect("in time");
        clock.press(Color::Black, 1, 0).expect("in time");
        clock.stop(25_000);
        assert_eq!(clock.running(), None);
        assert_eq!(clock.remaining(Color::White, 90_000), 35_000);
    }

    #[test]
    fn controls_out_of_range_are_refused() {
        assert!(TimeControl::new(0, 0).is_none());
        assert!(TimeControl::new(MAX_INITIAL_MS + 1, 0).is_none());
        assert!(TimeControl::new(60_000, MAX_INCREMENT_MS + 1).is_none());
    }
}
