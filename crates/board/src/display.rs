//! Text views of a board: the ASCII diagram (`Display`) and `Debug`.

use crate::{Board, File, Rank, Square};
use std::fmt;

/// An ASCII diagram, white at the bottom, followed by the FEN and key:
///
/// ```text
///   +---+---+---+---+---+---+---+---+
/// 8 | r | n | b | q | k | b | n | r |
///   +---+---+---+---+---+---+---+---+
/// ...
///     a   b   c   d   e   f   g   h
/// ```
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const LINE: &str = "  +---+---+---+---+---+---+---+---+";
        writeln!(f, "{LINE}")?;
        for rank in Rank::ALL.iter().rev() {
            write!(f, "{} |", rank.char())?;
            for file in File::ALL {
                let c = self.piece_at(Square::from_coords(file, *rank)).map_or(' ', |p| p.char());
                write!(f, " {c} |")?;
            }
            writeln!(f)?;
            writeln!(f, "{LINE}")?;
        }
        writeln!(f, "    a   b   c   d   e   f   g   h")?;
        writeln!(f)?;
        writeln!(f, "Fen: {}", self.fen())?;
        write!(f, "Key: {:016X}", self.key())
    }
}

/// The FEN, which says everything about the position.
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.fen())
    }
}
