//! EPD: a position and its operations (`bm`, `am`, `id`, `c0`..`c9`,
//! `D1`..`Dn`, `pm`, `acd`, and any other opcode kept as raw text), with
//! move operands resolved against the position.

use crate::{MoveGen, Notation, SanError};
use ox88_board::{Board, FenError, Move};
use std::borrow::Cow;
use std::fmt::{self, Write};

/// One EPD line: the position and its operations, in the order written.
///
/// ```
/// use ox88_movegen::{Epd, Operation};
/// let epd: Epd = r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#.parse()?;
/// assert_eq!(epd.id(), Some("WAC.001"));
/// assert_eq!(epd.best_moves().unwrap()[0].to_string(), "g3g6");
/// assert_eq!(epd.to_string(), r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#);
/// # Ok::<(), ox88_movegen::EpdError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Epd {
    /// The position. Its clocks come from FEN-style fields after the
    /// castling and en-passant fields, else from `hmvc` and `fmvn`, else
    /// are 0 and 1.
    pub board: Board,
    /// The operations, in the order written.
    pub operations: Vec<Operation>,
}

/// An EPD operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operation {
    /// `bm`: the best moves (any of them solves a test position).
    BestMoves(Vec<Move>),
    /// `am`: moves to avoid.
    AvoidMoves(Vec<Move>),
    /// `pm`: the predicted move.
    PredictedMove(Move),
    /// `id`: the position's name.
    Id(String),
    /// `c0`..`c9`: comments.
    Comment {
        /// The digit of the opcode, 0 to 9.
        index: u8,
        /// The comment.
        text: String,
    },
    /// `D1`..`Dn`: a perft count, as the perft suites write them.
    Perft {
        /// The depth, `n` of `Dn`.
        depth: u32,
        /// The number of leaf nodes at that depth.
        nodes: u64,
    },
    /// `acd`: the depth the analysis reached, in plies.
    AnalysisDepth(u32),
    /// Any other opcode, with its operands as written.
    Other {
        /// The opcode.
        opcode: String,
        /// The operands, as written (quotes included), trimmed.
        operands: String,
    },
}

/// Why an EPD line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EpdError {
    /// The position fields are invalid.
    #[error("invalid EPD position: {0}")]
    Position(#[from] FenError),
    /// An opcode does not start with a letter or holds other characters than
    /// letters, digits and '_'.
    #[error("invalid EPD opcode {opcode:?}")]
    Opcode {
        /// The opcode as written.
        opcode: String,
    },
    /// A string operand has no closing quote.
    #[error("unterminated string in EPD operation {opcode}")]
    UnterminatedString {
        /// The opcode.
        opcode: String,
    },
    /// An operand has the wrong form or count for its opcode.
    #[error("invalid operand {operands:?} for EPD operation {opcode}: {expected}")]
    Operand {
        /// The opcode.
        opcode: String,
        /// The operands as written.
        operands: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A move operand names no single legal move.
    #[error("EPD operation {opcode}: {source}")]
    Move {
        /// The opcode.
        opcode: String,
        /// Why the move was not accepted.
        source: SanError,
    },
}

impl Epd {
    /// Reads every line of an EPD file or perft suite: the line number
    /// (from 1) and the line read, blank lines and `#` comments skipped.
    ///
    /// ```
    /// use ox88_movegen::Epd;
    /// let suite = "# perft\n\n4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n";
    /// let lines: Vec<_> = Epd::read_lines(suite).collect();
    /// assert_eq!(lines.len(), 1);
    /// let (number, epd) = (lines[0].0, lines[0].1.as_ref().unwrap());
    /// assert_eq!(number, 3);
    /// assert_eq!(epd.perft_counts().collect::<Vec<_>>(), [(1, 15), (2, 66)]);
    /// ```
    pub fn read_lines(text: &str) -> impl Iterator<Item = (usize, Result<Epd, EpdError>)> + '_ {
        text.lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
            .map(|(index, line)| (index + 1, line.parse()))
    }
    /// The perft counts (`D1`..`Dn` operations) as (depth, nodes), in the
    /// order written.
    pub fn perft_counts(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.operations.iter().filter_map(|op| match *op {
            Operation::Perft { depth, nodes } => Some((depth, nodes)),
            _ => None,
        })
    }
    /// The first `bm` operation's moves.
    pub fn best_moves(&self) -> Option<&[Move]> {
        self.operations.iter().find_map(|op| match op {
            Operation::BestMoves(moves) => Some(moves.as_slice()),
            _ => None,
        })
    }
    /// The first `am` operation's moves.
    pub fn avoid_moves(&self) -> Option<&[Move]> {
        self.operations.iter().find_map(|op| match op {
            Operation::AvoidMoves(moves) => Some(moves.as_slice()),
            _ => None,
        })
    }
    /// The `id` operation's name.
    pub fn id(&self) -> Option<&str> {
        self.operations.iter().find_map(|op| match op {
            Operation::Id(id) => Some(id.as_str()),
            _ => None,
        })
    }
}

impl Epd {
    /// The value of the `hmvc` or `fmvn` operation, or `default`.
    fn clock_operation(&self, opcode: &str, default: u16) -> Option<u16> {
        let op = self.operations.iter().find_map(|op| match op {
            Operation::Other { opcode: o, operands } if o == opcode => Some(operands),
            _ => None,
        });
        match op {
            None => Some(default),
            Some(operands) => operands.parse().ok(),
        }
    }
}

impl Operation {
    /// The opcode, as EPD writes it.
    pub fn opcode(&self) -> Cow<'_, str> {
        match self {
            Operation::BestMoves(_) => "bm".into(),
            Operation::AvoidMoves(_) => "am".into(),
            Operation::PredictedMove(_) => "pm".into(),
            Operation::Id(_) => "id".into(),
            Operation::Comment { index, .. } => format!("c{index}").into(),
            Operation::Perft { depth, .. } => format!("D{depth}").into(),
            Operation::AnalysisDepth(_) => "acd".into(),
            Operation::Other { opcode, .. } => opcode.as_str().into(),
        }
    }

    /// Builds the operation `opcode` from its operand tokens, resolving
    /// moves against `board`.
    fn parse(board: &Board, opcode: &str, operands: &[Operand<'_>], raw: &str) -> Result<Operation, EpdError> {
        let bad = |expected| EpdError::Operand { opcode: opcode.to_owned(), operands: raw.to_owned(), expected };
        let moves = || -> Result<Vec<Move>, EpdError> {
            if operands.is_empty() {
                return Err(bad("one or more moves"));
            }
            operands
                .iter()
                .map(|o| match o {
                    Operand::Token(text) => {
                        board.parse_san(text).map_err(|source| EpdError::Move { opcode: opcode.to_owned(), source })
                    }
                    Operand::Quoted(_) => Err(bad("moves, not a string")),
                })
                .collect()
        };
        let string = || match operands {
            [Operand::Quoted(text)] => Ok(text.clone()),
            // Tolerate an unquoted single word.
            [Operand::Token(text)] => Ok((*text).to_owned()),
            _ => Err(bad("one string")),
        };
        let number = || match operands {
            [Operand::Token(text)] => text.parse::<u64>().map_err(|_| bad("a number")),
            _ => Err(bad("a number")),
        };
        let digits = opcode.get(1..).filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
        Ok(match (opcode, digits) {
            ("bm", _) => Operation::BestMoves(moves()?),
            ("am", _) => Operation::AvoidMoves(moves()?),
            ("pm", _) => match moves()?.as_slice() {
                [m] => Operation::PredictedMove(*m),
                _ => return Err(bad("one move")),
            },
            ("id", _) => Operation::Id(string()?),
            ("acd", _) => Operation::AnalysisDepth(u32::try_from(number()?).map_err(|_| bad("a depth"))?),
            (_, Some(d)) if opcode.starts_with('c') && d.len() == 1 => {
                Operation::Comment { index: d.as_bytes()[0] - b'0', text: string()? }
            }
            (_, Some(d)) if opcode.starts_with('D') => {
                Operation::Perft { depth: d.parse().map_err(|_| bad("a depth"))?, nodes: number()? }
            }
            _ => Operation::Other { opcode: opcode.to_owned(), operands: raw.to_owned() },
        })
    }

    /// Writes the operands (moves in SAN in `board`).
    fn write_operands(&self, board: &Board, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let write_moves = |f: &mut fmt::Formatter<'_>, moves: &[Move]| {
            for (i, &m) in moves.iter().enumerate() {
                if i > 0 {
                    f.write_char(' ')?;
                }
                // A move that is not legal here (in an `Epd` built by hand)
                // has no SAN: it is written in UCI, which reading rejects.
                if board.is_legal(m) {
                    write!(f, "{}", board.san(m))?;
                } else {
                    write!(f, "{}", m.to_uci(ox88_board::CastlingMode::Chess960))?;
                }
            }
            Ok(())
        };
        match self {
            Operation::BestMoves(moves) | Operation::AvoidMoves(moves) => write_moves(f, moves),
            Operation::PredictedMove(m) => write_moves(f, &[*m]),
            Operation::Id(text) | Operation::Comment { text, .. } => write_quoted(f, text),
            Operation::Perft { nodes, .. } => write!(f, "{nodes}"),
            Operation::AnalysisDepth(depth) => write!(f, "{depth}"),
            Operation::Other { operands, .. } => f.write_str(operands),
        }
    }
}

fn write_quoted(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in text.chars() {
        if c == '"' || c == '\\' {
            f.write_char('\\')?;
        }
        f.write_char(c)?;
    }
    f.write_char('"')
}

/// The line as EPD: the four position fields, then each operation as
/// `opcode operands;`. Clocks that the `hmvc` and `fmvn` operations (or
/// their absence: 0 and 1) do not give are written as FEN's two clock
/// fields after the position, which the reader accepts.
impl fmt::Display for Epd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.board.epd())?;
        let clocks = (self.board.halfmove_clock(), self.board.fullmove_number());
        if (Some(clocks.0), Some(clocks.1)) != (self.clock_operation("hmvc", 0), self.clock_operation("fmvn", 1)) {
            // As the perft suites write them: FEN's clock fields.
            write!(f, " {} {}", clocks.0, clocks.1)?;
        }
        for op in &self.operations {
            write!(f, " {}", op.opcode())?;
            if !matches!(op, Operation::Other { operands, .. } if operands.is_empty()) {
                f.write_char(' ')?;
                op.write_operands(&self.board, f)?;
            }
            f.write_char(';')?;
        }
        Ok(())
    }
}

/// An operand token of an EPD operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Operand<'a> {
    /// A bare token (a move, a number, a word).
    Token(&'a str),
    /// A double-quoted string, unescaped.
    Quoted(String),
}

/// Builds an [`Operation`] (for the line reader).
pub(crate) fn operation(
    board: &Board,
    opcode: &str,
    operands: &[Operand<'_>],
    raw: &str,
) -> Result<Operation, EpdError> {
    Operation::parse(board, opcode, operands, raw)
}
