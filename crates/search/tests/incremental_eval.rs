//! The search drives the evaluator's incremental hooks correctly: an NNUE
//! evaluator following the search's moves gives the same search (nodes,
//! move and score) as one that computes every evaluation from scratch.

use ox88_board::{Board, Score};
use ox88_eval::nnue::{Network, Nnue, DEFAULT_HIDDEN as HIDDEN, INPUTS, OUTPUT_BUCKETS};
use ox88_eval::Evaluator;
use ox88_movegen::Position;
use ox88_search::{Limits, Searcher, BENCH_FENS};

/// A network with pseudo-random weights: any mistake in the updates changes
/// evaluations, and so the search.
fn network() -> Network {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |bound: i64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        ((state % (2 * bound as u64 + 1)) as i64 - bound) as i16
    };
    let features: Vec<i16> = (0..INPUTS * HIDDEN).map(|_| next(60)).collect();
    let bias: Vec<i16> = (0..HIDDEN).map(|_| next(60)).collect();
    // A layer per output bucket: captures switch between them.
    let output: Vec<i16> = (0..OUTPUT_BUCKETS * 2 * HIDDEN).map(|_| next(100)).collect();
    let output_bias: Vec<i32> = (0..OUTPUT_BUCKETS).map(|_| i32::from(next(3000))).collect();
    Network::from_weights(&features, &bias, &output, &output_bias, 150).expect("valid weights")
}

/// Ignores the hooks, so that its `Nnue` recomputes every position.
#[derive(Clone)]
struct FromScratch(Nnue);

impl Evaluator for FromScratch {
    fn evaluate(&mut self, board: &Board) -> Score {
        self.0.evaluate(board)
    }
}

#[test]
fn incremental_and_from_scratch_evaluation_search_alike() {
    let nnue = Nnue::new(network());
    let mut incremental = Searcher::with_evaluator(nnue.clone(), 16, 1);
    let mut scratch = Searcher::with_evaluator(FromScratch(nnue), 16, 1);
    for fen in BENCH_FENS.iter().step_by(4) {
        let board: Board = fen.parse().unwrap();
        let a = incremental.search(&Position::new(board.clone()), &Limits::depth(7), &mut |_| {});
        let b = scratch.search(&Position::new(board.clone()), &Limits::depth(7), &mut |_| {});
        assert_eq!((a.nodes(), a.best, a.score()), (b.nodes(), b.best, b.score()), "{fen}");
        assert!(a.nodes() > 1000, "{fen}: {} nodes, score {:?}", a.nodes(), a.score());
    }
}
