//! The embedded network: it loads, it is small, and it scores plain
//! positions the way any chess player would.

use ox88_board::Board;
use ox88_eval::nnue::{Network, Nnue};
use ox88_eval::Evaluator;

fn eval(fen: &str) -> i32 {
    let board: Board = fen.parse().unwrap();
    Nnue::embedded().evaluate(&board).raw()
}

#[test]
fn the_embedded_network_loads_and_is_small() {
    let network = Network::embedded();
    let bytes = network.to_bytes();
    // A few hundred KB, as issue 19 asks: 402 KB with eight output layers.
    assert!(bytes.len() < 410_000, "{} bytes", bytes.len());
    assert_eq!(Network::from_bytes(&bytes).unwrap().hash(), network.hash());
    assert!((50..1000).contains(&network.scale()), "scale {}", network.scale());
}

#[test]
fn the_embedded_network_scores_plain_positions_sensibly() {
    // The start position is about level.
    let start = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(start.abs() < 80, "start position {start}");
    // A queen up is winning, for whichever side has it, whoever is to move.
    let white_queen_up = eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(white_queen_up > 500, "queen up {white_queen_up}");
    let black_to_move = eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert!(black_to_move < -500, "queen down {black_to_move}");
    // A rook up in an ending; a pawn about to queen.
    // (Bare kings are rare in the data, where games are adjudicated at
    // 1500 cp: the sign and a clear margin are what matters.)
    assert!(eval("8/5k2/8/8/8/8/2K5/R7 w - - 0 1") > 200);
    assert!(eval("8/1P3k2/8/8/8/8/2K5/8 w - - 0 1") > 100);
    // More material is better than less: a knight up beats a pawn up.
    let knight_up = eval("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let pawn_up = eval("rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(knight_up > pawn_up && pawn_up > start, "{knight_up} {pawn_up} {start}");
}
