//! Searches one position and prints the progress:
//! `cargo run --release -p ox88-search --example analyse -- [FEN [DEPTH [MOVE...]]]`.

use ox88_board::{Board, CastlingMode, Move};
use ox88_eval::Classical;
use ox88_movegen::{Notation, Position};
use ox88_search::{Limits, Report, Searcher};
use std::process::ExitCode;

const USAGE: &str = "usage: analyse [FEN [DEPTH [MOVE...]]]
Searches FEN (default the start position) to DEPTH plies (default 10),
only among the UCI MOVEs when some are given, and prints each iteration.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("analyse: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let fen = args.first().map_or(ox88_board::STARTPOS_FEN, |s| s.as_str());
    let board: Board = fen.parse().map_err(|e| format!("invalid FEN {fen:?}: {e}"))?;
    let depth = match args.get(1) {
        Some(text) => text.parse::<u32>().ok().filter(|&d| d > 0).ok_or(format!("invalid depth {text:?}"))?,
        None => 10,
    };
    let searchmoves = args
        .iter()
        .skip(2)
        .map(|text| board.parse_uci(text.as_str(), CastlingMode::Standard).map_err(|e| format!("move {text:?}: {e}")))
        .collect::<Result<Vec<Move>, String>>()?;
    let mut searcher = Searcher::<Classical>::new(64, 1);
    let limits = Limits { searchmoves, ..Limits::depth(depth) };
    let result = searcher.search(&Position::new(board.clone()), &limits, &mut |report: &Report| {
        if let Report::Line(l) = report {
            let pv: Vec<String> = l.pv.iter().map(|m| m.to_string()).collect();
            println!(
                "depth {} seldepth {} score {} {:?} nodes {} nps {} time {:?} pv {}",
                l.depth,
                l.seldepth.unwrap_or(0),
                l.score,
                l.bound,
                l.nodes,
                l.nps(),
                l.time,
                pv.join(" ")
            );
        }
    });
    let best = result.best.map_or("(none)".to_owned(), |m| m.to_string());
    let ponder = result.ponder.map_or("(none)".to_owned(), |m| m.to_string());
    let score = result.score().map_or("(none)".to_owned(), |s| s.to_string());
    println!("bestmove {best} ponder {ponder} score {score} nodes {}", result.nodes());
    Ok(())
}
