//! [`PositionInput`]: how every request names a position (a FEN or a start,
//! and moves from it in SAN or UCI), and its reading into a [`Position`]
//! with errors that name the field and the token.

use ox88::board::{CastlingMode, FenRepair, Move};
use ox88::Position;
use ox88_http::{ApiError, ErrorCode};
use serde::Deserialize;
use utoipa::ToSchema;

/// A position: a start (the standard one, a FEN, or a Chess960 starting
/// position by number) and the moves played from it.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({"fen": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "moves": ["e1g1", "Bxe5"]}))]
pub struct PositionInput {
    /// The start as FEN (X-FEN and Shredder-FEN castling are read, so
    /// Chess960 positions load too). Absent: the standard start, or
    /// `chess960_start`.
    #[serde(default)]
    pub fen: Option<String>,
    /// Chess960 starting position 0..959 (Scharnagl's numbering; 518 is the
    /// standard arrangement), instead of a FEN.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 959)]
    pub chess960_start: Option<u16>,
    /// Read the FEN leniently: drop castling rights whose king or rook is
    /// missing, clear an impossible en-passant square, read fullmove 0 as
    /// 1. The answer lists each repair.
    #[serde(default)]
    pub lenient: bool,
    /// Write and read castling as the king taking its rook ("e1h1"), as
    /// Chess960 does. Absent: Chess960 when the start needs it.
    #[serde(default)]
    pub chess960: Option<bool>,
    /// Moves played from the start, each in SAN ("Nf3", "O-O") or UCI
    /// ("g1f3", "e1g1"), mixed as you like.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// A position read from a request, with the FEN repairs made.
#[derive(Debug)]
pub struct ReadPosition {
    /// The position after the moves.
    pub position: Position,
    /// The repairs the lenient reader made, in words.
    pub repairs: Vec<String>,
}

impl PositionInput {
    /// The start position, before any move, and the repairs made reading
    /// its FEN. `prefix` is prepended to field names in errors (`""`, or
    /// `games[2].` for nested inputs).
    pub fn start(&self, prefix: &str) -> Result<ReadPosition, ApiError> {
        let (mut position, repairs) = match (&self.fen, self.chess960_start) {
            (Some(_), Some(_)) => {
                return Err(ApiError::invalid(
                    format!("{prefix}chess960_start"),
                    "give either fen or chess960_start, not both",
                ))
            }
            (None, None) => (Position::startpos(), Vec::new()),
            (None, Some(number)) => {
                let position = Position::chess960(number).ok_or_else(|| {
                    ApiError::invalid(
                        format!("{prefix}chess960_start"),
                        format!("Chess960 start {number} is out of range 0..959"),
                    )
                })?;
                (position, Vec::new())
            }
            (Some(fen), None) => read_fen(fen, self.lenient).map_err(|e| e.field(format!("{prefix}fen")))?,
        };
        if let Some(chess960) = self.chess960 {
            position.set_castling_mode(if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard });
        }
        Ok(ReadPosition { position, repairs })
    }

    /// The position after every move, or the first move that fails.
    pub fn read(&self, prefix: &str, max_moves: usize) -> Result<ReadPosition, ApiError> {
        let mut read = self.start(prefix)?;
        check_move_count(self.moves.len(), max_moves, prefix)?;
        for (index, text) in self.moves.iter().enumerate() {
            let m = read_move(&read.position, text, index, prefix)?;
            read.position.play_unchecked(m); // read_move returns only legal moves
        }
        Ok(read)
    }
}

/// 422 when a request lists more moves than the server reads.
pub fn check_move_count(count: usize, max_moves: usize, prefix: &str) -> Result<(), ApiError> {
    if count > max_moves {
        return Err(ApiError::too_much_work(
            format!("{prefix}moves"),
            format!("{count} moves; this server reads at most {max_moves}"),
        ));
    }
    Ok(())
}

/// Reads `fen`, strictly or leniently.
fn read_fen(fen: &str, lenient: bool) -> Result<(Position, Vec<String>), ApiError> {
    let invalid = |e: ox88::board::FenError| ApiError::new(ErrorCode::InvalidFen, format!("FEN {fen:?}: {e}"));
    if lenient {
        let (position, repairs) = Position::from_fen_lenient(fen).map_err(invalid)?;
        Ok((position, repairs.iter().map(describe_repair).collect()))
    } else {
        Ok((Position::from_fen(fen).map_err(invalid)?, Vec::new()))
    }
}

/// A FEN repair in words.
fn describe_repair(repair: &FenRepair) -> String {
    match repair {
        FenRepair::DroppedCastling { color, side: Some(side) } => {
            format!("dropped {color:?}'s {side:?} castling right: its king or rook is missing")
        }
        FenRepair::DroppedCastling { color, side: None } => {
            format!("dropped a castling right of {color:?} that matches no rook")
        }
        FenRepair::ClearedEnPassant { square } => {
            format!("cleared the en-passant square {square}: no double push could have made it")
        }
        FenRepair::FullmoveNumberZero => "read fullmove number 0 as 1".to_owned(),
    }
}

/// The legal move `text` names, the `index`th of the request's list; the
/// error names the field, the index, the text and why.
pub fn read_move(position: &Position, text: &str, index: usize, prefix: &str) -> Result<Move, ApiError> {
    position.parse_move(text).map_err(|reason| {
        ApiError::new(ErrorCode::IllegalMove, format!("move {index} {text:?}: {reason}"))
            .field(format!("{prefix}moves[{index}]"))
    })
}
