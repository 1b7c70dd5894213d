//! The Zobrist key a move leads to, without making it: what a search needs
//! to ask the memory for the child's transposition-table entry early.

use crate::make::rights_after_move;
use crate::{zobrist, Board, Move, MoveKind, Piece, Role, Square};

impl Board {
    /// The [`key`](Self::key) this board will have after the legal move `m`,
    /// computed without making it: the same as `make_move_unchecked(m)`
    /// followed by `key()`. Like `make_move_unchecked`, it assumes a legal
    /// move of the kind the move generator gives (for anything else, some
    /// key, or a panic when `m.from()` is empty).
    ///
    /// ```
    /// use ox88_board::{Board, Move, MoveKind, Square};
    /// let mut board = Board::startpos();
    /// let e4 = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
    /// let expected = board.key_after(e4);
    /// board.make_move_unchecked(e4);
    /// assert_eq!(board.key(), expected);
    /// ```
    pub fn key_after(&self, m: Move) -> u64 {
        let us = self.side_to_move();
        let (from, to) = (m.from(), m.to());
        let piece = self.piece_at(from).expect("a legal move has a moving piece");
        let mut key = self.key() ^ zobrist::side_key();
        if let Some(ep) = self.en_passant() {
            key ^= zobrist::en_passant_key(ep);
        }
        let moved = |piece: Piece, a: Square, b: Square| zobrist::piece_key(piece, a) ^ zobrist::piece_key(piece, b);
        match m.kind() {
            MoveKind::Quiet => key ^= moved(piece, from, to),
            MoveKind::DoublePush => {
                key ^= moved(piece, from, to);
                let enemy_pawn = Some(Piece::new(!us, Role::Pawn));
                let beside = |d: i8| to.offset(d).and_then(|sq| self.piece_at(sq)) == enemy_pawn;
                if beside(1) || beside(-1) {
                    key ^= zobrist::en_passant_key(from.offset(us.forward()).expect("double push passes a square"));
                }
            }
            MoveKind::Capture => {
                let victim = self.piece_at(to).expect("a capture has a victim");
                key ^= zobrist::piece_key(victim, to) ^ moved(piece, from, to);
            }
            MoveKind::EnPassant => {
                let square = Square::from_coords(to.file(), from.rank());
                key ^= zobrist::piece_key(Piece::new(!us, Role::Pawn), square) ^ moved(piece, from, to);
            }
            MoveKind::CastleShort | MoveKind::CastleLong => {
                let rook = self.piece_at(to).expect("castling rook present");
                key ^= moved(piece, from, m.castle_king_target()) ^ moved(rook, to, m.castle_rook_target());
            }
            MoveKind::Promotion(role) | MoveKind::PromotionCapture(role) => {
                if let Some(victim) = self.piece_at(to) {
                    key ^= zobrist::piece_key(victim, to);
                }
                key ^= zobrist::piece_key(piece, from) ^ zobrist::piece_key(Piece::new(us, role), to);
            }
        }
        // The castling rights, as making the move changes them.
        if let Some(rights) = rights_after_move(*self.castling(), us, piece.role() == Role::King, from, to) {
            key ^= zobrist::castling_key(self.castling().bits()) ^ zobrist::castling_key(rights.bits());
        }
        key
    }
}
