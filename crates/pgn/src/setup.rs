//! [`SetupTags`]: the starting position and rules a game's tags give
//! (`FEN`, `SetUp`, `Variant`).

use crate::{ErrorKind, RawTag};
use ox88_board::{Board, CastlingMode};
use ox88_movegen::Position;

/// Collects the tags that say where a game starts and what it is played
/// by, for a [`Visitor`](crate::Visitor) that plays the moves: hand it every
/// tag, then ask for the [`position`](Self::position) (or, on the fast path,
/// the [`board`](Self::board) and [`castling_mode`](Self::castling_mode)).
///
/// - `FEN`: the starting position (read leniently: castling rights without
///   their king and rook, and an en-passant square no pawn could have made,
///   are dropped). It counts with or without `[SetUp "1"]`, as readers
///   commonly take it.
/// - `Variant`: standard chess ("Standard", "chess", "From Position") or
///   Chess960 ("Chess960", "Chess 960", "Fischerandom"); any other variant
///   is an [`ErrorKind::Variant`] error. Chess960 castling is read from the
///   `FEN` either way (X-FEN or Shredder-FEN); the variant sets the
///   [`CastlingMode`] for writing moves in UCI.
///
/// ```
/// use ox88_pgn::{RawTag, SetupTags};
/// use ox88_board::CastlingMode;
/// let mut setup = SetupTags::new();
/// setup.tag(b"Variant", RawTag(b"Chess960"))?;
/// setup.tag(b"FEN", RawTag(b"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"))?;
/// assert_eq!(setup.castling_mode(), CastlingMode::Chess960);
/// assert_eq!(setup.board().castling().iter().count(), 4);
/// assert!(setup.position().is_chess960());
/// # Ok::<(), ox88_pgn::ErrorKind>(())
/// ```
#[derive(Clone, Debug)]
pub struct SetupTags {
    fen: Option<Board>,
    chess960: bool,
    /// The standard starting position, made once.
    startpos: Board,
}

impl Default for SetupTags {
    fn default() -> SetupTags {
        SetupTags { fen: None, chess960: false, startpos: Board::startpos() }
    }
}

impl SetupTags {
    /// Nothing seen yet: the standard starting position.
    pub fn new() -> SetupTags {
        SetupTags::default()
    }

    /// Forgets the tags seen (for the next game).
    pub fn clear(&mut self) {
        self.fen = None;
        self.chess960 = false;
    }

    /// Looks at a tag pair as read: `FEN` and `Variant` are read, the
    /// others ignored. Returns whether the tag was one of them.
    pub fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<bool, ErrorKind> {
        match name {
            b"FEN" | b"Variant" => self.set(if name == b"FEN" { "FEN" } else { "Variant" }, &value.decode()),
            _ => Ok(false),
        }
    }

    /// Looks at a tag pair with its value as text (escapes undone), as
    /// [`Headers`](crate::Headers) holds it.
    pub fn set(&mut self, name: &str, value: &str) -> Result<bool, ErrorKind> {
        match name {
            "FEN" => {
                let (board, _repairs) = Board::from_fen_lenient(value.trim())?;
                self.fen = Some(board);
                Ok(true)
            }
            "Variant" => {
                self.chess960 = is_chess960(value)?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// The starting position: the `FEN` tag's, or the standard one, a
    /// Chess960 position if the `Variant` tag says so (even where the start
    /// looks standard: castling is then written king-takes-rook in UCI) or
    /// its castling rights need it.
    pub fn position(&self) -> Position {
        let mut position = Position::new(self.board());
        if self.chess960 {
            position.set_castling_mode(CastlingMode::Chess960);
        }
        position
    }

    /// The starting board: the `FEN` tag's, or the standard one. The fast
    /// path for a visitor that plays on a [`Board`]; the board does not
    /// carry the `Variant`, so ask [`castling_mode`](Self::castling_mode) to
    /// write its moves in UCI.
    pub fn board(&self) -> Board {
        self.fen.as_ref().unwrap_or(&self.startpos).clone()
    }

    /// Whether a `FEN` tag was seen.
    pub fn has_fen(&self) -> bool {
        self.fen.is_some()
    }

    /// How castling moves are written in UCI: Chess960 if the `Variant`
    /// tag said so.
    pub fn castling_mode(&self) -> CastlingMode {
        if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }
}

/// Whether a `Variant` tag names Chess960 (`false`: standard chess).
pub(crate) fn is_chess960(variant: &str) -> Result<bool, ErrorKind> {
    let name: String = variant.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_lowercase();
    match name.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" => Ok(false),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "freestyle" => Ok(true),
        _ => Err(ErrorKind::Variant(variant.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_and_bad_fens() {
        for (name, chess960) in
            [("Standard", false), ("From Position", false), ("Chess 960", true), ("fischerandom", true)]
        {
            assert_eq!(is_chess960(name).unwrap(), chess960, "{name}");
        }
        assert!(matches!(is_chess960("Crazyhouse"), Err(ErrorKind::Variant(v)) if v == "Crazyhouse"));
        let mut setup = SetupTags::new();
        assert!(matches!(setup.tag(b"FEN", RawTag(b"not a fen")), Err(ErrorKind::Fen(_))));
        assert!(!setup.tag(b"White", RawTag(b"x")).unwrap());
        assert_eq!(setup.board(), Board::startpos());
        // Lenient: a castling right without its rook is dropped.
        setup.tag(b"FEN", RawTag(b"4k3/8/8/8/8/8/8/4K3 w KQ - 0 1")).unwrap();
        assert!(setup.board().castling().is_empty());
    }
}
