//! The draw predicates of `Position` after every ply of games read from
//! standard input, for `.ci/pychess` to compare with python-chess.
//!
//! Each input line is `FEN;uci uci ...`. For the start and after each move
//! one output line of nine flags (0 or 1), in this order: is_fifty_moves,
//! is_seventyfive_moves, is_repetition(2), is_repetition(3),
//! is_repetition(4), is_fivefold_repetition, can_claim_fifty_moves,
//! can_claim_threefold_repetition, can_claim_draw. A game ends with an
//! empty line.
//!
//! ```text
//! cargo run -p ox88-movegen --example draws < games.txt
//! ```

use ox88_movegen::Position;
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

fn main() -> Result<(), Box<dyn Error>> {
    let mut out = BufWriter::new(io::stdout().lock());
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let line = line?;
        let (fen, moves) = line.split_once(';').ok_or_else(|| format!("line {}: no ';' in {line:?}", number + 1))?;
        let mut pos = Position::from_fen(fen)?;
        writeln!(out, "{}", flags(&pos))?;
        for uci in moves.split_whitespace() {
            pos.play_uci(uci).map_err(|e| format!("line {}: {e}", number + 1))?;
            writeln!(out, "{}", flags(&pos))?;
        }
        writeln!(out)?;
    }
    Ok(())
}
