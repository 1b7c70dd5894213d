//! A position (chosen by the first byte) and any text as a UCI move: parsing
//! and matching against the position never panic, and a move that matches
//! is legal and can be played and taken back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_board::{Board, CastlingMode, UciMove};
use ox88_movegen::MoveGen;

const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let mut board: Board = POSITIONS[pick as usize % POSITIONS.len()].parse().expect("valid FEN");
    let Ok(UciMove::Normal { from, to, promotion }) = text.parse::<UciMove>() else { return };
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        let found = board.legal_moves().into_iter().find(|m| {
            let uci = m.to_uci(mode);
            uci == UciMove::Normal { from, to, promotion }
        });
        if let Some(m) = found {
            let before = board.clone();
            let undo = board.play(m).expect("a generated move is legal");
            board.unmake_move(m, undo);
            assert_eq!(board, before);
        }
    }
});
