//! The front door, `Position`: its Chess960 flag and the UCI convention it
//! sets, checked play that refuses without changing anything, and errors
//! that say what is wrong with the move given.

use ox88_board::{Board, CastlingMode, Color, Move, MoveKind, Piece, Role, Square};
use ox88_movegen::{IllegalReason, ParseUciError, Position, SanError};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn chess960_is_a_property_of_the_position() {
    assert!(!Position::startpos().is_chess960());
    // Standard rights written as Shredder-FEN are still standard chess.
    assert!(!pos("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").is_chess960());
    // A king off the e-file, or an inner rook, needs Chess960.
    assert!(pos("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").is_chess960());
    assert!(pos("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1").is_chess960());
    assert!(!pos("4k3/8/8/8/8/8/8/RR2K3 w - - 0 1").is_chess960());
    // Chess960 position N is Chess960 even when it is the standard arrangement.
    let mut c518 = Position::chess960(518).unwrap();
    assert!(c518.is_chess960());
    assert_eq!(c518.board(), Position::startpos().board());
    assert!(Position::chess960(960).is_none());
    for uci in ["e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5"] {
        c518.play_uci(uci).unwrap();
    }
    let castle = c518.parse_uci("e1h1").unwrap();
    assert_eq!(c518.uci(castle).to_string(), "e1h1");
    let err = c518.parse_uci("e1g1").unwrap_err();
    assert!(err.to_string().contains("king taking its rook: e1h1"), "{err}");
    // Switched to standard chess: the two-square spelling, both read.
    c518.set_castling_mode(CastlingMode::Standard);
    assert_eq!(c518.uci(castle).to_string(), "e1g1");
    assert_eq!(c518.parse_uci("e1g1"), Ok(castle));
    assert_eq!(c518.parse_uci("e1h1"), Ok(castle));
}

#[test]
fn castling_that_is_not_standard_is_king_takes_rook_even_in_standard_mode() {
    // King on f1 castles short with the h1 rook: "f1g1" is the king's step.
    let mut p = pos("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    assert!(p.is_chess960());
    p.set_castling_mode(CastlingMode::Standard);
    let castle = p.find_move(Square::F1, Square::H1, None).unwrap();
    assert_eq!(castle.kind(), MoveKind::CastleShort);
    assert_eq!(p.uci(castle).to_string(), "f1h1");
    assert_eq!(p.parse_uci("f1g1").unwrap().kind(), MoveKind::Quiet);
}

#[test]
fn failed_play_changes_nothing() {
    let mut p = Position::startpos();
    p.play_san("e4").unwrap();
    let (fen, moves, history) = (p.fen(), p.moves().to_vec(), p.history().clone());
    let unchanged = |p: &Position| {
        assert_eq!(p.fen(), fen);
        assert_eq!(p.moves(), &moves[..]);
        assert_eq!(p.history(), &history);
    };
    assert!(p.play(Move::new(Square::E4, Square::E5, MoveKind::Quiet)).is_err());
    unchanged(&p);
    assert!(matches!(p.play_san("Qh4"), Err(SanError::Illegal { .. })));
    unchanged(&p);
    assert!(matches!(p.play_uci("e2e4"), Err(ParseUciError::Illegal(_))));
    assert!(matches!(p.play_uci("e7"), Err(ParseUciError::Syntax(_))));
    unchanged(&p);
}

#[test]
fn errors_name_what_is_wrong_with_the_move() {
    let mut p = Position::startpos();
    let double = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
    let quiet = Move::new(Square::E2, Square::E4, MoveKind::Quiet);
    let err = p.play(quiet).unwrap_err();
    assert_eq!(err.reason, IllegalReason::WrongKind { given: MoveKind::Quiet, legal: double });
    assert_eq!(
        err.to_string(),
        "illegal move e2e4 given as a quiet move: the legal move with these squares is e2e4 (a pawn's double \
         push); take moves from legal_moves() or find_move()"
    );
    assert_eq!(p.san(quiet).unwrap_err(), err);
    assert!(!p.is_legal(quiet) && p.is_legal(double));
    let nothing = p.play(Move::new(Square::E4, Square::E5, MoveKind::Quiet)).unwrap_err();
    assert_eq!(nothing.reason, IllegalReason::NoPiece { side: Color::White });
    assert_eq!(nothing.to_string(), "illegal move e4e5: White has no piece on e4");
    let knight = p.find_move(Square::G1, Square::G3, None).unwrap_err();
    let piece = Piece::new(Color::White, Role::Knight);
    assert_eq!(knight.reason, IllegalReason::NoLegalMove { piece, in_check: false });
    assert_eq!(knight.to_string(), "illegal move g1g3: the knight on g1 has no legal move to g3");
    p.play(double).unwrap();
    assert_eq!(p.board().en_passant(), None);
}

#[test]
fn find_move_gives_the_right_kind() {
    let p = pos("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    let find = |from, to, promotion| p.find_move(from, to, promotion).unwrap().kind();
    assert_eq!(find(Square::E5, Square::D6, None), MoveKind::EnPassant);
    assert_eq!(find(Square::E5, Square::E6, None), MoveKind::Quiet);
    assert_eq!(find(Square::B7, Square::A8, Some(Role::Knight)), MoveKind::PromotionCapture(Role::Knight));
    assert_eq!(find(Square::B7, Square::B8, Some(Role::Queen)), MoveKind::Promotion(Role::Queen));
    assert_eq!(find(Square::E1, Square::G1, None), MoveKind::CastleShort);
    assert_eq!(find(Square::E1, Square::H1, None), MoveKind::CastleShort);
    assert_eq!(find(Square::E1, Square::C1, None), MoveKind::CastleLong);
    let missing = p.find_move(Square::B7, Square::B8, None).unwrap_err();
    assert_eq!(missing.reason, IllegalReason::MissingPromotion);
    let extra = p.find_move(Square::E5, Square::E6, Some(Role::Queen)).unwrap_err();
    assert_eq!(extra.reason, IllegalReason::UnexpectedPromotion);
}

#[test]
fn every_legal_move_is_found_and_written_back() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
    ] {
        let p = pos(fen);
        for m in p.legal_moves() {
            let uci = p.uci(m);
            assert_eq!(p.parse_uci(&uci.to_string()), Ok(m), "{uci} in {fen}");
            assert_eq!(p.find_move(m.from(), m.to(), m.promotion()), Ok(m), "{uci} in {fen}");
            let san = p.san(m).unwrap().to_string();
            assert_eq!(p.parse_san(&san), Ok(m), "{san} in {fen}");
        }
    }
}

#[test]
fn undo_and_unchecked_play_keep_the_history() {
    let mut p = Position::startpos();
    let moves: Vec<Move> = ["g1f3", "g8f6", "f3g1", "f6g8"].iter().map(|uci| p.play_uci(uci).unwrap()).collect();
    assert_eq!(p.repetitions(), 1);
    assert_eq!(p.undo(), Some(moves[3]));
    assert_eq!(p.repetitions(), 0);
    p.play_unchecked(moves[3]);
    assert_eq!(p.repetitions(), 1);
    while p.undo().is_some() {}
    assert_eq!(p.board(), &Board::startpos());
    assert!(p.history().is_empty());
    assert_eq!(p.undo(), None);
}
