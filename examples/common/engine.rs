//! What the engine examples (`engine`, `uci`, `xboard`) share: `--help`, a
//! one-line error for bad arguments, then their protocol driver on standard
//! input and output.

use ox88::Ox88;
use std::io;
use std::process::ExitCode;

/// Runs the engine example `name`: prints `help` for `--help`, refuses any
/// other argument, else gives a new engine to `drive` (a protocol driver on
/// standard input and output) and exits non-zero with a one-line error if
/// it fails.
pub fn serve(name: &str, help: &str, drive: impl FnOnce(Ox88) -> io::Result<()>) -> ExitCode {
    if let Some(arg) = std::env::args().nth(1) {
        if arg == "--help" || arg == "-h" {
            println!("{help}");
            return ExitCode::SUCCESS;
        }
        eprintln!("{name}: unknown argument {arg:?} (see --help)");
        return ExitCode::from(2);
    }
    match drive(Ox88::new()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::from(1)
        }
    }
}
