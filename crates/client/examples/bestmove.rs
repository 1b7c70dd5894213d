//! Asks Stockfish (or any UCI engine given as the argument) for its move in
//! the start position: `cargo run -p ox88-client --example bestmove`.

use ox88_client::{EngineCommand, EngineError, Limits, Position};
use std::time::Duration;

fn main() -> std::process::ExitCode {
    let program = std::env::args().nth(1).unwrap_or_else(|| "stockfish".into());
    match best_move(&program) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("bestmove: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// The README's ten lines.
fn best_move(program: &str) -> Result<(), EngineError> {
    let mut engine = EngineCommand::uci(program).spawn()?;
    let result = engine.search(&Position::startpos(), &Limits::movetime(Duration::from_millis(200)))?;
    if let (Some(best), Some(line)) = (result.search.best, result.search.line) {
        println!("{} plays {best}, score {}", engine.name(), line.score);
    }
    Ok(())
}
