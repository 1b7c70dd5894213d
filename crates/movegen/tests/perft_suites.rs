//! Every position of the perft suites (copied into `tests/data/perft` of the
//! workspace, with their provenance), each depth whose expected count is at
//! most `NODE_CAP`, so `cargo test` stays fast (and full perft, every move
//! made, to `FULL_CAP`). Deeper runs: the perft example.

mod common;

use ox88_movegen::{perft, perft_full};

const NODE_CAP: u64 = 400_000;
const FULL_CAP: u64 = 50_000;

fn run_suite(name: &str) {
    let mut checked = 0;
    for (number, epd) in common::epd_lines(&format!("perft/{name}")) {
        let mut board = epd.board.clone();
        for (depth, expected) in epd.perft_counts() {
            if expected > NODE_CAP && depth > 1 {
                break;
            }
            assert_eq!(perft(&mut board, depth), expected, "{name}:{number} {} depth {depth}", epd.board.fen());
            if expected <= FULL_CAP {
                let full = perft_full(&mut board, depth);
                assert_eq!(full, expected, "{name}:{number} {} depth {depth}, full", epd.board.fen());
            }
            checked += 1;
        }
        board.check_consistency().unwrap();
    }
    assert!(checked > 0);
}

#[test]
fn standard_suite() {
    run_suite("standard.epd");
}

#[test]
fn chess960_suite() {
    run_suite("chess960.epd");
}

#[test]
fn special_suite() {
    run_suite("special.epd");
}
