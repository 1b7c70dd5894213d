//! The bench signature: the node count of `cargo run --release -p ox88-search
//! --example bench` (every bench position at the bench depth, one thread, a
//! fresh table, the classical evaluation with its default weights).
//!
//! Any change to the search's or the evaluation's behaviour changes it, and
//! nothing else may: a commit that changes behaviour updates the number here
//! and records it in its message (as Stockfish's "Bench:" lines do); a
//! refactoring that changes it has changed behaviour by mistake.

use ox88_eval::Classical;
use ox88_search::{bench, BENCH_DEPTH, BENCH_FENS};

/// The node count of the bench.
const BENCH_SIGNATURE: u64 = 487_594;

#[test]
fn the_bench_signature_is_pinned() {
    let report = bench(Classical::new(), BENCH_DEPTH, 1);
    assert_eq!(report.positions, BENCH_FENS.len());
    assert_eq!(
        report.nodes, BENCH_SIGNATURE,
        "the search's behaviour changed: if that was meant, record the new bench signature here and in the commit"
    );
}
