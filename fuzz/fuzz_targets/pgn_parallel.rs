//! Any bytes as PGN: the parallel reader (pieces as short as the input's
//! first byte says, on two threads, from the slice and from a stream) gives
//! exactly the games and errors the sequential reader gives.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_pgn::{Game, GameBuilder, ParallelReader, PgnError, Reader};

fn describe(number: u64, result: &Result<Game, PgnError>) -> String {
    match result {
        Ok(game) => format!("{number}: {game}"),
        Err(e) => format!("{number}: {e}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&piece, bytes)) = data.split_first() else { return };
    let mut reader = Reader::from_bytes(bytes);
    let mut expected = Vec::new();
    while let Some(game) = reader.next_game() {
        let game = game.map(|mut g| {
            g.number = 0;
            g
        });
        expected.push(describe(reader.games_read(), &game));
    }
    let parallel = ParallelReader::new(2).chunk_len(usize::from(piece) + 1);
    let mut got = Vec::new();
    parallel.read_slice(bytes, GameBuilder::new, |n, game| got.push(describe(n, &game)));
    assert_eq!(got, expected);
    let mut streamed = Vec::new();
    parallel.read(bytes, GameBuilder::new, |n, game| streamed.push(describe(n, &game))).expect("no read error");
    assert_eq!(streamed, expected);
});
