//! The ox88 engine over CECP v2 (XBoard/WinBoard):
//! `cargo run --release --example xboard`.

#[path = "common/engine.rs"]
mod engine;

use ox88::protocol::xboard::XbDriver;
use std::io::{self, BufReader};

const HELP: &str = "\
xboard: the ox88 chess engine for XBoard/WinBoard and other CECP v2 interfaces (reads CECP commands on stdin)

usage: xboard [--help]

Start it from XBoard (`xboard -fcp path/to/xboard`) or a match runner, or type `xboard`, `protover 2`,
`new`, `e2e4`. Variants: normal, fischerandom. For UCI use the `uci` example, or `engine` to detect the
protocol.";

fn main() -> std::process::ExitCode {
    engine::serve("xboard", HELP, |engine| {
        XbDriver::new(engine, io::stdout()).run(BufReader::new(io::stdin())).map(drop)
    })
}
