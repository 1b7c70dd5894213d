//! Any text as FEN: parsing must never panic, and whatever parses must be a
//! position the generator and make/unmake handle (perft 2, FEN and
//! Shredder-FEN round trips, and the same board built again from a Setup).
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_board::Board;
use ox88_movegen::perft;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = Board::from_fen_lenient(text);
    if let Ok(mut board) = Board::from_fen(text) {
        let before = board.clone();
        perft(&mut board, 2);
        assert_eq!(board, before);
        let again: Board = board.fen().parse().expect("our own FEN parses");
        assert_eq!(again, board);
        let shredder: Board = board.shredder_fen().parse().expect("our own Shredder-FEN parses");
        assert_eq!(shredder, board);
        assert_eq!(board.to_setup().build(), Ok(board));
    }
});
