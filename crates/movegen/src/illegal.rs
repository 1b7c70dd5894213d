//! [`IllegalMoveError`]: why a move asked for is not legal in a position,
//! said about the move as given (its squares, promotion and kind), and the
//! resolution of squares and promotion into the legal [`Move`] they name.

use crate::generate::{generate_from, MoveList};
use crate::king_safety::KingSafety;
use ox88_board::{Board, CastlingMode, CastlingSide, Color, Move, MoveKind, Piece, Role, Square};
use std::fmt;

/// A move a checked path refused: the squares and promotion asked for,
/// and why no legal move fits them.
///
/// ```
/// use ox88_board::{Move, MoveKind, Square};
/// use ox88_movegen::{IllegalReason, Position};
/// let mut pos = Position::startpos();
/// // Built by hand with the wrong kind: refused, and told which move is meant.
/// let wrong = Move::new(Square::E2, Square::E4, MoveKind::Quiet);
/// let err = pos.play(wrong).unwrap_err();
/// let right = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
/// assert_eq!(err.reason, IllegalReason::WrongKind { given: MoveKind::Quiet, legal: right });
/// assert!(err.to_string().contains("a pawn's double push"), "{err}");
/// // The squares alone find the right move.
/// assert_eq!(pos.find_move(Square::E2, Square::E4, None), Ok(right));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The origin square asked for.
    pub from: Square,
    /// The destination asked for (for castling: as given, the rook's square
    /// or the king's destination).
    pub to: Square,
    /// The promotion asked for.
    pub promotion: Option<Role>,
    /// Why no legal move fits.
    pub reason: IllegalReason,
}

/// Why an [`IllegalMoveError`] was raised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// No piece of the side to move stands on the origin square (for SAN:
    /// no piece of the kind named, on the origin file or rank written).
    NoPiece {
        /// The side to move.
        side: Color,
    },
    /// The squares and promotion name the legal move `legal`, but the move
    /// was given with another kind (for example a two-square pawn advance
    /// marked [`MoveKind::Quiet`] instead of [`MoveKind::DoublePush`]).
    WrongKind {
        /// The kind given.
        given: MoveKind,
        /// The legal move with these squares.
        legal: Move,
    },
    /// A pawn reaching the last rank must promote: the role is missing.
    MissingPromotion,
    /// A promotion was asked for a move that does not promote.
    UnexpectedPromotion,
    /// The king's two-square move was given for castling in a Chess960
    /// position, where castling is written as the king taking its rook.
    Chess960Castling {
        /// The castling move meant.
        castle: Move,
    },
    /// The side to move has lost the right to castle on that side (SAN's
    /// "O-O" or "O-O-O").
    NoCastlingRight {
        /// The side of the board asked for.
        side: CastlingSide,
    },
    /// The piece has no legal move to that square (for SAN's castling: the
    /// king cannot castle now, though the right is kept).
    NoLegalMove {
        /// The piece on the origin square.
        piece: Piece,
        /// Whether the side to move is in check.
        in_check: bool,
    },
}

impl std::error::Error for IllegalMoveError {}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        let (from, to) = (self.from, self.to);
        match self.reason {
            IllegalReason::NoPiece { side } => write!(f, ": {side:?} has no piece on {from}"),
            IllegalReason::WrongKind { given, legal } => write!(
                f,
                " given as {}: the legal move with these squares is {} ({}); take moves from legal_moves() \
                 or find_move()",
                describe(given),
                legal.to_uci(CastlingMode::Chess960),
                describe(legal.kind())
            ),
            IllegalReason::MissingPromotion => {
                write!(f, ": a pawn reaching the last rank must promote; add the piece, like {from}{to}q")
            }
            IllegalReason::UnexpectedPromotion => write!(f, ": only a pawn reaching the last rank promotes"),
            IllegalReason::Chess960Castling { castle } => write!(
                f,
                ": in Chess960, castling is written as the king taking its rook: {}",
                castle.to_uci(CastlingMode::Chess960)
            ),
            IllegalReason::NoCastlingRight { side } => {
                write!(f, ": the side to move has no right to castle {}", castling_side_name(side))
            }
            IllegalReason::NoLegalMove { piece, in_check } => {
                write!(f, ": the {} on {from} has no legal move to {to}", piece.role().name())?;
                if in_check {
                    write!(f, " ({:?} is in check)", piece.color())?;
                }
                Ok(())
            }
        }
    }
}

/// A kind of move in words, for error messages.
fn describe(kind: MoveKind) -> String {
    match kind {
        MoveKind::Quiet => "a quiet move".into(),
        MoveKind::DoublePush => "a pawn's double push".into(),
        MoveKind::CastleShort => "short castling, the king taking its rook".into(),
        MoveKind::CastleLong => "long castling, the king taking its rook".into(),
        MoveKind::Capture => "a capture".into(),
        MoveKind::EnPassant => "an en-passant capture".into(),
        MoveKind::Promotion(role) => format!("a promotion to a {}", role.name()),
        MoveKind::PromotionCapture(role) => format!("a capture promoting to a {}", role.name()),
    }
}

/// A castling side in words, for error messages.
pub(crate) fn castling_side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::Short => "kingside",
        CastlingSide::Long => "queenside",
    }
}

/// The legal move that goes from `from` to `to` with `promotion`, or why
/// there is none.
///
/// Castling is found by the king taking its rook in both modes; in
/// [`CastlingMode::Standard`] also by the king's destination, as long as no
/// ordinary king move has the same squares (only possible in a Chess960
/// arrangement). In [`CastlingMode::Chess960`] a king move to its castling
/// destination is only ever an ordinary king move.
pub(crate) fn resolve(
    board: &Board,
    from: Square,
    to: Square,
    promotion: Option<Role>,
    mode: CastlingMode,
) -> Result<Move, IllegalMoveError> {
    let error = |reason| IllegalMoveError { from, to, promotion, reason };
    let side = board.side_to_move();
    let piece = match board.piece_at(from) {
        Some(piece) if piece.color() == side => piece,
        _ => return Err(error(IllegalReason::NoPiece { side })),
    };
    let safety = KingSafety::of(board);
    let mut list = MoveList::new();
    generate_from(board, &safety, from, &mut list);
    // An exact match is an ordinary move, or castling written king-takes-rook
    // (a king never captures its own rook otherwise, so this is unambiguous).
    if let Some(&m) = list.iter().find(|m| m.to() == to && m.promotion() == promotion) {
        return Ok(m);
    }
    let castle = list.iter().copied().find(|m| m.is_castle() && m.castle_king_target() == to);
    match (castle, mode) {
        (Some(_), _) if promotion.is_some() => Err(error(IllegalReason::UnexpectedPromotion)),
        (Some(castle), CastlingMode::Standard) => Ok(castle),
        (Some(castle), CastlingMode::Chess960) => Err(error(IllegalReason::Chess960Castling { castle })),
        (None, _) => {
            let same_squares = list.iter().filter(|m| m.to() == to);
            let reason = if same_squares.clone().any(|m| m.is_promotion()) && promotion.is_none() {
                IllegalReason::MissingPromotion
            } else if promotion.is_some() && (piece.role() != Role::Pawn || same_squares.clone().next().is_some()) {
                IllegalReason::UnexpectedPromotion
            } else {
                IllegalReason::NoLegalMove { piece, in_check: safety.in_check() }
            };
            Err(error(reason))
        }
    }
}

/// Why the move `m`, which is not legal here, was refused: its squares may
/// name a legal move of another kind.
pub(crate) fn diagnose(board: &Board, m: Move) -> IllegalMoveError {
    let (from, to, promotion) = (m.from(), m.to(), m.promotion());
    match resolve(board, from, to, promotion, CastlingMode::Standard) {
        Ok(legal) => {
            IllegalMoveError { from, to, promotion, reason: IllegalReason::WrongKind { given: m.kind(), legal } }
        }
        Err(error) => error,
    }
}
