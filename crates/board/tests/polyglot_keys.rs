//! The published Polyglot test keys (from the Polyglot book-format
//! description): each position, reached by the listed moves, must have
//! exactly the listed key.

use ox88_board::{Board, Move, MoveKind, Square};

fn play(board: &mut Board, from: Square, to: Square, kind: MoveKind) {
    board.make_move_unchecked(Move::new(from, to, kind));
    board.check_consistency().unwrap();
}

#[test]
fn published_keys_along_two_games() {
    use MoveKind::*;
    use Square as S;
    let mut board = Board::startpos();
    assert_eq!(board.key(), 0x463b96181691fc9c);
    let line = [
        (S::E2, S::E4, DoublePush, 0x823c9b50fd114196),
        (S::D7, S::D5, DoublePush, 0x0756b94461c50fb0),
        (S::E4, S::E5, Quiet, 0x662fafb965db29d4),
        (S::F7, S::F5, DoublePush, 0x22a48b5a8e47ff78),
        (S::E1, S::E2, Quiet, 0x652a607ca3f242c1),
        (S::E8, S::F7, Quiet, 0x00fdd303c946bdd9),
    ];
    for (from, to, kind, key) in line {
        play(&mut board, from, to, kind);
        assert_eq!(board.key(), key, "after {from}{to}");
    }
    let mut board = Board::startpos();
    let line = [
        (S::A2, S::A4, DoublePush, None),
        (S::B7, S::B5, DoublePush, None),
        (S::H2, S::H4, DoublePush, None),
        (S::B5, S::B4, Quiet, None),
        (S::C2, S::C4, DoublePush, Some(0x3c8123ea7b067637)),
        (S::B4, S::C3, EnPassant, None),
        (S::A1, S::A3, Quiet, Some(0x5c3f9b829b279560)),
    ];
    for (from, to, kind, key) in line {
        play(&mut board, from, to, kind);
        if let Some(key) = key {
            assert_eq!(board.key(), key, "after {from}{to}");
        }
    }
}

#[test]
fn published_keys_from_fen() {
    let cases = [
        ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78),
        ("rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00fdd303c946bdd9),
        ("rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637),
        ("rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560),
    ];
    for (fen, key) in cases {
        let board: Board = fen.parse().unwrap();
        assert_eq!(board.key(), key, "{fen}");
        assert_eq!(board.fen(), fen);
    }
}
