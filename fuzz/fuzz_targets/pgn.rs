//! Any bytes as PGN: reading never panics, in place or through `io::Read`
//! in pieces of any size (which agree); every game read writes out in
//! export format to text that reads back as one game writing the same text;
//! resolving its moves never panics, and a game whose moves all resolve
//! writes in canonical SAN moves that all resolve again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_pgn::{Game, PgnError, Reader};

/// Hands out at most `piece` bytes a call.
struct Pieces<'a>(&'a [u8], usize);

impl std::io::Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.1).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

fn describe(result: &Result<Game, PgnError>) -> String {
    match result {
        Ok(game) => game.to_string(),
        Err(e) => e.to_string(),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&piece, bytes)) = data.split_first() else { return };
    let games: Vec<Result<Game, PgnError>> = Reader::from_bytes(bytes).games().collect();
    let through_io: Vec<String> =
        Reader::new(Pieces(bytes, usize::from(piece % 16) + 1)).games().map(|r| describe(&r)).collect();
    assert_eq!(games.iter().map(describe).collect::<Vec<_>>(), through_io);
    for game in games.into_iter().flatten() {
        let text = game.to_string();
        let again: Vec<Result<Game, PgnError>> = Reader::from_bytes(text.as_bytes()).games().collect();
        assert_eq!(again.len(), 1, "{text}");
        let again = again.into_iter().next().expect("one game").unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.to_string(), text);
        let _ = game.mainline_moves();
        let mut normalized = game.clone();
        if normalized.normalize_san().is_ok() {
            let text = normalized.to_string();
            let read = Reader::from_bytes(text.as_bytes()).next_game().expect("one game").expect("reads");
            assert!(read.for_each_move(|_| {}).is_ok(), "{text}");
        }
    }
});
