//! One test per FEN error variant (and per setup error a FEN can carry),
//! plus the lenient repairs.

use ox88_board::{Board, CastlingSide, Color, FenError, FenRepair, Move, MoveKind, SetupError, Square};

fn err(fen: &str) -> FenError {
    Board::from_fen(fen).expect_err(fen)
}

/// The setup error a FEN is refused with.
fn invalid(fen: &str) -> SetupError {
    match err(fen) {
        FenError::Invalid(e) => e,
        other => panic!("{fen}: expected an invalid position, got {other:?}"),
    }
}

#[test]
fn field_count() {
    assert_eq!(err(""), FenError::FieldCount { count: 0 });
    assert_eq!(err("8/8/8/8/8/8/8/8 w"), FenError::FieldCount { count: 2 });
    assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra"), FenError::FieldCount { count: 7 }));
}

#[test]
fn placement() {
    for bad in [
        "4k3/8/8/8/8/8/4K3",
        "4k3/8/8/8/8/8/8/4K4",
        "4k3/8/8/8/8/8/8/4K2",
        "4k3/8/8/8/8/8/8/4X3",
        "4k3/8/8/8/8/8/8/4K02",
        "4k3/8/8/8/8/8/8/9",
        "4k3/8/8/8/8/8/8/4K3/8",
    ] {
        assert!(matches!(err(&format!("{bad} w - - 0 1")), FenError::Placement { .. }), "{bad}");
    }
}

#[test]
fn side_to_move() {
    assert_eq!(err("4k3/8/8/8/8/8/8/4K3 x - - 0 1"), FenError::SideToMove { field: "x".into() });
}

#[test]
fn castling_syntax_and_pieces() {
    assert!(matches!(err("4k3/8/8/8/8/8/8/4K2R w K+ - 0 1"), FenError::Castling { .. }));
    assert!(matches!(err("4k3/8/8/8/8/8/8/R3K2R w KK - 0 1"), FenError::Castling { .. }));
    assert_eq!(
        invalid("4k3/8/8/8/8/8/8/R3K2R w KH - 0 1"),
        SetupError::DuplicateCastling { color: Color::White, side: CastlingSide::Short }
    );
    assert_eq!(invalid("4k3/8/8/8/8/8/8/4K3 w K - 0 1"), SetupError::CastlingWithoutPieces { right: 'K' });
    assert_eq!(invalid("4k3/8/8/8/8/8/8/1R5K w A - 0 1"), SetupError::CastlingWithoutPieces { right: 'A' });
    assert_eq!(invalid("4k3/8/8/8/8/8/4K3/R6R w Q - 0 1"), SetupError::CastlingWithoutPieces { right: 'Q' });
    assert_eq!(invalid("4k3/8/8/8/8/8/8/4K3 w q - 0 1"), SetupError::CastlingWithoutPieces { right: 'q' });
}

#[test]
fn en_passant() {
    assert_eq!(err("4k3/8/8/8/8/8/8/4K3 w - e9 0 1"), FenError::EnPassantSyntax { field: "e9".into() });
    assert_eq!(invalid("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"), SetupError::ImpossibleEnPassant { square: Square::E6 });
    // Right rank and a pawn in front, but the wrong side to move.
    assert_eq!(invalid("4k3/8/8/4p3/8/8/8/4K3 b - e6 0 1"), SetupError::ImpossibleEnPassant { square: Square::E6 });
    // Possible but not capturable: loads, and the square is not kept.
    let board = Board::from_fen("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1").unwrap();
    assert_eq!(board.en_passant(), None);
}

#[test]
fn clocks() {
    let not_plies = "expected a number of plies";
    assert_eq!(err("4k3/8/8/8/8/8/8/4K3 w - - x 1"), FenError::HalfmoveClock { field: "x".into(), reason: not_plies });
    let not_number = "expected a number from 1";
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - - 0 -1"),
        FenError::FullmoveNumber { field: "-1".into(), reason: not_number }
    );
    assert_eq!(invalid("4k3/8/8/8/8/8/8/4K3 w - - 0 0"), SetupError::FullmoveNumberZero);
    let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
    assert_eq!((board.halfmove_clock(), board.fullmove_number()), (0, 1));
}

#[test]
fn clocks_at_the_top_of_their_range_do_not_overflow() {
    // The largest clocks a FEN can give, then a move by each side.
    let mut board = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 65535 65535").unwrap();
    let before = board.clone();
    let black = Move::new(Square::E8, Square::E7, MoveKind::Quiet);
    let undo_black = board.make_move_unchecked(black);
    assert_eq!((board.halfmove_clock(), board.fullmove_number()), (65535, 65535));
    let white = Move::new(Square::A1, Square::A2, MoveKind::Quiet);
    let undo_white = board.make_move_unchecked(white);
    assert_eq!((board.halfmove_clock(), board.fullmove_number()), (65535, 65535));
    board.unmake_move(white, undo_white);
    board.unmake_move(black, undo_black);
    assert_eq!(board, before);
    let undo = board.make_null_move();
    board.unmake_null_move(undo);
    assert_eq!(board, before);
    // One more is out of range, and said so.
    let range = "out of range: at most 65535";
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - - 70000 1"),
        FenError::HalfmoveClock { field: "70000".into(), reason: range }
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - - 0 65536"),
        FenError::FullmoveNumber { field: "65536".into(), reason: range }
    );
    let message = err("4k3/8/8/8/8/8/8/4K3 w - - 70000 1").to_string();
    assert!(message.contains("70000") && message.contains("out of range"), "{message}");
}

#[test]
fn king_count() {
    assert_eq!(invalid("8/8/8/8/8/8/8/4K3 w - - 0 1"), SetupError::KingCount { color: Color::Black, count: 0 });
    assert_eq!(invalid("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"), SetupError::KingCount { color: Color::White, count: 2 });
}

#[test]
fn pawn_on_back_rank() {
    assert_eq!(invalid("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"), SetupError::PawnOnBackRank { square: Square::H8 });
    assert_eq!(invalid("4k3/8/8/8/8/8/8/p3K3 w - - 0 1"), SetupError::PawnOnBackRank { square: Square::A1 });
}

#[test]
fn too_many_pieces() {
    assert_eq!(
        invalid("4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1"),
        SetupError::TooManyPieces { color: Color::White, pieces: 17, pawns: 16 }
    );
    assert_eq!(
        invalid("4k3/8/8/8/8/7P/PPPPPPPP/4K3 w - - 0 1"),
        SetupError::TooManyPieces { color: Color::White, pieces: 10, pawns: 9 }
    );
}

#[test]
fn opponent_in_check() {
    assert_eq!(invalid("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"), SetupError::OpponentInCheck { color: Color::Black });
}

#[test]
fn odd_but_playable_positions_load() {
    // Double check along one diagonal (line 51 of standard.epd).
    Board::from_fen("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1").unwrap();
}

#[test]
fn lenient_repairs() {
    let (board, repairs) = Board::from_fen_lenient("r3k3/8/8/8/8/8/8/4K2R w KQkq e6 0 0").unwrap();
    assert_eq!(board.fen(), "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
    assert_eq!(
        repairs,
        [
            FenRepair::DroppedCastling { color: Color::White, side: Some(CastlingSide::Long) },
            FenRepair::DroppedCastling { color: Color::Black, side: Some(CastlingSide::Short) },
            FenRepair::ClearedEnPassant { square: Square::E6 },
            FenRepair::FullmoveNumberZero,
        ]
    );
    // What cannot be repaired is still an error.
    assert!(Board::from_fen_lenient("8/8/8/8/8/8/8/4K3 w - - 0 1").is_err());
}

#[test]
fn castling_notations() {
    let shredder = Board::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap();
    assert_eq!(shredder.castling().rook(Color::White, CastlingSide::Long), Some(Square::F1));
    assert_eq!(shredder.castling().rook(Color::Black, CastlingSide::Short), Some(Square::H8));
    // X-FEN writes the outermost rooks as K/Q and inner ones by file.
    assert_eq!(shredder.fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    assert_eq!(shredder.shredder_fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    assert_eq!(Board::from_fen(&shredder.shredder_fen()).unwrap(), shredder);
    let inner = Board::from_fen("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1").unwrap();
    assert_eq!(inner.fen(), "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_eq!(inner.shredder_fen(), "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_eq!(Board::from_fen(&inner.fen()).unwrap(), inner);
    assert_eq!(Board::startpos().shredder_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
}
