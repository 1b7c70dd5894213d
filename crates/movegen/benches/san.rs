//! SAN formatting (and parsing) of every legal move of every position of
//! the perft suites: the cost of printing PVs and writing PGN.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ox88_board::{Board, Move};
use ox88_movegen::{Epd, MoveGen, Notation};
use std::fmt::Write;

/// Every position of the three perft suites with its legal moves.
fn positions() -> Vec<(Board, Vec<Move>)> {
    let mut all = Vec::new();
    for name in ["standard.epd", "special.epd", "chess960.epd"] {
        let path = format!("{}/../../tests/data/perft/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (number, epd) in Epd::read_lines(&text) {
            let board = epd.unwrap_or_else(|e| panic!("{path}:{number}: {e}")).board;
            let moves = board.legal_moves().to_vec();
            all.push((board, moves));
        }
    }
    all
}

fn san(c: &mut Criterion) {
    let positions = positions();
    let moves: usize = positions.iter().map(|(_, moves)| moves.len()).sum();
    let mut group = c.benchmark_group("san");
    group.throughput(Throughput::Elements(moves as u64));
    // Formatting into one reused buffer, as a PV printer would.
    group.bench_function("format", |b| {
        let mut out = String::with_capacity(16);
        b.iter(|| {
            let mut bytes = 0;
            for (board, moves) in &positions {
                for &m in moves {
                    out.clear();
                    write!(out, "{}", board.san(m)).expect("writing to a String");
                    bytes += out.len();
                }
            }
            bytes
        })
    });
    group.bench_function("format_without_suffix", |b| {
        let mut out = String::with_capacity(16);
        b.iter(|| {
            let mut bytes = 0;
            for (board, moves) in &positions {
                for &m in moves {
                    out.clear();
                    write!(out, "{}", board.san_without_suffix(m)).expect("writing to a String");
                    bytes += out.len();
                }
            }
            bytes
        })
    });
    let texts: Vec<(&Board, Vec<String>)> = positions
        .iter()
        .map(|(board, moves)| (board, moves.iter().map(|&m| board.san(m).to_string()).collect()))
        .collect();
    group.bench_function("parse", |b| {
        b.iter(|| {
            for (board, sans) in &texts {
                for san in sans {
                    board.parse_san(san).expect("legal");
                }
            }
        })
    });
    group.finish();
}

criterion_group!(benches, san);
criterion_main!(benches);
