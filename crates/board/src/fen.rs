//! Reading and writing positions in FEN (and the four position fields of EPD),
//! with standard, Shredder-FEN and X-FEN castling.

use crate::{Board, CastlingSide, Color, FenError, FenRepair, File, Piece, Rank, Role, Square};
use std::fmt;
use std::str::FromStr;

/// The FEN of the standard starting position.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// How strictly to read a FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Strictness {
    Strict,
    Lenient,
}

impl FromStr for Board {
    type Err = FenError;
    /// Reads a FEN strictly; see [`Board::from_fen`].
    fn from_str(fen: &str) -> Result<Board, FenError> {
        Board::from_fen(fen)
    }
}

impl Board {
    /// Reads a position from FEN (or from the first four fields of an EPD
    /// line; missing clocks default to 0 and 1). Castling may be given as
    /// `KQkq` (X-FEN: the outermost rook on that side), or as rook files
    /// (Shredder-FEN, `HAha`), so Chess960 positions load too.
    ///
    /// Positions that cannot be played from are rejected, each with its own
    /// [`FenError`] variant.
    ///
    /// ```
    /// use ox88_board::{Board, FenError, Color};
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert_eq!(board.fen().to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    /// assert_eq!(Board::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1"), Err(FenError::KingCount { color: Color::Black, count: 0 }));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        parse(fen, Strictness::Strict, &mut Vec::new())
    }

    /// Reads a position like [`from_fen`](Self::from_fen), but repairs what
    /// can be repaired (castling rights whose king or rook is missing, an
    /// en-passant square no double push could have produced, a fullmove
    /// number of 0) and lists what it changed.
    ///
    /// ```
    /// use ox88_board::{Board, FenRepair, Square};
    /// let (board, repairs) = Board::from_fen_lenient("4k3/8/8/8/8/8/8/4K3 w KQ e6 0 1").unwrap();
    /// assert!(board.castling().is_empty());
    /// assert_eq!(repairs.len(), 3);
    /// assert!(repairs.contains(&FenRepair::ClearedEnPassant { square: Square::E6 }));
    /// ```
    pub fn from_fen_lenient(fen: &str) -> Result<(Board, Vec<FenRepair>), FenError> {
        let mut repairs = Vec::new();
        let board = parse(fen, Strictness::Lenient, &mut repairs)?;
        Ok((board, repairs))
    }

    /// The position as FEN, for display: `board.fen().to_string()`.
    pub fn fen(&self) -> Fen<'_> {
        Fen { board: self, clocks: true }
    }

    /// The four EPD position fields (FEN without the clocks).
    pub fn epd(&self) -> Fen<'_> {
        Fen { board: self, clocks: false }
    }
}

fn parse(fen: &str, strictness: Strictness, repairs: &mut Vec<FenRepair>) -> Result<Board, FenError> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount { count: fields.len() });
    }
    let mut board = Board::empty();
    parse_placement(&mut board, fields[0])?;
    check_material(&board)?;
    board.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::SideToMove { field: other.to_owned() }),
    };
    parse_castling(&mut board, fields[2], strictness, repairs)?;
    parse_en_passant(&mut board, fields[3], strictness, repairs)?;
    if let Some(field) = fields.get(4) {
        board.halfmove_clock = field.parse().map_err(|_| FenError::HalfmoveClock { field: (*field).to_owned() })?;
    }
    if let Some(field) = fields.get(5) {
        let number: u16 = field.parse().map_err(|_| FenError::FullmoveNumber { field: (*field).to_owned() })?;
        board.fullmove_number = match (number, strictness) {
            (0, Strictness::Strict) => return Err(FenError::FullmoveNumber { field: (*field).to_owned() }),
            (0, Strictness::Lenient) => {
                repairs.push(FenRepair::FullmoveNumberZero);
                1
            }
            (n, _) => n,
        };
    }
    let them = !board.side;
    if board.is_attacked(board.king(them), board.side) {
        return Err(FenError::OpponentInCheck { color: them });
    }
    board.key = board.compute_key();
    Ok(board)
}

fn parse_placement(board: &mut Board, field: &str) -> Result<(), FenError> {
    let err = |reason| FenError::Placement { field: field.to_owned(), reason };
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != 8 {
        return Err(err("expected 8 ranks separated by '/'"));
    }
    for (row, text) in rows.iter().enumerate() {
        let rank = Rank::new(7 - row as u8).expect("eight rows");
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(skip) = c.to_digit(10) {
                if !(1..=8).contains(&skip) {
                    return Err(err("empty-square counts must be 1 to 8"));
                }
                file += skip as u8;
                if file > 8 {
                    return Err(err("a rank has more than 8 squares"));
                }
            } else {
                let piece = Piece::from_char(c).ok_or_else(|| err("unknown piece letter"))?;
                let square =
                    Square::from_coords(File::new(file).ok_or_else(|| err("a rank has more than 8 squares"))?, rank);
                if !board.has_room(piece.color()) {
                    return Err(too_many_pieces(field, piece.color()));
                }
                board.add_piece(square, piece);
                file += 1;
            }
        }
        if file != 8 {
            return Err(err("a rank has fewer than 8 squares"));
        }
    }
    Ok(())
}

/// The error for a placement with more than 16 pieces of `color`, counted
/// from the text (the board holds at most 16 per side).
fn too_many_pieces(field: &str, color: Color) -> FenError {
    let ours = |c: &char| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == (color == Color::White);
    let pieces = field.chars().filter(ours).count();
    let pawns = field.chars().filter(|&c| c == color.fold('P', 'p')).count();
    FenError::TooManyPieces { color, pieces, pawns }
}

fn check_material(board: &Board) -> Result<(), FenError> {
    for color in Color::ALL {
        let kings = board.count(Piece::new(color, Role::King));
        if kings != 1 {
            return Err(FenError::KingCount { color, count: kings });
        }
        let pawns = board.count(Piece::new(color, Role::Pawn));
        // Every piece beyond the initial set must be a promoted pawn.
        let extra = |role, initial: usize| board.count(Piece::new(color, role)).saturating_sub(initial);
        let promoted = extra(Role::Queen, 1) + extra(Role::Rook, 2) + extra(Role::Bishop, 2) + extra(Role::Knight, 2);
        if pawns + promoted > 8 {
            return Err(FenError::TooManyPieces { color, pieces: board.pieces(color).len(), pawns });
        }
    }
    for file in File::ALL {
        for rank in [Rank::FIRST, Rank::EIGHTH] {
            let square = Square::from_coords(file, rank);
            if board.piece_at(square).is_some_and(|p| p.role() == Role::Pawn) {
                return Err(FenError::PawnOnBackRank { square });
            }
        }
    }
    Ok(())
}

/// The rook `color` castles with on `side` under X-FEN's `K`/`Q`: the
/// outermost rook on that side of the king on the back rank.
fn outermost_rook(board: &Board, color: Color, side: CastlingSide) -> Option<Square> {
    let king = board.king(color);
    let rook = Piece::new(color, Role::Rook);
    let files: Vec<u8> = match side {
        CastlingSide::Short => (king.file().index() + 1..8).rev().collect(),
        CastlingSide::Long => (0..king.file().index()).collect(),
    };
    files
        .into_iter()
        .map(|f| Square::from_coords(File::new(f).expect("file index"), king.rank()))
        .find(|&sq| board.piece_at(sq) == Some(rook))
}

fn parse_castling(
    board: &mut Board,
    field: &str,
    strictness: Strictness,
    repairs: &mut Vec<FenRepair>,
) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let syntax = |reason| FenError::Castling { field: field.to_owned(), reason };
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let back_rank = color.fold(Rank::FIRST, Rank::EIGHTH);
        let king = board.king(color);
        let king_home = king.rank() == back_rank;
        let (side, rook) = match c.to_ascii_uppercase() {
            'K' => (Some(CastlingSide::Short), outermost_rook(board, color, CastlingSide::Short)),
            'Q' => (Some(CastlingSide::Long), outermost_rook(board, color, CastlingSide::Long)),
            'A'..='H' => {
                let file = File::from_char(c).expect("a letter a-h");
                let square = Square::from_coords(file, back_rank);
                let side = if file > king.file() { CastlingSide::Short } else { CastlingSide::Long };
                let has_rook = board.piece_at(square) == Some(Piece::new(color, Role::Rook));
                (Some(side), has_rook.then_some(square))
            }
            _ => return Err(syntax("expected '-' or letters from KQkq and A-H/a-h")),
        };
        match (side, rook) {
            (Some(side), Some(rook)) if king_home => {
                if board.castling.rook(color, side).is_some() {
                    return Err(syntax("two rights for the same side"));
                }
                board.castling.set(color, side, rook);
            }
            _ => match strictness {
                Strictness::Strict => return Err(FenError::CastlingWithoutPieces { right: c }),
                Strictness::Lenient => repairs.push(FenRepair::DroppedCastling { color, side }),
            },
        }
    }
    Ok(())
}

fn parse_en_passant(
    board: &mut Board,
    field: &str,
    strictness: Strictness,
    repairs: &mut Vec<FenRepair>,
) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let square: Square = field.parse().map_err(|_| FenError::EnPassantSyntax { field: field.to_owned() })?;
    let us = board.side;
    let forward = us.forward();
    // The double-pushed pawn stands in front of the target (from the mover's
    // view), and the target and the square it came from are empty.
    let pushed = square.offset(-forward);
    let origin = square.offset(forward);
    let possible = square.rank() == us.fold(Rank::new(5), Rank::new(2)).expect("rank index")
        && board.piece_at(square).is_none()
        && origin.is_some_and(|o| board.piece_at(o).is_none())
        && pushed.is_some_and(|p| board.piece_at(p) == Some(Piece::new(!us, Role::Pawn)));
    if !possible {
        return match strictness {
            Strictness::Strict => Err(FenError::ImpossibleEnPassant { square }),
            Strictness::Lenient => {
                repairs.push(FenRepair::ClearedEnPassant { square });
                Ok(())
            }
        };
    }
    let pushed = pushed.expect("checked above");
    let our_pawn = Some(Piece::new(us, Role::Pawn));
    let capturable = [1, -1].iter().any(|&d| pushed.offset(d).and_then(|sq| board.piece_at(sq)) == our_pawn);
    if capturable {
        board.en_passant = Some(square);
    }
    Ok(())
}

/// A board formatted as FEN (or as the four EPD position fields); made by
/// [`Board::fen`] and [`Board::epd`].
pub struct Fen<'a> {
    board: &'a Board,
    clocks: bool,
}

impl fmt::Display for Fen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board;
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match board.piece_at(Square::from_coords(file, *rank)) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece.char())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if *rank != Rank::FIRST {
                f.write_str("/")?;
            }
        }
        write!(f, " {} ", board.side.char())?;
        if board.castling.is_empty() {
            f.write_str("-")?;
        }
        for (color, side, rook) in board.castling.iter() {
            let letter = if outermost_rook(board, color, side) == Some(rook) {
                match side {
                    CastlingSide::Short => 'k',
                    CastlingSide::Long => 'q',
                }
            } else {
                rook.file().char()
            };
            write!(f, "{}", color.fold(letter.to_ascii_uppercase(), letter))?;
        }
        match board.en_passant {
            Some(square) => write!(f, " {square}")?,
            None => f.write_str(" -")?,
        }
        if self.clocks {
            write!(f, " {} {}", board.halfmove_clock, board.fullmove_number)?;
        }
        Ok(())
    }
}
