//! The compact move column: each move as its index among the legal moves of
//! the position it is played in, one byte a ply.
//!
//! The legal moves are ordered by their UCI text's parts: the origin square
//! (a1 = 0, b1 = 1, …, h8 = 63), then the destination square, then the
//! promotion (none, knight, bishop, rook, queen). Castling counts as the
//! king's move to the square UCI writes (`e1g1` in standard chess, the
//! rook's square in Chess960; both give the same order). So any chess
//! library decodes the column: sort the legal moves so, take the n-th.
//! A null move (`--`) is [`NULL_MOVE_INDEX`]: no position has 255 legal
//! moves (the most known is 218).

use ox88_board::{Board, Move, Square};
use ox88_movegen::{MoveGen, MoveList, MoveSink};

/// The byte that stands for a null move.
pub const NULL_MOVE_INDEX: u8 = 255;

/// The order's key of a move: origin, destination, promotion. The move's
/// own squares (castling as king takes rook) give the UCI order: no other
/// king move lands between the rook's square and the king's target.
#[inline(always)]
fn order_key(m: Move) -> u16 {
    let promotion = m.promotion().map_or(0, |role| role as u16);
    (m.from().index64() as u16) << 9 | (m.to().index64() as u16) << 3 | promotion
}

/// Counts the legal moves before a move in the order, without keeping them.
struct Below {
    key: u16,
    /// The move's origin (a1 = 0): pieces after it have no move before it.
    from: usize,
    count: u8,
}

impl MoveSink for Below {
    #[inline(always)]
    fn wants_from(&self, from: Square) -> bool {
        from.index64() <= self.from
    }
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.count += u8::from(order_key(m) < self.key);
    }
}

/// The index of the legal move `m` among the legal moves of `board`.
///
/// ```
/// use ox88_board::Board;
/// use ox88_db::move_index::{index_of, move_at};
/// use ox88_movegen::Notation;
/// let board = Board::startpos();
/// let e4 = board.parse_uci("e2e4", ox88_board::CastlingMode::Standard)?;
/// let index = index_of(&board, e4);
/// assert_eq!(move_at(&board, index), Some(e4));
/// assert_eq!(move_at(&board, 20), None); // 20 legal moves: 0 to 19
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn index_of(board: &Board, m: Move) -> u8 {
    let mut below = Below { key: order_key(m), from: m.from().index64(), count: 0 };
    board.generate_legal_into(&mut below);
    below.count
}

/// The legal move with index `index` in `board`, or `None` if there are not
/// that many (a null move's [`NULL_MOVE_INDEX`] is `None` too).
pub fn move_at(board: &Board, index: u8) -> Option<Move> {
    let mut moves = MoveList::new();
    board.generate_legal(&mut moves);
    moves.sort_unstable_by_key(|&m| order_key(m));
    moves.get(usize::from(index)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::CastlingMode;
    use ox88_movegen::Position;

    /// The order as the module documents it, from the UCI text.
    fn uci_order(board: &Board, mode: CastlingMode) -> Vec<String> {
        let square = |s: &str| (s.as_bytes()[1] - b'1') * 8 + (s.as_bytes()[0] - b'a');
        let promotion = |s: &str| s.chars().nth(4).map_or(0, |c| "nbrq".find(c).unwrap() + 1);
        let mut moves: Vec<String> = board.legal_moves().iter().map(|m| m.to_uci(mode).to_string()).collect();
        moves.sort_by_key(|m| (square(&m[0..2]), square(&m[2..4]), promotion(m)));
        moves
    }

    #[test]
    fn indices_follow_the_uci_order_and_decode() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "1r2k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
        ];
        for fen in fens {
            let position = Position::from_fen(fen).unwrap();
            let mode = if position.is_chess960() { CastlingMode::Chess960 } else { CastlingMode::Standard };
            let board = position.board();
            let order = uci_order(board, mode);
            for m in board.legal_moves() {
                let index = index_of(board, m);
                assert_eq!(order[usize::from(index)], m.to_uci(mode).to_string(), "{fen}");
                assert_eq!(move_at(board, index), Some(m), "{fen}");
            }
            assert_eq!(move_at(board, order.len() as u8), None);
            assert_eq!(move_at(board, NULL_MOVE_INDEX), None);
        }
    }
}
