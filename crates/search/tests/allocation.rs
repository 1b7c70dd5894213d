//! The hot paths allocate nothing: move generation, make/unmake and perft
//! never; the evaluation never once built; the search per search and per
//! iteration (reports, the principal variation), never per node. Counted
//! per thread with an allocator that wraps the system's (a one-thread search
//! runs on the caller's thread).

use ox88_alloc_count::{allocations_during, CountingAllocator};
use ox88_board::Board;
use ox88_eval::{Classical, Evaluator};
use ox88_movegen::{perft, MoveGen, MoveList, Position};
use ox88_search::{Limits, Report, Searcher};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

const FENS: [&str; 4] = [
    ox88_board::STARTPOS_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

#[test]
fn move_generation_and_perft_allocate_nothing() {
    for fen in FENS {
        let mut board: Board = fen.parse().unwrap();
        let mut list = MoveList::new();
        let mut nodes = 0;
        let allocations = allocations_during(|| {
            nodes = perft(&mut board, 4);
            board.generate_legal(&mut list);
            for &m in &list {
                let undo = board.make_move_unchecked(m);
                nodes += board.legal_moves().len() as u64;
                board.unmake_move(m, undo);
            }
        });
        assert!(nodes > 1000);
        assert_eq!(allocations, 0, "{fen}: {allocations} allocations in {nodes} nodes of move generation");
    }
}

#[test]
fn evaluation_allocates_nothing_once_built() {
    let mut eval = Classical::new();
    for fen in FENS {
        let mut board: Board = fen.parse().unwrap();
        let moves = board.legal_moves();
        let allocations = allocations_during(|| {
            for &m in &moves {
                let undo = board.make_move_unchecked(m);
                std::hint::black_box(eval.evaluate(&board));
                board.unmake_move(m, undo);
            }
        });
        assert_eq!(allocations, 0, "{fen}: {allocations} allocations in {} evaluations", moves.len());
    }
}

#[test]
fn nnue_evaluation_allocates_nothing_once_built() {
    use ox88_eval::nnue::{Network, Nnue, DEFAULT_HIDDEN as HIDDEN, INPUTS};
    let network = Network::from_weights(&vec![1; INPUTS * HIDDEN], &[2; HIDDEN], &[3; 2 * HIDDEN], &[0], 100).unwrap();
    let mut eval = Nnue::new(network);
    for fen in FENS {
        let mut board: Board = fen.parse().unwrap();
        let moves = board.legal_moves();
        let allocations = allocations_during(|| {
            eval.set_root(&board);
            for &m in &moves {
                eval.make_move(&board, m);
                let undo = board.make_move_unchecked(m);
                std::hint::black_box(eval.evaluate(&board));
                board.unmake_move(m, undo);
                eval.unmake_move();
            }
        });
        assert_eq!(allocations, 0, "{fen}: {allocations} allocations in {} evaluations", moves.len());
    }
}

/// Nodes searched, allocations made and iterations reported by a search of
/// `fen` to `depth`.
fn count(searcher: &mut Searcher<Classical>, fen: &str, depth: u32) -> (u64, u64, u64) {
    let game = Position::from_fen(fen).unwrap();
    let mut iterations = 0;
    let mut nodes = 0;
    let allocations = allocations_during(|| {
        let result = searcher.search(&game, &Limits::depth(depth), &mut |r: &Report| {
            if matches!(r, Report::Line(_)) {
                iterations += 1;
            }
        });
        nodes = result.nodes();
    });
    (nodes, allocations, iterations)
}

#[test]
fn search_allocations_grow_with_iterations_not_with_nodes() {
    let mut searcher = Searcher::<Classical>::new(16, 1);
    for fen in FENS {
        searcher.clear();
        let (small_nodes, small_allocations, _) = count(&mut searcher, fen, 3);
        searcher.clear();
        let (nodes, allocations, iterations) = count(&mut searcher, fen, 11);
        println!("{fen}: depth 3 {small_nodes} nodes {small_allocations} allocations; depth 11 {nodes} nodes {allocations} allocations {iterations} reported lines");
        assert!(nodes > 10_000 && nodes > 10 * small_nodes, "{fen}: too few nodes to tell ({nodes})");
        // A fixed cost per search and per reported line; nothing per node.
        assert!(
            allocations <= small_allocations + 8 * iterations,
            "{fen}: {allocations} allocations in {nodes} nodes ({iterations} lines) against {small_allocations} at depth 3"
        );
    }
}
