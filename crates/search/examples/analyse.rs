//! Searches one position and prints the progress: `cargo run --release -p ox88-search --example analyse -- FEN [depth]`.
use ox88_board::{Board, CastlingMode};
use ox88_eval::Classical;
use ox88_movegen::Notation;
use ox88_search::{Limits, Report, Searcher};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fen = args.first().map_or(ox88_board::STARTPOS_FEN, |s| s.as_str());
    let depth = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(10);
    let board: Board = match fen.parse() {
        Ok(board) => board,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            std::process::exit(2);
        }
    };
    let mut searcher = Searcher::<Classical>::new(64, 1);
    let searchmoves =
        args[2..].iter().filter_map(|t| board.parse_uci(t.as_str(), CastlingMode::Standard).ok()).collect();
    let limits = Limits { searchmoves, ..Limits::depth(depth) };
    let result = searcher.search(&board, &[], &limits, &mut |r: &Report| {
        if let Report::Line(l) = r {
            let pv: Vec<String> = l.pv.iter().map(|m| m.to_string()).collect();
            println!(
                "depth {} seldepth {} {} {:?} nodes {} nps {} time {:?} pv {}",
                l.depth,
                l.seldepth,
                l.score,
                l.bound,
                l.nodes,
                l.nps,
                l.time,
                pv.join(" ")
            );
        }
    });
    println!("best {:?} ponder {:?} score {} nodes {}", result.best, result.ponder, result.score, result.nodes);
}
