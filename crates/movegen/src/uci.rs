//! UCI move notation on a position: finding the legal [`Move`] that a
//! position-free [`UciMove`] ("e2e4", "e7e8q", "e1g1") names.

use crate::{MoveGen, MoveList};
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
    /// The syntax is fine, but no legal move matches it here.
    #[error("illegal move {uci} in this position")]
    Illegal {
        /// The move as it was given.
        uci: UciMove,
    },
}

/// Finds the legal move named by `uci`.
///
/// Castling: king-takes-rook ("e1h1") is accepted in both modes. In
/// [`CastlingMode::Standard`], the king's two-square move ("e1g1") is accepted
/// too, as long as no ordinary king move has the same squares (only possible
/// in Chess960 positions). In [`CastlingMode::Chess960`] a king move to g1 is
/// only ever an ordinary king move.
pub(crate) fn parse_uci_move(board: &Board, uci: UciMove, mode: CastlingMode) -> Result<Move, ParseUciError> {
    let UciMove::Normal { from, to, promotion } = uci else {
        return Err(ParseUciError::NullMove);
    };
    let illegal = || ParseUciError::Illegal { uci };
    match board.piece_at(from) {
        Some(piece) if piece.color() == board.side_to_move() => {}
        _ => return Err(illegal()),
    }
    let mut list = MoveList::new();
    board.generate_legal(&mut list);
    let moves = list.iter().copied().filter(|m| m.from() == from && m.promotion() == promotion);
    // An exact match is an ordinary move, or castling written king-takes-rook
    // (a king never captures its own rook otherwise, so this is unambiguous).
    if let Some(m) = moves.clone().find(|m| m.to() == to) {
        return Ok(m);
    }
    match mode {
        CastlingMode::Standard => {
            moves.into_iter().find(|m| m.is_castle() && m.castle_king_target() == to).ok_or_else(illegal)
        }
        CastlingMode::Chess960 => Err(illegal()),
    }
}

/// Parses UCI move text and finds the legal move it names.
pub(crate) fn parse_uci(board: &Board, text: &str, mode: CastlingMode) -> Result<Move, ParseUciError> {
    parse_uci_move(board, text.parse()?, mode)
}

#[cfg(test)]
mod tests {
    use crate::Notation;
    use ox88_board::{Board, CastlingMode, Move, MoveKind, Role, Square};

    use super::ParseUciError;

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
        assert!(matches!(b.parse_uci("e1g1", CastlingMode::Chess960), Err(ParseUciError::Illegal { .. })));
    }

    #[test]
    fn errors_are_typed() {
        let b = Board::startpos();
        let std = CastlingMode::Standard;
        assert!(matches!(b.parse_uci("e2e5", std), Err(ParseUciError::Illegal { .. })));
        assert!(matches!(b.parse_uci("e7e5", std), Err(ParseUciError::Illegal { .. })));
        assert!(matches!(b.parse_uci("e2e4q", std), Err(ParseUciError::Illegal { .. })));
        assert!(matches!(b.parse_uci("e2", std), Err(ParseUciError::Syntax(_))));
        assert_eq!(b.parse_uci("0000", std), Err(ParseUciError::NullMove));
        // A promotion without its role is not a move.
        let p = board("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert!(matches!(p.parse_uci("a7a8", std), Err(ParseUciError::Illegal { .. })));
    }
}
