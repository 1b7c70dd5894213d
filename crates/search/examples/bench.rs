//! The search benchmark: `cargo run --release -p ox88-search --example bench -- [--depth N] [--threads N]`.
//! Prints the total node count (deterministic with one thread) and the speed.

use ox88_eval::Classical;
use ox88_search::{bench, BENCH_DEPTH};

fn main() {
    let mut depth = BENCH_DEPTH;
    let mut threads = 1;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().and_then(|v| v.parse().ok());
        match (flag.as_str(), value) {
            ("--depth", Some(v)) => depth = v as u32,
            ("--threads", Some(v)) => threads = v,
            _ => {
                eprintln!("usage: bench [--depth N] [--threads N]");
                std::process::exit(2);
            }
        }
    }
    let result = bench(Classical::new(), depth, threads);
    println!("positions {} depth {depth} threads {threads}", result.positions);
    println!("time {:.3} s", result.time.as_secs_f64());
    println!("nodes {}", result.nodes);
    println!("nps {}", result.nps());
}
