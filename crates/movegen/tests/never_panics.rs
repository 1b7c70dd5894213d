//! Any input to the public functions of the board and the move generator,
//! in positions reached by random play: no panic, checked play refuses what
//! is not legal without changing anything, and the answers for legal moves
//! agree with the move list. (The unchecked functions, `make_move_unchecked`
//! and friends, are the documented exceptions.)

mod common;

use ox88_board::{Board, Move, Role, Square};
use ox88_movegen::testing::random_game;
use ox88_movegen::{Epd, MoveGen, Notation, Operation, Position};
use proptest::prelude::*;

fn seeds() -> &'static [Board] {
    common::suite_positions()
}

fn position(seed: usize, choices: &[u16]) -> Position {
    let start = &seeds()[seed % seeds().len()];
    let mut positions = random_game(start, choices);
    Position::new(positions.pop().expect("the start position at least"))
}

fn square(index: u8) -> Square {
    Square::from_index64(index % 64).expect("below 64")
}

fn promotion(code: u8) -> Option<Role> {
    [None, Some(Role::Queen), Some(Role::Knight), Some(Role::Pawn), Some(Role::King)][usize::from(code % 5)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_move_value(seed in 0usize..3000, choices in prop::collection::vec(any::<u16>(), 0..60), raws in prop::collection::vec(any::<u16>(), 32)) {
        let mut pos = position(seed, &choices);
        let board = pos.board().clone();
        let legal = pos.legal_moves();
        for raw in raws {
            let m = Move::from_raw(raw);
            let is_legal = legal.contains(&m);
            prop_assert_eq!(pos.is_legal(m), is_legal);
            let _ = (board.gives_check(m), board.san(m).to_string(), board.san_without_suffix(m).to_string());
            let _ = pos.uci(m).to_string();
            prop_assert_eq!(pos.san(m).is_ok(), is_legal);
            let _ = board.san_line(&[m, m]).to_string();
            let epd = Epd { board: board.clone(), operations: vec![Operation::BestMoves(vec![m])] };
            let _ = epd.to_string();
            let (fen, moves) = (pos.fen(), pos.moves().len());
            match pos.play(m) {
                Ok(()) => {
                    prop_assert!(is_legal);
                    pos.undo();
                }
                Err(e) => {
                    prop_assert!(!is_legal);
                    let _ = e.to_string();
                    prop_assert_eq!((pos.fen(), pos.moves().len()), (fen, moves));
                }
            }
            let mut copy = board.clone();
            prop_assert_eq!(copy.play(m).is_ok(), is_legal);
        }
    }

    #[test]
    fn any_squares(seed in 0usize..3000, choices in prop::collection::vec(any::<u16>(), 0..60), picks in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u8>()), 32)) {
        let pos = position(seed, &choices);
        let board = pos.board();
        for (a, b, code) in picks {
            let (from, to) = (square(a), square(b));
            match pos.find_move(from, to, promotion(code)) {
                Ok(m) => prop_assert!(pos.is_legal(m) && m.from() == from),
                Err(e) => {
                    let _ = e.to_string();
                }
            }
            let _ = board.path_clear(from, to, &[from, to]);
            let _ = board.attacked_ignoring(to, board.side_to_move(), &[from]);
            let _ = board.attackers(from, !board.side_to_move()).count();
        }
        let _ = (board.repetition_key(), board.has_legal_en_passant(), board.checkers());
        let _ = (pos.outcome(), pos.claimable_draw(), pos.repetitions(), pos.san_line().to_string());
    }

    #[test]
    fn any_text(seed in 0usize..3000, choices in prop::collection::vec(any::<u16>(), 0..40), texts in prop::collection::vec("[a-hxNBRQKO0-9=+#!?/ -]{0,8}", 16)) {
        let mut pos = position(seed, &choices);
        for text in &texts {
            for result in [pos.parse_uci(text).map(|_| ()).map_err(|e| e.to_string()), pos.parse_san(text).map(|_| ()).map_err(|e| e.to_string())] {
                let _ = result;
            }
            let before = pos.fen();
            if pos.play_uci(text).is_ok() || pos.play_san(text).is_ok() {
                pos.undo();
            }
            prop_assert_eq!(pos.fen(), before);
            let _ = text.parse::<Epd>();
            let _ = Position::from_fen(text);
        }
    }
}
