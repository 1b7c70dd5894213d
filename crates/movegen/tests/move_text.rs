//! `Position::parse_move`: SAN or UCI, read by the text's syntax.

use ox88_movegen::{MoveTextError, Position, SanError, UciMoveError};

#[test]
fn either_notation_names_the_same_move() {
    let pos = Position::startpos();
    for (san, uci) in [("Nf3", "g1f3"), ("e4", "e2e4"), ("Nc3", "b1c3")] {
        assert_eq!(pos.parse_move(san).unwrap(), pos.parse_move(uci).unwrap(), "{san} / {uci}");
    }
    assert_eq!(pos.parse_move("  Nf3\t").unwrap(), pos.parse_san("Nf3").unwrap());
}

#[test]
fn castling_follows_the_positions_convention() {
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let short = pos.parse_move("O-O").unwrap();
    assert_eq!(pos.parse_move("e1g1").unwrap(), short);
    assert_eq!(pos.parse_move("e1h1").unwrap(), short, "king takes rook is read in a standard position too");
    let chess960 = Position::chess960(0).unwrap();
    assert!(matches!(chess960.parse_move("O-O"), Err(MoveTextError::San(_))), "no castling at the start");
}

#[test]
fn errors_come_from_the_notation_the_text_was_read_in() {
    let pos = Position::startpos();
    assert!(matches!(pos.parse_move("0000"), Err(MoveTextError::Uci(UciMoveError::NullMove))));
    assert!(matches!(pos.parse_move("e2e5"), Err(MoveTextError::Uci(UciMoveError::Illegal(_)))));
    assert!(matches!(pos.parse_move("Ke2"), Err(MoveTextError::San(SanError::Illegal { .. }))));
    assert!(matches!(pos.parse_move("Zz9"), Err(MoveTextError::San(SanError::Syntax(_)))));
    assert!(matches!(pos.parse_move(""), Err(MoveTextError::San(_))));
    let message = pos.parse_move("Nf6").unwrap_err().to_string();
    assert!(message.contains("Nf6"), "{message}");
}
