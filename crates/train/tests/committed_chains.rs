//! The self-play games committed in `data/selfplay` read as they were
//! written: every game decodes, and encoding the decoded games again gives
//! the files' streams byte for byte. The files were written by earlier
//! encoders, so this holds only if reading a move index gives the move
//! those encoders wrote (the order of `ox88_movegen::move_index`).

use ox88_train::chain::{read_games, CHAIN_HEADER_SIZE};
use std::path::PathBuf;

#[test]
fn committed_chain_files_decode_and_encode_to_the_same_bytes() {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/selfplay"));
    let mut files = 0;
    let mut games = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "chain") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let compressed = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) & 1 == 1;
        let body = &bytes[CHAIN_HEADER_SIZE..];
        let stream = if compressed { zstd::decode_all(body).unwrap() } else { body.to_vec() };
        let mut again = Vec::with_capacity(stream.len());
        for game in read_games(&path).unwrap() {
            game.write(&mut again).unwrap();
            games += 1;
        }
        assert!(again == stream, "{} reads differently from what was written", path.display());
        files += 1;
    }
    assert!(files >= 10 && games >= 3_000, "{files} files, {games} games");
}
