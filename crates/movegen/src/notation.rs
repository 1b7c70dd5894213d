//! The [`Notation`] extension trait: reading and writing moves of a
//! position in UCI and SAN notation.

use crate::san::{San, SanPlus};
use crate::san_line::SanLine;
use crate::san_parse::SanError;
use crate::uci::ParseUciError;
use ox88_board::{Board, CastlingMode, Move, UciMove};

/// Move notation on a position, as methods of [`Board`].
///
/// ```
/// use ox88_board::{Board, CastlingMode};
/// use ox88_movegen::Notation;
/// let board = Board::startpos();
/// let m = board.parse_uci("g1f3", CastlingMode::Standard)?;
/// assert_eq!(board.san(m).to_string(), "Nf3");
/// assert_eq!(board.parse_san("Nf3")?, m);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Notation {
    /// The legal move named by UCI text ("e2e4", "e7e8q", "e1g1" or "e1h1"),
    /// or why there is none. Surrounding whitespace is ignored.
    ///
    /// Castling written king-takes-rook is accepted in both modes; the
    /// king's two-square move only in [`CastlingMode::Standard`], and only
    /// when no ordinary king move has the same squares. Write a move back
    /// with [`Move::to_uci`]. (`Position::parse_uci` takes the mode from the
    /// position.)
    fn parse_uci(&self, text: &str, mode: CastlingMode) -> Result<Move, ParseUciError>;
    /// Like [`parse_uci`](Self::parse_uci), for an already parsed [`UciMove`].
    fn parse_uci_move(&self, uci: UciMove, mode: CastlingMode) -> Result<Move, ParseUciError>;
    /// The SAN of the legal move `m`, with its check or mate suffix
    /// ("Nbd7", "exd8=Q+", "O-O#"). Allocates nothing; format it with
    /// `Display`. Unchecked: for a move that is not legal here the result
    /// is meaningless (but never a panic). Check a move of unknown origin
    /// with `is_legal` first, as [`san_line`](Self::san_line) does, or use
    /// `Position::san`, which refuses it with the reason.
    fn san(&self, m: Move) -> SanPlus;
    /// The SAN of the legal move `m` without the check suffix (cheaper:
    /// it does not look at the position after the move).
    fn san_without_suffix(&self, m: Move) -> San;
    /// The legal move named by SAN text (tolerant syntax, see
    /// [`SanPlus`]'s `FromStr`; strict about ambiguity and illegality).
    fn parse_san(&self, text: &str) -> Result<Move, SanError>;
    /// The legal move named by an already parsed [`San`].
    fn resolve_san(&self, san: San) -> Result<Move, SanError>;
    /// `moves` played from here, displayed in SAN with move numbers (a PV,
    /// or PGN movetext).
    fn san_line<'a>(&'a self, moves: &'a [Move]) -> SanLine<'a>;
}

impl Notation for Board {
    fn parse_uci(&self, text: &str, mode: CastlingMode) -> Result<Move, ParseUciError> {
        crate::uci::parse_uci(self, text, mode)
    }
    fn parse_uci_move(&self, uci: UciMove, mode: CastlingMode) -> Result<Move, ParseUciError> {
        crate::uci::parse_uci_move(self, uci, mode)
    }
    fn san(&self, m: Move) -> SanPlus {
        crate::san::san_plus(self, m)
    }
    fn san_without_suffix(&self, m: Move) -> San {
        crate::san::san(self, m)
    }
    fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let plus: SanPlus = text.parse()?;
        self.resolve_san(plus.san)
    }
    fn resolve_san(&self, san: San) -> Result<Move, SanError> {
        crate::san_parse::resolve(self, san)
    }
    fn san_line<'a>(&'a self, moves: &'a [Move]) -> SanLine<'a> {
        SanLine::new(self, moves)
    }
}
