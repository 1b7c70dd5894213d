//! Ranking the moves of a root position, as engines do before they search:
//! each legal move's distance to zeroing, judged against the fifty-move
//! counter of the root and the game's earlier positions.

use crate::error::ProbeError;
use crate::tablebase::Tablebase;
use crate::Wdl;
use ox88_board::{Board, Move};
use ox88_movegen::{MoveGen, Position};

/// One legal move of a root position, as the tables judge it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Plies from the root position (before the move) to the next capture
    /// or pawn move, by best play: positive when the side to move wins,
    /// negative when it loses, 0 for a draw. 1 for a winning capture, pawn
    /// move or mate.
    pub dtz: i32,
    /// The result of the move under the fifty-move rule, counted from the
    /// root's halfmove clock: a win whose zeroing move comes after the
    /// clock reaches 100 is a [`Wdl::CursedWin`], a loss that the clock
    /// saves a [`Wdl::BlessedLoss`].
    pub wdl: Wdl,
    /// Higher is better: wins before cursed wins before draws before
    /// blessed losses before losses; among wins the fastest to zero,
    /// among losses the slowest.
    pub rank: i32,
}

impl Tablebase {
    /// Every legal move of `position` with its DTZ and result, best first
    /// (moves of equal rank in move-generation order). Castling rights,
    /// too many pieces or a missing table is an error, as for a probe.
    ///
    /// A win counts as one when its zeroing move comes no later than the
    /// 100th halfmove: `dtz + halfmove clock <= 100`.
    ///
    /// The game's earlier positions ([`Position::history`]) count: a move
    /// that brings a position about for the third time (a threefold
    /// repetition, which either player may claim) is a draw, with DTZ 0,
    /// whatever the tables say. A position seen only once before is not a
    /// draw by the rules and keeps its tables' result (the DTZ-best moves
    /// never repeat one: DTZ falls with every move of the winning side).
    pub fn rank_root_moves(&self, position: &Position) -> Result<Vec<RootMove>, ProbeError> {
        self.rank_root_moves_board(position.board(), position.history().keys())
    }

    /// [`rank_root_moves`](Self::rank_root_moves) of a bare `board`, with
    /// the repetition keys of the positions before it, oldest first, as
    /// [`KeyHistory::keys`](ox88_movegen::KeyHistory::keys) holds them (an
    /// empty slice when there is no game before the board).
    pub fn rank_root_moves_board(&self, board: &Board, history: &[u64]) -> Result<Vec<RootMove>, ProbeError> {
        self.check(board)?;
        let clock = i32::from(board.halfmove_clock());
        // The positions a reversible move can return to: those since the
        // last capture or pawn move.
        let reach = usize::from(board.halfmove_clock()).min(history.len());
        let earlier = &history[history.len() - reach..];
        let mut scratch = board.clone();
        let mut ranked = Vec::new();
        for mv in board.legal_moves() {
            let dtz = if makes_threefold(&mut scratch, mv, earlier) {
                0
            } else {
                match self.dtz_of_move(&mut scratch, mv)? {
                    (_, true) => 1,
                    (dtz, false) => dtz,
                }
            };
            let (wdl, rank) = if dtz > 0 && dtz + clock <= 100 {
                (Wdl::Win, 100_000 - dtz)
            } else if dtz > 0 {
                (Wdl::CursedWin, 50_000 - dtz)
            } else if dtz < 0 && clock - dtz <= 100 {
                (Wdl::Loss, -100_000 - dtz)
            } else if dtz < 0 {
                (Wdl::BlessedLoss, -50_000 - dtz)
            } else {
                (Wdl::Draw, 0)
            };
            ranked.push(RootMove { mv, dtz, wdl, rank });
        }
        ranked.sort_by_key(|m| std::cmp::Reverse(m.rank));
        Ok(ranked)
    }
}

/// Whether `mv`, played on `board`, reaches a position that occurred twice
/// among `earlier` (the keys of the positions since the last zeroing move).
/// A capture or pawn move reaches a new position.
fn makes_threefold(board: &mut Board, mv: Move, earlier: &[u64]) -> bool {
    if earlier.len() < 4 {
        return false;
    }
    let undo = board.make_move_unchecked(mv);
    let threefold = board.halfmove_clock() > 0 && {
        let key = board.repetition_key();
        earlier.iter().filter(|&&k| k == key).count() >= 2
    };
    board.unmake_move(mv, undo);
    threefold
}
