//! Text pictures of a board: the compact one (`Display`, as python-chess's
//! `print(board)`), the Unicode one with either side at the bottom
//! ([`Board::unicode`]), the bordered diagram with FEN and key
//! ([`Board::diagram`], which the engine's `d` command prints), and `Debug`.

use crate::{Board, Color, File, Piece, Rank, Role, Square};
use std::fmt::{self, Write};

/// Eight lines of eight pieces in FEN letters, `.` for an empty square,
/// White at the bottom, as python-chess prints a board:
///
/// ```
/// use ox88_board::Board;
/// let text = Board::startpos().to_string();
/// assert_eq!(text.lines().next(), Some("r n b q k b n r"));
/// assert_eq!(text.lines().nth(4), Some(". . . . . . . ."));
/// assert_eq!(text.lines().count(), 8);
/// ```
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(self, f, Color::White, false, |piece| piece.map_or('.', Piece::char))
    }
}

/// The FEN, which says everything about the position.
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.fen())
    }
}

impl Board {
    /// The board in Unicode chess symbols (`♜ ♞ ♝ ♛ ♚`, `⭘` for an empty
    /// square, as python-chess's `unicode()`), with `orientation` at the
    /// bottom; add rank and file labels with
    /// [`with_coordinates`](UnicodeBoard::with_coordinates).
    ///
    /// ```
    /// use ox88_board::{Board, Color};
    /// let board = Board::startpos();
    /// let text = board.unicode(Color::White).to_string();
    /// assert_eq!(text.lines().next(), Some("♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜"));
    /// assert_eq!(text.lines().last(), Some("♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖"));
    /// let black = board.unicode(Color::Black).with_coordinates().to_string();
    /// assert_eq!(black.lines().next(), Some("1 ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖"));
    /// assert_eq!(black.lines().last(), Some("  h g f e d c b a"));
    /// ```
    pub fn unicode(&self, orientation: Color) -> UnicodeBoard<'_> {
        UnicodeBoard { board: self, orientation, coordinates: false }
    }

    /// A bordered ASCII diagram, White at the bottom, followed by the FEN
    /// and the key (19 lines): what the engine's `d` command shows.
    ///
    /// ```text
    ///   +---+---+---+---+---+---+---+---+
    /// 8 | r | n | b | q | k | b | n | r |
    ///   +---+---+---+---+---+---+---+---+
    /// ...
    ///     a   b   c   d   e   f   g   h
    ///
    /// Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
    /// Key: 463B96181691FC9C
    /// ```
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram { board: self }
    }
}

/// The board in Unicode chess symbols ([`Board::unicode`]).
#[derive(Clone, Copy, Debug)]
pub struct UnicodeBoard<'a> {
    board: &'a Board,
    orientation: Color,
    coordinates: bool,
}

impl UnicodeBoard<'_> {
    /// The same picture with rank numbers on the left and file letters
    /// below.
    pub fn with_coordinates(self) -> Self {
        UnicodeBoard { coordinates: true, ..self }
    }
}

impl fmt::Display for UnicodeBoard<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(self.board, f, self.orientation, self.coordinates, |piece| piece.map_or('⭘', symbol))
    }
}

/// The bordered diagram with FEN and key ([`Board::diagram`]).
#[derive(Clone, Copy, Debug)]
pub struct Diagram<'a> {
    board: &'a Board,
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const LINE: &str = "  +---+---+---+---+---+---+---+---+";
        writeln!(f, "{LINE}")?;
        for rank in Rank::ALL.iter().rev() {
            write!(f, "{} |", rank.char())?;
            for file in File::ALL {
                let c = self.board.piece_at(Square::from_coords(file, *rank)).map_or(' ', |p| p.char());
                write!(f, " {c} |")?;
            }
            writeln!(f)?;
            writeln!(f, "{LINE}")?;
        }
        writeln!(f, "    a   b   c   d   e   f   g   h")?;
        writeln!(f)?;
        writeln!(f, "Fen: {}", self.board.fen())?;
        write!(f, "Key: {:016X}", self.board.key())
    }
}

/// Eight rows of squares separated by spaces, `orientation` at the bottom,
/// each square drawn by `draw`; with rank and file labels if `coordinates`.
fn write_grid(
    board: &Board,
    f: &mut fmt::Formatter<'_>,
    orientation: Color,
    coordinates: bool,
    draw: impl Fn(Option<Piece>) -> char,
) -> fmt::Result {
    let (ranks, files): (Vec<Rank>, Vec<File>) = match orientation {
        Color::White => (Rank::ALL.iter().rev().copied().collect(), File::ALL.to_vec()),
        Color::Black => (Rank::ALL.to_vec(), File::ALL.iter().rev().copied().collect()),
    };
    for (row, &rank) in ranks.iter().enumerate() {
        if row > 0 {
            f.write_char('\n')?;
        }
        if coordinates {
            write!(f, "{} ", rank.char())?;
        }
        for (column, &file) in files.iter().enumerate() {
            if column > 0 {
                f.write_char(' ')?;
            }
            f.write_char(draw(board.piece_at(Square::from_coords(file, rank))))?;
        }
    }
    if coordinates {
        f.write_str("\n ")?;
        for file in files {
            write!(f, " {}", file.char())?;
        }
    }
    Ok(())
}

/// The Unicode chess symbol of `piece`.
fn symbol(piece: Piece) -> char {
    match (piece.color(), piece.role()) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}

#[cfg(test)]
mod tests {
    use crate::{Board, Color};

    #[test]
    fn compact_board_as_python_chess_prints_it() {
        let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse().expect("valid");
        let expected = "r . b q k b n r\np p p p . p p p\n. . n . . . . .\n. . . . p . . .\n\
                        . . . . P . . .\n. . . . . N . .\nP P P P . P P P\nR N B Q K B . R";
        assert_eq!(board.to_string(), expected);
    }

    #[test]
    fn unicode_board_turns_with_its_orientation() {
        let board: Board = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse().expect("valid");
        let white = board.unicode(Color::White).to_string();
        assert_eq!(white.lines().last(), Some("♖ ⭘ ⭘ ⭘ ♔ ⭘ ⭘ ⭘"));
        let black = board.unicode(Color::Black).to_string();
        assert_eq!(black.lines().next(), Some("⭘ ⭘ ⭘ ♔ ⭘ ⭘ ⭘ ♖"));
        assert_eq!(black.lines().last(), Some("⭘ ⭘ ⭘ ♚ ⭘ ⭘ ⭘ ⭘"));
        let after_e4: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse().expect("valid");
        let picture = "1 ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖\n2 ♙ ♙ ♙ ⭘ ♙ ♙ ♙ ♙\n3 ⭘ ⭘ ⭘ ⭘ ⭘ ⭘ ⭘ ⭘\n4 ⭘ ⭘ ⭘ ♙ ⭘ ⭘ ⭘ ⭘\n\
                       5 ⭘ ⭘ ⭘ ⭘ ⭘ ⭘ ⭘ ⭘\n6 ⭘ ⭘ ⭘ ⭘ ⭘ ⭘ ⭘ ⭘\n7 ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟\n8 ♜ ♞ ♝ ♚ ♛ ♝ ♞ ♜\n  h g f e d c b a";
        assert_eq!(after_e4.unicode(Color::Black).with_coordinates().to_string(), picture, "as docs/pictures.md shows");
        let labelled = board.unicode(Color::White).with_coordinates().to_string();
        assert_eq!(labelled.lines().count(), 9);
        assert_eq!(labelled.lines().last(), Some("  a b c d e f g h"));
    }

    #[test]
    fn diagram_keeps_fen_and_key() {
        let text = Board::startpos().diagram().to_string();
        assert_eq!(text.lines().count(), 21);
        assert_eq!(text.lines().nth(1), Some("8 | r | n | b | q | k | b | n | r |"));
        assert!(text.ends_with("Key: 463B96181691FC9C"), "{text}");
    }
}
