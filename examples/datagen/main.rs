//! Training data for the evaluation network: self-play of the ox88 search at
//! a fixed node budget, recording quiet positions with the search score and
//! the game's result, in ox88-eval's packed format (`ox88::eval::data`).
//!
//! cargo run --release --example datagen -- generate [--out DIR] [--positions N] [--nodes N] [--threads N] ...
//! cargo run --release --example datagen -- shuffle --out FILE [--hold-out FILE --hold-out-positions N] INPUT...
//! cargo run --release --example datagen -- stats FILE...

mod generate;
mod openings;
mod random;
mod tools;

use std::process::ExitCode;

const HELP: &str = "\
datagen: training data for ox88's evaluation network, from self-play

usage: datagen generate [--out DIR] [--positions N] [--nodes N] [--threads N] [--hash MB] [--seed S]
                        [--book FILE] [--chess960 PERCENT] [--eval classical|nnue] [--net FILE]
       datagen shuffle --out FILE [--seed S] [--hold-out FILE --hold-out-positions N] INPUT...
       datagen stats FILE...

generate  plays games of the engine against itself, each move searched until an iteration ends past --nodes
          nodes (default 5000), and appends every quiet position (side to move not in check, best move not a
          capture or promotion, score not a mate) with its score and the game's result to DIR/ox88-tN.bin, one
          file per thread, one write per game: a run killed at any moment loses at most the games in progress.
          Run again, it counts what the files hold and goes on until DIR holds --positions positions
          (default 20000000). Games start from 8 or 9 random plies after the start position, or (--chess960
          percent of them, default 20) 6 or 7 after a random Chess960 arrangement, or 2 after a random line of
          an EPD --book; starts the search scores beyond 400 cp are not played. Games are adjudicated: a win
          when four plies in a row score 1500 cp or more for one side, a draw after 12 plies
          within 10 cp from move 40 on, or at 400 plies. --out defaults to ~/ox88-data/gen. Progress (positions,
          positions/s, games, results) goes to stderr every 30 seconds. Run it at low priority: nice -n 19.
          --eval nnue plays and scores with the network (the embedded one, or --net FILE) instead of the
          classical evaluation (the default); keep each evaluation's data in its own --out directory.
shuffle   reads INPUT files, drops repeated positions (same pieces, castling, side to move and en passant;
          the first one read is kept), shuffles and writes FILE. With --hold-out, the whole games that make up
          the last N positions (or a few more) of the INPUT files, N shared between them, go to that file
          instead (as generate wrote them, unshuffled), less any position FILE holds: validation data that
          shares no game with the training data.
stats     prints each file's positions, results, Chess960 share and score spread.

Exits 2 on a bad argument, 1 on a file that cannot be read or written.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{HELP}");
        return ExitCode::SUCCESS;
    }
    let result = match args[0].as_str() {
        "generate" => generate::Options::parse(&args[1..]).map_err(Failure::Usage).and_then(generate::run),
        "shuffle" => tools::shuffle(&args[1..]),
        "stats" => tools::stats(&args[1..]),
        other => Err(Failure::Usage(format!("unknown command {other:?} (see --help)"))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("datagen: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Run(message)) => {
            eprintln!("datagen: {message}");
            ExitCode::from(1)
        }
    }
}

/// Why the tool stopped.
pub enum Failure {
    /// A bad command line (exit 2).
    Usage(String),
    /// A file that cannot be read or written (exit 1).
    Run(String),
}

/// The value after a flag, parsed.
pub fn value<T: std::str::FromStr>(args: &mut std::slice::Iter<'_, String>, name: &str) -> Result<T, String> {
    let text = args.next().ok_or_else(|| format!("{name} needs a value"))?;
    text.parse().map_err(|_| format!("{name}: {text:?} is not a valid value"))
}
