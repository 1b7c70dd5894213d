//! Any line as engine output, the way ox88-client reads it: UCI and CECP
//! messages, CECP features and option features, move announcements and PVs.
//! Nothing panics, and every move read is legal in the position it was read
//! in.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_board::{Board, CastlingMode};
use ox88_movegen::MoveGen;
use ox88_protocol::uci::UciMessage;
use ox88_protocol::xboard::{announced_move, parse_option_feature, read_move, EngineFeatures, XbMessage};

const POSITIONS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let line = String::from_utf8_lossy(rest);
    let board: Board = POSITIONS[pick as usize % POSITIONS.len()].parse().expect("valid FEN");
    let mode = if pick & 0x80 != 0 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let _ = line.parse::<UciMessage>();
    if let Ok(XbMessage::Thinking(thinking)) = line.parse::<XbMessage>() {
        let _ = thinking.extras();
        let mut after = board.clone();
        for word in thinking.pv_words() {
            let Some(m) = read_move(&after, word, mode) else { break };
            assert!(after.is_legal(m), "{word} read as an illegal move");
            after.make_move_unchecked(m);
        }
    }
    let _ = parse_option_feature(&line);
    if let Ok(XbMessage::Feature(pairs)) = line.parse::<XbMessage>() {
        let mut features = EngineFeatures::default();
        for pair in &pairs {
            let _ = features.read(pair);
        }
    }
    if let Some(text) = announced_move(&line) {
        if let Some(m) = read_move(&board, text, mode) {
            assert!(board.is_legal(m), "{text} read as an illegal move");
        }
    }
});
