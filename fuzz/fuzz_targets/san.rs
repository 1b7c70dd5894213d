//! A position (chosen by the first byte) and any text as SAN: parsing never
//! panics; text that parses as SAN syntax writes back to text that parses
//! the same; a move it resolves to is legal, and its own SAN resolves to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_board::Board;
use ox88_movegen::{MoveGen, Notation, SanPlus};

const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "2k5/8/7K/R7/4Q2Q/5N2/8/RN5Q w - - 0 1",
    "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let board: Board = POSITIONS[pick as usize % POSITIONS.len()].parse().expect("valid FEN");
    if let Ok(plus) = text.parse::<SanPlus>() {
        assert_eq!(plus.to_string().parse::<SanPlus>(), Ok(plus), "{text:?}");
    }
    if let Ok(m) = board.parse_san(text) {
        assert!(board.is_legal(m), "{text:?} gave an illegal move");
        assert_eq!(board.parse_san(&board.san(m).to_string()), Ok(m));
    }
});
