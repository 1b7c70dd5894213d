//! Making and unmaking moves, with an explicit undo record.

use crate::{zobrist, Board, CastlingRights, Color, Move, MoveKind, Piece, Role, Square};

/// What [`Board::make_move_unchecked`] changed that cannot be recomputed from the move:
/// pass it back to [`Board::unmake_move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Piece>,
    captured_slot: u8,
    promotion_slot: u8,
    castling: CastlingRights,
    en_passant: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u16,
    key: u64,
    pawn_key: u64,
}

impl Undo {
    /// The piece the move captured, if any (the pawn, for en passant).
    #[inline(always)]
    pub fn captured(&self) -> Option<Piece> {
        self.captured
    }
}

/// The castling rights after `us` moves a piece from `from` to `to` (`king_moves`: the piece is the king), or
/// `None` when the move cannot change them. Making a move and [`Board::key_after`] both use it, so the two agree.
#[inline(always)]
pub(crate) fn rights_after_move(
    mut rights: CastlingRights,
    us: Color,
    king_moves: bool,
    from: Square,
    to: Square,
) -> Option<CastlingRights> {
    // Rights change only when the king moves or something moves from or
    // to a first or last rank square (a castling rook's).
    let back_rank = |sq: Square| (sq.rank().index() + 1) & 6 == 0;
    if rights.is_empty() || !(king_moves || back_rank(from) || back_rank(to)) {
        return None;
    }
    if king_moves {
        rights.clear_color(us);
    }
    rights.clear_rook_square(from);
    rights.clear_rook_square(to);
    Some(rights)
}

impl Board {
    /// Plays `m` without checking it, and returns what
    /// [`unmake_move`](Self::unmake_move) needs to take it back: the fast
    /// path of move generators and searches.
    ///
    /// Assumes `m` is legal here exactly as the move generator of
    /// `ox88-movegen` produces it (its kind included: a pawn's two-square
    /// advance is [`MoveKind::DoublePush`], castling is the king taking its
    /// own rook). Nothing is checked: given anything else, the board ends in
    /// a wrong position (a piece where none can stand, an en-passant square
    /// lost, castling rights kept) or the call panics (no piece on
    /// `m.from()`), never undefined behaviour. To play a move checked, use
    /// `Position::play` (or `MoveGen::play`) of `ox88-movegen`.
    ///
    /// ```
    /// use ox88_board::{Board, Move, MoveKind, Square};
    /// let mut board = Board::startpos();
    /// let before = board.clone();
    /// let e4 = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
    /// let undo = board.make_move_unchecked(e4);
    /// assert_eq!(board.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// assert_eq!(board.key(), 0x823c9b50fd114196);
    /// board.unmake_move(e4, undo);
    /// assert_eq!(board, before);
    /// ```
    #[inline(always)]
    pub fn make_move_unchecked(&mut self, m: Move) -> Undo {
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        let king_moves = from == self.king(us);
        let mut undo = self.begin_move();
        match m.kind() {
            MoveKind::Quiet => {
                if self.move_piece::<true>(from, to).is(Role::Pawn) {
                    self.halfmove_clock = 0;
                }
            }
            MoveKind::DoublePush => {
                self.halfmove_clock = 0;
                self.move_piece::<true>(from, to);
                let enemy_pawn = Some(Piece::new(!us, Role::Pawn));
                let beside = |d: i8| to.offset(d).and_then(|sq| self.piece_at(sq)) == enemy_pawn;
                if beside(1) || beside(-1) {
                    let target = from.offset(us.forward()).expect("double push passes a square");
                    self.en_passant = Some(target);
                    self.key ^= zobrist::en_passant_key(target);
                }
            }
            MoveKind::Capture => {
                self.halfmove_clock = 0;
                let (piece, slot) = self.remove_piece(to);
                (undo.captured, undo.captured_slot) = (Some(piece), slot);
                self.move_piece::<true>(from, to);
            }
            MoveKind::EnPassant => {
                self.halfmove_clock = 0;
                let victim = Square::from_coords(to.file(), from.rank());
                let (piece, slot) = self.remove_piece(victim);
                (undo.captured, undo.captured_slot) = (Some(piece), slot);
                self.move_piece::<true>(from, to);
            }
            MoveKind::CastleShort | MoveKind::CastleLong => {
                self.relocate_castling::<true>(from, to, m.castle_king_target(), m.castle_rook_target());
            }
            MoveKind::Promotion(role) => {
                self.halfmove_clock = 0;
                self.move_piece::<true>(from, to);
                undo.promotion_slot = self.promote(to, Piece::new(us, role));
            }
            MoveKind::PromotionCapture(role) => {
                self.halfmove_clock = 0;
                let (piece, slot) = self.remove_piece(to);
                (undo.captured, undo.captured_slot) = (Some(piece), slot);
                self.move_piece::<true>(from, to);
                undo.promotion_slot = self.promote(to, Piece::new(us, role));
            }
        }
        if let Some(rights) = rights_after_move(self.castling, us, king_moves, from, to) {
            self.key ^= zobrist::castling_key(self.castling.bits()) ^ zobrist::castling_key(rights.bits());
            self.castling = rights;
        }
        self.side = !us;
        self.key ^= zobrist::side_key();
        if us == Color::Black {
            // Saturating: a FEN may start the count at 65535.
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        undo
    }

    /// Takes back `m`, which must be the last move made, with the record
    /// [`make_move_unchecked`](Self::make_move_unchecked) returned for it. The board is restored
    /// exactly, piece-list order included. Unchecked like `make_move_unchecked`:
    /// any other move or record gives a wrong position or a panic.
    #[inline(always)]
    pub fn unmake_move(&mut self, m: Move, undo: Undo) {
        let us = !self.side;
        self.side = us;
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Quiet | MoveKind::DoublePush => {
                self.move_piece::<false>(to, from);
            }
            MoveKind::Capture => {
                self.move_piece::<false>(to, from);
                self.restore_captured(to, &undo);
            }
            MoveKind::EnPassant => {
                self.move_piece::<false>(to, from);
                self.restore_captured(Square::from_coords(to.file(), from.rank()), &undo);
            }
            MoveKind::CastleShort | MoveKind::CastleLong => {
                self.relocate_castling::<false>(m.castle_king_target(), m.castle_rook_target(), from, to);
            }
            MoveKind::Promotion(_) => {
                self.unpromote(to, undo.promotion_slot);
                self.move_piece::<false>(to, from);
            }
            MoveKind::PromotionCapture(_) => {
                self.unpromote(to, undo.promotion_slot);
                self.move_piece::<false>(to, from);
                self.restore_captured(to, &undo);
            }
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.fullmove_number = undo.fullmove_number;
        self.key = undo.key;
        self.pawn_key = undo.pawn_key;
    }

    #[inline(always)]
    fn restore_captured(&mut self, square: Square, undo: &Undo) {
        let piece = undo.captured.expect("a capture's undo record holds the captured piece");
        self.restore_piece(square, piece, undo.captured_slot);
    }

    /// What every move and null move starts with: the record of what it
    /// will overwrite, the en-passant square cleared, the clock ticked.
    #[inline(always)]
    fn begin_move(&mut self) -> Undo {
        let undo = Undo {
            captured: None,
            captured_slot: 0,
            promotion_slot: 0,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            key: self.key,
            pawn_key: self.pawn_key,
        };
        if let Some(ep) = self.en_passant.take() {
            self.key ^= zobrist::en_passant_key(ep);
        }
        // Saturating: a FEN may start the clock at 65535.
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        undo
    }

    /// Passes the move to the other side (for null-move pruning), clearing
    /// the en-passant square and ticking the halfmove clock. Unchecked: meant
    /// for positions where the side to move is not in check, else the side
    /// then not to move stands in check, a position no game reaches, where
    /// move generation means nothing.
    pub fn make_null_move(&mut self) -> Undo {
        let undo = self.begin_move();
        self.side = !self.side;
        self.key ^= zobrist::side_key();
        undo
    }

    /// Takes back [`make_null_move`](Self::make_null_move).
    pub fn unmake_null_move(&mut self, undo: Undo) {
        self.side = !self.side;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.key = undo.key;
    }
}
