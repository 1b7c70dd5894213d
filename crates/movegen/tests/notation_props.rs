//! Property tests: in positions reached by random play from the standard
//! start and from Chess960 starts, every legal move survives the UCI and SAN
//! round trips, and games written as EPD read back the same.

use ox88_board::{Board, CastlingMode};
use ox88_movegen::{testing, Epd, MoveGen, Notation, Operation};
use proptest::prelude::*;

/// Checks every legal move of `board`; `modes` are the UCI castling modes
/// that can name every move unambiguously here.
fn check_position(board: &Board, modes: &[CastlingMode]) -> Result<(), TestCaseError> {
    for m in board.legal_moves() {
        for &mode in modes {
            let uci = m.to_uci(mode).to_string();
            prop_assert_eq!(board.parse_uci(&uci, mode), Ok(m), "{} ({:?}) in {}", uci, mode, board.fen());
        }
        let san = board.san(m).to_string();
        prop_assert_eq!(board.parse_san(&san), Ok(m), "{} in {}", san, board.fen());
    }
    Ok(())
}

/// Checks every position of the game `choices` pick from `start`, and
/// returns the last.
fn random_game(start: Board, choices: &[u16], modes: &[CastlingMode]) -> Result<Board, TestCaseError> {
    let mut positions = testing::random_game(&start, choices);
    for board in &positions {
        check_position(board, modes)?;
    }
    Ok(positions.pop().expect("the start position at least"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn standard_games(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let modes = [CastlingMode::Standard, CastlingMode::Chess960];
        random_game(Board::startpos(), &choices, &modes)?;
    }

    #[test]
    fn chess960_games(start in 0u16..960, choices in prop::collection::vec(any::<u16>(), 0..120)) {
        random_game(Board::chess960(start).unwrap(), &choices, &[CastlingMode::Chess960])?;
    }

    /// A position reached by play, with its legal moves as `bm`, reads back
    /// from EPD unchanged (clocks carried by `hmvc` and `fmvn`, or else
    /// written as FEN clock fields).
    #[test]
    fn epd_round_trip(
        start in 0u16..960,
        choices in prop::collection::vec(any::<u16>(), 0..80),
        clock_operations in any::<bool>(),
    ) {
        let board = random_game(Board::chess960(start).unwrap(), &choices, &[])?;
        let mut operations = vec![Operation::Id(format!("random \"{start}\"; {}", choices.len()))];
        if clock_operations {
            operations.push(Operation::Other { opcode: "hmvc".into(), operands: board.halfmove_clock().to_string() });
            operations.push(Operation::Other { opcode: "fmvn".into(), operands: board.fullmove_number().to_string() });
        }
        let moves = board.legal_moves();
        if !moves.is_empty() {
            operations.push(Operation::BestMoves(moves.to_vec()));
        }
        let epd = Epd { board, operations };
        let text = epd.to_string();
        prop_assert_eq!(text.parse::<Epd>(), Ok(epd), "{}", text);
    }
}
