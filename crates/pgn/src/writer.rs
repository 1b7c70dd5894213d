//! [`Writer`]: PGN in the standard's export format, token by token.

use crate::{Headers, MoveToken, Nag};
use ox88_board::GameResult;
use ox88_board::{Board, Color, Move};
use ox88_movegen::{Notation, SanPlus};
use std::fmt::Write as _;
use std::io::{self, Write};

/// The export format's lines have fewer than 80 characters.
pub const MAX_LINE: usize = 79;

/// Where the writer is in a line of moves.
#[derive(Clone, Copy, Debug)]
struct Plies {
    /// The ply of the next move (0: White's first).
    next: u32,
    /// The ply of the last move written on this line, if any.
    last: Option<u32>,
}

/// Writes games in the PGN standard's export format: the seven tag roster
/// first, then the other tags sorted, values escaped; a blank line; the
/// movetext left-justified in lines under 80 characters, with move numbers
/// (a Black move gets "12..." at the start, after a comment or NAG, and
/// around a variation), NAGs as `$n`, comments in braces, variations in
/// parentheses; the termination marker; a blank line.
///
/// Use it token by token (from an engine's moves, say) or write a whole
/// [`Game`](crate::Game) with [`write_game`](Self::write_game).
///
/// ```
/// use ox88_board::Board;
/// use ox88_movegen::Notation;
/// use ox88_board::GameResult;
/// use ox88_pgn::{Headers, Writer};
/// let mut headers = Headers::new();
/// headers.set("White", "ox88");
/// let mut writer = Writer::new(Vec::new());
/// writer.tags(&headers)?;
/// let mut board = Board::startpos();
/// writer.begin_movetext(&board);
/// for uci in ["e2e4", "c7c5", "g1f3"] {
///     let m = board.parse_uci(uci, Default::default()).unwrap();
///     writer.write_move(&board, m)?;
///     board.make_move_unchecked(m);
/// }
/// writer.comment("the Sicilian")?;
/// writer.end_game(GameResult::Unknown)?;
/// let text = String::from_utf8(writer.into_inner()?).unwrap();
/// assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"));
/// assert!(text.ends_with("[Result \"*\"]\n\n1. e4 c5 2. Nf3 {the Sicilian} *\n\n"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Writer<W: Write> {
    out: W,
    /// The movetext line being filled.
    line: String,
    /// Its width in characters.
    width: usize,
    /// Whether the next token follows an opening parenthesis, unspaced.
    glue: bool,
    /// The plies of the open lines, the innermost last.
    plies: Vec<Plies>,
    /// Whether the next Black move needs its number ("12...").
    number_black: bool,
    /// A token scratch buffer.
    token: String,
}

impl<W: Write> Writer<W> {
    /// A writer to `out` (wrap a file in a `BufWriter`: the writer writes a
    /// line at a time).
    pub fn new(out: W) -> Writer<W> {
        Writer {
            out,
            line: String::new(),
            width: 0,
            glue: false,
            plies: Vec::new(),
            number_black: true,
            token: String::new(),
        }
    }

    /// Writes the tag pair section of a game: the tags of `headers` in
    /// export order (see [`Headers::export_order`]), then a blank line.
    /// A tag name with characters PGN does not allow in one is skipped.
    pub fn tags(&mut self, headers: &Headers) -> io::Result<()> {
        self.flush_line()?;
        let mut text = String::new();
        for (name, value) in headers.export_order() {
            if name.is_empty() || !name.bytes().all(is_name_byte) {
                continue;
            }
            text.push('[');
            text.push_str(name);
            text.push_str(" \"");
            for c in value_as_written(value).chars() {
                if matches!(c, '\\' | '"') {
                    text.push('\\');
                }
                text.push(c);
            }
            text.push_str("\"]\n");
        }
        text.push('\n');
        self.out.write_all(text.as_bytes())
    }

    /// Starts the movetext of a game whose moves start in `board` (its
    /// move number and side to move number the moves): a
    /// [`Position`](crate::Position) or a [`Board`].
    pub fn begin_movetext(&mut self, board: &impl AsRef<Board>) {
        let board = board.as_ref();
        let ply = 2 * u32::from(board.fullmove_number().max(1) - 1) + u32::from(board.side_to_move() == Color::Black);
        self.plies.clear();
        self.plies.push(Plies { next: ply, last: None });
        self.number_black = true;
    }

    fn current(&mut self) -> &mut Plies {
        if self.plies.is_empty() {
            self.plies.push(Plies { next: 0, last: None });
        }
        let last = self.plies.len() - 1;
        &mut self.plies[last]
    }

    /// Writes a move as written (SAN or a null move), with its number.
    pub fn move_token(&mut self, san: MoveToken) -> io::Result<()> {
        let plies = *self.current();
        let mut token = std::mem::take(&mut self.token);
        token.clear();
        let number = plies.next / 2 + 1;
        // Writing into a String cannot fail.
        let _ = if plies.next % 2 == 0 {
            write!(token, "{number}. {san}")
        } else if self.number_black {
            write!(token, "{number}... {san}")
        } else {
            write!(token, "{san}")
        };
        let result = self.push_token(&token);
        self.token = token;
        *self.current() = Plies { next: plies.next + 1, last: Some(plies.next) };
        self.number_black = false;
        result
    }

    /// Writes a move in SAN.
    pub fn san(&mut self, san: SanPlus) -> io::Result<()> {
        self.move_token(MoveToken::San(san))
    }

    /// Writes the legal move `m` of `board` (a [`Position`](crate::Position)
    /// or a [`Board`]) in SAN; the caller then plays it on its position.
    pub fn write_move(&mut self, board: &impl AsRef<Board>, m: Move) -> io::Result<()> {
        self.san(board.as_ref().san(m))
    }

    /// Writes a numeric annotation glyph (`$n`) after the last move.
    pub fn nag(&mut self, nag: Nag) -> io::Result<()> {
        self.number_black = true;
        self.push_token(&nag.to_string())
    }

    /// Writes a comment, in braces. Runs of whitespace in it become single
    /// spaces or line breaks (export lines are wrapped); a `}`, which a PGN
    /// comment cannot hold, is dropped. A comment with nothing left (empty,
    /// blank, or only `}`s, as a `;` comment may be) is not written: the
    /// reader drops empty comments, so `{}` would not read back.
    pub fn comment(&mut self, text: &str) -> io::Result<()> {
        let cleaned = text.replace('}', "");
        let words: Vec<&str> = cleaned.split_whitespace().collect();
        if !words.is_empty() {
            self.number_black = true;
        }
        match words.as_slice() {
            [] => Ok(()),
            [only] => self.push_token(&format!("{{{only}}}")),
            [first, middle @ .., last] => {
                self.push_token(&format!("{{{first}"))?;
                for word in middle {
                    self.push_token(word)?;
                }
                self.push_token(&format!("{last}}}"))
            }
        }
    }

    /// Opens a variation: an alternative to the last move written.
    pub fn begin_variation(&mut self) -> io::Result<()> {
        let plies = *self.current();
        let start = plies.last.unwrap_or(plies.next);
        self.plies.push(Plies { next: start, last: None });
        self.number_black = true;
        self.push_token("(")?;
        self.glue = true;
        Ok(())
    }

    /// Closes the variation opened last.
    pub fn end_variation(&mut self) -> io::Result<()> {
        if self.plies.len() > 1 {
            self.plies.pop();
        }
        self.number_black = true;
        // The parenthesis closes on the last token, without a space.
        if self.line.is_empty() || self.width + 1 > MAX_LINE {
            return self.push_token(")");
        }
        self.line.push(')');
        self.width += 1;
        self.glue = false;
        Ok(())
    }

    /// Ends the game: writes `result` as its termination marker, then a
    /// blank line.
    pub fn end_game(&mut self, result: GameResult) -> io::Result<()> {
        self.push_token(result.as_str())?;
        self.flush_line()?;
        self.out.write_all(b"\n")?;
        self.plies.clear();
        Ok(())
    }

    /// Writes out anything buffered, and flushes the output.
    pub fn flush(&mut self) -> io::Result<()> {
        self.flush_line()?;
        self.out.flush()
    }

    /// Flushes, and returns the output.
    pub fn into_inner(mut self) -> io::Result<W> {
        self.flush()?;
        Ok(self.out)
    }

    /// Adds a token to the line, after a space (or after the opening
    /// parenthesis of a variation), wrapping the line first if the token
    /// would make it too long.
    fn push_token(&mut self, token: &str) -> io::Result<()> {
        let width = token.chars().count();
        let space = !self.line.is_empty() && !self.glue;
        if !self.line.is_empty() && self.width + usize::from(space) + width > MAX_LINE {
            self.flush_line()?;
        }
        if !self.line.is_empty() && !self.glue {
            self.line.push(' ');
            self.width += 1;
        }
        self.line.push_str(token);
        self.width += width;
        self.glue = false;
        Ok(())
    }

    fn flush_line(&mut self) -> io::Result<()> {
        if !self.line.is_empty() {
            self.line.push('\n');
            self.out.write_all(self.line.as_bytes())?;
            self.line.clear();
            self.width = 0;
        }
        Ok(())
    }
}

/// A tag value as export format writes it (before escapes): control
/// characters, which a tag line cannot hold, become spaces.
pub(crate) fn value_as_written(value: &str) -> std::borrow::Cow<'_, str> {
    if value.chars().any(char::is_control) {
        value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().into()
    } else {
        value.into()
    }
}

/// The bytes a tag name may hold (PGN: letters, digits and `_+#=:-`).
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-')
}
