//! [`Nag`]: a numeric annotation glyph ("$1"), and the move suffixes
//! ("!", "?!") and symbols ("+-") that stand for one.

use std::fmt;
use std::str::FromStr;

/// A numeric annotation glyph: `$1` is a good move, `$2` a mistake, `$18`
/// a decisive advantage for White (the PGN standard, section 10, lists
/// 0–139; any value up to 255 is read and written).
///
/// ```
/// use ox88_pgn::Nag;
/// assert_eq!("!?".parse::<Nag>(), Ok(Nag::SPECULATIVE_MOVE));
/// assert_eq!("$18".parse::<Nag>(), Ok(Nag(18)));
/// assert_eq!(Nag::GOOD_MOVE.to_string(), "$1");
/// assert_eq!(Nag::GOOD_MOVE.suffix(), Some("!"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nag(pub u8);

impl Nag {
    /// `$1`, "!".
    pub const GOOD_MOVE: Nag = Nag(1);
    /// `$2`, "?".
    pub const MISTAKE: Nag = Nag(2);
    /// `$3`, "!!".
    pub const BRILLIANT_MOVE: Nag = Nag(3);
    /// `$4`, "??".
    pub const BLUNDER: Nag = Nag(4);
    /// `$5`, "!?".
    pub const SPECULATIVE_MOVE: Nag = Nag(5);
    /// `$6`, "?!".
    pub const DUBIOUS_MOVE: Nag = Nag(6);

    /// The glyph a move suffix stands for: "!", "?", "!!", "??", "!?" or
    /// "?!"; also the evaluation symbols people type in import format:
    /// "=", "+=", "=+", "+/-", "-/+", "+-", "-+".
    pub fn from_symbol(symbol: &[u8]) -> Option<Nag> {
        Some(Nag(match symbol {
            b"!" => 1,
            b"?" => 2,
            b"!!" => 3,
            b"??" => 4,
            b"!?" => 5,
            b"?!" => 6,
            b"=" => 10,
            b"+=" => 14,
            b"=+" => 15,
            b"+/-" => 16,
            b"-/+" => 17,
            b"+-" => 18,
            b"-+" => 19,
            _ => return None,
        }))
    }

    /// The move suffix this glyph is written as in import format, for
    /// `$1`–`$6`.
    pub fn suffix(self) -> Option<&'static str> {
        Some(match self.0 {
            1 => "!",
            2 => "?",
            3 => "!!",
            4 => "??",
            5 => "!?",
            6 => "?!",
            _ => return None,
        })
    }

    /// Reads `$` and its digits, or a suffix or symbol (see
    /// [`from_symbol`](Self::from_symbol)).
    pub fn from_ascii(text: &[u8]) -> Option<Nag> {
        match text {
            [b'$', digits @ ..] if !digits.is_empty() && digits.len() <= 3 => {
                let mut value = 0u16;
                for &d in digits {
                    if !d.is_ascii_digit() {
                        return None;
                    }
                    value = value * 10 + u16::from(d - b'0');
                }
                u8::try_from(value).ok().map(Nag)
            }
            _ => Nag::from_symbol(text),
        }
    }
}

/// Text that is not a NAG.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid NAG {text:?}: expected \"$\" and a number up to 255, or a suffix like \"!?\"")]
pub struct ParseNagError {
    /// The text given.
    pub text: String,
}

impl FromStr for Nag {
    type Err = ParseNagError;
    fn from_str(text: &str) -> Result<Nag, ParseNagError> {
        Nag::from_ascii(text.as_bytes()).ok_or_else(|| ParseNagError { text: text.to_owned() })
    }
}

/// The export form, `$n`.
impl fmt::Display for Nag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_dollars_suffixes_and_symbols() {
        assert_eq!(Nag::from_ascii(b"$0"), Some(Nag(0)));
        assert_eq!(Nag::from_ascii(b"$255"), Some(Nag(255)));
        assert_eq!(Nag::from_ascii(b"$256"), None);
        assert_eq!(Nag::from_ascii(b"$"), None);
        assert_eq!(Nag::from_ascii(b"$1x"), None);
        assert_eq!(Nag::from_ascii(b"$0001"), None);
        assert_eq!(Nag::from_ascii(b"??"), Some(Nag::BLUNDER));
        assert_eq!(Nag::from_ascii(b"+-"), Some(Nag(18)));
        assert_eq!(Nag::from_ascii(b"!!!"), None);
        for n in 1..=6 {
            let nag = Nag(n);
            assert_eq!(Nag::from_ascii(nag.suffix().unwrap().as_bytes()), Some(nag));
        }
        assert!("x".parse::<Nag>().is_err());
    }
}
