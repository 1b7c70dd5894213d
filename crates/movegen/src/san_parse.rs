//! Reading SAN: tolerant syntax (as python-chess reads it), then strict
//! resolution against a position, with typed errors.

use crate::san::{San, SanPlus, Suffix};
use crate::{MoveGen, MoveList};
use ox88_board::{Board, CastlingSide, File, Move, MoveKind, Rank, Role, Square};
use std::str::FromStr;

/// Text that is not SAN syntax.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid SAN {0:?}: expected a move like \"e4\", \"Nbd7\", \"exd8=Q+\" or \"O-O\"")]
pub struct ParseSanError(pub String);

/// Why SAN names no single legal move in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// The text is not SAN syntax.
    #[error(transparent)]
    Syntax(#[from] ParseSanError),
    /// No legal move matches.
    #[error("illegal move {san} in this position")]
    Illegal {
        /// The move as parsed.
        san: San,
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
        let err = || ParseSanError(text.to_owned());
        let mut s = text.trim_end_matches(['!', '?']);
        s = s.strip_suffix("e.p.").unwrap_or(s).trim_end();
        let suffix = match s.as_bytes().last() {
            Some(b'+') => Some(Suffix::Check),
            Some(b'#') => Some(Suffix::Checkmate),
            _ => None,
        };
        if suffix.is_some() {
            s = &s[..s.len() - 1];
        }
        let san = match s {
            "O-O" | "0-0" => San::Castle(CastlingSide::Short),
            "O-O-O" | "0-0-0" => San::Castle(CastlingSide::Long),
            _ => parse_normal(s.as_bytes()).ok_or_else(err)?,
        };
        Ok(SanPlus { san, suffix })
    }
}

impl FromStr for San {
    type Err = ParseSanError;
    /// Reads SAN text like [`SanPlus`], dropping the suffix.
    fn from_str(text: &str) -> Result<San, ParseSanError> {
        text.parse::<SanPlus>().map(|plus| plus.san)
    }
}

/// Parses `[role][file][rank][x|-]square[[=]promotion]` (suffix removed).
fn parse_normal(s: &[u8]) -> Option<San> {
    let (mut s, promotion) = match s {
        [rest @ .., b'=', p] => (rest, Some(*p)),
        [.., r, p] if r.is_ascii_digit() && p.is_ascii_alphabetic() => (&s[..s.len() - 1], Some(*p)),
        _ => (s, None),
    };
    let promotion = match promotion.map(|p| Role::from_char(p as char)) {
        None => None,
        Some(Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen))) => Some(role),
        Some(_) => return None,
    };
    let [rest @ .., f, r] = s else { return None };
    let to = Square::from_coords(lower_file(*f)?, Rank::from_char(*r as char)?);
    s = rest;
    let mut capture = false;
    if let [rest @ .., sep @ (b'x' | b'-')] = s {
        capture = *sep == b'x';
        s = rest;
    }
    let role = match s {
        [c, rest @ ..] if c.is_ascii_uppercase() => {
            s = rest;
            match Role::from_char(*c as char)? {
                Role::Pawn => return None,
                role => role,
            }
        }
        _ => Role::Pawn,
    };
    let (file, rank) = match s {
        [] => (None, None),
        [f] if lower_file(*f).is_some() => (lower_file(*f), None),
        [r] => (None, Some(Rank::from_char(*r as char)?)),
        [f, r] => (Some(lower_file(*f)?), Some(Rank::from_char(*r as char)?)),
        _ => return None,
    };
    if promotion.is_some() && role != Role::Pawn {
        return None;
    }
    Some(San::Normal { role, file, rank, capture, to, promotion })
}

fn lower_file(c: u8) -> Option<File> {
    if c.is_ascii_lowercase() {
        File::from_char(c as char)
    } else {
        None
    }
}

/// Finds the legal move that `san` names: exactly one must match.
///
/// A pawn move without an origin file is a push (as python-chess reads
/// it); a move with a full origin square and no piece letter ("g1f3") may be
/// any piece's. A written "x" is not required to match a capture.
pub(crate) fn resolve(board: &Board, san: San) -> Result<Move, SanError> {
    let mut list = MoveList::new();
    board.generate_legal(&mut list);
    let (role, file, rank, to, promotion) = match san {
        San::Castle(side) => {
            let kind = match side {
                CastlingSide::Short => MoveKind::CastleShort,
                CastlingSide::Long => MoveKind::CastleLong,
            };
            return list.iter().copied().find(|m| m.kind() == kind).ok_or(SanError::Illegal { san });
        }
        San::Normal { role, file, rank, to, promotion, .. } => (role, file, rank, to, promotion),
    };
    let any_piece = role == Role::Pawn && file.is_some() && rank.is_some();
    let matches = |m: &Move| {
        let Some(piece) = board.piece_at(m.from()) else { return false };
        !m.is_castle()
            && m.to() == to
            && (any_piece || piece.role() == role)
            && file.is_none_or(|f| m.from().file() == f)
            && rank.is_none_or(|r| m.from().rank() == r)
            && (role != Role::Pawn || file.is_some() || m.from().file() == to.file())
    };
    let mut candidates = MoveList::new();
    let mut promotions_only = false;
    for m in list.iter().copied().filter(matches) {
        if m.promotion() == promotion {
            candidates.push(m);
        } else if promotion.is_none() {
            promotions_only = true;
        }
    }
    match candidates.len() {
        1 => Ok(candidates[0]),
        0 if promotions_only => Err(SanError::MissingPromotion { san }),
        0 => Err(SanError::Illegal { san }),
        _ => Err(SanError::Ambiguous { san, candidates: candidates.to_vec() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;

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
