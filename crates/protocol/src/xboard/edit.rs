//! The lines of CECP edit mode (`edit` ... `.`), which only mean something
//! there: `Pa4` puts a white pawn on a4 (black after `c`), `xa4` clears a4.

use ox88_board::{Role, Square};
use std::fmt;
use std::str::FromStr;

/// A command inside edit mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditCommand {
    /// `#`: clear the board.
    Clear,
    /// `c`: the following pieces are of the other colour.
    SwitchColor,
    /// `Pa4`: put a piece of the current colour on a square.
    Place(Role, Square),
    /// `xa4`: empty a square.
    Remove(Square),
    /// `.`: leave edit mode.
    Done,
}

/// Why a line is not an edit-mode command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an edit command: {text:?}")]
pub struct ParseEditError {
    /// The text given.
    pub text: String,
}

impl FromStr for EditCommand {
    type Err = ParseEditError;
    fn from_str(line: &str) -> Result<EditCommand, ParseEditError> {
        let text = line.trim();
        let err = || ParseEditError { text: text.to_owned() };
        match text {
            "#" => return Ok(EditCommand::Clear),
            "c" => return Ok(EditCommand::SwitchColor),
            "." => return Ok(EditCommand::Done),
            _ => {}
        }
        let first = text.chars().next().ok_or_else(err)?;
        let square = text.get(first.len_utf8()..).and_then(|s| s.parse::<Square>().ok()).ok_or_else(err)?;
        match first {
            'x' | 'X' => Ok(EditCommand::Remove(square)),
            c => Role::from_char(c.to_ascii_lowercase()).map(|role| EditCommand::Place(role, square)).ok_or_else(err),
        }
    }
}

impl fmt::Display for EditCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditCommand::Clear => f.write_str("#"),
            EditCommand::SwitchColor => f.write_str("c"),
            EditCommand::Place(role, square) => write!(f, "{}{square}", role.upper_char()),
            EditCommand::Remove(square) => write!(f, "x{square}"),
            EditCommand::Done => f.write_str("."),
        }
    }
}
