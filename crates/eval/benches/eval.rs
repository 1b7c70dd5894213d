//! Evaluations per second over the positions of the shared perft suite
//! (tests/data/perft/standard.epd), with and without the pawn hash table,
//! the material-only baseline, and legal move generation over the same
//! positions for scale (evaluation must stay cheap next to it).

use criterion::{criterion_main, Criterion, Throughput};
use ox88_board::Board;
use ox88_eval::{Classical, Evaluator, Material};
use ox88_movegen::{Epd, MoveGen, MoveList};
use std::hint::black_box;

fn positions() -> Vec<Board> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/perft/standard.epd");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Epd::read_lines(&text).map(|(n, epd)| epd.unwrap_or_else(|e| panic!("{path}:{n}: {e}")).board).collect()
}

fn run(eval: &mut impl Evaluator, boards: &[Board]) -> i64 {
    boards.iter().map(|b| i64::from(eval.evaluate(black_box(b)).raw())).sum()
}

fn bench(c: &mut Criterion) {
    let boards = positions();
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(boards.len() as u64));
    let mut hashed = Classical::new();
    group.bench_function("classical, pawn hash", |b| b.iter(|| run(&mut hashed, &boards)));
    let mut unhashed = Classical::new().with_pawn_table(0);
    group.bench_function("classical, no pawn hash", |b| b.iter(|| run(&mut unhashed, &boards)));
    let mut material = Material::default();
    group.bench_function("material", |b| b.iter(|| run(&mut material, &boards)));
    let mut list = MoveList::new();
    group.bench_function("legal moves", |b| {
        b.iter(|| {
            boards.iter().fold(0, |total, board| {
                list.clear();
                black_box(board).generate_legal(&mut list);
                total + list.len()
            })
        })
    });
    group.finish();
}

// The macro defines an undocumented public function.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::bench);
}
criterion_main!(group::benches);
