//! Running an engine over standard input and output in whichever protocol
//! the GUI speaks first.

use crate::uci::UciDriver;
use crate::{Engine, Flow};
use std::io::{self, BufRead, Write};

/// Runs `engine` on standard input and output: CECP if the first command is
/// `xboard`, UCI otherwise. Returns at `quit` or the end of the input.
///
/// ```no_run
/// # fn engine() -> ox88_protocol::testing::FirstLegal { Default::default() }
/// fn main() -> std::io::Result<()> {
///     ox88_protocol::run_stdio(engine())
/// }
/// ```
pub fn run_stdio<E: Engine + 'static>(engine: E) -> io::Result<()> {
    run_auto(engine, io::BufReader::new(io::stdin()), io::stdout().lock()).map(drop)
}

/// Like [`run_stdio`] on any input and output; returns the engine.
pub fn run_auto<E, R, W>(engine: E, mut input: R, out: W) -> io::Result<E>
where
    E: Engine + 'static,
    R: BufRead + Send + 'static,
    W: Write,
{
    let mut first = Vec::new();
    loop {
        first.clear();
        if input.read_until(b'\n', &mut first)? == 0 {
            return Ok(engine);
        }
        if !String::from_utf8_lossy(&first).trim().is_empty() {
            break;
        }
    }
    let first = String::from_utf8_lossy(&first).trim().to_owned();
    if first.split_whitespace().next() == Some("xboard") {
        let mut driver = crate::xboard::XbDriver::new(engine, out);
        if driver.handle_line(&first)? == Flow::Quit {
            return driver.finish();
        }
        driver.run(input)
    } else {
        let mut driver = UciDriver::new(engine, out);
        if driver.handle_line(&first)? == Flow::Quit {
            return driver.finish();
        }
        driver.run(input)
    }
}
