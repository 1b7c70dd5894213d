//! `Draft`: a board as python-chess holds one while it is being set up, which ox88's `Position` cannot hold
//! (no king, a pawn on a back rank, the side not to move in check, castling rights or an en-passant square the
//! pieces do not allow). `Board` keeps one beside its position after an edit that leaves such a board, answers
//! what python-chess answers on it (pieces, FEN, castling rights as set, attacks, `status()`), and plays moves
//! only when ox88 can build a position from it (see `BoardCore::edit`).

use crate::squares::bit;
use ox88_board::geometry::{self, SLIDER_MASK};
use ox88_board::{Board, Color, File, Piece, Rank, Role, Setup, Square};

/// The back ranks' masks, white's first.
const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF << 56;

/// python-chess's state of a board: pieces, turn, the castling rights mask as set, the en-passant square as
/// set, and the clocks. Nothing is checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    /// The piece on each square, a1 = 0.
    pub squares: [Option<Piece>; 64],
    /// The side to move.
    pub side: Color,
    /// python-chess's `castling_rights`: the squares of the rooks said to castle, as set.
    pub castling: u64,
    /// python-chess's `ep_square`, as set.
    pub ep: Option<Square>,
    /// Plies since the last capture or pawn move.
    pub halfmove: u16,
    /// The move number.
    pub fullmove: u16,
}

impl Draft {
    /// python-chess's empty board: no pieces, white to move, no rights, clocks 0 and 1.
    pub fn empty() -> Draft {
        Draft { squares: [None; 64], side: Color::White, castling: 0, ep: None, halfmove: 0, fullmove: 1 }
    }

    /// The draft of a position, with python-chess's `castling_rights` and `ep_square` as given.
    pub fn of(board: &Board, castling: u64, ep: Option<Square>) -> Draft {
        let placed = Draft::of_setup(&board.to_setup(), "-").unwrap_or_else(Draft::empty);
        Draft { castling, ep, ..placed }
    }

    /// The draft of a FEN read as `setup` (its syntax checked), with the castling field `castling` read as
    /// python-chess reads it; `None` for a castling field python-chess refuses.
    pub fn of_setup(setup: &Setup, castling: &str) -> Option<Draft> {
        let mut squares = [None; 64];
        for sq in Square::all() {
            squares[sq.index64()] = setup.piece_at(sq);
        }
        let mut draft = Draft {
            squares,
            side: setup.side_to_move(),
            castling: 0,
            ep: setup.en_passant(),
            halfmove: setup.halfmove_clock(),
            fullmove: setup.fullmove_number().max(1),
        };
        draft.castling = draft.castling_from_fen(castling)?;
        Some(draft)
    }

    /// The piece on `square`.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.squares[square.index64()]
    }

    /// The mask of the squares whose piece satisfies `keep`.
    pub fn mask(&self, keep: impl Fn(Piece) -> bool) -> u64 {
        Square::all().filter(|&sq| self.piece_at(sq).is_some_and(&keep)).fold(0, |mask, sq| mask | bit(sq))
    }

    /// python-chess's `king(color)`: the highest square with a king of `color`.
    pub fn king(&self, color: Color) -> Option<Square> {
        Square::all().rev().find(|&sq| self.piece_at(sq) == Some(Piece::new(color, Role::King)))
    }

    /// Whether the piece on `from` attacks `to` (a slider up to the first piece on its line).
    pub fn attacks(&self, from: Square, to: Square) -> bool {
        let Some(piece) = self.piece_at(from) else { return false };
        to != from
            && geometry::pseudo_attacks(piece, from, to)
            && (geometry::piece_mask(piece) & SLIDER_MASK == 0
                || geometry::between(from, to).all(|sq| self.piece_at(sq).is_none()))
    }

    /// The mask of `color`'s pieces that attack `square`.
    pub fn attackers(&self, color: Color, square: Square) -> u64 {
        Square::all()
            .filter(|&from| self.piece_at(from).is_some_and(|p| p.color() == color) && self.attacks(from, square))
            .fold(0, |mask, sq| mask | bit(sq))
    }

    /// The pieces of the other side that attack the king of the side to move (none without a king).
    pub fn checkers(&self) -> u64 {
        self.king(self.side).map_or(0, |king| self.attackers(!self.side, king))
    }

    /// python-chess's clean castling rights: of the rights as set, those whose rook stands on its first rank
    /// with its king there too (in standard chess the king on e1/e8 and the rooks in the corners; in Chess960
    /// the outermost rook on each side of the king).
    pub fn clean_castling(&self, chess960: bool) -> u64 {
        let mut clean = 0;
        for (color, rank) in [(Color::White, RANK_1), (Color::Black, RANK_8)] {
            let rooks = self.castling & rank & self.mask(|p| p == Piece::new(color, Role::Rook));
            let kings = self.mask(|p| p == Piece::new(color, Role::King)) & rank;
            if !chess960 {
                let (king, corners) = if color == Color::White { (1 << 4, 0x81) } else { (1 << 60, 0x81 << 56) };
                if kings & king != 0 {
                    clean |= rooks & corners;
                }
                continue;
            }
            if kings == 0 || rooks == 0 {
                continue;
            }
            let king = 63 - kings.leading_zeros();
            let (a_side, h_side) = (rooks & rooks.wrapping_neg(), 1u64 << (63 - rooks.leading_zeros()));
            if a_side.trailing_zeros() < king {
                clean |= a_side;
            }
            if h_side.trailing_zeros() > king {
                clean |= h_side;
            }
        }
        clean
    }

    /// python-chess's `_valid_ep_square`: the square as set if a pawn just double-pushed past it could have
    /// (on the right rank, the pawn in front, the square and the one behind it empty).
    pub fn valid_ep(&self) -> Option<Square> {
        let ep = self.ep?;
        let forward = self.side.forward();
        let rank = if self.side == Color::White { Rank::SIXTH } else { Rank::THIRD };
        let pushed = ep.offset(-forward)?;
        let origin = ep.offset(forward)?;
        let fits = ep.rank() == rank
            && self.piece_at(pushed) == Some(Piece::new(!self.side, Role::Pawn))
            && self.piece_at(ep).is_none()
            && self.piece_at(origin).is_none();
        fits.then_some(ep)
    }

    /// The setup of the position to play from, with the clean castling rights and the en-passant square.
    pub fn setup(&self, chess960: bool) -> Setup {
        let mut setup = Setup::empty();
        for sq in Square::all() {
            if let Some(piece) = self.piece_at(sq) {
                setup.put(sq, piece);
            }
        }
        let clean = self.clean_castling(chess960);
        for sq in Square::all().filter(|&sq| clean & bit(sq) != 0) {
            setup.castle_with_rook(if sq.rank() == Rank::FIRST { Color::White } else { Color::Black }, sq.file());
        }
        setup
            .set_side_to_move(self.side)
            .set_en_passant(self.ep)
            .set_halfmove_clock(self.halfmove)
            .set_fullmove_number(self.fullmove);
        setup
    }

    /// python-chess's `set_castling_fen`: up to two white letters then up to two black ones (`KQkq`, files
    /// `A`-`H`). `K` names the outermost rook on the first rank right of the king (the h-file corner without one
    /// or without a king), `Q` the leftmost rook if it stands left of the king (nothing if the king has no rook
    /// on its rank; the a-file corner without a king), a file letter that file. `None` for any other field.
    pub fn castling_from_fen(&self, field: &str) -> Option<u64> {
        if field.is_empty() || field == "-" {
            return Some(0);
        }
        let white = field.chars().take_while(char::is_ascii_uppercase).count();
        let well_formed = white <= 2
            && field.len() - white <= 2
            && field[..white].chars().all(|c| "KQABCDEFGH".contains(c))
            && field[white..].chars().all(|c| "kqabcdefgh".contains(c));
        if !well_formed {
            return None;
        }
        let mut mask = 0;
        for c in field.chars() {
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            let (rank, back) = if color == Color::White { (RANK_1, Rank::FIRST) } else { (RANK_8, Rank::EIGHTH) };
            let rooks = self.mask(|p| p == Piece::new(color, Role::Rook)) & rank;
            // Squares as python-chess compares them: -1 for none.
            let king = self.king(color).map(|k| k.index64() as i32);
            let lowest = if rooks == 0 { -1 } else { rooks.trailing_zeros() as i32 };
            let highest = 63 - rooks.leading_zeros() as i32;
            let corner = |file: File| bit(Square::from_coords(file, back));
            mask |= match c.to_ascii_lowercase() {
                'q' => match king {
                    Some(k) if lowest < k => rooks & rooks.wrapping_neg(),
                    _ => corner(File::A),
                },
                'k' => match king {
                    Some(k) if k < highest => 1 << highest,
                    _ => corner(File::H),
                },
                letter => corner(File::from_char(letter)?),
            };
        }
        Some(mask)
    }

    /// The FEN's first field.
    pub fn placement(&self) -> String {
        let mut text = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.squares[rank * 8 + file] {
                    Some(piece) => {
                        if empty > 0 {
                            text.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        text.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                text.push('/');
            }
        }
        text
    }

    /// python-chess's castling field of the clean rights: `K`/`Q` for the outermost rook on its side of the
    /// king, its file letter for another (every letter a file with `shredder`).
    fn castling_field(&self, chess960: bool, shredder: bool) -> String {
        let clean = self.clean_castling(chess960);
        let mut field = String::new();
        for (color, rank) in [(Color::White, RANK_1), (Color::Black, RANK_8)] {
            let Some(king) = self.king(color) else { continue };
            let rooks = self.mask(|p| p == Piece::new(color, Role::Rook)) & rank;
            for sq in Square::all().rev().filter(|&sq| clean & rank & bit(sq) != 0) {
                let a_side = sq.file() < king.file();
                let outer = !Square::all()
                    .filter(|&other| other != sq && rooks & bit(other) != 0)
                    .any(|other| (other.file() < sq.file()) == a_side);
                let c = match (shredder || !outer, a_side) {
                    (true, _) => sq.file().char(),
                    (false, true) => 'q',
                    (false, false) => 'k',
                };
                field.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
            }
        }
        if field.is_empty() {
            field.push('-');
        }
        field
    }

    /// Whether a pawn of the side to move stands beside the pawn that passed the valid en-passant square.
    fn ep_capturable(&self) -> Option<Square> {
        let ep = self.valid_ep()?;
        let pushed = ep.offset(-self.side.forward())?;
        let ours = Some(Piece::new(self.side, Role::Pawn));
        [1, -1].iter().any(|&d| pushed.offset(d).and_then(|sq| self.piece_at(sq)) == ours).then_some(ep)
    }

    /// The FEN as python-chess writes it for this board: the clean castling rights, and the en-passant square
    /// where it is valid and (`legal_ep`) a pawn stands beside to take.
    pub fn fen(&self, chess960: bool, shredder: bool, legal_ep: bool) -> String {
        let ep = if legal_ep { self.ep_capturable() } else { self.ep };
        let side = if self.side == Color::White { "w" } else { "b" };
        let ep = ep.map_or_else(|| "-".to_owned(), |sq| sq.to_string());
        let castling = self.castling_field(chess960, shredder);
        format!("{} {side} {castling} {ep} {} {}", self.placement(), self.halfmove, self.fullmove)
    }

    /// The board as python-chess prints it, from white's side: `r n b q k b n r` lines, `.` for empty.
    pub fn picture(&self, symbol: impl Fn(Option<Piece>) -> String) -> String {
        let rows: Vec<String> = (0..8)
            .rev()
            .map(|rank| (0..8).map(|file| symbol(self.squares[rank * 8 + file])).collect::<Vec<_>>().join(" "))
            .collect();
        rows.join("\n")
    }

    /// The mirror image: flipped top to bottom, colours swapped, the other side to move.
    pub fn mirrored(&self) -> Draft {
        let mut squares = [None; 64];
        for sq in Square::all() {
            squares[sq.flip_vertical().index64()] = self.piece_at(sq).map(|p| Piece::new(!p.color(), p.role()));
        }
        Draft {
            squares,
            side: !self.side,
            castling: self.castling.swap_bytes(),
            ep: self.ep.map(Square::flip_vertical),
            ..self.clone()
        }
    }
}
