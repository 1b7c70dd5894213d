//! How long an engine may think: a game clock in cutechess's notation
//! (`40/60+0.6`, `1:30+1`, `10+0.1`, `inf`), a fixed time per move, or a
//! depth or node limit; and the clock a game keeps for one side.

use ox88_client::{ByColor, Color, Limits, TimeLeft};
use std::fmt;
use std::time::Duration;

/// A game clock: `moves` moves (0: the whole game) in `base`, plus
/// `increment` after each move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchTimeControl {
    pub moves: u32,
    pub base: Duration,
    pub increment: Duration,
}

impl MatchTimeControl {
    /// Reads `[MOVES/]TIME[+INC]` where TIME is seconds or MINUTES:SECONDS;
    /// `None` for `inf`.
    pub fn parse(text: &str) -> Result<Option<MatchTimeControl>, String> {
        if text == "inf" || text == "infinite" {
            return Ok(None);
        }
        let bad = || format!("time control {text:?}: expected [MOVES/]TIME[+INCREMENT], e.g. 40/60+0.6 or 1:30+1");
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => (moves.parse::<u32>().map_err(|_| bad())?, rest),
            None => (0, text),
        };
        let (time, increment) = rest.split_once('+').unwrap_or((rest, "0"));
        let base = match time.split_once(':') {
            Some((minutes, seconds)) => {
                60.0 * minutes.parse::<f64>().map_err(|_| bad())? + seconds.parse::<f64>().map_err(|_| bad())?
            }
            None => time.parse::<f64>().map_err(|_| bad())?,
        };
        let increment = increment.parse::<f64>().map_err(|_| bad())?;
        if !(base.is_finite() && increment.is_finite() && base >= 0.0 && increment >= 0.0) || base + increment <= 0.0 {
            return Err(bad());
        }
        Ok(Some(MatchTimeControl {
            moves,
            base: Duration::from_secs_f64(base),
            increment: Duration::from_secs_f64(increment),
        }))
    }
}

/// Seconds as short as they can be written: 10, 0.1, 1.5.
pub fn seconds(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

impl fmt::Display for MatchTimeControl {
    /// cutechess's notation, as the PGN `MatchTimeControl` tag writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.moves > 0 {
            write!(f, "{}/", self.moves)?;
        }
        write!(f, "{}", seconds(self.base))?;
        if !self.increment.is_zero() {
            write!(f, "+{}", seconds(self.increment))?;
        }
        Ok(())
    }
}

/// Everything that limits an engine's thinking in a match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    pub clock: Option<MatchTimeControl>,
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

impl Budget {
    /// The PGN `MatchTimeControl` tag: "40/60+0.6", "10+0.1", "60"; "-" when no
    /// clock runs.
    pub fn pgn(&self) -> String {
        match self.clock {
            Some(tc) if tc.moves > 0 => format!("{}/{}", tc.moves, MatchTimeControl { moves: 0, ..tc }),
            Some(tc) => tc.to_string(),
            None => "-".into(),
        }
    }
}

impl fmt::Display for Budget {
    /// As fastchess's summary names it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(tc) = self.clock {
            parts.push(tc.to_string());
        }
        if let Some(t) = self.movetime {
            parts.push(format!("{}/move", seconds(t)));
        }
        if let Some(d) = self.depth {
            parts.push(format!("{d} plies"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("{n} nodes"));
        }
        if parts.is_empty() {
            parts.push("inf".into());
        }
        f.write_str(&parts.join(", "))
    }
}

/// One side's clock during a game.
#[derive(Clone, Copy, Debug)]
pub struct SideClock {
    pub control: Option<MatchTimeControl>,
    pub remaining: Duration,
    /// Moves this side has played.
    pub moves: u32,
}

impl SideClock {
    pub fn new(control: Option<MatchTimeControl>) -> SideClock {
        SideClock { control, remaining: control.map_or(Duration::ZERO, |c| c.base), moves: 0 }
    }

    /// Moves until the next time control, for "N moves in T" clocks.
    pub fn moves_to_go(&self) -> Option<u32> {
        let tc = self.control?;
        (tc.moves > 0).then(|| tc.moves - self.moves % tc.moves)
    }

    /// After a move that took `elapsed`: the time is taken off and the
    /// increment added (and the base again at a new period). `false` if the
    /// flag fell, beyond `margin`.
    pub fn spend(&mut self, elapsed: Duration, margin: Duration) -> bool {
        let Some(tc) = self.control else { return true };
        let in_time = elapsed <= self.remaining + margin;
        self.remaining = self.remaining.saturating_sub(elapsed) + tc.increment;
        self.moves += 1;
        if tc.moves > 0 && self.moves % tc.moves == 0 {
            self.remaining += tc.base;
        }
        in_time
    }
}

/// The limits of one search by `side`, with both clocks.
pub fn limits(budget: &Budget, clocks: &ByColor<SideClock>, side: Color) -> Limits {
    let clock = clocks[side].control.map(|_| TimeLeft {
        remaining: ByColor::new(clocks[Color::White].remaining, clocks[Color::Black].remaining),
        increment: ByColor::new(
            clocks[Color::White].control.map_or(Duration::ZERO, |c| c.increment),
            clocks[Color::Black].control.map_or(Duration::ZERO, |c| c.increment),
        ),
        moves_to_go: clocks[side].moves_to_go(),
    });
    Limits { clock, movetime: budget.movetime, depth: budget.depth, nodes: budget.nodes, ..Limits::default() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cutechess_time_controls() {
        let tc = |t: &str| MatchTimeControl::parse(t).unwrap().unwrap();
        assert_eq!(
            tc("10+0.1"),
            MatchTimeControl { moves: 0, base: Duration::from_secs(10), increment: Duration::from_millis(100) }
        );
        assert_eq!(tc("40/60+0.6").moves, 40);
        assert_eq!(tc("1:30+1").base, Duration::from_secs(90));
        assert_eq!(tc("1+0.01").to_string(), "1+0.01");
        assert_eq!(tc("40/60").to_string(), "40/60");
        assert_eq!(MatchTimeControl::parse("inf"), Ok(None));
        for bad in ["", "x", "10+", "-1+0", "0+0", "40/", "1:x"] {
            assert!(MatchTimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_run_and_refill() {
        let mut clock = SideClock::new(MatchTimeControl::parse("2/10+1").unwrap());
        assert_eq!(clock.moves_to_go(), Some(2));
        assert!(clock.spend(Duration::from_secs(4), Duration::ZERO));
        assert_eq!((clock.remaining, clock.moves_to_go()), (Duration::from_secs(7), Some(1)));
        assert!(clock.spend(Duration::from_secs(3), Duration::ZERO));
        assert_eq!(clock.remaining, Duration::from_secs(15), "a new period adds the base");
        assert!(!clock.spend(Duration::from_millis(15_100), Duration::from_millis(50)));
        assert_eq!(clock.remaining, Duration::from_secs(1), "an empty clock, plus the increment");
    }
}
