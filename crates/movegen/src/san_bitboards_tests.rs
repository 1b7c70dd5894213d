//! The tests of the bitboard path: its answers are the general path's.

use super::*;
use crate::san_resolve::resolve;
use crate::testing::{random_line, RANDOM_GAME_STARTS as STARTS};
use crate::{move_index, MoveGen, Notation, PieceSets};
use ox88_board::{Board, Square};
use proptest::prelude::*;

/// Every answer of the fast path is the general path's: for each legal
/// move's SAN, for castling either way, and for each role to each
/// square with no origin given, without promotion and with three (most of
/// which name no legal move, or several), in the build the
/// processor runs and in the portable one. Returns how many legal moves
/// the fast path took.
fn check(board: &Board, sets: &PieceSets) -> usize {
    let replay = SanReplay::with_sets(board, *sets);
    let agrees = |san: San| {
        let found = resolve_indexed(&replay, san);
        assert_eq!(found, resolve_indexed_portable(&replay, san), "{san} in {board}");
        let Some((m, index)) = found else { return false };
        assert_eq!(resolve(board, san), Ok(m), "{san} in {board}");
        assert_eq!(move_index(board, m), Some(index), "{san} in {board}");
        true
    };
    let taken = board.legal_moves().iter().filter(|&&m| agrees(board.san_without_suffix(m))).count();
    agrees(San::Castle(CastlingSide::Short));
    agrees(San::Castle(CastlingSide::Long));
    for role in Role::ALL {
        for to in Square::all() {
            agrees(San::Normal { role, file: None, rank: None, capture: false, to, promotion: None });
            // Promotions, most of them of no move (a piece, a role a pawn
            // cannot become, a square not on the last rank).
            for promotion in [Role::Queen, Role::Knight, Role::King] {
                let promotion = Some(promotion);
                agrees(San::Normal { role, file: None, rank: None, capture: false, to, promotion });
            }
        }
    }
    taken
}

#[test]
fn pins_checks_and_castling_agree_with_the_general_path() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "b3k3/8/2n1r3/3PN3/q2RK1Pr/4RB2/8/4r2b w - - 0 1",
        "4k3/8/8/8/1b6/8/4N3/R3K2R w KQ - 0 1",
        "4k3/8/8/8/8/5n2/3PPN2/R3K2R w KQ - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/5q2/R3K2R w KQkq - 0 1",
    ];
    let taken: usize = fens
        .iter()
        .map(|fen| {
            let board = fen.parse().unwrap();
            check(&board, &PieceSets::of(&board))
        })
        .sum();
    assert!(taken > 100, "{taken}");
}

#[test]
fn en_passant_captures_are_taken_and_agree_with_the_general_path() {
    // Pinned on the rank once both pawns leave it; taking the checking
    // pawn; pinned on a diagonal the capture stays on; two takers; in
    // check from a knight, which the capture does not answer.
    let fens = [
        ("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2", 0),
        ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", 1),
        ("1b2k3/8/8/3pP3/8/8/7K/8 w - d6 0 2", 1),
        ("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2", 2),
        ("4k3/8/8/3pP3/8/5n2/8/4K3 w - d6 0 2", 0),
    ];
    for (fen, legal) in fens {
        let board: Board = fen.parse().unwrap();
        assert!(board.en_passant().is_some(), "{fen}");
        let sets = PieceSets::of(&board);
        check(&board, &sets);
        let replay = SanReplay::with_sets(&board, sets);
        let captures: Vec<Move> = board.legal_moves().iter().copied().filter(|m| m.is_en_passant()).collect();
        assert_eq!(captures.len(), legal, "{fen}");
        for m in captures {
            let found = resolve_indexed(&replay, board.san_without_suffix(m));
            assert_eq!(found.map(|(found, _)| found), Some(m), "{fen}");
        }
    }
}

proptest! {
    /// In every position of random games (standard and Chess960), the
    /// fast path answers as the general one does, or not at all, with
    /// the pieces' sets played move by move from the start's (as a
    /// game's reader keeps them).
    #[test]
    fn fast_answers_are_the_general_path_s(
        start in 0..STARTS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..150),
    ) {
        let mut board: Board = STARTS[start].parse().unwrap();
        let mut sets = PieceSets::of(&board);
        check(&board, &sets);
        for m in random_line(&board, &choices) {
            sets.play(&board, m);
            board.make_move_unchecked(m);
            check(&board, &sets);
        }
    }
}
