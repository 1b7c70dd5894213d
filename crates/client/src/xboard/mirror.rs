//! What a CECP engine has been told about the current game ([`Mirror`]),
//! and how a move is written to it.

use ox88_board::{Board, CastlingMode, CastlingSide, Move, MoveKind};
use ox88_protocol::xboard::XbMove;
use ox88_protocol::TimeControl;
use std::time::Duration;

/// What the engine has been told about the current game.
#[derive(Clone, Debug)]
pub(crate) struct Mirror {
    pub(crate) start: Board,
    pub(crate) moves: Vec<Move>,
    pub(crate) castling: CastlingMode,
    /// The time control last sent (`level`, or `st`), and a depth limit.
    pub(crate) level: Option<TimeControl>,
    pub(crate) st: Option<Duration>,
    pub(crate) sd: Option<u32>,
    pub(crate) nps: bool,
    /// Whether `hard` (pondering) is on.
    pub(crate) hard: bool,
    /// The engine plays a side (after `go`), rather than waiting in force
    /// mode.
    pub(crate) playing: bool,
}

/// How a move is written to a CECP engine: coordinates, castling as the
/// king's move, or in Chess960 as `O-O`/`O-O-O`.
pub(crate) fn xb_move(m: Move, castling: CastlingMode) -> XbMove {
    match (castling == CastlingMode::Chess960, m.kind()) {
        (true, MoveKind::CastleShort) => XbMove::Castle(CastlingSide::Short),
        (true, MoveKind::CastleLong) => XbMove::Castle(CastlingSide::Long),
        _ => XbMove::Coord(m.to_uci(CastlingMode::Standard)),
    }
}
