//! `ox88-train datagen`: training data for the evaluation network, from
//! self-play of the ox88 search at a fixed node budget: whole games with the
//! search's scores, kept as chains ([`ox88_train::chain`]); and the data's
//! housekeeping (shuffle, stats, bullet).

mod adjudication;
mod budget;
mod chains;
mod generate;
mod openings;
mod sink;
mod tools;

use crate::cli::CommandError;

const HELP: &str = "\
ox88-train datagen: training data for ox88's evaluation network, from self-play

usage: ox88-train datagen generate [--out DIR] [--positions N] [--nodes N] [--threads N] [--hash MB] [--seed S]
                                   [--book FILE] [--chess960 PERCENT] [--eval classical|nnue] [--net FILE]
                                   [--syzygy DIR [--syzygy-pieces N]] [--chunk-positions N]
                                   [--chunk-minutes M]
       ox88-train datagen shuffle --out FILE [--seed S] [--hold-out FILE --hold-out-positions N] INPUT...
       ox88-train datagen stats FILE...
       ox88-train datagen bullet --out FILE INPUT...
       ox88-train datagen pack --out FILE CHAINS...

generate  plays games of the engine against itself, each move searched to at most --nodes nodes (default 5000;
          a hard limit, as UCI go nodes), and keeps each game as a chain (ox88_train::chain: its start, each move as its
          index among the legal moves, each searched position's score, the result; about 2 bytes a position):
          appended to DIR/in-progress-tN.chain, one file per thread, a game a write (a run killed at any moment
          loses at most the games in progress), which becomes a finished, zstd-compressed chunk
          DIR/selfplay-SECONDS-SEED-tN.chain once it holds --chunk-positions scored positions (default 500000)
          or, at the end of a game, once this run has been writing it --chunk-minutes minutes (default 60).
          A single legal move is played without a search; a search past an eighth of the budget stops at the
          end of an iteration whose line the trainer would not take (in check, a capture or promotion best, a
          mate score); no search is repeated. The trainer reads the training positions: side to move not in
          check, best move not a capture or promotion, score not a mate.
          Run again, it counts the scored positions DIR's chain files hold and goes on until there are
          --positions of them (default 20000000). Games start from 8 to 12 random plies after the start position,
          or (--chess960 percent of them, default 20) 6 or 7 after a random Chess960 arrangement, or 2 after a
          random line of an EPD --book; starts the search scores beyond 400 cp are not played. Games are
          adjudicated: a win when four plies in a row score 1500 cp or more for one side, a draw after 12 plies
          within 10 cp from move 40 on, or at 400 plies. --out defaults to ~/ox88-data/selfplay. Progress
          (positions, training positions per CPU-second of this process, nodes searched a training position,
          games, results) goes to stderr every 30 seconds. Run it at low priority: nice -n 19.
          --eval nnue plays and scores with the network (the embedded one, or --net FILE) instead of the
          classical evaluation (the default); keep each evaluation's data in its own --out directory.
          --syzygy DIR ends a game as soon as its position is in the Syzygy tables of DIR (at most
          --syzygy-pieces pieces, default the largest tables'), with their result: best play from there under
          the fifty-move rule, the game's repetitions counted. That position and the rest of the game are
          neither searched nor kept. Without --syzygy, games are played on.
An INPUT of shuffle, stats and bullet is a file of packed records (32 bytes each) or game chains: a .chain file or
a directory of them, whose training positions are read in game order.
shuffle   reads INPUT files, drops repeated positions (same pieces, castling, side to move and en passant;
          the first one read is kept), shuffles and writes FILE. With --hold-out, the whole games that make up
          the last N positions (or a few more) of the INPUT files, N shared between them, go to that file
          instead (as generate wrote them, unshuffled), less any position FILE holds: validation data that
          shares no game with the training data.
stats     prints each file's positions, results, Chess960 share and score spread; for game chains also their
          games, scored and training positions, and bytes a position on disk.
pack      packs the games of chain files (finished chunks, raw files, or directories of them) into one finished
          chunk FILE, in order.
bullet    writes the INPUT files' positions, in order, in the data format of bullet (the GPU trainer), for its
          ChessBoard loader: run it on a file `shuffle` wrote. Castling rights and en passant do not carry over.

Exits 2 on a bad argument, 1 on a file that cannot be read or written.";

/// Runs `datagen` with the arguments after it.
pub fn run(args: &[String]) -> Result<(), CommandError> {
    if args.is_empty() || args.iter().any(|a| a == "--help" || a == "-h") {
        return tools::print(&format!("{HELP}\n")).map(|_| ());
    }
    match args[0].as_str() {
        "generate" => generate::GenerateOptions::parse(&args[1..]).and_then(generate::run),
        "shuffle" => tools::shuffle(&args[1..]),
        "stats" => tools::stats(&args[1..]),
        "bullet" => tools::bullet(&args[1..]),
        "pack" => chains::pack(&args[1..]),
        other => Err(CommandError::Usage(format!("datagen: unknown command {other:?} (see datagen --help)"))),
    }
}
