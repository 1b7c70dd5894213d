//! Matching move text against the position, and checking what the engine
//! returns, for both drivers.

use crate::worker::SearchEnd;
use crate::LineReport;
use ox88_board::{Board, CastlingMode, Move, UciMove};
use ox88_movegen::{IllegalMoveError, IllegalReason, MoveGen, Notation, UciMoveError};

/// The legal move `uci` names, read by the one UCI reader
/// ([`Notation::parse_uci_move`]) in `mode`, with one leniency for GUIs: in
/// Chess960 the king's two-square castling move ("e1g1"), which the reader
/// refuses naming the castling it means, is taken as that castling. So
/// castling is accepted in both spellings in both modes: king-takes-rook
/// ("e1h1") always; the king's two-square move unless, in Chess960, an
/// ordinary king move has the same squares.
pub(crate) fn resolve_uci(board: &Board, uci: UciMove, mode: CastlingMode) -> Result<Move, UciMoveError> {
    match board.parse_uci_move(uci, mode) {
        Err(UciMoveError::Illegal(IllegalMoveError { reason: IllegalReason::Chess960Castling { castle }, .. })) => {
            Ok(castle)
        }
        read => read,
    }
}

/// What the driver announces for a finished search: the engine's move if it
/// is legal, else the first legal move (with a complaint), and the ponder
/// move only if it is legal after the best move; the engine's line for the
/// move, if it has one that starts with it.
pub(crate) struct Checked {
    pub(crate) best: Option<Move>,
    pub(crate) ponder: Option<Move>,
    pub(crate) complaint: Option<String>,
    pub(crate) line: Option<LineReport>,
}

pub(crate) fn check_best_move(board: &Board, end: SearchEnd) -> Checked {
    let legal = board.legal_moves();
    let SearchEnd::Finished(result) = end else {
        return Checked {
            best: legal.first().copied(),
            ponder: None,
            complaint: Some("the search failed; playing the first legal move".into()),
            line: None,
        };
    };
    let (best, complaint) = match result.best {
        Some(m) if legal.contains(&m) => (Some(m), None),
        None if legal.is_empty() => (None, None),
        other => (
            legal.first().copied(),
            Some(format!("the engine returned {other:?}, not a legal move; playing the first legal move")),
        ),
    };
    let ponder = match (best, result.ponder) {
        (Some(best), Some(ponder)) if best == result.best.unwrap_or(best) => {
            let mut after = board.clone();
            after.make_move_unchecked(best);
            after.is_legal(ponder).then_some(ponder)
        }
        _ => None,
    };
    let line = result.line.filter(|line| best.is_some() && line.best() == best && legal_line(board, &line.pv));
    Checked { best, ponder, complaint, line }
}

/// Whether every move of `pv` is legal in turn from `board`.
fn legal_line(board: &Board, pv: &[Move]) -> bool {
    let mut board = board.clone();
    pv.iter().all(|&m| {
        let legal = board.is_legal(m);
        if legal {
            board.make_move_unchecked(m);
        }
        legal
    })
}

/// Which move heads the last main line (MultiPV 1) a driver has shown for
/// the running search, so that the move it plays can head it too.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LastLine {
    shown: Option<Move>,
}

impl LastLine {
    /// Notes a line that was shown.
    pub(crate) fn shown(&mut self, line: &LineReport) {
        if line.is_main() && !line.pv.is_empty() {
            self.shown = line.best();
        }
    }

    /// Whether playing `best` needs one more line first: no main line was
    /// shown, or the last one started with another move.
    pub(crate) fn needs_line_for(&self, best: Move) -> bool {
        self.shown != Some(best)
    }

    /// Whether any main line was shown.
    pub(crate) fn any(&self) -> bool {
        self.shown.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SearchResult;
    use ox88_board::{MoveKind, Square};

    fn uci(text: &str) -> UciMove {
        text.parse().unwrap()
    }

    #[test]
    fn castling_in_both_spellings_and_modes() {
        let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        let short = Move::new(Square::E1, Square::H1, MoveKind::CastleShort);
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            assert_eq!(resolve_uci(&board, uci("e1g1"), mode), Ok(short));
            assert_eq!(resolve_uci(&board, uci("e1h1"), mode), Ok(short));
        }
        assert!(resolve_uci(&board, uci("e1e3"), CastlingMode::Standard).is_err());
        assert!(resolve_uci(&board, UciMove::Null, CastlingMode::Standard).is_err());
        // In Chess960 an ordinary king move with the same squares is that move.
        let f1: Board = "4k3/8/8/8/8/8/8/5K1R w H - 0 1".parse().unwrap();
        let quiet = Move::new(Square::F1, Square::G1, MoveKind::Quiet);
        assert_eq!(resolve_uci(&f1, uci("f1g1"), CastlingMode::Chess960), Ok(quiet));
    }

    #[test]
    fn illegal_engine_moves_are_replaced() {
        let board = Board::startpos();
        let e4 = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
        let e5 = Move::new(Square::E7, Square::E5, MoveKind::DoublePush);
        let checked =
            check_best_move(&board, SearchEnd::Finished(SearchResult { best: Some(e4), ponder: Some(e5), line: None }));
        assert_eq!((checked.best, checked.ponder, checked.complaint), (Some(e4), Some(e5), None));
        let bad = Move::new(Square::E2, Square::E5, MoveKind::Quiet);
        let checked = check_best_move(
            &board,
            SearchEnd::Finished(SearchResult { best: Some(bad), ponder: Some(e5), line: None }),
        );
        assert!(checked.best.is_some_and(|m| board.is_legal(m)) && checked.complaint.is_some());
        assert_eq!(checked.ponder, None);
        let checked =
            check_best_move(&board, SearchEnd::Finished(SearchResult { best: Some(e4), ponder: Some(e4), line: None }));
        assert_eq!(checked.ponder, None);
        let mated: Board = "4k3/8/8/8/8/8/5PPP/3r2K1 w - - 0 1".parse().unwrap();
        let checked = check_best_move(&mated, SearchEnd::Finished(SearchResult::default()));
        assert_eq!((checked.best, checked.complaint), (None, None));
    }
}
