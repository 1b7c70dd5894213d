//! Reading and writing positions in FEN (and the four position fields of
//! EPD), with standard, Shredder-FEN and X-FEN castling. Reading checks the
//! syntax and fills a [`Setup`], whose `build` validates the position.

use crate::setup::outermost_rook;
use crate::{Board, CastlingSide, Color, FenError, FenRepair, File, Piece, Rank, Setup, Square};
use std::fmt::Write;
use std::num::{IntErrorKind, ParseIntError};
use std::str::FromStr;

/// The FEN of the standard starting position.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl FromStr for Board {
    type Err = FenError;
    /// Reads a FEN strictly; see [`Board::from_fen`].
    fn from_str(fen: &str) -> Result<Board, FenError> {
        Board::from_fen(fen)
    }
}

impl FromStr for Setup {
    type Err = FenError;
    /// Reads the fields of a FEN into a [`Setup`], checking only their
    /// syntax (building the setup validates the position).
    fn from_str(fen: &str) -> Result<Setup, FenError> {
        parse(fen)
    }
}

impl Board {
    /// The standard starting position (read from [`STARTPOS_FEN`]).
    pub fn startpos() -> Board {
        STARTPOS_FEN.parse().expect("the start position is valid")
    }

    /// Reads a position from FEN (or from the first four fields of an EPD
    /// line; missing clocks default to 0 and 1). Castling may be given as
    /// `KQkq` (X-FEN: the outermost rook on that side), or as rook files
    /// (Shredder-FEN, `HAha`), so Chess960 positions load too.
    ///
    /// Text that is not FEN is a [`FenError`] naming the field; a position
    /// that cannot be played from is [`FenError::Invalid`], with the same
    /// checks as [`Setup::build`].
    ///
    /// ```
    /// use ox88_board::{Board, Color, FenError, SetupError};
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert_eq!(board.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    /// let no_king = Board::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1");
    /// assert_eq!(no_king, Err(FenError::Invalid(SetupError::KingCount { color: Color::Black, count: 0 })));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        Ok(parse(fen)?.build()?)
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
        Ok(parse(fen)?.build_lenient()?)
    }

    /// The position as FEN. Castling is written as X-FEN: `KQkq` for the
    /// outermost rooks (all of standard chess), a rook's file letter for an
    /// inner one (only in Chess960).
    ///
    /// ```
    /// use ox88_board::Board;
    /// assert_eq!(Board::startpos().fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn fen(&self) -> String {
        self.write(Castling::XFen, true)
    }

    /// The position as Shredder-FEN: castling rights as the files of the
    /// castling rooks (`HAha`), the usual form for Chess960.
    ///
    /// ```
    /// use ox88_board::Board;
    /// let board = Board::chess960(0).unwrap();
    /// assert_eq!(board.shredder_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    /// ```
    pub fn shredder_fen(&self) -> String {
        self.write(Castling::Shredder, true)
    }

    /// The four EPD position fields (FEN without the clocks).
    pub fn epd(&self) -> String {
        self.write(Castling::XFen, false)
    }

    fn write(&self, castling: Castling, clocks: bool) -> String {
        let mut text = String::with_capacity(90);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, *rank)) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            text.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        text.push(piece.char());
                    }
                }
            }
            if empty > 0 {
                text.push(char::from(b'0' + empty));
            }
            if *rank != Rank::FIRST {
                text.push('/');
            }
        }
        text.push(' ');
        text.push(self.side.char());
        text.push(' ');
        if self.castling.is_empty() {
            text.push('-');
        }
        for (color, side, rook) in self.castling.iter() {
            let letter = match (castling, side) {
                (Castling::XFen, CastlingSide::Short) if outermost_rook(self, color, side) == Some(rook) => 'k',
                (Castling::XFen, CastlingSide::Long) if outermost_rook(self, color, side) == Some(rook) => 'q',
                _ => rook.file().char(),
            };
            text.push(color.fold(letter.to_ascii_uppercase(), letter));
        }
        // Writing to a String cannot fail.
        let _ = match self.en_passant {
            Some(square) => write!(text, " {square}"),
            None => write!(text, " -"),
        };
        if clocks {
            let _ = write!(text, " {} {}", self.halfmove_clock, self.fullmove_number);
        }
        text
    }
}

/// How castling rights are written.
#[derive(Clone, Copy)]
enum Castling {
    XFen,
    Shredder,
}

/// Reads the fields of `fen` into a setup, checking their syntax.
fn parse(fen: &str) -> Result<Setup, FenError> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount { count: fields.len() });
    }
    let mut setup = Setup::empty();
    parse_placement(&mut setup, fields[0])?;
    setup.set_side_to_move(match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::SideToMove { field: other.to_owned() }),
    });
    parse_castling(&mut setup, fields[2])?;
    if fields[3] != "-" {
        let square = fields[3].parse().map_err(|_| FenError::EnPassantSyntax { field: fields[3].to_owned() })?;
        setup.set_en_passant(Some(square));
    }
    if let Some(&field) = fields.get(4) {
        let reason = |e: ParseIntError| number_error(&e, "expected a number of plies");
        let plies =
            field.parse().map_err(|e| FenError::HalfmoveClock { field: field.to_owned(), reason: reason(e) })?;
        setup.set_halfmove_clock(plies);
    }
    if let Some(&field) = fields.get(5) {
        let reason = |e: ParseIntError| number_error(&e, "expected a number from 1");
        let number =
            field.parse().map_err(|e| FenError::FullmoveNumber { field: field.to_owned(), reason: reason(e) })?;
        setup.set_fullmove_number(number);
    }
    Ok(setup)
}

/// What is wrong with a clock field that does not parse as a `u16`.
fn number_error(error: &ParseIntError, otherwise: &'static str) -> &'static str {
    match error.kind() {
        IntErrorKind::PosOverflow => "out of range: at most 65535",
        _ => otherwise,
    }
}

fn parse_placement(setup: &mut Setup, field: &str) -> Result<(), FenError> {
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
                let file_name = File::new(file).ok_or_else(|| err("a rank has more than 8 squares"))?;
                setup.put(Square::from_coords(file_name, rank), piece);
                file += 1;
            }
        }
        if file != 8 {
            return Err(err("a rank has fewer than 8 squares"));
        }
    }
    Ok(())
}

fn parse_castling(setup: &mut Setup, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let syntax = |reason| FenError::Castling { field: field.to_owned(), reason };
    for (i, c) in field.char_indices() {
        if field[..i].contains(c) {
            return Err(syntax("a letter is given twice"));
        }
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        match c.to_ascii_uppercase() {
            'K' => setup.castle(color, CastlingSide::Short),
            'Q' => setup.castle(color, CastlingSide::Long),
            'A'..='H' => setup.castle_with_rook(color, File::from_char(c).expect("a letter a-h")),
            _ => return Err(syntax("expected '-' or letters from KQkq and A-H/a-h")),
        };
    }
    Ok(())
}
