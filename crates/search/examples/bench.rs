//! The search benchmark: `cargo run --release -p ox88-search --example bench -- [--depth N] [--threads N]
//! [--eval classical|nnue] [--net FILE]`. Prints the total node count (deterministic with one thread) and the
//! speed.

use ox88_eval::nnue::{Network, Nnue};
use ox88_eval::Classical;
use ox88_search::{bench, BENCH_DEPTH};
use std::process::ExitCode;

const USAGE: &str = "usage: bench [--depth N] [--threads N] [--eval classical|nnue] [--net FILE]
Searches the fixed bench positions to depth N (default the bench depth) with N
threads (default 1) and prints the total nodes (deterministic with one thread)
and the nodes per second. --eval picks the evaluation (default classical);
nnue uses the network in FILE (--net, which implies --eval nnue).";

fn main() -> ExitCode {
    let mut depth = BENCH_DEPTH;
    let mut threads = 1;
    let mut eval = String::from("classical");
    let mut net = None;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--help" || flag == "-h" {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        let Some(value) = args.next() else { return fail(&format!("{flag} needs a value")) };
        let number = value.parse::<u32>().ok().filter(|&v| v > 0);
        match (flag.as_str(), number) {
            ("--depth", Some(v)) => depth = v,
            ("--threads", Some(v)) => threads = v as usize,
            ("--depth" | "--threads", None) => return fail(&format!("{flag} needs a positive number")),
            ("--eval", _) => eval = value,
            ("--net", _) => net = Some(value),
            _ => return fail(&format!("unknown argument {flag:?} (try --help)")),
        }
    }
    let result = match (eval.as_str(), net) {
        ("classical", None) => bench(Classical::new(), depth, threads),
        ("classical", Some(_)) => return fail("--net goes with --eval nnue"),
        ("nnue", None) => return fail("--eval nnue needs --net FILE"),
        ("nnue", Some(path)) => match Network::load(&path) {
            Ok(network) => bench(Nnue::new(network), depth, threads),
            Err(e) => return fail(&e.to_string()),
        },
        (other, _) => return fail(&format!("unknown evaluation {other:?} (classical or nnue)")),
    };
    println!("positions {} depth {depth} threads {threads} eval {eval}", result.positions);
    println!("time {:.3} s", result.time.as_secs_f64());
    println!("nodes {}", result.nodes);
    println!("nps {}", result.nps());
    ExitCode::SUCCESS
}

fn fail(message: &str) -> ExitCode {
    eprintln!("bench: {message}");
    ExitCode::from(2)
}
