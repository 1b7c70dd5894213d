//! Prints each game of PGN files as its tags, its main line in UCI (each
//! move checked) and its result: a plain form for other programs to compare
//! (the python-chess cross-check reads it).
//!
//! cargo run --release -p ox88-pgn --example moves -- FILE...
//!
//! Output, per game: `game N`, a `tag NAME VALUE` line per tag, `moves`
//! and the UCI moves, a `node FEN | CLOCK | EVAL` line per main-line node of
//! the game's tree (the position after the move, the `[%clk]` in seconds
//! and the `[%eval]` as `cp N` or `mate N`, each `none` if absent), `result
//! R` (the termination marker, or `none`); or `error MESSAGE`. Exit status
//! 1 if any game had an error.

use ox88_pgn::annotation::EvalScore;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("moves: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> io::Result<ExitCode> {
    let mut out = BufWriter::new(io::stdout().lock());
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() || files.iter().any(|f| f == "--help" || f == "-h") {
        writeln!(out, "usage: moves FILE...   (each game's tags, main line in UCI and result)")?;
        return Ok(if files.is_empty() { ExitCode::from(2) } else { ExitCode::SUCCESS });
    }
    if let Some(option) = files.iter().find(|f| f.starts_with('-') && f.len() > 1) {
        return Err(io::Error::other(format!("unknown option {option:?} (see --help)")));
    }
    let mut failed = false;
    for file in &files {
        let bytes = std::fs::read(file).map_err(|e| io::Error::other(format!("{file}: {e}")))?;
        let mut reader = ox88_pgn::Reader::from_bytes(&bytes);
        while let Some(game) = reader.next_game() {
            writeln!(out, "game {}", reader.games_read())?;
            let text = game.and_then(|game| {
                let mode = game.castling_mode()?;
                let moves = game.mainline_moves()?;
                let mut text = String::new();
                for (name, value) in game.headers.iter() {
                    text.push_str(&format!("tag {name} {value}\n"));
                }
                let uci: Vec<String> = moves.iter().map(|m| m.to_uci(mode).to_string()).collect();
                text.push_str(&format!("moves {}\n", uci.join(" ")));
                for node in game.tree()?.mainline() {
                    let clock = node.clock().map_or("none".into(), |c| format!("{:.3}", c.as_secs_f64()));
                    let eval = match node.eval().map(|e| e.score) {
                        Some(EvalScore::Centipawns(cp)) => format!("cp {cp}"),
                        Some(EvalScore::Mate(n)) => format!("mate {n}"),
                        None => "none".into(),
                    };
                    text.push_str(&format!("node {} | {clock} | {eval}\n", node.board().fen()));
                }
                let result = game.result.map_or("none", |r| r.as_str());
                text.push_str(&format!("result {result}"));
                Ok(text)
            });
            match text {
                Ok(text) => writeln!(out, "{text}")?,
                Err(e) => {
                    failed = true;
                    writeln!(out, "error {e}")?;
                }
            }
        }
    }
    out.flush()?;
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}
