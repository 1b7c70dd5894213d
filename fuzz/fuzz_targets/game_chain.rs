//! Any bytes as a game chain (`ox88_train::chain`): decoding never panics,
//! and a game that decodes writes back to bytes that decode to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_train::chain::{count_games, ChainGame, ChainHeader};

fuzz_target!(|data: &[u8]| {
    let _ = ChainHeader::parse(data);
    let (counts, _) = count_games(data);
    assert!(counts.bytes as usize <= data.len());
    if let Ok((game, used)) = ChainGame::from_bytes(data) {
        assert!(used <= data.len());
        let bytes = game.to_bytes().unwrap_or_else(|e| panic!("a decoded game does not write: {e}"));
        let (again, _) = ChainGame::from_bytes(&bytes).unwrap_or_else(|e| panic!("a written game does not read: {e}"));
        assert_eq!(again, game);
    }
});
