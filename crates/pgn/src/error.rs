//! [`PgnError`]: what went wrong, in which game, at which token.

use ox88_board::FenError;
use ox88_movegen::{IllegalMoveError, ParseSanError, SanError};
use std::fmt;

/// Which game of the input an error is in: its number (the first game is 1)
/// and the tags that name it, as far as they were read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameId {
    /// The game's position in the input, from 1.
    pub number: u64,
    /// The `Event` tag, or empty.
    pub event: String,
    /// The `Date` tag, or empty.
    pub date: String,
    /// The `Round` tag, or empty.
    pub round: String,
    /// The `White` tag, or empty.
    pub white: String,
    /// The `Black` tag, or empty.
    pub black: String,
}

impl GameId {
    /// Which of the naming tags `name` is, as an index into
    /// [`set`](Self::set).
    pub(crate) fn tag_index(name: &[u8]) -> Option<usize> {
        Some(match name {
            b"Event" => 0,
            b"Date" => 1,
            b"Round" => 2,
            b"White" => 3,
            b"Black" => 4,
            _ => return None,
        })
    }

    /// Sets the naming tag with index `index` (see `tag_index`).
    pub(crate) fn set(&mut self, index: usize, value: String) {
        *[&mut self.event, &mut self.date, &mut self.round, &mut self.white, &mut self.black][index] = value;
    }
}

/// "game 12 (Carlsen - Caruana, Norway Chess, round 3, 2025.05.30)".
impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.number)?;
        let players = !self.white.is_empty() || !self.black.is_empty();
        let mut parts: Vec<String> = Vec::new();
        if players {
            parts.push(format!("{} - {}", or_unknown(&self.white), or_unknown(&self.black)));
        }
        if !self.event.is_empty() {
            parts.push(self.event.clone());
        }
        if !self.round.is_empty() && self.round != "?" && self.round != "-" {
            parts.push(format!("round {}", self.round));
        }
        if !self.date.is_empty() && !self.date.starts_with('?') {
            parts.push(self.date.clone());
        }
        if !parts.is_empty() {
            write!(f, " ({})", parts.join(", "))?;
        }
        Ok(())
    }
}

fn or_unknown(name: &str) -> &str {
    if name.is_empty() {
        "?"
    } else {
        name
    }
}

/// Where a token is in the input: its byte offset from the start, its line
/// (from 1) and its column on that line (in bytes, from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// Bytes before the token.
    pub offset: u64,
    /// The line, from 1.
    pub line: u64,
    /// The column, in bytes from 1.
    pub column: u64,
}

/// What is wrong.
#[derive(Debug, thiserror::Error)]
pub enum ErrorKind {
    /// Text in the movetext that is no move, move number, NAG, comment,
    /// variation or result.
    #[error("unreadable token")]
    Token,
    /// A token that looks like a move but is not SAN.
    #[error(transparent)]
    San(#[from] ParseSanError),
    /// A malformed tag pair (the tag pair section must read
    /// `[Name "value"]`, one per line).
    #[error("malformed tag pair: expected [Name \"value\"]")]
    Tag,
    /// A token longer than the reader takes (see
    /// [`Reader::with_max_token_len`](crate::Reader::with_max_token_len)).
    #[error("token longer than {limit} bytes")]
    TooLong {
        /// The limit.
        limit: usize,
    },
    /// A `{` comment still open at the end of the input.
    #[error("comment not closed by '}}' before the end of the input")]
    UnterminatedComment,
    /// A move that names no single legal move where it is played.
    #[error(transparent)]
    Move(#[from] SanError),
    /// A move that is not legal where it is played (from a
    /// [`Visitor`](crate::Visitor) that plays moves with the checked
    /// `Position::play`, or a [`GameTree`](crate::GameTree) given one).
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// A null move ("--") played while in check.
    #[error("null move while in check")]
    NullMoveInCheck,
    /// A null move where only real moves can be returned
    /// ([`Game::mainline_moves`](crate::Game::mainline_moves); walk such a
    /// game with [`Game::for_each_move`](crate::Game::for_each_move)).
    #[error("a null move is not a Move")]
    NullMove,
    /// The `FEN` tag is not a playable position.
    #[error("bad FEN tag: {0}")]
    Fen(#[from] FenError),
    /// A `Variant` tag other than standard chess or Chess960.
    #[error("unsupported variant {0:?} (standard chess and Chess960 are read)")]
    Variant(String),
    /// Reading the input failed; the reader stops.
    #[error("read error: {0}")]
    Io(#[from] std::io::Error),
}

/// An error in one game of a PGN input: which game, which token, and what
/// is wrong. The reader goes on with the next game (except after
/// [`ErrorKind::Io`]).
#[derive(Debug, thiserror::Error)]
#[error("{game}: {}{kind}", token_text(.token, *.location))]
pub struct PgnError {
    /// The game the error is in (boxed: errors stay small to return).
    pub game: Box<GameId>,
    /// The offending token (a move, a tag value, a comment's start), as
    /// text; empty if there is none (the end of the input, a read error).
    /// A move of a [`Game`](crate::Game) comes with its number ("12... Nf6").
    pub token: String,
    /// Where the token starts in the input (for errors of the reader;
    /// `None` for a game already read).
    pub location: Option<Location>,
    /// What is wrong.
    pub kind: ErrorKind,
}

fn token_text(token: &str, location: Option<Location>) -> String {
    let place = match location {
        Some(Location { offset, line, column }) => format!("at byte {offset} (line {line}, column {column})"),
        None => String::new(),
    };
    match (token.is_empty(), place.is_empty()) {
        (true, false) => format!("{place}: "),
        (true, true) => String::new(),
        (false, false) => format!("{token:?} {place}: "),
        (false, true) => format!("{token:?}: "),
    }
}

impl PgnError {
    /// Whether reading cannot go on after this error (a read error).
    pub fn is_fatal(&self) -> bool {
        matches!(self.kind, ErrorKind::Io(_))
    }

    /// Places an error found by reading a part of an input alone in the
    /// whole input: the part follows `games` games, `bytes` bytes and
    /// `lines` line ends (the part starts a line, so columns stay). This is
    /// what [`ParallelReader`](crate::ParallelReader) does with its pieces'
    /// errors, and what a reader of [`Region`](crate::region::Region)s does.
    ///
    /// ```
    /// use ox88_pgn::Reader;
    /// let error = Reader::from_bytes(b"1. Zz9 *\n").next_game().unwrap().unwrap_err();
    /// let placed = error.place(9, 1000, 40);
    /// assert_eq!(placed.game.number, 10);
    /// assert_eq!(placed.location.map(|l| (l.offset, l.line, l.column)), Some((1003, 41, 4)));
    /// ```
    pub fn place(mut self, games: u64, bytes: u64, lines: u64) -> PgnError {
        self.game.number += games;
        if let Some(location) = &mut self.location {
            location.offset += bytes;
            location.line += lines;
        }
        self
    }
}

/// The longest token text kept in an error.
pub(crate) const MAX_TOKEN_TEXT: usize = 60;

/// `bytes` as text for an error message, cut to [`MAX_TOKEN_TEXT`] characters.
pub(crate) fn token_string(bytes: &[u8]) -> String {
    let text = crate::raw::decode_bytes(bytes);
    let mut chars = text.chars();
    let mut out: String = chars.by_ref().take(MAX_TOKEN_TEXT).collect();
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_game_and_the_token() {
        let mut game = GameId { number: 12, ..GameId::default() };
        for (name, value) in [("White", "Carlsen"), ("Black", "Caruana"), ("Event", "Norway Chess"), ("Round", "3")] {
            game.set(GameId::tag_index(name.as_bytes()).unwrap(), value.into());
        }
        let location = Location { offset: 1234, line: 40, column: 7 };
        let mut error =
            PgnError { game: Box::new(game), token: "Nf6".into(), location: Some(location), kind: ErrorKind::Token };
        assert_eq!(
            error.to_string(),
            "game 12 (Carlsen - Caruana, Norway Chess, round 3): \"Nf6\" at byte 1234 (line 40, column 7): unreadable token"
        );
        error.location = None;
        assert!(error.to_string().ends_with("(Carlsen - Caruana, Norway Chess, round 3): \"Nf6\": unreadable token"));
        // Errors stay small to return.
        assert!(std::mem::size_of::<PgnError>() <= 112);
        assert_eq!(GameId { number: 3, ..GameId::default() }.to_string(), "game 3");
        assert_eq!(token_string(&[b'x'; 100]).chars().count(), MAX_TOKEN_TEXT + 1);
    }
}
