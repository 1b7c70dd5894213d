//! Moves: the compact [`Move`] that the generator and search use, and the
//! position-free [`UciMove`] text form ("e2e4", "e7e8q").

use crate::{File, Role, Square};
use std::fmt;
use std::str::FromStr;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A non-capturing move that is none of the others.
    Quiet,
    /// A pawn's two-square advance from its starting rank.
    DoublePush,
    /// Castling towards the h-side (king side). The move's `to` is the rook.
    CastleShort,
    /// Castling towards the a-side (queen side). The move's `to` is the rook.
    CastleLong,
    /// An ordinary capture.
    Capture,
    /// A pawn capturing en passant. The move's `to` is the empty target square.
    EnPassant,
    /// A promotion without capture.
    Promotion(Role),
    /// A promotion that captures.
    PromotionCapture(Role),
}

/// How castling moves are written in UCI notation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingMode {
    /// Standard chess: castling from the e-file with a rook on the a- or
    /// h-file is the king's two-square move ("e1g1"); any other castling
    /// (only possible in a Chess960 arrangement) is the king taking its own
    /// rook, as the two-square spelling could name a king step or nothing.
    #[default]
    Standard,
    /// Chess960: the king takes its own rook ("e1h1").
    Chess960,
}

/// A move, packed into 16 bits.
///
/// Bit layout (most significant first):
///
/// | bits  | meaning |
/// |-------|---------|
/// | 15-12 | kind: 0 quiet, 1 double push, 2 castle short, 3 castle long, 4 capture, 5 en passant, 8-11 promotion to N B R Q, 12-15 promotion with capture to N B R Q |
/// | 11-6  | destination square, dense index 0..64 |
/// | 5-0   | origin square, dense index 0..64 |
///
/// Castling is encoded as the king capturing its own rook (from = king,
/// to = rook), which works unchanged for Chess960. Only
/// [`to_uci`](Move::to_uci) (and `Display`) turn standard castling into the
/// king's two-square move.
///
/// A `Move` is a plain value: any squares and kind can be put together.
/// Whether it is legal in a position, with the right kind, is for the move
/// generator of `ox88-movegen` to say (its checked paths refuse a move whose
/// kind does not fit, and say which kind would).
///
/// ```
/// use ox88_board::{Move, MoveKind, Role, Square};
/// let m = Move::new(Square::E7, Square::E8, MoveKind::Promotion(Role::Queen));
/// assert_eq!(m.from(), Square::E7);
/// assert_eq!(m.promotion(), Some(Role::Queen));
/// assert_eq!(m.to_string(), "e7e8q");
/// assert_eq!(std::mem::size_of::<Move>(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

const KIND_QUIET: u16 = 0;
const KIND_DOUBLE: u16 = 1;
const KIND_SHORT: u16 = 2;
const KIND_LONG: u16 = 3;
const KIND_CAPTURE: u16 = 4;
const KIND_EP: u16 = 5;
const FLAG_CAPTURE: u16 = 4;
const FLAG_PROMOTION: u16 = 8;

impl Move {
    /// The move from `from` to `to` of `kind`.
    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move::from_indices64(from.index64() as u8, to.index64() as u8, kind)
    }
    /// The move from the square of dense index `from` (a1 = 0, h8 = 63, as
    /// [`Square::index64`] numbers them) to that of `to`, of `kind`:
    /// [`Move::new`] for bitboard code, which holds squares as indices,
    /// with no conversion to a [`Square`] and back. Only the low six bits
    /// of each index are read.
    ///
    /// ```
    /// use ox88_board::{Move, MoveKind, Square};
    /// let m = Move::from_indices64(12, 28, MoveKind::DoublePush);
    /// assert_eq!(m, Move::new(Square::E2, Square::E4, MoveKind::DoublePush));
    /// ```
    #[inline(always)]
    pub const fn from_indices64(from: u8, to: u8, kind: MoveKind) -> Move {
        let code = match kind {
            MoveKind::Quiet => KIND_QUIET,
            MoveKind::DoublePush => KIND_DOUBLE,
            MoveKind::CastleShort => KIND_SHORT,
            MoveKind::CastleLong => KIND_LONG,
            MoveKind::Capture => KIND_CAPTURE,
            MoveKind::EnPassant => KIND_EP,
            MoveKind::Promotion(role) => FLAG_PROMOTION | promo_code(role),
            MoveKind::PromotionCapture(role) => FLAG_PROMOTION | FLAG_CAPTURE | promo_code(role),
        };
        Move((code << 12) | ((to as u16 & 63) << 6) | (from as u16 & 63))
    }
    /// The 16-bit encoding, for hash tables.
    #[inline(always)]
    pub const fn to_raw(self) -> u16 {
        self.0
    }
    /// A move from its 16-bit encoding. Any value decodes to some move; whether
    /// it is legal in a position is for the move generator to say.
    #[inline(always)]
    pub const fn from_raw(raw: u16) -> Move {
        Move(raw)
    }
    /// The square the moving piece (the king, when castling) starts on.
    #[inline(always)]
    pub const fn from(self) -> Square {
        dense(self.0 & 63)
    }
    /// The destination square; when castling, the castling rook's square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        dense((self.0 >> 6) & 63)
    }
    #[inline(always)]
    const fn code(self) -> u16 {
        self.0 >> 12
    }
    /// The kind of this move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        let code = self.code();
        if code & FLAG_PROMOTION != 0 {
            let role = promo_role(code);
            if code & FLAG_CAPTURE != 0 {
                MoveKind::PromotionCapture(role)
            } else {
                MoveKind::Promotion(role)
            }
        } else {
            match code {
                KIND_QUIET => MoveKind::Quiet,
                KIND_DOUBLE => MoveKind::DoublePush,
                KIND_SHORT => MoveKind::CastleShort,
                KIND_LONG => MoveKind::CastleLong,
                KIND_EP => MoveKind::EnPassant,
                _ => MoveKind::Capture,
            }
        }
    }
    /// The role a pawn promotes to, if this is a promotion.
    #[inline(always)]
    pub const fn promotion(self) -> Option<Role> {
        if self.code() & FLAG_PROMOTION != 0 {
            Some(promo_role(self.code()))
        } else {
            None
        }
    }
    /// Whether this move captures (including en passant).
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        // Codes 4 (capture), 5 (en passant) and 12-15 (capturing
        // promotions) carry the capture bit; 6 and 7 are unused.
        self.code() & FLAG_CAPTURE != 0
    }
    /// Whether this move is a capture or a promotion: the moves quiescence
    /// search looks at, and the ones that are not "quiet" for move ordering.
    #[inline(always)]
    pub const fn is_tactical(self) -> bool {
        self.code() >= KIND_CAPTURE
    }
    /// Whether this move is castling.
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.code() == KIND_SHORT || self.code() == KIND_LONG
    }
    /// Whether this move is an en-passant capture.
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.code() == KIND_EP
    }
    /// Whether this move is a promotion.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.code() & FLAG_PROMOTION != 0
    }
    /// The square the king ends on, for a castling move.
    #[inline(always)]
    pub const fn castle_king_target(self) -> Square {
        let file = if self.code() == KIND_SHORT { File::G } else { File::C };
        Square::from_coords(file, self.from().rank())
    }
    /// The square the rook ends on, for a castling move.
    #[inline(always)]
    pub const fn castle_rook_target(self) -> Square {
        let file = if self.code() == KIND_SHORT { File::F } else { File::D };
        Square::from_coords(file, self.from().rank())
    }
    /// Whether this is castling as standard chess has it: the king on the
    /// e-file, the rook on the h-file (short) or the a-file (long) of its rank.
    #[inline]
    pub const fn is_standard_castle(self) -> bool {
        let (from, to) = (self.from(), self.to());
        let rook_file = match self.code() {
            KIND_SHORT => File::H,
            KIND_LONG => File::A,
            _ => return false,
        };
        from.file().index() == File::E.index()
            && to.file().index() == rook_file.index()
            && from.rank().index() == to.rank().index()
    }
    /// The UCI form of this move in `mode`: standard castling becomes the
    /// king's two-square move in [`CastlingMode::Standard`]; every other
    /// castling move is written king-takes-rook (see [`CastlingMode`]).
    pub const fn to_uci(self, mode: CastlingMode) -> UciMove {
        let to = match mode {
            CastlingMode::Standard if self.is_standard_castle() => self.castle_king_target(),
            _ => self.to(),
        };
        UciMove::Normal { from: self.from(), to, promotion: self.promotion() }
    }
}

const fn dense(index: u16) -> Square {
    match Square::from_index64(index as u8) {
        Some(square) => square,
        None => unreachable!(),
    }
}

const fn promo_code(role: Role) -> u16 {
    match role {
        Role::Knight => 0,
        Role::Bishop => 1,
        Role::Rook => 2,
        _ => 3,
    }
}

const fn promo_role(code: u16) -> Role {
    match code & 3 {
        0 => Role::Knight,
        1 => Role::Bishop,
        2 => Role::Rook,
        _ => Role::Queen,
    }
}

/// UCI notation as [`CastlingMode::Standard`] writes it: standard castling
/// as the king's two-square move ("e1g1"), any other castling as the king
/// taking its rook ("g1h1", never a non-move like "g1g1"). Use
/// [`Move::to_uci`] for Chess960 spelling throughout.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_uci(CastlingMode::Standard), f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(role) = self.promotion() {
            write!(f, "{}", role.char())?;
        }
        write!(f, "({:?})", self.kind())
    }
}

/// A move in UCI long algebraic notation, before it is matched against a
/// position: "e2e4", "e7e8q", or the null move "0000".
///
/// ```
/// use ox88_board::{Role, Square, UciMove};
/// let m: UciMove = "e7e8q".parse().unwrap();
/// assert_eq!(m, UciMove::Normal { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) });
/// assert_eq!(m.to_string(), "e7e8q");
/// assert!("e7e9".parse::<UciMove>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// A move from one square to another, with an optional promotion role.
    Normal {
        /// The origin square.
        from: Square,
        /// The destination square (in Chess960 castling, the rook's square).
        to: Square,
        /// The promotion role, if any.
        promotion: Option<Role>,
    },
    /// The null move, written "0000".
    Null,
}

/// The error of parsing UCI move text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid UCI move {text:?}: expected two squares and an optional promotion letter, like \"e7e8q\"")]
pub struct ParseUciMoveError {
    /// The text given.
    pub text: String,
}

impl FromStr for UciMove {
    type Err = ParseUciMoveError;
    fn from_str(s: &str) -> Result<UciMove, ParseUciMoveError> {
        let err = || ParseUciMoveError { text: s.to_owned() };
        if s == "0000" {
            return Ok(UciMove::Null);
        }
        if !s.is_ascii() || !(4..=5).contains(&s.len()) {
            return Err(err());
        }
        let from = s[0..2].parse().map_err(|_| err())?;
        let to = s[2..4].parse().map_err(|_| err())?;
        let promotion = match s[4..].chars().next() {
            None => None,
            Some(c) => match Role::from_char(c) {
                Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(role),
                _ => return Err(err()),
            },
        };
        Ok(UciMove::Normal { from, to, promotion })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMove::Null => f.write_str("0000"),
            UciMove::Normal { from, to, promotion } => {
                write!(f, "{from}{to}")?;
                if let Some(role) = promotion {
                    write!(f, "{}", role.char())?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_kinds() -> Vec<MoveKind> {
        let mut kinds = vec![
            MoveKind::Quiet,
            MoveKind::DoublePush,
            MoveKind::CastleShort,
            MoveKind::CastleLong,
            MoveKind::Capture,
            MoveKind::EnPassant,
        ];
        for role in Role::PROMOTIONS {
            kinds.push(MoveKind::Promotion(role));
            kinds.push(MoveKind::PromotionCapture(role));
        }
        kinds
    }

    #[test]
    fn move_is_two_bytes() {
        assert_eq!(std::mem::size_of::<Move>(), 2);
        assert_eq!(std::mem::size_of::<Option<Move>>(), 4);
    }

    #[test]
    fn fields_round_trip_for_every_kind_and_square() {
        for kind in all_kinds() {
            for from in Square::all() {
                for to in [Square::A1, Square::H8, Square::E4, from] {
                    let m = Move::new(from, to, kind);
                    assert_eq!((m.from(), m.to(), m.kind()), (from, to, kind));
                    assert_eq!(Move::from_raw(m.to_raw()), m);
                    let captures =
                        matches!(kind, MoveKind::Capture | MoveKind::EnPassant | MoveKind::PromotionCapture(_));
                    assert_eq!(m.is_capture(), captures, "{kind:?}");
                    assert_eq!(m.is_castle(), matches!(kind, MoveKind::CastleShort | MoveKind::CastleLong));
                    assert_eq!(m.is_tactical(), captures || m.is_promotion());
                }
            }
        }
    }

    #[test]
    fn castling_is_written_per_mode() {
        let short = Move::new(Square::E1, Square::H1, MoveKind::CastleShort);
        let long = Move::new(Square::E8, Square::A8, MoveKind::CastleLong);
        assert_eq!(short.to_uci(CastlingMode::Standard).to_string(), "e1g1");
        assert_eq!(short.to_uci(CastlingMode::Chess960).to_string(), "e1h1");
        assert_eq!(long.to_uci(CastlingMode::Standard).to_string(), "e8c8");
        assert_eq!(long.to_uci(CastlingMode::Chess960).to_string(), "e8a8");
        assert_eq!(short.to_string(), "e1g1");
    }

    #[test]
    fn castling_that_is_not_standard_is_king_takes_rook() {
        // King already on g1 (or c1): the two-square spelling would be "g1g1".
        let on_g1 = Move::new(Square::G1, Square::H1, MoveKind::CastleShort);
        let on_c8 = Move::new(Square::C8, Square::A8, MoveKind::CastleLong);
        let from_f1 = Move::new(Square::F1, Square::H1, MoveKind::CastleShort);
        let inner_rook = Move::new(Square::E1, Square::G1, MoveKind::CastleShort);
        for (m, text) in [(on_g1, "g1h1"), (on_c8, "c8a8"), (from_f1, "f1h1"), (inner_rook, "e1g1")] {
            assert!(!m.is_standard_castle());
            assert_eq!(m.to_string(), text);
            assert_eq!(m.to_uci(CastlingMode::Standard).to_string(), text);
            assert_eq!(m.to_uci(CastlingMode::Chess960).to_string(), text);
        }
        // No move of any kind or squares displays with equal squares.
        for raw in 0..=u16::MAX {
            let m = Move::from_raw(raw);
            if m.from() != m.to() {
                let UciMove::Normal { from, to, .. } = m.to_uci(CastlingMode::Standard) else { unreachable!() };
                assert_ne!(from, to, "{m:?}");
            }
        }
    }

    #[test]
    fn uci_text_parses_and_rejects() {
        assert_eq!("0000".parse::<UciMove>(), Ok(UciMove::Null));
        for good in ["e2e4", "a7a8n", "h2h1r", "b7c8b"] {
            assert_eq!(good.parse::<UciMove>().unwrap().to_string(), good);
        }
        for bad in ["", "e2", "e2e", "e2e4k", "e2e4p", "e2e4qq", "z2e4", "e2e4 ", "é2e4"] {
            assert!(bad.parse::<UciMove>().is_err(), "{bad}");
        }
    }
}
