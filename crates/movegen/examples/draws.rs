//! The draw predicates and the outcomes of `Position` after every ply of
//! games read from standard input, for `.ci/pychess` to compare with
//! python-chess.
//!
//! Each input line is `FEN;uci uci ...`. For the start and after each move
//! one output line: nine flags (0 or 1), in this order: is_fifty_moves,
//! is_seventyfive_moves, is_repetition(2), is_repetition(3),
//! is_repetition(4), is_fivefold_repetition, can_claim_fifty_moves,
//! can_claim_threefold_repetition, can_claim_draw; then `outcome()` and
//! `outcome_with_claims()`, each `*` while the game goes on, else the
//! result and the termination (`1/2-1/2:stalemate`). A game ends with an
//! empty line.
//!
//! ```text
//! cargo run -p ox88-movegen --example draws < games.txt
//! ```

use ox88_movegen::{Outcome, Position};
use std::error::Error;
use std::io::{self, BufRead, BufWriter, Write};

fn flags(pos: &Position) -> String {
    [
        pos.is_fifty_moves(),
        pos.is_seventyfive_moves(),
        pos.is_repetition(2),
        pos.is_repetition(3),
        pos.is_repetition(4),
        pos.is_fivefold_repetition(),
        pos.can_claim_fifty_moves(),
        pos.can_claim_threefold_repetition(),
        pos.can_claim_draw(),
    ]
    .iter()
    .map(|&flag| if flag { '1' } else { '0' })
    .collect()
}

fn outcome(outcome: Option<Outcome>) -> String {
    outcome.map_or_else(|| "*".to_owned(), |o| format!("{}:{}", o.result(), o.termination))
}

fn line(pos: &Position) -> String {
    format!("{} {} {}", flags(pos), outcome(pos.outcome()), outcome(pos.outcome_with_claims()))
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut out = BufWriter::new(io::stdout().lock());
    for (number, input) in io::stdin().lock().lines().enumerate() {
        let input = input?;
        let (fen, moves) = input.split_once(';').ok_or_else(|| format!("line {}: no ';' in {input:?}", number + 1))?;
        let mut pos = Position::from_fen(fen)?;
        writeln!(out, "{}", line(&pos))?;
        for uci in moves.split_whitespace() {
            pos.play_uci(uci).map_err(|e| format!("line {}: {e}", number + 1))?;
            writeln!(out, "{}", line(&pos))?;
        }
        writeln!(out)?;
    }
    Ok(())
}
