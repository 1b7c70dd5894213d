//! The analysis endpoint's overhead over the engine's own search, for
//! docs/server.md: the same positions searched to the same depth by an
//! `Ox88` called directly and through `POST /api/v1/analyse` of a server
//! running in this process (one engine, the same hash size), interleaved,
//! each a fresh search (the server clears its engine's table per request; a
//! fresh engine is built for each direct search). The node counts must
//! match: the same search, so the time difference is the service's.
//!
//! usage: cargo run --release -p ox88-server --example analysis_overhead -- [DEPTH] [ROUNDS]

use ox88::protocol::Limits;
use ox88::{Ox88, Position, Settings};
use ox88_server::{app, serve, ServerConfig};
use serde_json::{json, Value};
use std::time::Instant;
use tokio::net::TcpListener;

/// Positions of the opening, middlegame and endgame.
const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r2qr1k1/1b2bp2/p2p1np1/1pnPp1Bp/P1p1P3/2P2NNP/1PBQ1PP1/R3R1K1 w - - 2 21",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().map_or(12, |a| a.parse().expect("a depth"));
    let rounds: usize = args.next().map_or(5, |a| a.parse().expect("a number of rounds"));
    let config = ServerConfig { engines: 1, port: 0, ..ServerConfig::default() };
    let hash_mb = config.hash_mb;
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let url = format!("http://{}/api/v1/analyse", listener.local_addr().expect("an address"));
    tokio::spawn(serve(listener, app(config).expect("the application"), std::future::pending()));
    let client = reqwest::Client::builder().no_proxy().build().expect("a client");
    println!("depth {depth}, {rounds} rounds; times in ms (median), overhead = api / direct - 1");
    println!("| position | nodes | direct | api | overhead |");
    println!("|---|---:|---:|---:|---:|");
    let (mut all_direct, mut all_api) = (0.0, 0.0);
    for fen in FENS {
        let position = Position::from_fen(fen).expect("a FEN");
        let (mut direct, mut api) = (Vec::new(), Vec::new());
        let mut nodes = (0, 0);
        for round in 0..rounds {
            // Alternate which goes first, so that drift hits both alike.
            for turn in 0..2 {
                if (turn + round) % 2 == 0 {
                    let mut engine =
                        Ox88::with_settings(Settings { hash_mb, ..Settings::default() }).expect("an engine");
                    let started = Instant::now();
                    let result =
                        tokio::task::block_in_place(|| engine.search(&position, &Limits::depth(depth), &mut |_| {}));
                    direct.push(started.elapsed().as_secs_f64() * 1e3);
                    nodes.0 = result.nodes();
                } else {
                    let started = Instant::now();
                    let response =
                        client.post(&url).json(&json!({"fen": fen, "depth": depth})).send().await.expect("an answer");
                    let body: Value = response.json().await.expect("JSON");
                    api.push(started.elapsed().as_secs_f64() * 1e3);
                    nodes.1 = body["nodes"].as_u64().expect("nodes");
                }
            }
        }
        assert_eq!(nodes.0, nodes.1, "{fen}: not the same search");
        let (direct, api) = (median(direct), median(api));
        all_direct += direct;
        all_api += api;
        println!("| `{fen}` | {} | {direct:.1} | {api:.1} | {:+.2}% |", nodes.0, (api / direct - 1.0) * 100.0);
    }
    println!("| all | | {all_direct:.1} | {all_api:.1} | {:+.2}% |", (all_api / all_direct - 1.0) * 100.0);
}
