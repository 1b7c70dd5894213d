//! The attack test: whether a square is attacked, and whether the line
//! between two squares is open. One implementation, shared by the move
//! generator (castling), SAN resolution, legality checks and the search's
//! exchange evaluation.
//!
//! It looks at the two squares a pawn would attack from, then at the pieces
//! other than pawns through the square-difference tables, the role's attack
//! bits read from a table rather than matched (a match compiles to a jump
//! whose target changes from piece to piece). The attack test walks a line
//! six squares whatever its length, those beyond the end masked off: a loop
//! that stops at the end would mispredict its exit on most calls.

use crate::geometry::{self, SLIDER_MASK};
use crate::{Board, Cell, Color, Piece, Role, Square};

impl Board {
    /// Whether any piece of `by` attacks `square`.
    ///
    /// ```
    /// use ox88_board::{Board, Color, Square};
    /// let board = Board::startpos();
    /// assert!(board.is_attacked(Square::F3, Color::White));
    /// assert!(!board.is_attacked(Square::E4, Color::White));
    /// ```
    #[inline]
    pub fn is_attacked(&self, square: Square, by: Color) -> bool {
        self.attacked_ignoring(square, by, &[])
    }

    /// Like [`is_attacked`](Self::is_attacked), treating the squares in
    /// `ignore` as empty where they would block a line (to test squares
    /// behind a king that is about to step away, or the path of a castling
    /// king and rook). A piece of `by` standing on an ignored square still
    /// attacks.
    ///
    /// ```
    /// use ox88_board::{Board, Color, Square};
    /// let board: Board = "4k3/8/8/8/8/8/4K3/4r3 w - - 0 1".parse().unwrap();
    /// assert!(!board.is_attacked(Square::E3, Color::Black)); // the king shields e3
    /// assert!(board.attacked_ignoring(Square::E3, Color::Black, &[Square::E2]));
    /// ```
    #[inline]
    pub fn attacked_ignoring(&self, square: Square, by: Color, ignore: &[Square]) -> bool {
        let target = square.index0x88() as u8;
        // The squares a pawn of `by` attacks `target` from: one step back
        // (as `by` moves) and one file aside. Off the board they read as the
        // wall, so no edge test is needed.
        let behind = target.wrapping_sub(by.forward() as u8);
        let pawn = Cell::of(Piece::new(by, Role::Pawn));
        if (self.cell(behind.wrapping_sub(1)) == pawn) | (self.cell(behind.wrapping_add(1)) == pawn) {
            return true;
        }
        let ignored = index_set(ignore);
        for &from in self.non_pawns(by) {
            let from = from.index0x88() as u8;
            let mask = geometry::role_mask(by, self.cell(from).role_code());
            if geometry::attack_mask_0x88(from, target) & mask != 0
                && (mask & SLIDER_MASK == 0 || self.line_open(from, target, ignored))
            {
                return true;
            }
        }
        false
    }

    /// Whether every square strictly between `from` and `to` (on one line)
    /// is empty, counting the squares in `ignore` as empty. Squares on no
    /// common line (nor a knight's jump apart) have no path: false, unless
    /// they are the same square.
    ///
    /// Unlike the attack test, this walks only the squares between and stops
    /// at the first piece: its callers (exchange evaluation, legality
    /// checks) mostly ask about short lines, often with many squares to
    /// ignore.
    ///
    /// ```
    /// use ox88_board::{Board, Square};
    /// let board = Board::startpos();
    /// assert!(!board.path_clear(Square::D1, Square::D8, &[]));
    /// assert!(board.path_clear(Square::D1, Square::D8, &[Square::D2, Square::D7]));
    /// assert!(!board.path_clear(Square::A1, Square::B4, &[])); // on no common line
    /// ```
    #[inline(always)]
    pub fn path_clear(&self, from: Square, to: Square, ignore: &[Square]) -> bool {
        let step = geometry::step(from, to);
        if step == 0 {
            return from == to;
        }
        let mut current = from;
        loop {
            current = match current.offset(step) {
                Some(next) => next,
                None => return false,
            };
            if current == to {
                return true;
            }
            if !self.cell(current.index0x88() as u8).is_empty() && !ignore.contains(&current) {
                return false;
            }
        }
    }

    /// The squares of the pieces of `by` that attack `square`, in piece-list order.
    pub fn attackers(&self, square: Square, by: Color) -> impl Iterator<Item = Square> + '_ {
        self.pieces(by).iter().copied().filter(move |&from| {
            let piece = self.piece_at(from).expect("piece list and mailbox agree");
            let mask = geometry::piece_mask(piece);
            geometry::attack_mask(from, square) & mask != 0
                && (mask & SLIDER_MASK == 0 || self.path_clear(from, square, &[]))
        })
    }

    /// Whether the squares strictly between the 0x88 indices `from` and `to`
    /// (on the board) are empty, counting those in the index set `ignored`
    /// as empty.
    #[inline(always)]
    fn line_open(&self, from: u8, to: u8, ignored: u128) -> bool {
        let step = geometry::step_0x88(from, to) as u8;
        let between = geometry::between_count_0x88(from, to);
        let mut index = from;
        let mut blocked = false;
        for k in 0..6 {
            index = index.wrapping_add(step);
            // Past the last square between, the index may leave the board:
            // masked off by `k < between` (and the shift wraps, no panic).
            let occupied = !self.cell(index).is_empty() & (ignored.wrapping_shr(u32::from(index)) & 1 == 0);
            blocked |= (k < between) & occupied;
        }
        !blocked
    }
}

/// The 0x88 indices of `squares` as a set of bits.
#[inline(always)]
fn index_set(squares: &[Square]) -> u128 {
    squares.iter().fold(0, |set, square| set | 1 << square.index0x88())
}

#[cfg(test)]
mod tests {
    use crate::{Board, Color, Square};

    /// The attack test by the definition: every piece of `by`, its step
    /// pattern walked square by square.
    fn attacked_by_walking(board: &Board, square: Square, by: Color, ignore: &[Square]) -> bool {
        board.pieces(by).iter().any(|&from| {
            let piece = board.piece_at(from).expect("piece list and mailbox agree");
            if !crate::geometry::pseudo_attacks(piece, from, square) {
                return false;
            }
            crate::geometry::between(from, square).all(|sq| board.piece_at(sq).is_none() || ignore.contains(&sq))
        })
    }

    #[test]
    fn attack_test_agrees_with_walking_the_lines() {
        let fens = [
            crate::STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        ];
        for fen in fens {
            let board: Board = fen.parse().expect("valid FEN");
            for by in Color::ALL {
                let ignore = [board.king(!by)];
                for square in Square::all() {
                    assert_eq!(
                        board.is_attacked(square, by),
                        attacked_by_walking(&board, square, by, &[]),
                        "{fen} {square}"
                    );
                    assert_eq!(
                        board.attacked_ignoring(square, by, &ignore),
                        attacked_by_walking(&board, square, by, &ignore),
                        "{fen} {square} ignoring {}",
                        ignore[0]
                    );
                }
            }
        }
    }

    #[test]
    fn paths() {
        let board = Board::startpos();
        assert!(board.path_clear(Square::B1, Square::C3, &[]), "a knight's jump has nothing between");
        assert!(board.path_clear(Square::E1, Square::E1, &[]));
        assert!(!board.path_clear(Square::A1, Square::B4, &[]), "no common line");
        assert!(board.path_clear(Square::A1, Square::A2, &[]), "neighbours");
        assert!(!board.path_clear(Square::A1, Square::A8, &[Square::A2]));
        assert!(board.path_clear(Square::A1, Square::A8, &[Square::A2, Square::A7]));
    }
}
