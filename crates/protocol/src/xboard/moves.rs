//! Move text in CECP: coordinate notation, `O-O` castling and the `@@@@`
//! null move.

use ox88_board::{CastlingSide, UciMove};
use std::fmt;
use std::str::FromStr;

/// A move as CECP writes it, before it is matched against a position.
///
/// ```
/// use ox88_protocol::xboard::XbMove;
/// use ox88_board::CastlingSide;
/// assert_eq!("O-O-O".parse::<XbMove>(), Ok(XbMove::Castle(CastlingSide::Long)));
/// assert_eq!("e7e8=Q".parse::<XbMove>().unwrap().to_string(), "e7e8q");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XbMove {
    /// Coordinate notation: "e2e4", "e7e8q"; castling as the king's move
    /// ("e1g1") or, in Chess960, king takes rook ("e1h1"). Never the null move.
    Coord(UciMove),
    /// `O-O` or `O-O-O` (also `0-0`), the way XBoard sends castling in
    /// Chess960.
    Castle(CastlingSide),
    /// `@@@@`, the null move.
    Null,
}

/// Why text is not a CECP move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a move: {0:?}")]
pub struct ParseXbMoveError(pub String);

impl FromStr for XbMove {
    type Err = ParseXbMoveError;
    fn from_str(text: &str) -> Result<XbMove, ParseXbMoveError> {
        match text {
            "O-O" | "0-0" | "o-o" => return Ok(XbMove::Castle(CastlingSide::Short)),
            "O-O-O" | "0-0-0" | "o-o-o" => return Ok(XbMove::Castle(CastlingSide::Long)),
            "@@@@" | "0000" => return Ok(XbMove::Null),
            _ => {}
        }
        // XBoard may write promotions as "e7e8=q".
        let bytes = text.as_bytes();
        let normalized = if bytes.len() == 6 && bytes[4] == b'=' {
            format!("{}{}", &text[..4], &text[5..])
        } else {
            text.to_owned()
        };
        match normalized.parse::<UciMove>() {
            Ok(m @ UciMove::Normal { .. }) => Ok(XbMove::Coord(m)),
            _ => Err(ParseXbMoveError(text.to_owned())),
        }
    }
}

impl fmt::Display for XbMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XbMove::Coord(m) => write!(f, "{m}"),
            XbMove::Castle(CastlingSide::Short) => f.write_str("O-O"),
            XbMove::Castle(CastlingSide::Long) => f.write_str("O-O-O"),
            XbMove::Null => f.write_str("@@@@"),
        }
    }
}
