//! Endgame tablebases in the search: the root's moves ranked by DTZ, and
//! WDL probes below it (ox88-syzygy).

use crate::tt::TtBound;
use crate::tt_score::tb_win;
use ox88_board::{Board, Color, Score};
use ox88_movegen::{MoveGen, MoveList};
use ox88_syzygy::{Tablebase, Wdl};
use std::sync::Arc;

/// The tables a [`Searcher`](crate::Searcher) probes, and how.
#[derive(Clone, Debug)]
pub struct TablebaseProbing {
    /// The tables.
    pub tables: Arc<Tablebase>,
    /// The least remaining depth at which the search probes (UCI
    /// `SyzygyProbeDepth`); the root is always probed.
    pub probe_depth: i32,
    /// Whether wins and losses the fifty-move rule draws count as draws
    /// (UCI `Syzygy50MoveRule`).
    pub fifty_move_rule: bool,
}

/// The pieces on `board`, kings included.
fn piece_count(board: &Board) -> usize {
    board.pieces(Color::White).len() + board.pieces(Color::Black).len()
}

impl TablebaseProbing {
    /// The result of `wdl` as a score and the bound it is, `ply` plies from the root.
    fn score(&self, wdl: Wdl, ply: usize) -> (Score, TtBound) {
        match wdl {
            Wdl::Win => (tb_win(ply), TtBound::Lower),
            Wdl::Loss => (-tb_win(ply), TtBound::Upper),
            Wdl::CursedWin if !self.fifty_move_rule => (tb_win(ply), TtBound::Lower),
            Wdl::BlessedLoss if !self.fifty_move_rule => (-tb_win(ply), TtBound::Upper),
            // A draw by the fifty-move rule is a little better (or worse)
            // than a dead draw.
            Wdl::CursedWin => (Score::cp(1), TtBound::Exact),
            Wdl::BlessedLoss => (Score::cp(-1), TtBound::Exact),
            Wdl::Draw => (Score::DRAW, TtBound::Exact),
        }
    }

    /// The root moves the tables keep: those of the best result (counted
    /// from the root's halfmove clock when the fifty-move rule holds, a
    /// move to a threefold repetition of the game's `history` a draw), or
    /// `None` when the root is not in the tables. Also returns the probes made.
    ///
    /// A winning side keeps every winning move, and the search chooses
    /// among them, until the game repeats a position since its last capture
    /// or pawn move: from then on only the moves that zero soonest (lowest
    /// DTZ), so that every move makes progress and the loser cannot reach a
    /// threefold repetition (Stockfish's rule; a match from 5-piece starts
    /// lost wins to repetitions without it).
    pub(crate) fn filter_root(&self, board: &Board, history: &[u64], moves: &MoveList) -> Option<(MoveList, u64)> {
        if piece_count(board) > self.tables.max_pieces() || !board.castling().is_empty() {
            return None;
        }
        let ranked = self.tables.rank_root_moves_board(board, history).ok()?;
        let class = |wdl: Wdl| if self.fifty_move_rule { wdl.value() } else { wdl.value().signum() * 2 };
        let first = ranked.first()?;
        let best = class(first.wdl);
        let fastest_only = best > 0 && repeated_since_zeroing(board, history);
        let kept: MoveList = ranked
            .iter()
            .filter(|m| class(m.wdl) == best && (!fastest_only || m.rank == first.rank) && moves.contains(&m.mv))
            .map(|m| m.mv)
            .collect();
        (!kept.is_empty()).then_some((kept, ranked.len() as u64))
    }
}

/// Whether some position occurred twice since the last capture or pawn
/// move: among the `history` keys the halfmove clock reaches, and `board`.
fn repeated_since_zeroing(board: &Board, history: &[u64]) -> bool {
    let reach = usize::from(board.halfmove_clock()).min(history.len());
    let mut keys = history[history.len() - reach..].to_vec();
    keys.push(board.repetition_key());
    keys.sort_unstable();
    keys.windows(2).any(|pair| pair[0] == pair[1])
}

impl TablebaseProbing {
    /// A WDL probe of `board`, a search node `depth` plies from the
    /// horizon and `ply` from the root: only right after a capture or pawn
    /// move (where WDL is exact), with few enough pieces and no castling
    /// rights. The score and its bound.
    pub(crate) fn probe(&self, board: &Board, depth: i32, ply: usize) -> Option<(Score, TtBound)> {
        if depth < self.probe_depth
            || board.halfmove_clock() != 0
            || piece_count(board) > self.tables.max_pieces()
            || !board.castling().is_empty()
        {
            return None;
        }
        let wdl = self.tables.probe_wdl_board(board).ok()?;
        Some(self.score(wdl, ply))
    }
}
