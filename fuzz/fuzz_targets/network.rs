//! Any bytes as a network file: reading never panics. Any weights the format
//! allows, taken from the bytes: evaluating never panics, and following
//! moves incrementally gives the scores computed from scratch.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_board::Board;
use ox88_eval::nnue::{Network, Nnue, HIDDEN, INPUTS, MAX_SCALE};
use ox88_eval::Evaluator;
use ox88_movegen::MoveGen;

fuzz_target!(|data: &[u8]| {
    if let Ok(network) = Network::from_bytes(data) {
        assert_eq!(Network::from_bytes(&network.to_bytes()).unwrap().hash(), network.hash());
    }
    if data.len() < 8 {
        return;
    }
    // Weights from the bytes, repeated: extreme ones included.
    let mut bytes = data.iter().copied().cycle();
    let mut next = || i16::from_le_bytes([bytes.next().unwrap(), bytes.next().unwrap()]);
    let features: Vec<i16> = (0..INPUTS * HIDDEN).map(|_| next()).collect();
    let bias: Vec<i16> = (0..HIDDEN).map(|_| next()).collect();
    let output: Vec<i16> = (0..2 * HIDDEN).map(|_| next().clamp(-507, 507)).collect();
    let output_bias = i32::from(next()) << 12;
    let scale = (u32::from(next().unsigned_abs()) * 7) % MAX_SCALE + 1;
    let network = Network::from_weights(&features, &bias, &output, output_bias, scale).expect("valid weights");
    let mut scratch = Nnue::new(network.clone());
    let mut nnue = Nnue::new(network);
    let mut board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse().unwrap();
    nnue.set_root(&board);
    for (i, &choice) in data.iter().take(16).enumerate() {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::from(choice) % moves.len()];
        nnue.make_move(&board, m);
        board.make_move_unchecked(m);
        if i % 3 == 0 {
            let score = nnue.evaluate(&board);
            assert!(!score.is_mate());
            // `scratch` is never told the moves: it computes each position anew.
            assert_eq!(score, scratch.evaluate(&board));
        }
    }
});
