//! The [`Protocol`] an engine speaks, and its name on command lines.

use std::fmt;
use std::str::FromStr;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// The Universal Chess Interface.
    Uci,
    /// The Chess ExternalEngine Communication Protocol, version 2 (XBoard/WinBoard).
    Xboard,
}

/// Why text names no protocol.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown protocol {text:?}: expected uci or xboard")]
pub struct ParseProtocolError {
    /// The text given.
    pub text: String,
}

impl FromStr for Protocol {
    type Err = ParseProtocolError;
    /// `uci`, or `xboard` (also `cecp`, `winboard`, `wb`), in any case.
    fn from_str(text: &str) -> Result<Protocol, ParseProtocolError> {
        match text.to_ascii_lowercase().as_str() {
            "uci" => Ok(Protocol::Uci),
            "xboard" | "cecp" | "winboard" | "wb" => Ok(Protocol::Xboard),
            _ => Err(ParseProtocolError { text: text.to_owned() }),
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Protocol::Uci => "uci",
            Protocol::Xboard => "xboard",
        })
    }
}
