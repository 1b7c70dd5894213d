//! Scores every move of every game in a PGN file with a UCI engine, from
//! White's side: `cargo run --release -p ox88-client --example pgn_scores --
//! games.pgn [ENGINE [DEPTH]]` (Stockfish at depth 12 by default).

use ox88_client::{Color, EngineCommand, Limits};
use ox88_pgn::Reader;
use std::error::Error;
use std::fs::File;

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: pgn_scores FILE.pgn [ENGINE [DEPTH]]")?;
    let program = args.next().unwrap_or_else(|| "stockfish".into());
    let depth = args.next().map_or(Ok(12), |d| d.parse()).map_err(|_| "DEPTH is a number")?;
    let mut engine = EngineCommand::uci(program).spawn()?;
    for game in Reader::new(File::open(&path)?).games() {
        let game = game?;
        println!("{} - {}", game.headers.get("White").unwrap_or("?"), game.headers.get("Black").unwrap_or("?"));
        let mut position = game.start_position()?; // FEN, SetUp and Variant honoured
        engine.new_game()?;
        for m in game.mainline_moves()? {
            let san = position.san(m)?.to_string();
            let number = position.board().fullmove_number();
            let dots = if position.side_to_move() == Color::White { "." } else { "..." };
            position.play(m)?;
            if position.is_game_over() {
                println!(
                    "{number}{dots} {san} {}",
                    position.outcome().map_or(String::new(), |o| o.result().to_string())
                );
                break;
            }
            let line = engine.analyse(&position, &Limits::depth(depth), 1)?.remove(0);
            // The score shows from White's side: "+0.31", "#-3".
            println!("{number}{dots} {san} {}", line.score);
        }
    }
    Ok(())
}
