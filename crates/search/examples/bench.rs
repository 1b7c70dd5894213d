//! The search benchmark: `cargo run --release -p ox88-search --example bench -- [--depth N] [--threads N]`.
//! Prints the total node count (deterministic with one thread) and the speed.

use ox88_eval::Classical;
use ox88_search::{bench, BENCH_DEPTH};
use std::process::ExitCode;

const USAGE: &str = "usage: bench [--depth N] [--threads N]
Searches the fixed bench positions to depth N (default the bench depth) with N
threads (default 1) and prints the total nodes (deterministic with one thread)
and the nodes per second.";

fn main() -> ExitCode {
    let mut depth = BENCH_DEPTH;
    let mut threads = 1;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--help" || flag == "-h" {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        let value = args.next().and_then(|v| v.parse::<u32>().ok()).filter(|&v| v > 0);
        match (flag.as_str(), value) {
            ("--depth", Some(v)) => depth = v,
            ("--threads", Some(v)) => threads = v as usize,
            ("--depth" | "--threads", None) => return fail(&format!("{flag} needs a positive number")),
            _ => return fail(&format!("unknown argument {flag:?} (try --help)")),
        }
    }
    let result = bench(Classical::new(), depth, threads);
    println!("positions {} depth {depth} threads {threads}", result.positions);
    println!("time {:.3} s", result.time.as_secs_f64());
    println!("nodes {}", result.nodes);
    println!("nps {}", result.nps());
    ExitCode::SUCCESS
}

fn fail(message: &str) -> ExitCode {
    eprintln!("bench: {message}");
    ExitCode::from(2)
}
