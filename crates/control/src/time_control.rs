//! [`TimeControl`]: how much time a game gives each side, in the notation
//! of PGN's `TimeControl` tag and of the match runners (`40/60+0.6`,
//! `300+2`, `1:30+1`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A time control: `base` time for each period of `moves` moves (for the
/// whole game when `moves` is 0), plus `increment` after each move (Fischer).
///
/// Its text is PGN's `TimeControl` tag and cutechess's `tc=`: `[MOVES/]TIME
/// [+INCREMENT]`, times in seconds (fractions allowed) or, when read,
/// `MINUTES:SECONDS`. CECP's `level` command carries the same three numbers
/// in its own units (ox88-protocol writes and reads them).
///
/// ```
/// use ox88_control::TimeControl;
/// use std::time::Duration;
/// let blitz: TimeControl = "300+2".parse()?;
/// assert_eq!(blitz, TimeControl::new(Duration::from_secs(300), Duration::from_secs(2)));
/// let classical: TimeControl = "40/5400+30".parse()?;
/// assert_eq!((classical.moves, classical.to_string()), (40, "40/5400+30".to_owned()));
/// assert_eq!("1:30+0.5".parse::<TimeControl>()?.to_string(), "90+0.5");
/// # Ok::<(), ox88_control::ParseTimeControlError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Moves in each period, after which `base` is added again; 0 for one
    /// period, the whole game (sudden death, with or without increment).
    pub moves: u32,
    /// Each side's time at the start of each period.
    pub base: Duration,
    /// Added to a side's time after each of its moves.
    pub increment: Duration,
}

impl TimeControl {
    /// `base` for the whole game plus `increment` a move.
    pub const fn new(base: Duration, increment: Duration) -> TimeControl {
        TimeControl { moves: 0, base, increment }
    }

    /// `base` for every `moves` moves plus `increment` a move (`40/5400+30`:
    /// 90 minutes for 40 moves, again for the next 40, ...).
    pub const fn per_moves(moves: u32, base: Duration, increment: Duration) -> TimeControl {
        TimeControl { moves, base, increment }
    }

    /// The moves a side that has made `moves_made` moves on this control
    /// must still make before its next period, or `None` in a one-period
    /// control.
    pub fn moves_to_go(&self, moves_made: u32) -> Option<u32> {
        (self.moves > 0).then(|| self.moves - moves_made % self.moves)
    }
}

/// Why a text is not a [`TimeControl`]; it names the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("time control {text:?}: expected [MOVES/]SECONDS[+INCREMENT], such as 40/60+0.6, 300+2 or 1:30+1")]
pub struct ParseTimeControlError {
    /// The text as given.
    pub text: String,
}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let bad = || ParseTimeControlError { text: text.chars().take(64).collect() };
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => (moves.parse::<u32>().map_err(|_| bad())?, rest),
            None => (0, text),
        };
        let (time, increment) = rest.split_once('+').unwrap_or((rest, "0"));
        let base = match time.split_once(':') {
            Some((minutes, seconds)) => {
                let minutes = minutes.parse::<u64>().ok().and_then(|m| m.checked_mul(60)).ok_or_else(bad)?;
                seconds_text(seconds).and_then(|s| s.checked_add(Duration::from_secs(minutes))).ok_or_else(bad)?
            }
            None => seconds_text(time).ok_or_else(bad)?,
        };
        let increment = seconds_text(increment).ok_or_else(bad)?;
        if base.is_zero() && increment.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl { moves, base, increment })
    }
}

/// Seconds written as a decimal (`10`, `0.1`, `2.25`), read exactly (to the
/// nanosecond); `None` for anything else (signs, exponents, empty parts).
fn seconds_text(text: &str) -> Option<Duration> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 9 {
        return None;
    }
    let seconds = if whole.is_empty() { 0 } else { whole.parse::<u64>().ok()? };
    let nanos =
        if fraction.is_empty() { 0 } else { fraction.parse::<u32>().ok()? * 10u32.pow(9 - fraction.len() as u32) };
    Some(Duration::new(seconds, nanos))
}

/// `d` in seconds as short as it can be written: `10`, `0.1`, `1.5`.
struct Seconds(Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.as_secs())?;
        let nanos = self.0.subsec_nanos();
        if nanos > 0 {
            let text = format!("{nanos:09}");
            write!(f, ".{}", text.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

impl fmt::Display for TimeControl {
    /// `[MOVES/]SECONDS[+INCREMENT]`, as PGN's `TimeControl` tag and
    /// cutechess write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.moves > 0 {
            write!(f, "{}/", self.moves)?;
        }
        write!(f, "{}", Seconds(self.base))?;
        if !self.increment.is_zero() {
            write!(f, "+{}", Seconds(self.increment))?;
        }
        Ok(())
    }
}
