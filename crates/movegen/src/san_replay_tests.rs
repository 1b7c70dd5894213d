//! The tests of the lean replay state: its answers and its positions are
//! the board's.

use super::*;
use crate::testing::RANDOM_GAME_STARTS as STARTS;
use crate::{move_index, resolve_san_indexed, MoveGen, Notation, San, SanError};
use ox88_board::{CastlingSide, File, Rank};
use proptest::prelude::*;

/// The replay's answer for each legal move's SAN, for castling either way
/// and for the SANs `bad` (most name no legal move, or several) is the
/// board's, with the index and without (errors included, but for the
/// order of an ambiguous move's candidates).
fn answers_agree(board: &Board, replay: &SanReplay, bad: &[San]) {
    let legal = board.legal_moves().into_iter().map(|m| board.san_without_suffix(m));
    let castles = CastlingSide::ALL.map(San::Castle);
    for san in legal.chain(castles).chain(bad.iter().copied()) {
        let answer = sorted(replay.resolve(san));
        assert_eq!(answer, sorted(resolve_san_indexed(board, san)), "{san} in {board}");
        if let Ok((m, index)) = answer {
            // The index as the generator's order counts it, too.
            assert_eq!(move_index(board, m), Some(index), "{san} in {board}");
        }
        assert_eq!(answer.map(|(m, _)| m), sorted(board.resolve_san(san).map(|m| (m, 0))).map(|(m, _)| m));
    }
}

/// `answer` with an ambiguous move's candidates sorted: their order is
/// the board's piece lists', which the replay does not keep.
fn sorted<T>(answer: Result<T, SanError>) -> Result<T, SanError> {
    answer.map_err(|error| match error {
        SanError::Ambiguous { san, mut candidates } => {
            candidates.sort_by_key(|m| m.to_raw());
            SanError::Ambiguous { san, candidates }
        }
        other => other,
    })
}

/// The state of the board, and the board the state makes, are the state.
fn states_agree(board: &Board, replay: &SanReplay) {
    assert_eq!(*replay, SanReplay::of(board), "in {board}");
    assert_eq!(SanReplay::of(&replay.board()), *replay, "in {board}");
    assert_eq!(replay.in_check(), board.in_check(), "in {board}");
}

/// A SAN made of one random choice: any role to any square, sometimes
/// with an origin file or rank, sometimes promoting.
fn bad_san(choice: u16) -> San {
    let role = Role::ALL[usize::from(choice % 6)];
    let to = Square::from_index64((choice >> 3 & 63) as u8).unwrap();
    let bits = choice >> 9;
    let file = (bits & 1 != 0).then(|| File::new((bits >> 1 & 7) as u8).unwrap());
    let rank = (bits & 16 != 0).then(|| Rank::new((bits >> 1 & 7) as u8).unwrap());
    let promotion = (bits & 32 != 0).then_some(Role::Queen);
    San::Normal { role, file, rank, capture: false, to, promotion }
}

proptest! {
    /// Through random games (standard and Chess960: castling both ways,
    /// en passant, promotions, checks, null moves where the side to move
    /// is not in check), the replay resolves every SAN as the board does,
    /// errors included, and plays each move into the board's position.
    #[test]
    fn replayed_answers_and_positions_are_the_board_s(
        start in 0..STARTS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..150),
    ) {
        let mut board: Board = STARTS[start].parse().unwrap();
        let mut replay = SanReplay::of(&board);
        for choice in choices {
            let moves = board.legal_moves();
            answers_agree(&board, &replay, &[bad_san(choice), bad_san(choice.rotate_left(7))]);
            if moves.is_empty() {
                break;
            }
            if choice % 17 == 0 && !board.in_check() {
                replay.play_null();
                board.make_null_move();
            } else {
                let m = moves[usize::from(choice) % moves.len()];
                let san = board.san_without_suffix(m);
                let found = replay.resolve(san).unwrap();
                prop_assert_eq!(found.0, m);
                // Resolving and playing at once gives the same answer and
                // plays into the same state (and an error changes nothing).
                let mut at_once = replay;
                prop_assert_eq!(at_once.resolve_and_play(san), Ok(found));
                for bad in [bad_san(choice), bad_san(choice.rotate_left(7))] {
                    let mut unchanged = replay;
                    if unchanged.resolve_and_play(bad).is_err() {
                        prop_assert_eq!(unchanged, replay);
                    }
                }
                replay.play(m);
                prop_assert_eq!(at_once, replay);
                board.make_move_unchecked(m);
            }
            states_agree(&board, &replay);
        }
    }
}

#[test]
fn a_null_move_in_check_is_seen_and_en_passant_kept_as_the_board_keeps_it() {
    let board: Board = "4k3/8/8/8/1b6/8/8/4K3 w - - 0 1".parse().unwrap();
    assert!(SanReplay::of(&board).in_check());
    // A double push beside no enemy pawn leaves no en-passant square.
    let mut board = Board::startpos();
    let mut replay = SanReplay::of(&board);
    for san in ["e4", "a6", "e5", "d5"] {
        let (m, _) = replay.resolve(san.parse().unwrap()).unwrap();
        replay.play(m);
        board.make_move_unchecked(m);
        states_agree(&board, &replay);
    }
    assert_eq!(replay.en_passant(), Some(Square::D6));
}
