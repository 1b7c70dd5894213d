//! What both protocols' sessions share about a search: the request, the
//! events it produces, and how long the client may wait for it.

use crate::info::Root;
use crate::link::Deadline;
use crate::Claim;
use crate::Timeouts;
use ox88_board::{Board, Color, Move};
use ox88_protocol::{Limits, Report};
use std::time::{Duration, Instant};

/// Why a search is started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// The engine is to choose a move.
    Play,
    /// The engine is to report lines until its limits or a stop.
    Analyse,
    /// The engine thinks on the opponent's time about the position after the
    /// move it expects; a ponder hit turns the search into a [`Play`](Self::Play).
    Ponder,
}

/// A search to start.
pub(crate) struct Request<'a> {
    /// The position the game started from.
    pub(crate) start: &'a Board,
    /// The moves played since, all legal.
    pub(crate) moves: &'a [Move],
    /// The position searched.
    pub(crate) root: Root,
    /// How long to search.
    pub(crate) limits: &'a Limits,
    /// How many lines to report (1 unless analysing).
    pub(crate) multipv: u32,
    /// Why.
    pub(crate) purpose: Purpose,
}

/// What a running search reports.
#[derive(Debug)]
pub(crate) enum Event {
    /// Progress.
    Report(Report),
    /// The end of the search.
    Done(Done),
}

/// How a search ended.
#[derive(Clone, Debug, Default)]
pub(crate) struct Done {
    /// The move chosen (checked legal), `None` if the engine resigned,
    /// claimed a result instead of moving, or had no legal move.
    pub(crate) best: Option<Move>,
    /// The reply the engine expects (checked legal after `best`).
    pub(crate) ponder: Option<Move>,
    /// When the move arrived.
    pub(crate) at: Option<Instant>,
    /// The engine resigned (CECP).
    pub(crate) resigned: bool,
    /// The engine offered a draw (CECP).
    pub(crate) draw_offered: bool,
    /// A result the engine claimed (CECP).
    pub(crate) claim: Option<Claim>,
}

/// The longest the search may run by its own limits: the move time, or the
/// clock of the side to move; `None` when nothing but a depth, node or mate
/// limit (or a stop) ends it.
pub(crate) fn time_limit(limits: &Limits, side: Color) -> Option<Duration> {
    if limits.infinite || limits.ponder {
        return None;
    }
    let clock = limits.clock.as_ref().map(|c| c.remaining[side]);
    match (limits.movetime, clock) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// When the client gives up waiting for the end of a search with `limits`
/// from the side `side`'s point of view.
pub(crate) fn deadline(limits: &Limits, side: Color, timeouts: &Timeouts) -> Deadline {
    match time_limit(limits, side) {
        Some(time) => Deadline::after(time + timeouts.search_margin),
        None => Deadline::after(timeouts.unbounded_search),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::ByColor;
    use ox88_protocol::TimeLeft;

    #[test]
    fn time_limits_take_the_tighter_of_clock_and_move_time() {
        let ms = Duration::from_millis;
        let clock = TimeLeft { remaining: ByColor::new(ms(900), ms(5000)), ..TimeLeft::default() };
        let limits = Limits { clock: Some(clock), ..Limits::default() };
        assert_eq!(time_limit(&limits, Color::White), Some(ms(900)));
        assert_eq!(time_limit(&limits, Color::Black), Some(ms(5000)));
        let both = Limits { movetime: Some(ms(2000)), ..limits.clone() };
        assert_eq!(time_limit(&both, Color::Black), Some(ms(2000)));
        assert_eq!(time_limit(&Limits { depth: Some(5), ..Limits::default() }, Color::White), None);
        assert_eq!(time_limit(&Limits { infinite: true, ..limits }, Color::White), None);
    }
}
