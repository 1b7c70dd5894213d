//! Every position of the perft suites (copied into `tests/data/perft` of the
//! workspace, with their provenance), each depth whose expected count is at
//! most `NODE_CAP`, so `cargo test` stays fast. Deeper runs: the perft example.

use ox88_board::Board;
use ox88_movegen::perft;

const NODE_CAP: u64 = 400_000;

fn run_suite(name: &str) {
    let path = format!("{}/../../tests/data/perft/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut checked = 0;
    for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let mut fields = line.split(';');
        let fen = fields.next().expect("a FEN").trim();
        let mut board: Board = fen.parse().unwrap_or_else(|e| panic!("{name}:{} {fen}: {e}", number + 1));
        for field in fields {
            let (depth, expected) = field.trim().split_once(' ').expect("Dn count");
            let depth: u32 = depth.trim_start_matches('D').parse().expect("depth");
            let expected: u64 = expected.trim().parse().expect("count");
            if expected > NODE_CAP && depth > 1 {
                break;
            }
            assert_eq!(perft(&mut board, depth), expected, "{name}:{} {fen} depth {depth}", number + 1);
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
