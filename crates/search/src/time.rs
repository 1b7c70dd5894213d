//! Time management: how long to think about one move.
//!
//! Two limits come out of the clock. The *soft* limit is checked between
//! iterations: no new iteration starts after it (scaled by how settled the
//! best move is). The *hard* limit is checked inside the tree and ends the
//! search wherever it is. Both keep a move-overhead allowance in hand for the
//! time the move takes to reach the clock.
//!
//! Time is the wall clock, or (CECP `nps N`) the nodes searched at `N` nodes a
//! second, so that a game at a node rate plays the same on any machine.

use crate::Limits;
use ox88_board::Color;
use std::time::{Duration, Instant};

/// Moves the rest of the game is assumed to last, in sudden death.
const DEFAULT_MOVES_TO_GO: u32 = 20;

/// The part of the target time after which no new iteration starts, before
/// the stability scale of [`TimeManager::soft_expired`].
const SOFT_FRACTION: f64 = 0.75;
/// The most a single move may use of what is left, outside the last move of a
/// control.
const MAX_FRACTION: f64 = 0.4;
/// The most the last move before a control may use.
const LAST_MOVE_FRACTION: f64 = 0.8;
/// How many times the target time the hard limit allows.
const HARD_FACTOR: f64 = 4.0;

/// Soft and hard time limits of one search, measured from its start (or from
/// the ponder hit, for a ponder search).
#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    /// Time is counted in nodes at this rate (CECP `nps`), not on the wall.
    nodes_per_second: Option<u64>,
    /// The node count when the clock started.
    start_nodes: u64,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl TimeManager {
    /// The limits for `side` to move under `limits`. With no clock and no
    /// move time, neither limit is set.
    ///
    /// ```
    /// use ox88_board::{ByColor, Color};
    /// use ox88_search::{TimeLeft, Limits, TimeManager};
    /// use std::time::Duration;
    /// let clock = TimeLeft {
    ///     remaining: ByColor::new(Duration::from_secs(60), Duration::from_secs(60)),
    ///     increment: ByColor::new(Duration::from_millis(600), Duration::from_millis(600)),
    ///     moves_to_go: None,
    /// };
    /// let tm = TimeManager::new(&Limits { clock: Some(clock), ..Limits::default() }, Color::White);
    /// assert!(tm.soft().unwrap() < tm.hard().unwrap());
    /// assert!(tm.hard().unwrap() < Duration::from_secs(25));
    /// ```
    pub fn new(limits: &Limits, side: Color) -> TimeManager {
        let overhead = limits.move_overhead;
        let mut soft = None;
        let mut hard = None;
        if let Some(clock) = &limits.clock {
            let remaining = clock.remaining[side];
            let increment = clock.increment[side];
            let usable = remaining.saturating_sub(overhead).max(Duration::from_millis(1)).as_secs_f64();
            let moves_to_go = clock.moves_to_go.filter(|&m| m > 0).unwrap_or(DEFAULT_MOVES_TO_GO).min(50);
            let cap = usable * if moves_to_go == 1 { LAST_MOVE_FRACTION } else { MAX_FRACTION };
            let target = (usable / f64::from(moves_to_go) + increment.as_secs_f64() * 0.75).min(cap);
            soft = Some(Duration::from_secs_f64(target * SOFT_FRACTION));
            hard = Some(Duration::from_secs_f64((target * HARD_FACTOR).min(cap)));
        }
        if let Some(movetime) = limits.movetime {
            let time = movetime.saturating_sub(overhead).max(Duration::from_millis(1));
            // A fixed move time is used whole: no soft limit of its own.
            soft = soft.map(|s| s.min(time));
            hard = Some(hard.map_or(time, |h| h.min(time)));
        }
        let nodes_per_second = limits.nodes_per_second.filter(|&n| n > 0);
        TimeManager { start: Instant::now(), nodes_per_second, start_nodes: 0, soft, hard }
    }

    /// Restarts the clock (at a ponder hit), `nodes` having been searched.
    pub fn restart(&mut self, nodes: u64) {
        self.start = Instant::now();
        self.start_nodes = nodes;
    }

    /// Whether time is counted in nodes (CECP `nps`): then the callers must
    /// pass the true node count to [`elapsed`](Self::elapsed) and the
    /// checks.
    #[inline]
    pub fn counts_nodes(&self) -> bool {
        self.nodes_per_second.is_some()
    }

    /// Time since the start, `nodes` having been searched (all threads):
    /// wall-clock time, or the nodes searched since the start at the node
    /// rate.
    #[inline]
    pub fn elapsed(&self, nodes: u64) -> Duration {
        match self.nodes_per_second {
            Some(rate) => Duration::from_secs_f64(nodes.saturating_sub(self.start_nodes) as f64 / rate as f64),
            None => self.start.elapsed(),
        }
    }

    /// With time counted in nodes, the total node count at which the hard
    /// limit passes (so that a search can stop on that very node).
    pub fn hard_node_limit(&self) -> Option<u64> {
        let (rate, hard) = (self.nodes_per_second?, self.hard?);
        Some(self.start_nodes.saturating_add((hard.as_secs_f64() * rate as f64) as u64))
    }

    /// The soft limit, if any.
    pub fn soft(&self) -> Option<Duration> {
        self.soft
    }

    /// The hard limit, if any.
    pub fn hard(&self) -> Option<Duration> {
        self.hard
    }

    /// Whether the hard limit has passed, `nodes` having been searched.
    #[inline]
    pub fn hard_expired(&self, nodes: u64) -> bool {
        self.hard.is_some_and(|hard| self.elapsed(nodes) >= hard)
    }

    /// Whether a new iteration should not start: the soft limit, scaled by
    /// `scale` (above 1 when the best move is unsettled or the score
    /// dropping, below 1 when the best move has been stable), has passed,
    /// `nodes` having been searched.
    pub fn soft_expired(&self, scale: f64, nodes: u64) -> bool {
        let Some(soft) = self.soft else { return false };
        let limit = soft.mul_f64(scale.clamp(0.3, 3.0));
        let limit = self.hard.map_or(limit, |hard| limit.min(hard));
        self.elapsed(nodes) >= limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TimeLeft;
    use ox88_board::ByColor;

    fn clock(ms: u64, inc: u64, moves_to_go: Option<u32>) -> Limits {
        let d = Duration::from_millis;
        Limits {
            clock: Some(TimeLeft {
                remaining: ByColor::new(d(ms), d(ms * 2)),
                increment: ByColor::new(d(inc), d(inc)),
                moves_to_go,
            }),
            move_overhead: d(10),
            ..Limits::default()
        }
    }

    #[test]
    fn every_clock_form_leaves_time_in_hand() {
        for (ms, inc, mtg) in [
            (1000, 10, None),
            (10, 10, None),
            (0, 0, None),
            (60_000, 0, Some(40)),
            (5000, 0, Some(1)),
            (300, 1000, None),
        ] {
            let tm = TimeManager::new(&clock(ms, inc, mtg), Color::White);
            let (soft, hard) = (tm.soft().unwrap(), tm.hard().unwrap());
            assert!(soft <= hard, "{ms} {inc} {mtg:?}");
            let usable = Duration::from_millis(ms).saturating_sub(Duration::from_millis(10));
            assert!(hard <= usable.mul_f64(0.8).max(Duration::from_millis(1)), "{ms} {inc} {mtg:?}: {hard:?}");
        }
        // Black's clock is read for black.
        let white = TimeManager::new(&clock(1000, 0, None), Color::White).hard().unwrap();
        let black = TimeManager::new(&clock(1000, 0, None), Color::Black).hard().unwrap();
        assert!(black > white);
    }

    #[test]
    fn movetime_is_used_whole_less_overhead() {
        let limits = Limits { move_overhead: Duration::from_millis(30), ..Limits::movetime(Duration::from_secs(1)) };
        let tm = TimeManager::new(&limits, Color::Black);
        assert_eq!(tm.hard(), Some(Duration::from_millis(970)));
        assert_eq!(tm.soft(), None);
        let none = TimeManager::new(&Limits::depth(3), Color::White);
        assert!(none.hard().is_none() && !none.soft_expired(1.0, 0) && !none.hard_expired(0));
    }

    #[test]
    fn a_node_rate_measures_time_in_nodes() {
        let limits = Limits { nodes_per_second: Some(1000), ..Limits::movetime(Duration::from_secs(2)) };
        let mut tm = TimeManager::new(&limits, Color::White);
        assert!(tm.counts_nodes());
        assert_eq!(tm.elapsed(500), Duration::from_millis(500));
        assert_eq!(tm.hard_node_limit(), Some(2000));
        assert!(!tm.hard_expired(1999) && tm.hard_expired(2000));
        tm.restart(300);
        assert_eq!(tm.hard_node_limit(), Some(2300));
        assert!(!tm.hard_expired(2299));
        // CECP's nps 0 keeps the wall clock.
        let wall = TimeManager::new(&Limits { nodes_per_second: Some(0), ..limits }, Color::White);
        assert!(!wall.counts_nodes() && wall.hard_node_limit().is_none() && !wall.hard_expired(u64::MAX));
    }
}
