//! The [`Visitor`] trait: what the streaming reader tells about each game,
//! token by token, without building anything.

use crate::{ErrorKind, Nag, RawComment, RawTag};
use ox88_board::GameResult;
use ox88_movegen::SanPlus;

/// Whether to skip something (a game's movetext, a variation) rather than
/// visit it. Skipping still scans the text, but tells nothing about it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[must_use]
pub struct Skip(pub bool);

/// Receives one game after the other from a [`Reader`](crate::Reader).
///
/// For each game, in order: [`begin_game`](Self::begin_game); a
/// [`tag`](Self::tag) per tag pair; [`begin_movetext`](Self::begin_movetext);
/// the movetext's moves, NAGs, comments and variations in the order they
/// are written; [`result`](Self::result) if the game has a termination
/// marker; and [`end_game`](Self::end_game), whose value the reader returns.
/// Variations open and close in pairs (a variation still open at the end of
/// the game is closed for you). Every method but `end_game` does nothing by
/// default.
///
/// A method returning an error ends the game: the reader reports it as a
/// [`PgnError`](crate::PgnError) naming the game and the token, skips the
/// rest of the game, and goes on with the next one (`end_game` is not
/// called for a game that failed).
///
/// The slices handed over borrow the reader's buffer: nothing is copied.
///
/// ```
/// use ox88_pgn::{Reader, Visitor};
/// use ox88_movegen::SanPlus;
///
/// /// Counts the moves of each game's main line.
/// struct MainlineLength { moves: usize }
///
/// impl Visitor for MainlineLength {
///     type Output = usize;
///     fn begin_game(&mut self) {
///         self.moves = 0;
///     }
///     fn begin_variation(&mut self) -> ox88_pgn::Skip {
///         ox88_pgn::Skip(true) // not counted: skip them cheaply
///     }
///     fn san(&mut self, _san: SanPlus) -> Result<(), ox88_pgn::ErrorKind> {
///         self.moves += 1;
///         Ok(())
///     }
///     fn end_game(&mut self) -> usize {
///         self.moves
///     }
/// }
///
/// let pgn = b"[White \"A\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {a comment} Nc6 1-0\n\n1. d4 *";
/// let mut reader = Reader::from_bytes(pgn);
/// let mut visitor = MainlineLength { moves: 0 };
/// assert_eq!(reader.read_game(&mut visitor)?, Some(4));
/// assert_eq!(reader.read_game(&mut visitor)?, Some(1));
/// assert_eq!(reader.read_game(&mut visitor)?, None);
/// # Ok::<(), ox88_pgn::PgnError>(())
/// ```
pub trait Visitor {
    /// What [`end_game`](Self::end_game) returns for a game.
    type Output;

    /// A game begins.
    fn begin_game(&mut self) {}

    /// A tag pair: its name (as written) and its value.
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), ErrorKind> {
        let _ = (name, value);
        Ok(())
    }

    /// The tags are over; `Skip(true)` skips the movetext (then the game
    /// ends with [`end_game`](Self::end_game) at once).
    fn begin_movetext(&mut self) -> Result<Skip, ErrorKind> {
        Ok(Skip(false))
    }

    /// A move in SAN, parsed but not resolved against a position (move
    /// suffixes like "!?" arrive as [`nag`](Self::nag) after it).
    fn san(&mut self, san: SanPlus) -> Result<(), ErrorKind> {
        let _ = san;
        Ok(())
    }

    /// A null move ("--", also written "Z0" or "0000").
    fn null_move(&mut self) -> Result<(), ErrorKind> {
        Ok(())
    }

    /// A numeric annotation glyph, or a move suffix read as one.
    fn nag(&mut self, nag: Nag) {
        let _ = nag;
    }

    /// A comment: the text between `{` and `}`, or after `;` to the end of
    /// the line.
    fn comment(&mut self, comment: RawComment<'_>) {
        let _ = comment;
    }

    /// A variation (an alternative to the move just visited) begins;
    /// `Skip(true)` skips it, with the variations nested in it (and
    /// [`end_variation`](Self::end_variation) is not called for it).
    fn begin_variation(&mut self) -> Skip {
        Skip(false)
    }

    /// The variation begun last ends.
    fn end_variation(&mut self) {}

    /// The game termination marker (outside any variation).
    fn result(&mut self, result: GameResult) {
        let _ = result;
    }

    /// The game is over.
    fn end_game(&mut self) -> Self::Output;
}
