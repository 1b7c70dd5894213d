//! Translations between the protocol crate's types and the search crate's:
//! the two crates do not know each other, so the engine crate maps one onto
//! the other here.

use crate::protocol;
use crate::search;

/// The search limits for a protocol request; `multipv` comes from the
/// engine's option.
pub fn limits(from: &protocol::Limits, multipv: usize) -> search::Limits {
    search::Limits {
        clock: from.clock.as_ref().map(|clock| search::Clock {
            remaining: clock.remaining,
            increment: clock.increment,
            moves_to_go: clock.moves_to_go,
        }),
        movetime: from.movetime,
        depth: from.depth,
        nodes: from.nodes,
        soft_nodes: None,
        mate: from.mate,
        infinite: from.infinite,
        ponder: from.ponder,
        searchmoves: from.searchmoves.clone(),
        multipv: multipv.max(1),
        move_overhead: from.move_overhead,
    }
}

/// A search progress report as the protocols print it.
pub fn info(report: &search::Report) -> protocol::SearchInfo {
    match report {
        search::Report::Line(line) => protocol::SearchInfo {
            depth: Some(line.depth),
            seldepth: Some(line.seldepth),
            multipv: Some(line.multipv),
            score: Some(line.score.into()),
            bound: match line.bound {
                search::Bound::Exact => protocol::Bound::Exact,
                search::Bound::Lower => protocol::Bound::Lower,
                search::Bound::Upper => protocol::Bound::Upper,
            },
            nodes: Some(line.nodes),
            nps: Some(line.nps),
            hashfull: Some(line.hashfull),
            time: Some(line.time),
            pv: line.pv.clone(),
            ..protocol::SearchInfo::default()
        },
        search::Report::CurrentMove { depth, mv, number } => protocol::SearchInfo {
            depth: Some(*depth),
            currmove: Some(*mv),
            currmovenumber: Some(*number),
            ..protocol::SearchInfo::default()
        },
    }
}
