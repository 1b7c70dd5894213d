//! How much search a self-play position gets: the node budget, honoured as
//! the engine's own `go nodes` is (a hard limit), and cut short where the
//! position will not be trained on.

#[cfg(test)]
use ox88_board::Board;
use ox88_board::{Move, PovScore, Score};
use ox88_eval::Evaluator;
use ox88_movegen::{MoveGen, Position};
use ox88_search::{Bound, Limits, Report, SearchResult, Searcher};
use ox88_train::chain::{is_training_position, ChainPly};

/// A search that has passed this fraction of the budget stops at the end
/// of the first iteration whose line makes its position one not to train
/// on (in check, a capture or promotion best, a mate score): only the move
/// the game goes on with is needed there. An eighth gave the most training
/// positions a CPU-second of a quarter, an eighth and a sixteenth
/// (docs/training-data.md).
const EARLY_DIVISOR: u64 = 8;

/// The search of one position.
pub struct NodeBudget {
    /// At most this many nodes: `Limits::nodes`, as UCI `go nodes`.
    limits: Limits,
    /// Past this many nodes, a line not to train on ends the search.
    early: u64,
}

/// A position's move and its search.
#[derive(Debug)]
pub enum Searched {
    /// The only legal move, played without a search.
    Forced(Move),
    /// The search's result.
    Search(SearchResult),
}

impl NodeBudget {
    /// A budget of `nodes` nodes a position (at least 1).
    pub fn new(nodes: u64) -> NodeBudget {
        NodeBudget { limits: Limits::nodes(nodes), early: nodes.div_ceil(EARLY_DIVISOR) }
    }

    /// The nodes a search may use at most.
    #[cfg(test)]
    pub fn nodes(&self) -> u64 {
        self.limits.nodes.expect("a node limit")
    }

    /// Finds the move of `game`, whose side to move has a legal move: a
    /// single legal move without a search, otherwise one search of at most
    /// the budget's nodes, ended early once past an eighth of them at an
    /// iteration whose line the trainer would not take. A position to train
    /// on gets the very search `go nodes` gives: no search is repeated.
    pub fn search<E: Evaluator + Clone + Send>(&self, game: &Position, searcher: &mut Searcher<E>) -> Searched {
        let board = game.board();
        let moves = board.legal_moves();
        if let [only] = moves[..] {
            return Searched::Forced(only);
        }
        let stop = searcher.stop_handle();
        let mut report = |report: &Report| {
            let Report::Line(line) = report else { return };
            if line.multipv != 1 || line.bound != Bound::Exact || line.nodes < self.early {
                return;
            }
            let Some(&best) = line.pv.first() else { return };
            // In check, a capture or promotion best, or a mate score.
            if !is_training_position(board, &ply(best, line.score.white().raw())) {
                stop.stop();
            }
        };
        Searched::Search(searcher.search(game, &self.limits, &mut report))
    }
}

/// The chain's ply for `best` at `white`, White's score (clamped to the
/// chain's range).
pub fn ply(best: Move, white: i32) -> ChainPly {
    ChainPly { mv: best, score: Some(white.clamp(-32_767, 32_767) as i16) }
}

/// A search's score from White's side: a search stopped before it scored
/// any move (not at these budgets) counts as level.
pub fn white_score(result: &SearchResult) -> Score {
    result.score().map_or(Score::ZERO, PovScore::white)
}

/// Whether `board`, searched with `result`, is a position to train on.
#[cfg(test)]
fn keeps(board: &Board, result: &SearchResult) -> bool {
    result.best.is_some_and(|best| is_training_position(board, &ply(best, white_score(result).raw())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_eval::Classical;

    fn position(fen: &str) -> Position {
        fen.parse().expect("a legal FEN")
    }

    fn searcher() -> Searcher<Classical> {
        Searcher::with_evaluator(Classical::new(), 16, 1)
    }

    fn searched(budget: &NodeBudget, fen: &str) -> SearchResult {
        match budget.search(&position(fen), &mut searcher()) {
            Searched::Search(result) => result,
            Searched::Forced(m) => panic!("{fen}: forced {m}"),
        }
    }

    #[test]
    fn a_position_to_train_on_gets_the_search_go_nodes_gives() {
        let budget = NodeBudget::new(5000);
        assert_eq!((budget.nodes(), budget.early), (5000, 625));
        assert_eq!(NodeBudget::new(1).early, 1, "never a budget of nothing");
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/5pk1/6p1/8/3R4/6P1/5PK1/1r6 b - - 3 40",
        ] {
            let result = searched(&budget, fen);
            let board = position(fen).board().clone();
            assert!(keeps(&board, &result), "{fen}: {:?}", result.best);
            // Exactly the budget, and the move and score of `go nodes 5000`.
            assert_eq!(result.nodes(), 5000, "{fen}");
            let go_nodes = searcher().search(&position(fen), &Limits::nodes(5000), &mut |_| {});
            assert_eq!((result.best, result.score(), result.nodes()), (go_nodes.best, go_nodes.score(), 5000));
        }
    }

    #[test]
    fn a_position_not_to_train_on_stops_past_an_eighth_of_the_budget() {
        let budget = NodeBudget::new(40_000);
        // A queen to take (Black's on d5), and in check (two evasions).
        for fen in ["rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3", "7k/8/8/8/8/8/8/K5q1 w - - 0 1"] {
            let result = searched(&budget, fen);
            let board = position(fen).board().clone();
            assert!(!keeps(&board, &result), "{fen}");
            assert!((5000..40_000).contains(&result.nodes()), "{fen}: {} nodes", result.nodes());
            // It ended at the first iteration past 5,000 nodes.
            let mut fresh = searcher();
            let one_less = fresh.search(&position(fen), &Limits::depth(result.depth() - 1), &mut |_| {});
            assert!(one_less.nodes() < 5000, "{fen}: {} nodes at depth {}", one_less.nodes(), result.depth() - 1);
        }
    }

    #[test]
    fn a_single_legal_move_is_played_unsearched() {
        let budget = NodeBudget::new(5000);
        // In check with one evasion (Ka2), and not in check (h3-h2).
        for (fen, only) in [("1r5k/8/8/8/8/8/8/K6q w - - 0 1", "a1a2"), ("k7/p1Q5/P7/8/8/7p/8/5K2 b - - 0 1", "h3h2")] {
            match budget.search(&position(fen), &mut searcher()) {
                Searched::Forced(m) => assert_eq!(m.to_string(), only),
                Searched::Search(result) => panic!("{fen}: searched {:?}", result.best),
            }
        }
    }
}
