//! Standard Algebraic Notation: the [`San`] and [`SanPlus`] types and
//! writing a move of a position in SAN, as the PGN standard (section 8.2.3)
//! defines it. Reading SAN is in `san_parse`.

use crate::king_safety::KingSafety;
use crate::MoveGen;
use ox88_board::geometry::{self, SLIDER_MASK};
use ox88_board::{Board, CastlingSide, File, Move, MoveKind, Piece, Rank, Role, Square};
use std::fmt::{self, Write};

/// A move in SAN without its check suffix, independent of any position:
/// "Nbd7", "exd6", "e8=Q", "O-O".
///
/// Made by [`Notation::san`](crate::Notation::san) (minimal, as PGN
/// writes it) or parsed from text (then perhaps over- or under-specified, as
/// people write it). Display writes it without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// Any move but castling.
    Normal {
        /// The moving piece (a pawn when no letter is written).
        role: Role,
        /// The origin file, when written (always for pawn captures).
        file: Option<File>,
        /// The origin rank, when written.
        rank: Option<Rank>,
        /// Whether the move is written as a capture ("x").
        capture: bool,
        /// The destination square.
        to: Square,
        /// The promotion role ("=Q").
        promotion: Option<Role>,
    },
    /// Castling, "O-O" or "O-O-O".
    Castle(CastlingSide),
}

/// The check or mate mark at the end of a SAN move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// "+": the move gives check.
    Check,
    /// "#": the move mates.
    Checkmate,
}

/// A SAN move with its check or mate suffix, as PGN writes it: "Qxf7#".
///
/// ```
/// use ox88_board::Board;
/// use ox88_movegen::{MoveGen, Notation};
/// let board: Board = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4".parse().unwrap();
/// let mate = board.parse_san("Qxf7").unwrap();
/// assert_eq!(board.san(mate).to_string(), "Qxf7#");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// The check or mate mark, if any.
    pub suffix: Option<Suffix>,
}

impl San {
    /// Appends the SAN to `text`, as [`Display`](fmt::Display) writes it
    /// but without the formatting machinery: for writing the moves of many
    /// games.
    ///
    /// ```
    /// use ox88_movegen::SanPlus;
    /// let mut text = String::from("1. ");
    /// "exd8=Q+".parse::<SanPlus>()?.push_to(&mut text);
    /// assert_eq!(text, "1. exd8=Q+");
    /// # Ok::<(), ox88_movegen::ParseSanError>(())
    /// ```
    #[inline]
    pub fn push_to(&self, text: &mut String) {
        // Writing to a String cannot fail.
        let _ = self.write(text);
    }

    /// Writes the SAN (generic, so that a `String` is written to directly).
    #[inline]
    fn write<W: Write>(&self, f: &mut W) -> fmt::Result {
        match *self {
            San::Castle(CastlingSide::Short) => f.write_str("O-O"),
            San::Castle(CastlingSide::Long) => f.write_str("O-O-O"),
            San::Normal { role, file, rank, capture, to, promotion } => {
                if role != Role::Pawn {
                    f.write_char(role.upper_char())?;
                }
                if let Some(file) = file {
                    f.write_char(file.char())?;
                }
                if let Some(rank) = rank {
                    f.write_char(rank.char())?;
                }
                if capture {
                    f.write_char('x')?;
                }
                f.write_char(to.file().char())?;
                f.write_char(to.rank().char())?;
                if let Some(role) = promotion {
                    f.write_char('=')?;
                    f.write_char(role.upper_char())?;
                }
                Ok(())
            }
        }
    }
}

impl SanPlus {
    /// Appends the SAN and its suffix to `text`, as [`Display`](fmt::Display)
    /// writes them but without the formatting machinery (see
    /// [`San::push_to`]).
    #[inline]
    pub fn push_to(&self, text: &mut String) {
        self.san.push_to(text);
        if let Some(suffix) = self.suffix {
            text.push(suffix.char());
        }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f)
    }
}

impl Suffix {
    /// The mark: `+` or `#`.
    pub fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }
}

impl fmt::Display for Suffix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.char())
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.san, f)?;
        if let Some(suffix) = self.suffix {
            fmt::Display::fmt(&suffix, f)?;
        }
        Ok(())
    }
}

/// The SAN of the legal move `m`, without the check suffix. Any other move
/// gets some SAN without a panic: with no piece to move, its full origin
/// square.
pub(crate) fn san(board: &Board, m: Move) -> San {
    match m.kind() {
        MoveKind::CastleShort => return San::Castle(CastlingSide::Short),
        MoveKind::CastleLong => return San::Castle(CastlingSide::Long),
        _ => {}
    }
    let (from, to) = (m.from(), m.to());
    let capture = m.is_capture();
    let Some(piece) = board.piece_at(from) else {
        let (file, rank) = (Some(from.file()), Some(from.rank()));
        return San::Normal { role: Role::Pawn, file, rank, capture, to, promotion: m.promotion() };
    };
    let (file, rank) = match piece.role() {
        Role::Pawn => (capture.then_some(from.file()), None),
        Role::King => (None, None),
        _ => disambiguation(board, m, piece),
    };
    San::Normal { role: piece.role(), file, rank, capture, to, promotion: m.promotion() }
}

/// The SAN of the legal move `m` with its check or mate suffix (for any
/// other move, some SAN without a suffix).
pub(crate) fn san_plus(board: &Board, m: Move) -> SanPlus {
    let san = san(board, m);
    // Only a legal move may be made to see whether it mates; most moves give
    // no check, so legality is tested only for those that do.
    let suffix = if board.gives_check(m) && board.is_legal(m) {
        let mut after = board.clone();
        after.make_move_unchecked(m);
        Some(if after.has_legal_moves() { Suffix::Check } else { Suffix::Checkmate })
    } else {
        None
    };
    SanPlus { san, suffix }
}

/// The origin file and rank to write for a piece move: none when no other
/// piece of the same kind can legally go to the same square; else the file
/// if it tells them apart, else the rank, else both (PGN 8.2.3.4).
fn disambiguation(board: &Board, m: Move, piece: Piece) -> (Option<File>, Option<Rank>) {
    let (from, to) = (m.from(), m.to());
    let mut safety: Option<KingSafety> = None;
    let (mut others, mut same_file, mut same_rank) = (false, false, false);
    for &square in board.pieces(piece.color()) {
        if square == from || board.piece_at(square) != Some(piece) || !reaches(board, piece, square, to) {
            continue;
        }
        // A pinned piece that would leave its line is not a candidate.
        let safety = safety.get_or_insert_with(|| KingSafety::of(board));
        if !keeps_king_safe(board, safety, square, to) {
            continue;
        }
        others = true;
        same_file |= square.file() == from.file();
        same_rank |= square.rank() == from.rank();
    }
    match (others, same_file, same_rank) {
        (false, _, _) => (None, None),
        (true, false, _) => (Some(from.file()), None),
        (true, true, false) => (None, Some(from.rank())),
        (true, true, true) => (Some(from.file()), Some(from.rank())),
    }
}

/// Whether `piece` on `from` attacks `to` on this board.
fn reaches(board: &Board, piece: Piece, from: Square, to: Square) -> bool {
    geometry::pseudo_attacks(piece, from, to)
        && (geometry::piece_mask(piece) & SLIDER_MASK == 0 || board.path_clear(from, to, &[]))
}

/// Whether a (non-king) piece moving from `from` to `to` leaves its king
/// safe: not pinned off its line, and resolving any check.
fn keeps_king_safe(board: &Board, safety: &KingSafety, from: Square, to: Square) -> bool {
    if safety.in_check() || safety.pin(from).is_some() {
        // Rare: let the generator decide, with the move's real kind.
        let kind = if board.piece_at(to).is_some() { MoveKind::Capture } else { MoveKind::Quiet };
        return board.is_legal(Move::new(from, to, kind));
    }
    true
}

#[cfg(test)]
mod tests {
    use crate::Notation;
    use ox88_board::Board;

    fn sans(fen: &str) -> Vec<String> {
        use crate::MoveGen;
        let board: Board = fen.parse().expect("valid FEN");
        let mut all: Vec<String> = board.legal_moves().iter().map(|&m| board.san(m).to_string()).collect();
        all.sort();
        all
    }

    #[test]
    fn start_position() {
        let all = sans(ox88_board::STARTPOS_FEN);
        assert_eq!(all.len(), 20);
        assert!(all.contains(&"Nf3".to_string()) && all.contains(&"e4".to_string()));
    }

    #[test]
    fn file_then_rank_then_both() {
        // Knights on b1 and f3 to d2: file. Rooks a1 and a5 to a3: rank.
        // Queens on h4, e4 and h1, all reaching e1: both for the one on h4.
        let all = sans("2k5/8/7K/R7/4Q2Q/5N2/8/RN5Q w - - 0 1");
        for expected in ["Nbd2", "Nfd2", "R1a3", "R5a3", "Qh4e1", "Qee1", "Q1e1"] {
            assert!(all.contains(&expected.to_string()), "{expected} not in {all:?}");
        }
    }

    #[test]
    fn castling_and_promotion() {
        let all = sans("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for expected in ["O-O", "O-O-O", "b8=Q+", "bxa8=N", "bxa8=Q+", "Rxa8+"] {
            assert!(all.contains(&expected.to_string()), "{expected} not in {all:?}");
        }
    }
}
