//! Reading SAN: tolerant syntax (as python-chess reads it), then strict
//! resolution against a position, with typed errors.

use crate::san::{San, SanPlus, Suffix};
use crate::IllegalReason;
use ox88_board::{CastlingSide, File, Move, Rank, Role, Square};
use std::str::FromStr;

/// Text that is not SAN syntax.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid SAN {text:?}: expected a move like \"e4\", \"Nbd7\", \"exd8=Q+\" or \"O-O\"")]
pub struct ParseSanError {
    /// The text given.
    pub text: String,
}

/// Why SAN names no single legal move in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// The text is not SAN syntax.
    #[error(transparent)]
    Syntax(#[from] ParseSanError),
    /// No legal move matches, and why.
    #[error("illegal move {san}: {}", crate::san_illegal::explain(.san, .reason))]
    Illegal {
        /// The move as parsed.
        san: San,
        /// Why no legal move fits: no piece of the kind named (where the
        /// origin file or rank says), no right to castle on that side, a
        /// promotion of a move that cannot promote, or no legal move of
        /// the piece to the square.
        reason: IllegalReason,
    },
    /// A pawn move to the last rank without the promotion role.
    #[error("{san} needs a promotion role, like \"=Q\"")]
    MissingPromotion {
        /// The move as parsed.
        san: San,
    },
    /// More than one legal move matches.
    #[error("ambiguous move {san}: it could be {}", list_moves(.candidates))]
    Ambiguous {
        /// The move as parsed.
        san: San,
        /// The legal moves it could mean.
        candidates: Vec<Move>,
    },
}

fn list_moves(moves: &[Move]) -> String {
    moves.iter().map(|m| m.to_uci(ox88_board::CastlingMode::Chess960).to_string()).collect::<Vec<_>>().join(" or ")
}

/// Reads SAN text. Tolerant the way python-chess is: "0-0" for "O-O", a
/// missing or wrong "+"/"#", a promotion without "=" or in lower case
/// ("e8q"), a redundant or missing "x", a "-" between origin and destination
/// ("Ng1-f3"), an origin square without piece letter ("g1f3"), and trailing
/// annotation marks ("!", "?!").
///
/// ```
/// use ox88_board::{Role, Square};
/// use ox88_movegen::{San, SanPlus, Suffix};
/// let m: SanPlus = "exd8=Q+".parse().unwrap();
/// assert_eq!(m.suffix, Some(Suffix::Check));
/// assert!(matches!(m.san, San::Normal { role: Role::Pawn, to: Square::D8, promotion: Some(Role::Queen), .. }));
/// assert_eq!("0-0".parse::<SanPlus>().unwrap().to_string(), "O-O");
/// ```
impl FromStr for SanPlus {
    type Err = ParseSanError;
    fn from_str(text: &str) -> Result<SanPlus, ParseSanError> {
        SanPlus::from_ascii(text.as_bytes())
    }
}

impl SanPlus {
    /// Reads SAN from bytes, as [`FromStr`] reads it from text (a reader of
    /// files calls this on its input, without checking UTF-8 first).
    ///
    /// ```
    /// use ox88_movegen::SanPlus;
    /// assert_eq!(SanPlus::from_ascii(b"Nbd7+").unwrap().to_string(), "Nbd7+");
    /// assert!(SanPlus::from_ascii(b"Nbd9").is_err());
    /// ```
    #[inline]
    pub fn from_ascii(text: &[u8]) -> Result<SanPlus, ParseSanError> {
        match parse_common(text) {
            Some(plus) => Ok(plus),
            None => parse_uncommon(text),
        }
    }
}

/// The rest of [`SanPlus::from_ascii`], out of line: the usual shapes'
/// path (inlined into a reader's loop) then only tests and calls, rather
/// than going through a closure the compiler left as a call of its own.
#[inline(never)]
fn parse_uncommon(text: &[u8]) -> Result<SanPlus, ParseSanError> {
    parse_plus(text).ok_or_else(|| syntax_error(text))
}

#[cold]
fn syntax_error(text: &[u8]) -> ParseSanError {
    ParseSanError { text: String::from_utf8_lossy(text).into_owned() }
}

/// The shapes most moves have ("e4", "Nf3", "exd5", "Nxe5", "Nbd7", "R1e2",
/// "Nbxd7", "O-O", with "+" or "#"), read as [`parse_plus`] reads them but with one test
/// per byte; `None` for anything else (which `parse_plus` then reads). A
/// file of games is mostly this: it halves the time to read one.
#[inline(always)]
fn parse_common(text: &[u8]) -> Option<SanPlus> {
    let (s, suffix) = match text.split_last()? {
        (b'+', s) => (s, Some(Suffix::Check)),
        (b'#', s) => (s, Some(Suffix::Checkmate)),
        _ => (text, None),
    };
    match s {
        b"O-O" => return Some(SanPlus { san: San::Castle(CastlingSide::Short), suffix }),
        b"O-O-O" => return Some(SanPlus { san: San::Castle(CastlingSide::Long), suffix }),
        _ => {}
    }
    let [.., f, r] = *s else { return None };
    let to = Square::from_coords(lower_file(f)?, rank(r)?);
    let (role, file, rank, capture) = match *s {
        [_, _] => (Role::Pawn, None, None, false),
        [p, _, _] => (piece_role(p)?, None, None, false),
        [f @ b'a'..=b'h', b'x', _, _] => (Role::Pawn, lower_file(f), None, true),
        [p, b'x', _, _] => (piece_role(p)?, None, None, true),
        [p, d, _, _] | [p, d, b'x', _, _] => {
            let capture = s.len() == 5;
            match (lower_file(d), self::rank(d)) {
                (Some(file), _) => (piece_role(p)?, Some(file), None, capture),
                (None, Some(rank)) => (piece_role(p)?, None, Some(rank), capture),
                (None, None) => return None,
            }
        }
        _ => return None,
    };
    Some(SanPlus { san: San::Normal { role, file, rank, capture, to, promotion: None }, suffix })
}

/// The piece a capital letter names in SAN (not "P").
#[inline(always)]
fn piece_role(c: u8) -> Option<Role> {
    match role(c) {
        Some(Role::Pawn) => None,
        role if c.is_ascii_uppercase() => role,
        _ => None,
    }
}

/// SAN with its suffix: annotation marks and "e.p." dropped, then "+" or
/// "#", then castling or [`parse_normal`].
#[inline]
fn parse_plus(text: &[u8]) -> Option<SanPlus> {
    let mut s = text;
    while let [rest @ .., b'!' | b'?'] = s {
        s = rest;
    }
    if let [rest @ .., b'.'] = s {
        s = rest.strip_suffix(b"e.p").unwrap_or(s);
    }
    s = s.trim_ascii_end();
    let suffix = match s.last() {
        Some(b'+') => Some(Suffix::Check),
        Some(b'#') => Some(Suffix::Checkmate),
        _ => None,
    };
    if suffix.is_some() {
        s = &s[..s.len() - 1];
    }
    let san = match s {
        [b'O' | b'0', ..] if matches!(s, b"O-O" | b"0-0") => San::Castle(CastlingSide::Short),
        [b'O' | b'0', ..] if matches!(s, b"O-O-O" | b"0-0-0") => San::Castle(CastlingSide::Long),
        _ => parse_normal(s)?,
    };
    Some(SanPlus { san, suffix })
}

impl FromStr for San {
    type Err = ParseSanError;
    /// Reads SAN text like [`SanPlus`], dropping the suffix.
    fn from_str(text: &str) -> Result<San, ParseSanError> {
        text.parse::<SanPlus>().map(|plus| plus.san)
    }
}

/// Parses `[role][file][rank][x|-]square[[=]promotion]` (suffix removed),
/// reading from the end.
#[inline]
fn parse_normal(s: &[u8]) -> Option<San> {
    let mut end = s.len();
    // The promotion: "=Q", or a letter right after the rank ("e8Q", "e8q").
    let promotion = match s {
        [.., b'=', p] => {
            end -= 2;
            Some(*p)
        }
        [.., r, p] if r.is_ascii_digit() && p.is_ascii_alphabetic() => {
            end -= 1;
            Some(*p)
        }
        _ => None,
    };
    let promotion = match promotion {
        None => None,
        Some(p) => match role(p) {
            Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(role),
            _ => return None,
        },
    };
    if end < 2 {
        return None;
    }
    let to = Square::from_coords(lower_file(s[end - 2])?, rank(s[end - 1])?);
    end -= 2;
    let capture = end > 0 && s[end - 1] == b'x';
    if end > 0 && matches!(s[end - 1], b'x' | b'-') {
        end -= 1;
    }
    let mut start = 0;
    let role = match s.first() {
        Some(c) if start < end && c.is_ascii_uppercase() => {
            start = 1;
            match role(*c)? {
                Role::Pawn => return None,
                role => role,
            }
        }
        _ => Role::Pawn,
    };
    let (file, rank) = match &s[start..end] {
        [] => (None, None),
        [f] if lower_file(*f).is_some() => (lower_file(*f), None),
        [r] => (None, Some(rank(*r)?)),
        [f, r] => (Some(lower_file(*f)?), Some(rank(*r)?)),
        _ => return None,
    };
    if promotion.is_some() && role != Role::Pawn {
        return None;
    }
    Some(San::Normal { role, file, rank, capture, to, promotion })
}

/// The role a letter names, either case ("N", "q").
#[inline(always)]
fn role(c: u8) -> Option<Role> {
    // A table: a match here compiles to a jump mispredicted on most moves.
    ROLES[c as usize]
}

static ROLES: [Option<Role>; 256] = {
    let mut table = [None; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = Role::from_char(i as u8 as char);
        i += 1;
    }
    table
};

/// The file a lower-case letter names.
#[inline(always)]
pub(crate) fn lower_file(c: u8) -> Option<File> {
    File::new(c.wrapping_sub(b'a'))
}

/// The rank a digit names.
#[inline(always)]
pub(crate) fn rank(c: u8) -> Option<Rank> {
    Rank::new(c.wrapping_sub(b'1'))
}

pub(crate) use crate::san_resolve::resolve;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;
    use ox88_board::Board;

    fn board(fen: &str) -> Board {
        fen.parse().expect("valid FEN")
    }

    #[test]
    fn tolerant_syntax() {
        let b = Board::startpos();
        let nf3 = b.parse_san("Nf3").unwrap();
        for text in ["Nf3+", "Nf3#", "Ngf3", "N1f3", "Ng1f3", "Ng1-f3", "g1f3", "Nf3!?", "Nxf3"] {
            assert_eq!(b.parse_san(text), Ok(nf3), "{text}");
        }
        let e4 = b.parse_san("e4").unwrap();
        assert_eq!(b.parse_san("e2e4"), Ok(e4));
        assert_eq!(b.parse_san("e2-e4"), Ok(e4));
        let castles = board("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert_eq!(castles.parse_san("0-0"), castles.parse_san("O-O+"));
        let promo = board("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
        let q = promo.parse_san("exd8=Q+").unwrap();
        for text in ["exd8Q", "exd8q", "ed8=Q", "exd8=q#", "e7xd8=Q", "e7d8q"] {
            assert_eq!(promo.parse_san(text), Ok(q), "{text}");
        }
    }

    /// The common shapes' fast path reads every text exactly as the
    /// general parser does: all texts of up to four bytes from an alphabet
    /// of SAN's own bytes and a few others, and five-byte ones from a
    /// smaller one.
    #[test]
    fn fast_path_agrees_with_the_general_parser() {
        fn check(text: &[u8]) {
            if let Some(fast) = parse_common(text) {
                assert_eq!(Some(fast), parse_plus(text), "{:?}", String::from_utf8_lossy(text));
            }
        }
        fn all(alphabet: &[u8], prefix: &mut Vec<u8>, left: usize) {
            check(prefix);
            if left > 0 {
                for &b in alphabet {
                    prefix.push(b);
                    all(alphabet, prefix, left - 1);
                    prefix.pop();
                }
            }
        }
        all(b"aeh18NBKPnqx-=+#O0!? .p", &mut Vec::new(), 4);
        all(b"ah18NQPx+-", &mut Vec::new(), 5);
        all(b"bd27RKxO-+", &mut Vec::new(), 6);
        assert!(parse_common(b"Nxe5+").is_some() && parse_common(b"exd5").is_some());
    }

    #[test]
    fn syntax_errors() {
        for text in ["", "e", "e9", "Nf", "Pe4", "nf3", "e8=K", "Nf3=Q", "O-O-O-O", "Nabc3", "x", "exd8=", "Z0", "--"] {
            assert!(text.parse::<SanPlus>().is_err(), "{text:?}");
        }
    }

    #[test]
    fn illegal_missing_promotion_and_ambiguous() {
        let b = Board::startpos();
        assert!(matches!(b.parse_san("Nf6"), Err(SanError::Illegal { .. })));
        assert!(matches!(b.parse_san("O-O"), Err(SanError::Illegal { .. })));
        assert!(matches!(b.parse_san("Bb5"), Err(SanError::Illegal { .. })));
        // A pawn capture needs its file: "d5" alone is a push.
        let captures = board("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        assert!(matches!(captures.parse_san("d5"), Err(SanError::Illegal { .. })));
        assert!(captures.parse_san("exd5").is_ok());
        let promo = board("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert!(matches!(promo.parse_san("a8"), Err(SanError::MissingPromotion { .. })));
        let knights = board("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        match knights.parse_san("Nd2") {
            Err(SanError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 2),
            other => panic!("expected ambiguity, got {other:?}"),
        }
        let err = knights.parse_san("Nd2").unwrap_err().to_string();
        assert!(err.contains("b1d2") && err.contains("f1d2"), "{err}");
        assert!(knights.parse_san("Nbd2").is_ok());
    }
}
