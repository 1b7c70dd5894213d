//! Any bytes as a network file: reading never panics. Any weights the format
//! allows, taken from the bytes: evaluating never panics, and following
//! moves incrementally gives the scores computed from scratch.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_board::Board;
use ox88_eval::nnue::{Network, Nnue, HIDDEN_SIZES, INPUTS, MAX_SCALE, OUTPUT_BUCKETS};
use ox88_eval::Evaluator;
use ox88_movegen::MoveGen;
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    if let Ok(network) = Network::from_bytes(data) {
        assert_eq!(Network::from_bytes(&network.to_bytes()).unwrap().hash(), network.hash());
    }
    if data.len() < 8 {
        return;
    }
    // A width the format allows, chosen by the first byte, and weights from
    // the bytes, repeated: extreme ones included. The values
    // read from the cycled bytes repeat after `data.len()` of them, so one
    // period is decoded and then doubled until there are enough.
    let hidden = HIDDEN_SIZES[usize::from(data[0]) % HIDDEN_SIZES.len()];
    let needed = INPUTS * hidden + hidden + OUTPUT_BUCKETS * (2 * hidden + 1) + 1;
    let mut values: Vec<i16> = Vec::with_capacity(2 * needed);
    values.extend(
        (0..data.len()).map(|i| i16::from_le_bytes([data[2 * i % data.len()], data[(2 * i + 1) % data.len()]])),
    );
    while values.len() < needed {
        values.extend_from_within(..);
    }
    let (features, rest) = values.split_at(INPUTS * hidden);
    let (bias, rest) = rest.split_at(hidden);
    let (output, rest) = rest.split_at(OUTPUT_BUCKETS * 2 * hidden);
    let output: Vec<i16> = output.iter().map(|&w| w.clamp(-507, 507)).collect();
    let (output_bias, rest) = rest.split_at(OUTPUT_BUCKETS);
    let output_bias: Vec<i32> = output_bias.iter().map(|&b| i32::from(b) << 12).collect();
    let scale = (u32::from(rest[0].unsigned_abs()) * 7) % MAX_SCALE + 1;
    let network = Network::from_weights(features, bias, &output, &output_bias, scale).expect("valid weights");
    // One network for both evaluators, as the search's threads share it.
    let network = Arc::new(network);
    let mut scratch = Nnue::with_shared(Arc::clone(&network));
    let mut nnue = Nnue::with_shared(network);
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
