//! [`GameClock`]: a chess clock for both sides of a game, and [`Flagged`],
//! a side out of time.
//!
//! The clock never reads the system's time: every call that needs the time
//! is given it (`now`, a [`Duration`] since any start the caller keeps, the
//! same for every call), so the clock is plain data that a server, a match
//! runner or a test drives alike.

use crate::TimeControl;
use crate::TimeLeft;
use ox88_board::{ByColor, Color};
use std::time::Duration;

/// Both sides' time: each side's [`TimeControl`] (or none: an untimed side),
/// the time each has left, the moves each has made, and whose time runs
/// since when.
///
/// A side's time runs from [`start`](Self::start) or from the opponent's
/// [`press`](Self::press) until its own press, which takes the time used,
/// adds the increment, adds the base again when a period of `moves` moves
/// is complete, and starts the opponent's time. When to start is the
/// caller's rule: a match runner starts the first mover's time at once, a
/// server for people may leave each side's first move untimed.
///
/// ```
/// use ox88_board::Color;
/// use ox88_control::{GameClock, TimeControl};
/// use std::time::Duration;
/// let s = Duration::from_secs;
/// let mut clock = GameClock::new("60+1".parse()?);
/// clock.start(Color::White, s(0));
/// clock.press(Color::White, s(10)).expect("in time"); // 60 - 10 + 1
/// assert_eq!(clock.remaining(Color::White, s(20)), s(51));
/// assert_eq!(clock.remaining(Color::Black, s(20)), s(50), "Black's time runs");
/// assert_eq!(clock.flag_at(), Some((Color::Black, s(70))));
/// assert!(clock.press(Color::Black, s(70)).is_err(), "too late: the flag fell");
/// # Ok::<(), ox88_control::ParseTimeControlError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    controls: ByColor<Option<TimeControl>>,
    /// Each side's time at the moment its time started to run (or now, for
    /// the side whose time stands).
    remaining: ByColor<Duration>,
    /// Moves each side has made, for controls of several periods.
    moves: ByColor<u32>,
    /// How far each side may overrun its time before its flag falls: an
    /// allowance for lag between the clock and the player.
    grace: ByColor<Duration>,
    /// The side whose time runs, and when it started to run.
    running: Option<(Color, Duration)>,
}

/// A side ran out of time: its flag fell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} ran out of time", .0.name())]
pub struct Flagged(pub Color);

impl GameClock {
    /// A stopped clock with `control`'s time on both sides.
    pub fn new(control: TimeControl) -> GameClock {
        GameClock::with_controls(ByColor::new(Some(control), Some(control)))
    }

    /// A stopped clock with a control for each side (time odds), `None` for
    /// a side that is not timed (whose time is zero and never runs out).
    pub fn with_controls(controls: ByColor<Option<TimeControl>>) -> GameClock {
        GameClock {
            controls,
            remaining: controls.map(|c| c.map_or(Duration::ZERO, |c| c.base)),
            moves: ByColor::new(0, 0),
            grace: ByColor::new(Duration::ZERO, Duration::ZERO),
            running: None,
        }
    }

    /// The clock with `remaining` time on each side (a clock stored and
    /// brought back), stopped.
    pub fn with_remaining(self, remaining: ByColor<Duration>) -> GameClock {
        GameClock { remaining, running: None, ..self }
    }

    /// The clock with each side allowed to overrun its time by its `grace`
    /// before its flag falls (cutechess's `timemargin`).
    pub fn with_grace(self, grace: ByColor<Duration>) -> GameClock {
        GameClock { grace, ..self }
    }

    /// `color`'s time control, `None` if it is not timed.
    pub fn control(&self, color: Color) -> Option<TimeControl> {
        self.controls[color]
    }

    /// `color`'s time left at `now`, zero once it has run out.
    pub fn remaining(&self, color: Color, now: Duration) -> Duration {
        let left = self.remaining[color];
        match self.running {
            Some((runner, since)) if runner == color => left.saturating_sub(now.saturating_sub(since)),
            _ => left,
        }
    }

    /// Both sides' time left at `now`.
    fn remaining_both(&self, now: Duration) -> ByColor<Duration> {
        ByColor::new(self.remaining(Color::White, now), self.remaining(Color::Black, now))
    }

    /// The moves `color` has made on this clock.
    pub fn moves_made(&self, color: Color) -> u32 {
        self.moves[color]
    }

    /// The side whose time runs, if any.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(color, _)| color)
    }

    /// When the running side's flag falls (its time, and its grace, run
    /// out), if a timed side's time runs.
    pub fn flag_at(&self) -> Option<(Color, Duration)> {
        let (color, since) = self.running?;
        self.controls[color]?;
        Some((color, since.saturating_add(self.remaining[color]).saturating_add(self.grace[color])))
    }

    /// The side whose flag has fallen at `now`, if any.
    pub fn flagged(&self, now: Duration) -> Option<Flagged> {
        self.flag_at().filter(|&(_, at)| now >= at).map(|(color, _)| Flagged(color))
    }

    /// Starts `color`'s time at `now` (the first timed move, or a game
    /// resumed); the other side's time stands.
    pub fn start(&mut self, color: Color, now: Duration) {
        self.stop(now);
        self.running = Some((color, now));
    }

    /// `mover` has made a move at `now`: if its time ran, the time used is
    /// taken, the increment added and, at the end of a period, the base
    /// added again; then the opponent's time runs. A move made after the
    /// mover's flag fell is refused with [`Flagged`] and changes nothing.
    /// A move made while the mover's time stood (an untimed first move)
    /// takes no time and gains no increment.
    pub fn press(&mut self, mover: Color, now: Duration) -> Result<(), Flagged> {
        if let Some(flag) = self.flagged(now) {
            return Err(flag);
        }
        let timed = self.running() == Some(mover);
        // A move out of turn (the caller's mistake) still charges the
        // opponent's time up to now.
        self.stop(now);
        self.moves[mover] += 1;
        if let Some(control) = self.controls[mover] {
            let mut left = self.remaining[mover];
            if timed {
                left = left.saturating_add(control.increment);
            }
            if control.moves > 0 && self.moves[mover] % control.moves == 0 {
                left = left.saturating_add(control.base);
            }
            self.remaining[mover] = left;
        }
        self.running = Some((!mover, now));
        Ok(())
    }

    /// Stops the clock at `now` (the game is over, or paused), keeping the
    /// time left.
    pub fn stop(&mut self, now: Duration) {
        if let Some(color) = self.running() {
            self.remaining[color] = self.remaining(color, now);
            self.running = None;
        }
    }

    /// The clock as a search by `side` sees it at `now`: both sides' time
    /// left and increments, and `side`'s moves until its next period.
    /// `None` if `side` is not timed.
    pub fn time_left(&self, side: Color, now: Duration) -> Option<TimeLeft> {
        let control = self.controls[side]?;
        Some(TimeLeft {
            remaining: self.remaining_both(now),
            increment: self.controls.map(|c| c.map_or(Duration::ZERO, |c| c.increment)),
            moves_to_go: control.moves_to_go(self.moves[side]),
        })
    }
}
