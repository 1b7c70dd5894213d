//! Scores every move of every game in a PGN file with a UCI engine, from
//! White's side: `cargo run --release -p ox88-client --example pgn_scores --
//! games.pgn [ENGINE [DEPTH]]` (Stockfish at depth 12 by default).

use ox88_client::{EngineCommand, Limits};
use ox88_pgn::Reader;
use std::error::Error;
use std::fs::File;
use std::process::ExitCode;

const USAGE: &str = "usage: pgn_scores FILE.pgn [ENGINE [DEPTH]]   (Stockfish at depth 12 by default)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pgn_scores: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), Box<dyn Error>> {
    if let Some(option) = args.iter().find(|a| a.starts_with('-') && a.len() > 1) {
        return Err(format!("unknown option {option:?} (see --help)").into());
    }
    let [path, rest @ ..] = args else { return Err(USAGE.into()) };
    let program = rest.first().map_or("stockfish", String::as_str);
    let depth = rest.get(1).map_or(Ok(12), |d| d.parse()).map_err(|_| "DEPTH is a number")?;
    if rest.len() > 2 {
        return Err(format!("unexpected argument {:?} ({USAGE})", rest[2]).into());
    }
    let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut engine = EngineCommand::uci(program).spawn()?;
    for game in Reader::new(file).games() {
        let game = game?;
        println!("{} - {}", game.headers.get("White").unwrap_or("?"), game.headers.get("Black").unwrap_or("?"));
        let mut position = game.start_position()?; // FEN, SetUp and Variant honoured
        engine.new_game()?;
        for m in game.mainline_moves()? {
            // The move with its number, as python-chess writes it: "12. e4", "12...Nf6".
            let numbered = position.variation_san(&[m])?.to_string();
            position.play(m)?;
            if position.is_game_over() {
                println!("{numbered} {}", position.outcome().map_or(String::new(), |o| o.result().to_string()));
                break;
            }
            let line = engine.analyse(&position, &Limits::depth(depth), 1)?.remove(0);
            // The score shows from White's side: "+0.31", "#-3".
            println!("{numbered} {}", line.score);
        }
    }
    Ok(())
}
