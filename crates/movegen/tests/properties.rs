//! Property tests on random positions reached by random play from the
//! positions of the perft suites (standard and Chess960):
//! make/unmake restores the board exactly, keys stay equal to their
//! from-scratch values, FEN round-trips, and the legal generator agrees with a
//! slow, obviously-correct reference generator written here.

mod common;

use ox88_board::{Board, CastlingSide, Color, Direction, File, Move, MoveKind, Piece, Rank, Role, Square};
use ox88_movegen::testing::random_game;
use ox88_movegen::{CheckInfo, MoveGen, MoveList};
use proptest::prelude::*;
use std::collections::HashSet;

/// The positions of the three perft suites, where random games start.
fn seeds() -> &'static [Board] {
    common::suite_positions()
}

/// A position reached by `choices.len()` random legal moves from a seed
/// (stopping early at mate or stalemate).
fn random_position(seed: usize, choices: &[u16]) -> Board {
    let start = &seeds()[seed % seeds().len()];
    random_game(start, choices).pop().expect("the start position at least")
}

/// The reference: every pseudo-legal move, made on a copy, kept when the
/// mover's king is not attacked afterwards. Castling is checked square by
/// square with the board's own attack test.
fn reference_moves(board: &Board) -> HashSet<Move> {
    let us = board.side_to_move();
    let mut pseudo = Vec::new();
    for from in Square::all() {
        let Some(piece) = board.piece_at(from) else { continue };
        if piece.color() != us {
            continue;
        }
        let target = |to: Square| board.piece_at(to).map(|p| p.color() != us);
        match piece.role() {
            Role::Pawn => {
                let fwd = us.forward();
                let last = us.fold(Rank::EIGHTH, Rank::FIRST);
                let add = |pseudo: &mut Vec<Move>, to: Square, capture: bool| {
                    if to.rank() == last {
                        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                            let kind =
                                if capture { MoveKind::PromotionCapture(role) } else { MoveKind::Promotion(role) };
                            pseudo.push(Move::new(from, to, kind));
                        }
                    } else {
                        pseudo.push(Move::new(from, to, if capture { MoveKind::Capture } else { MoveKind::Quiet }));
                    }
                };
                if let Some(one) = from.offset(fwd).filter(|&s| board.piece_at(s).is_none()) {
                    add(&mut pseudo, one, false);
                    let start = us.fold(Rank::SECOND, Rank::SEVENTH);
                    if from.rank() == start {
                        if let Some(two) = one.offset(fwd).filter(|&s| board.piece_at(s).is_none()) {
                            pseudo.push(Move::new(from, two, MoveKind::DoublePush));
                        }
                    }
                }
                for side in [1, -1] {
                    if let Some(to) = from.offset(fwd + side) {
                        if target(to) == Some(true) {
                            add(&mut pseudo, to, true);
                        }
                        if board.en_passant() == Some(to) {
                            pseudo.push(Move::new(from, to, MoveKind::EnPassant));
                        }
                    }
                }
            }
            role => {
                let (deltas, slides): (&[i8], bool) = match role {
                    Role::Knight => (&Direction::KNIGHT, false),
                    Role::Bishop => (&Direction::DIAGONAL, true),
                    Role::Rook => (&Direction::STRAIGHT, true),
                    Role::Queen => (&Direction::ALL, true),
                    _ => (&Direction::ALL, false),
                };
                for &d in deltas {
                    let mut to = from;
                    while let Some(next) = to.offset(d) {
                        to = next;
                        match target(to) {
                            None => pseudo.push(Move::new(from, to, MoveKind::Quiet)),
                            Some(true) => {
                                pseudo.push(Move::new(from, to, MoveKind::Capture));
                                break;
                            }
                            Some(false) => break,
                        }
                        if !slides {
                            break;
                        }
                    }
                }
            }
        }
    }
    let mut legal: HashSet<Move> = pseudo
        .into_iter()
        .filter(|&m| {
            let mut after = board.clone();
            after.make_move_unchecked(m);
            !after.is_attacked(after.king(us), !us)
        })
        .collect();
    legal.extend(reference_castling(board));
    legal
}

fn reference_castling(board: &Board) -> Vec<Move> {
    let us = board.side_to_move();
    let king = board.king(us);
    let mut moves = Vec::new();
    if board.in_check() {
        return moves;
    }
    for side in [CastlingSide::Short, CastlingSide::Long] {
        let Some(rook) = board.castling().rook(us, side) else { continue };
        let (king_file, rook_file, kind) = match side {
            CastlingSide::Short => (File::G, File::F, MoveKind::CastleShort),
            CastlingSide::Long => (File::C, File::D, MoveKind::CastleLong),
        };
        let on_rank = |f: File| Square::from_coords(f, king.rank());
        let span = |a: File, b: File| (a.min(b).index()..=a.max(b).index()).map(|i| on_rank(File::new(i).unwrap()));
        let empty = span(king.file(), king_file)
            .chain(span(rook.file(), rook_file))
            .all(|sq| sq == king || sq == rook || board.piece_at(sq).is_none());
        let safe = span(king.file(), king_file).all(|sq| !board.attacked_ignoring(sq, !us, &[king, rook]));
        if empty && safe {
            moves.push(Move::new(king, rook, kind));
        }
    }
    moves
}

fn assert_exact_restore(before: &Board, after: &Board) {
    assert_eq!(before, after);
    for color in Color::ALL {
        assert_eq!(before.pieces(color), after.pieces(color), "piece list order");
    }
    assert_eq!(before.key(), after.key());
    assert_eq!(before.pawn_key(), after.pawn_key());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn legal_generator_matches_reference(seed in 0usize..2000, choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let board = random_position(seed, &choices);
        let ours: Vec<Move> = board.legal_moves().into_iter().collect();
        let ours_set: HashSet<Move> = ours.iter().copied().collect();
        prop_assert_eq!(ours.len(), ours_set.len(), "duplicates in {}", board.fen());
        let reference = reference_moves(&board);
        prop_assert_eq!(&ours_set, &reference, "{}", board.fen());
        for &m in &ours {
            prop_assert!(board.is_legal(m));
            let mut after = board.clone();
            after.make_move_unchecked(m);
            prop_assert_eq!(board.gives_check(m), after.in_check(), "{} {:?}", board.fen(), m);
            prop_assert_eq!(CheckInfo::new(&board).gives_check(&board, m), after.in_check(), "{} {:?}", board.fen(), m);
            prop_assert_eq!(board.key_after(m), after.key(), "{} {:?}", board.fen(), m);
        }
        let mut tactical = MoveList::new();
        board.generate_tactical(&mut tactical);
        let expected: HashSet<Move> = ours
            .iter()
            .copied()
            .filter(|m| {
                (m.is_capture() && m.promotion().is_none_or(|r| r == Role::Queen)) || m.promotion() == Some(Role::Queen)
            })
            .collect();
        prop_assert_eq!(tactical.iter().copied().collect::<HashSet<_>>(), expected, "{}", board.fen());
    }

    #[test]
    fn is_legal_rejects_everything_else(seed in 0usize..2000, choices in prop::collection::vec(any::<u16>(), 0..60), raws in prop::collection::vec(any::<u16>(), 64)) {
        let board = random_position(seed, &choices);
        let legal: HashSet<Move> = board.legal_moves().into_iter().collect();
        for raw in raws {
            let m = Move::from_raw(raw);
            prop_assert_eq!(board.is_legal(m), legal.contains(&m), "{} {:?}", board.fen(), m);
        }
    }

    #[test]
    fn make_unmake_restores_exactly(seed in 0usize..2000, choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let mut board = random_position(seed, &choices);
        board.check_consistency().map_err(TestCaseError::fail)?;
        let before = board.clone();
        for m in before.legal_moves() {
            let undo = board.make_move_unchecked(m);
            board.check_consistency().map_err(|e| TestCaseError::fail(format!("{e} after {m:?} in {}", before.fen())))?;
            board.unmake_move(m, undo);
            assert_exact_restore(&before, &board);
        }
        if !board.in_check() {
            let undo = board.make_null_move();
            board.check_consistency().map_err(TestCaseError::fail)?;
            board.unmake_null_move(undo);
            assert_exact_restore(&before, &board);
        }
    }

    #[test]
    fn fen_round_trips(seed in 0usize..2000, choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let board = random_position(seed, &choices);
        let fen = board.fen();
        let parsed: Board = fen.parse().map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
        prop_assert_eq!(&parsed, &board);
        prop_assert_eq!(parsed.key(), board.key());
        prop_assert_eq!(parsed.fen(), fen);
    }

    #[test]
    fn fen_parser_never_panics(text in "\\PC{0,90}") {
        let _ = Board::from_fen(&text);
        let _ = Board::from_fen_lenient(&text);
    }

    #[test]
    fn mutated_fens_never_panic(seed in 0usize..2000, at in 0usize..90, byte in b' '..b'~') {
        let mut fen = seeds()[seed % seeds().len()].fen().into_bytes();
        if at < fen.len() {
            fen[at] = byte;
        }
        let text = String::from_utf8(fen).unwrap();
        if let Ok(board) = Board::from_fen(&text) {
            let mut board = board;
            let _ = ox88_movegen::perft(&mut board, 2);
        }
        let _ = Board::from_fen_lenient(&text);
    }
}

#[test]
fn piece_letters_are_checked() {
    // A sanity check of the helper types used above.
    assert_eq!(Piece::new(Color::White, Role::Queen).char(), 'Q');
}

/// `CheckInfo` and `Board::key_after` against making each move, on every legal move of random games
/// from every suite position (castling, en passant, promotions, discovered
/// and double checks among them); deterministic, so every run covers the same.
#[test]
fn check_info_and_key_after_agree_with_making_the_move() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let (mut moves, mut checks, mut discovered) = (0usize, 0usize, 0usize);
    for start in common::suite_positions() {
        let choices: Vec<u16> = (0..60)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u16
            })
            .collect();
        for board in random_game(start, &choices) {
            let info = CheckInfo::new(&board);
            for m in board.legal_moves() {
                let mut after = board.clone();
                after.make_move_unchecked(m);
                let check = after.in_check();
                assert_eq!(info.gives_check(&board, m), check, "{} {:?}", board.fen(), m);
                assert_eq!(board.key_after(m), after.key(), "{} {:?}", board.fen(), m);
                moves += 1;
                checks += usize::from(check);
                let mover = board.piece_at(m.from()).expect("a legal move has a moving piece");
                let direct = ox88_board::geometry::pseudo_attacks(mover, m.to(), board.king(!board.side_to_move()));
                discovered += usize::from(check && !direct);
            }
        }
    }
    assert!(
        moves > 100_000 && checks > 3_000 && discovered > 100,
        "{moves} moves, {checks} checks, {discovered} discovered"
    );
}
