//! SAN and UCI round trips for every legal move of every position of the
//! perft suites (and of their children, for the standard and special
//! suites), with the written SAN checked against the PGN rules: minimal
//! disambiguation and the right check or mate suffix.

mod common;

use ox88_board::{Board, CastlingMode, Move};
use ox88_movegen::{MoveGen, Notation, San, SanError, SanPlus, Suffix};

/// Checks one move: SAN and UCI round trips and the PGN rules.
fn check_move(board: &Board, m: Move, modes: &[CastlingMode]) {
    let plus = board.san(m);
    let text = plus.to_string();
    assert_eq!(board.parse_san(&text), Ok(m), "{text} in {}", board.fen());
    assert_eq!(text.parse::<SanPlus>(), Ok(plus), "{text}");
    assert_eq!(board.san_without_suffix(m), plus.san);
    let mut after = board.clone();
    after.make_move_unchecked(m);
    let expected = match (after.in_check(), after.has_legal_moves()) {
        (false, _) => None,
        (true, true) => Some(Suffix::Check),
        (true, false) => Some(Suffix::Checkmate),
    };
    assert_eq!(plus.suffix, expected, "{text} in {}", board.fen());
    check_minimal(board, plus.san);
    for &mode in modes {
        let uci = m.to_uci(mode).to_string();
        assert_eq!(board.parse_uci(&uci, mode), Ok(m), "{uci} ({mode:?}) in {}", board.fen());
    }
}

/// Each piece of disambiguation is needed: the move written with less of
/// it is ambiguous (PGN: file if that suffices, else rank, else both).
fn check_minimal(board: &Board, san: San) {
    let San::Normal { role, file, rank, capture, to, promotion } = san else { return };
    if role == ox88_board::Role::Pawn {
        assert_eq!(file.is_some(), capture, "{san}: pawn captures, and only they, name the file");
        assert!(rank.is_none());
        return;
    }
    let with = |file, rank| board.resolve_san(San::Normal { role, file, rank, capture, to, promotion });
    let ambiguous = |r: Result<Move, SanError>| matches!(r, Err(SanError::Ambiguous { .. }));
    match (file, rank) {
        (None, None) => {}
        (Some(_), None) => assert!(ambiguous(with(None, None)), "{san} in {}", board.fen()),
        (None, Some(_)) => {
            assert!(ambiguous(with(None, None)), "{san} in {}", board.fen());
            let f = board.parse_san(&san.to_string()).expect("legal").from().file();
            assert!(ambiguous(with(Some(f), None)), "{san}: the file would have sufficed in {}", board.fen());
        }
        (Some(f), Some(r)) => {
            assert!(ambiguous(with(Some(f), None)), "{san} in {}", board.fen());
            assert!(ambiguous(with(None, Some(r))), "{san} in {}", board.fen());
        }
    }
}

/// Checks every legal move of every position of a suite; with `children`,
/// also of every position one ply later. Returns how many moves it checked.
fn check_suite(name: &str, modes: &[CastlingMode], children: bool) -> usize {
    let mut checked = 0;
    for board in common::perft_positions(name) {
        for m in board.legal_moves() {
            check_move(&board, m, modes);
            checked += 1;
            if children {
                let mut child = board.clone();
                child.make_move_unchecked(m);
                for reply in child.legal_moves() {
                    check_move(&child, reply, modes);
                    checked += 1;
                }
            }
        }
    }
    checked
}

#[test]
fn standard_suite_and_children() {
    let checked = check_suite("standard.epd", &[CastlingMode::Standard, CastlingMode::Chess960], true);
    assert!(checked > 20_000, "{checked}");
}

#[test]
fn special_suite_and_children() {
    let checked = check_suite("special.epd", &[CastlingMode::Standard, CastlingMode::Chess960], true);
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn chess960_suite() {
    let checked = check_suite("chess960.epd", &[CastlingMode::Chess960], false);
    assert!(checked > 10_000, "{checked}");
}

fn board(fen: &str) -> Board {
    fen.parse().expect("valid FEN")
}

fn san_of(board: &Board, uci: &str) -> String {
    let m = board.parse_uci(uci, CastlingMode::Standard).expect("legal");
    board.san(m).to_string()
}

#[test]
fn pinned_knight_is_not_a_candidate() {
    // The knight on c3 is pinned by the bishop on a5: only Ng1 can go to e2.
    let b = board("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
    assert_eq!(san_of(&b, "g1e2"), "Ne2");
    assert_eq!(b.parse_san("Ne2").ok(), b.parse_uci("g1e2", CastlingMode::Standard).ok());
    assert!(matches!(b.parse_san("Nce2"), Err(SanError::Illegal { .. })));
    // Unpinned (bishop gone), both knights reach e2.
    let free = board("4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1");
    assert_eq!(san_of(&free, "g1e2"), "Nge2");
    assert!(matches!(free.parse_san("Ne2"), Err(SanError::Ambiguous { .. })));
}

#[test]
fn promotions_with_capture_and_check() {
    let b = board("5r2/6Pk/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san_of(&b, "g7f8n"), "gxf8=N+");
    assert_eq!(san_of(&b, "g7f8q"), "gxf8=Q");
    assert_eq!(san_of(&b, "g7f8r"), "gxf8=R");
    assert_eq!(san_of(&b, "g7g8q"), "g8=Q+");
    let mate = board("3r3k/4P1pp/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san_of(&mate, "e7d8q"), "exd8=Q#");
    assert_eq!(san_of(&mate, "e7d8r"), "exd8=R#");
    assert_eq!(san_of(&mate, "e7e8q"), "e8=Q+");
    assert_eq!(mate.parse_san("exd8=Q#"), mate.parse_san("exd8Q"));
}

#[test]
fn en_passant_that_mates() {
    // exf6 e.p. opens the fifth rank for the rook on a5; g6 is covered by the
    // bishop on h7, g4 by the king, h4 by the other bishop.
    let b = board("8/7B/7p/R3Pp1k/8/5K2/5B2/8 w - f6 0 1");
    assert_eq!(san_of(&b, "e5f6"), "exf6#");
    let m = b.parse_san("exf6").expect("legal");
    assert!(m.is_en_passant());
}

#[test]
fn castling_in_chess960_is_written_o_o() {
    // King b1, rooks a1 and h1: O-O-O moves the king to c1, the rook to d1.
    let b = board("1k6/8/8/8/8/8/8/RK5R w HA - 0 1");
    let long = b.parse_uci("b1a1", CastlingMode::Chess960).expect("legal");
    assert_eq!(b.san(long).to_string(), "O-O-O");
    assert_eq!(b.parse_san("O-O-O"), Ok(long));
    let short = b.parse_san("O-O").expect("legal");
    assert_eq!(short.to_uci(CastlingMode::Chess960).to_string(), "b1h1");
    // The ordinary king move to c1 is not castling.
    assert_eq!(san_of(&b, "b1c1"), "Kc1");
}
