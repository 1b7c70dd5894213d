//! Prints the classical evaluation of a position, term by term.
//!
//! `cargo run -p ox88-eval --example explain -- "<FEN>"` (the start position
//! without an argument).

use ox88_board::Board;
use ox88_eval::explain;
use std::process::ExitCode;

fn main() -> ExitCode {
    let fen = std::env::args().nth(1).unwrap_or_else(|| ox88_board::STARTPOS_FEN.to_owned());
    if fen == "--help" || fen == "-h" {
        println!(
            "usage: explain [FEN]\nPrints the classical evaluation of FEN (default the start position), term by term."
        );
        return ExitCode::SUCCESS;
    }
    match Board::from_fen(&fen) {
        Ok(board) => {
            println!("{}\n\n{}", board.fen(), explain(&board));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("explain: invalid FEN {fen:?}: {e}");
            ExitCode::from(2)
        }
    }
}
