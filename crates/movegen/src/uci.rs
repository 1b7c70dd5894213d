//! UCI move notation on a position: finding the legal [`Move`] that a
//! position-free [`UciMove`] ("e2e4", "e7e8q", "e1g1") names.

use crate::illegal::{resolve, IllegalMoveError};
use ox88_board::{Board, CastlingMode, Move, ParseUciMoveError, UciMove};

/// Why UCI move text names no legal move in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseUciError {
    /// The text is not UCI move syntax.
    #[error(transparent)]
    Syntax(#[from] ParseUciMoveError),
    /// The null move "0000" is not a move of the board.
    #[error("the null move \"0000\" cannot be played on a board")]
    NullMove,
    /// The syntax is fine, but no legal move matches it here (the error
    /// says why).
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
}

/// Finds the legal move named by `uci` (castling as [`resolve`] reads it).
pub(crate) fn parse_uci_move(board: &Board, uci: UciMove, mode: CastlingMode) -> Result<Move, ParseUciError> {
    let UciMove::Normal { from, to, promotion } = uci else {
        return Err(ParseUciError::NullMove);
    };
    Ok(resolve(board, from, to, promotion, mode)?)
}

/// Parses UCI move text and finds the legal move it names: the one reader
/// of UCI text into a [`Move`], behind [`Notation::parse_uci`](crate::Notation::parse_uci)
/// and `Position::parse_uci`. Surrounding whitespace is ignored, as SAN
/// reading ignores it; castling as [`resolve`] reads it.
pub(crate) fn parse_uci(board: &Board, text: &str, mode: CastlingMode) -> Result<Move, ParseUciError> {
    parse_uci_move(board, text.trim().parse()?, mode)
}

#[cfg(test)]
mod tests {
    use crate::Notation;
    use ox88_board::{Board, CastlingMode, Color, Move, MoveKind, Piece, Role, Square};

    use super::ParseUciError;
    use crate::IllegalReason;

    fn reason(result: Result<Move, ParseUciError>) -> IllegalReason {
        match result {
            Err(ParseUciError::Illegal(e)) => e.reason,
            other => panic!("expected an illegal move, got {other:?}"),
        }
    }

    fn board(fen: &str) -> Board {
        fen.parse().expect("valid FEN")
    }

    #[test]
    fn finds_each_kind_of_move() {
        let b = board("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        let std = CastlingMode::Standard;
        assert_eq!(b.parse_uci("e5d6", std), Ok(Move::new(Square::E5, Square::D6, MoveKind::EnPassant)));
        assert_eq!(
            b.parse_uci("b7a8n", std),
            Ok(Move::new(Square::B7, Square::A8, MoveKind::PromotionCapture(Role::Knight)))
        );
        assert_eq!(b.parse_uci("b7b8q", std), Ok(Move::new(Square::B7, Square::B8, MoveKind::Promotion(Role::Queen))));
        let short = Move::new(Square::E1, Square::H1, MoveKind::CastleShort);
        assert_eq!(b.parse_uci("e1g1", std), Ok(short));
        assert_eq!(b.parse_uci("e1h1", std), Ok(short));
        assert_eq!(b.parse_uci("e1h1", CastlingMode::Chess960), Ok(short));
        assert_eq!(b.parse_uci("e1c1", std), Ok(Move::new(Square::E1, Square::A1, MoveKind::CastleLong)));
    }

    #[test]
    fn chess960_king_move_to_g1_is_not_castling() {
        // King f1, rook h1: f1g1 is an ordinary king move, f1h1 castles.
        let b = board("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
        let mode = CastlingMode::Chess960;
        assert_eq!(b.parse_uci("f1g1", mode), Ok(Move::new(Square::F1, Square::G1, MoveKind::Quiet)));
        assert_eq!(b.parse_uci("f1h1", mode), Ok(Move::new(Square::F1, Square::H1, MoveKind::CastleShort)));
        assert_eq!(b.parse_uci("f1g1", CastlingMode::Standard), Ok(Move::new(Square::F1, Square::G1, MoveKind::Quiet)));
    }

    #[test]
    fn chess960_mode_rejects_the_two_square_spelling() {
        let b = board("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let castle = Move::new(Square::E1, Square::H1, MoveKind::CastleShort);
        assert_eq!(reason(b.parse_uci("e1g1", CastlingMode::Chess960)), IllegalReason::Chess960Castling { castle });
    }

    #[test]
    fn errors_are_typed() {
        let b = Board::startpos();
        let std = CastlingMode::Standard;
        let pawn = Piece::new(Color::White, Role::Pawn);
        assert_eq!(reason(b.parse_uci("e2e5", std)), IllegalReason::NoLegalMove { piece: pawn, in_check: false });
        assert_eq!(reason(b.parse_uci("e7e5", std)), IllegalReason::NoPiece { side: Color::White });
        assert_eq!(reason(b.parse_uci("e2e4q", std)), IllegalReason::UnexpectedPromotion);
        assert_eq!(reason(b.parse_uci("g1g3q", std)), IllegalReason::UnexpectedPromotion);
        assert!(matches!(b.parse_uci("e2", std), Err(ParseUciError::Syntax(_))));
        // Surrounding whitespace is not part of the move.
        assert_eq!(b.parse_uci(" g1f3\n", std), Ok(Move::new(Square::G1, Square::F3, MoveKind::Quiet)));
        assert!(matches!(b.parse_uci("g1 f3", std), Err(ParseUciError::Syntax(_))));
        assert_eq!(b.parse_uci("0000", std), Err(ParseUciError::NullMove));
        // A promotion without its role is not a move.
        let p = board("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(reason(p.parse_uci("a7a8", std)), IllegalReason::MissingPromotion);
        let message = p.parse_uci("a7a8", std).unwrap_err().to_string();
        assert!(message.contains("must promote") && message.contains("a7a8q"), "{message}");
        // In check, the message says so.
        let check = board("4k3/8/8/8/8/8/4q3/R3K3 w - - 0 1");
        let message = check.parse_uci("a1a2", std).unwrap_err().to_string();
        assert_eq!(message, "illegal move a1a2: the rook on a1 has no legal move to a2 (White is in check)");
    }
}
