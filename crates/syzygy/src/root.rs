//! Ranking the moves of a root position, as engines do before they search:
//! each legal move's distance to zeroing, judged against the fifty-move
//! counter of the root.

use crate::error::ProbeError;
use crate::tablebase::Tablebase;
use crate::Wdl;
use ox88_board::Move;
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
    pub fn rank_root_moves(&self, position: &Position) -> Result<Vec<RootMove>, ProbeError> {
        let board = position.board();
        self.check(board)?;
        let clock = i32::from(board.halfmove_clock());
        let mut scratch = board.clone();
        let mut ranked = Vec::new();
        for mv in board.legal_moves() {
            let (mut dtz, mate) = self.dtz_of_move(&mut scratch, mv)?;
            if mate {
                dtz = 1;
            }
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
