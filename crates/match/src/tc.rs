//! How long an engine may think: a game clock (ox88-control's
//! [`TimeControl`], in cutechess's notation: `40/60+0.6`, `1:30+1`,
//! `10+0.1`, or `inf`), a fixed time per move, or a depth or node limit.

use ox88_board::Color;
use ox88_client::Limits;
use ox88_control::{GameClock, TimeControl};
use std::fmt;
use std::time::Duration;

/// Reads `tc=`: a time control, or `None` for `inf`.
pub fn parse_time_control(text: &str) -> Result<Option<TimeControl>, String> {
    if text == "inf" || text == "infinite" {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|e| format!("tc: {e}"))
}

/// Seconds as short as they can be written, to the millisecond: 10, 0.1,
/// 1.5.
fn seconds(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// Everything that limits an engine's thinking in a match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    pub clock: Option<TimeControl>,
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

impl Budget {
    /// The PGN `TimeControl` tag: "40/60+0.6", "10+0.1", "60"; "-" when no
    /// clock runs.
    pub fn pgn(&self) -> String {
        self.clock.map_or_else(|| "-".into(), |tc| tc.to_string())
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

/// The limits of one search by `side`, with the game's clock at `now`.
pub fn limits(budget: &Budget, clock: &GameClock, side: Color, now: Duration) -> Limits {
    Limits {
        clock: clock.time_left(side, now),
        movetime: budget.movetime,
        depth: budget.depth,
        nodes: budget.nodes,
        ..Limits::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::ByColor;

    #[test]
    fn cutechess_time_controls_and_inf() {
        let tc = |t: &str| parse_time_control(t).unwrap().unwrap();
        assert_eq!(tc("10+0.1"), TimeControl::new(Duration::from_secs(10), Duration::from_millis(100)));
        assert_eq!(tc("40/60+0.6").moves, 40);
        assert_eq!(tc("1:30+1").base, Duration::from_secs(90));
        assert_eq!(parse_time_control("inf"), Ok(None));
        for bad in ["", "x", "10+", "-1+0", "0+0", "40/", "1:x"] {
            assert!(parse_time_control(bad).is_err_and(|e| e.starts_with("tc: time control")), "{bad}");
        }
    }

    #[test]
    fn pgn_tags_and_summary_names() {
        let budget = |clock: Option<&str>| Budget { clock: clock.map(|t| t.parse().unwrap()), ..Budget::default() };
        assert_eq!(budget(Some("40/60")).pgn(), "40/60");
        assert_eq!(budget(Some("1:30+1")).pgn(), "90+1");
        assert_eq!(budget(None).pgn(), "-");
        let mixed = Budget { movetime: Some(Duration::from_millis(1500)), depth: Some(9), ..budget(Some("10+0.1")) };
        assert_eq!(mixed.to_string(), "10+0.1, 1.5/move, 9 plies");
        assert_eq!(Budget::default().to_string(), "inf");
    }

    #[test]
    fn a_moves_to_go_control_tells_the_engine_its_moves_left() {
        // 40/60 keeps working: the engine hears how many moves remain in
        // its period, and each period's base comes again.
        let control = parse_time_control("2/10+1").unwrap();
        let mut clock = GameClock::with_controls(ByColor::new(control, control));
        let budget = Budget { clock: control, ..Budget::default() };
        clock.start(Color::White, Duration::ZERO);
        let first = limits(&budget, &clock, Color::White, Duration::ZERO).clock.expect("timed");
        assert_eq!(first.moves_to_go, Some(2));
        clock.press(Color::White, Duration::from_secs(4)).unwrap();
        clock.press(Color::Black, Duration::from_secs(4)).unwrap();
        let second = limits(&budget, &clock, Color::White, Duration::from_secs(4)).clock.expect("timed");
        assert_eq!((second.moves_to_go, second.remaining.white), (Some(1), Duration::from_secs(7)));
        clock.press(Color::White, Duration::from_secs(7)).unwrap();
        assert_eq!(clock.remaining(Color::White, Duration::from_secs(7)), Duration::from_secs(15));
        let untimed = Budget { depth: Some(3), ..Budget::default() };
        assert_eq!(
            limits(&untimed, &GameClock::with_controls(ByColor::new(None, None)), Color::White, Duration::ZERO).clock,
            None
        );
    }
}
