//! The ox88 engine in whichever protocol the GUI speaks first (`xboard` for
//! CECP, anything else for UCI): `cargo run --release --example engine`.

#[path = "common/engine.rs"]
mod engine;

const HELP: &str = "\
engine: the ox88 chess engine; speaks CECP/XBoard if the first command is `xboard`, UCI otherwise

usage: engine [--help]";

fn main() -> std::process::ExitCode {
    engine::serve("engine", HELP, ox88::protocol::run_stdio)
}
