//! What the examples share: for the engine examples, `--help`, a one-line
//! error for bad arguments, then the chosen protocol driver on standard
//! input and output; for the others, reading a number from the command line.

// Each example uses its own part of this module.
#![allow(dead_code)]

use ox88::protocol::uci::UciDriver;
use ox88::protocol::xboard::XbDriver;
use std::io::{self, BufReader};
use std::process::ExitCode;

/// Which protocol an example speaks (each example uses one variant).
pub enum Protocol {
    /// UCI only.
    Uci,
    /// CECP/XBoard only.
    Xboard,
    /// Whichever the first command asks for (`xboard` or anything else).
    Auto,
}

/// Runs the engine example `name`.
pub fn main(name: &str, help: &str, protocol: Protocol) -> ExitCode {
    if let Some(arg) = std::env::args().nth(1) {
        if arg == "--help" || arg == "-h" {
            println!("{help}");
            return ExitCode::SUCCESS;
        }
        eprintln!("{name}: unknown argument {arg:?} (see --help)");
        return ExitCode::from(2);
    }
    let engine = ox88::Ox88::new();
    let input = BufReader::new(io::stdin());
    let result = match protocol {
        Protocol::Uci => UciDriver::new(engine, io::stdout()).run(input).map(drop),
        Protocol::Xboard => XbDriver::new(engine, io::stdout()).run(input).map(drop),
        Protocol::Auto => ox88::protocol::run_stdio(engine),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::from(1)
        }
    }
}

/// The value `text` given for the argument `name`, or a one-line error
/// naming both.
pub fn number<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{name}: {text:?} is not a valid number"))
}

/// The positive number of seconds `text` gives for the argument `name`, as
/// a duration, or a one-line error.
pub fn seconds(text: &str, name: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = number(text, name)?;
    if !(seconds > 0.0 && seconds < 1e6) {
        return Err(format!("{name}: {seconds} is not a positive number of seconds"));
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}
