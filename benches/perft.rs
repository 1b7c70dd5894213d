//! Bulk perft on the six positions of the chess programming wiki's "Perft
//! Results" page: the move generator's speed, comparable with the peers
//! measured by `scripts/peers-perft.sh` (see `docs/perft.md`).

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ox88::board::Board;
use ox88::movegen::{perft, perft_full};

/// (name, FEN, depth, nodes). Depths are one below the peers' so that a
/// criterion sample stays short; the node rate is what is compared.
const POSITIONS: [(&str, &str, u32, u64); 6] = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4_865_609),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11_030_083),
    ("pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333),
    ("pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2_103_487),
    ("pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3_894_594),
];

fn bulk(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_bulk");
    group.sample_size(10);
    for (name, fen, depth, nodes) in POSITIONS {
        let board: Board = fen.parse().expect("valid FEN");
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::from_parameter(name), &board, |b, board| {
            b.iter(|| assert_eq!(perft(&mut board.clone(), depth), nodes))
        });
    }
    group.finish();
}

fn full(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_full");
    group.sample_size(10);
    let (name, fen, depth, nodes) = POSITIONS[0];
    let board: Board = fen.parse().expect("valid FEN");
    group.throughput(Throughput::Elements(nodes));
    group.bench_with_input(BenchmarkId::from_parameter(name), &board, |b, board| {
        b.iter(|| assert_eq!(perft_full(&mut board.clone(), depth), nodes))
    });
    group.finish();
}

criterion_group!(benches, bulk, full);
criterion_main!(benches);
