//! The ox88 engine in whichever protocol the GUI speaks first (`xboard` for
//! CECP, anything else for UCI): `cargo run --release --example engine`.

mod common;

const HELP: &str = "\
engine: the ox88 chess engine; speaks CECP/XBoard if the first command is `xboard`, UCI otherwise

usage: engine [--help]";

fn main() -> std::process::ExitCode {
    common::main("engine", HELP, common::Protocol::Auto)
}
