//! The ox88 engine over UCI: `cargo run --release --example uci`.

#[path = "common/engine.rs"]
mod engine;

use ox88::protocol::uci::UciDriver;
use std::io::{self, BufReader};

const HELP: &str = "\
uci: the ox88 chess engine for UCI GUIs and match runners (reads UCI commands on stdin)

usage: uci [--help]

Start it from a GUI (cutechess, Arena, ...) or type `uci`, `position startpos`, `go depth 10`.
Extras: `d` (show the board), `eval` (explain the evaluation), `go perft N`, `bench [depth]`.
For CECP/XBoard use the `xboard` example, or `engine` to detect the protocol.";

fn main() -> std::process::ExitCode {
    engine::serve("uci", HELP, |engine| UciDriver::new(engine, io::stdout()).run(BufReader::new(io::stdin())).map(drop))
}
