//! The Position endpoint's own work, without HTTP, for profiling
//! (docs/server.md): the benchmark's request (Kiwipete) read from its JSON
//! body, its position described, the answer written as JSON — what the
//! handler does per request — in a loop, timed.
//!
//! usage: cargo run --release -p ox88-server --example position_profile -- [ITERATIONS]
//! (under callgrind: valgrind --tool=callgrind target/release/examples/position_profile 2000)

use ox88_server::input::PositionInput;
use ox88_server::routes::position::{describe, to_json};
use std::hint::black_box;
use std::time::Instant;

/// The benchmark's request (crates/server/peers/requests).
const POSITION: &str = include_str!("../peers/requests/position.json");

/// One request's work: the body read, the answer's bytes written.
fn answer(body: &[u8]) -> Vec<u8> {
    let input: PositionInput = serde_json::from_slice(body).expect("the request");
    let read = input.read("", 1_000).expect("a position");
    to_json(&describe(&read.position, read.repairs))
}

fn main() {
    let iterations: u32 = std::env::args().nth(1).map_or(20_000, |a| a.parse().expect("a number of iterations"));
    let bytes = answer(POSITION.as_bytes()).len();
    let started = Instant::now();
    for _ in 0..iterations {
        black_box(answer(black_box(POSITION.as_bytes())));
    }
    let each = started.elapsed().as_secs_f64() / f64::from(iterations);
    println!("{iterations} answers of {bytes} bytes: {:.2} µs each", each * 1e6);
}
