//! [`PackedPosition`]: one labelled position in 32 bytes (layout in the
//! module documentation).

use ox88_board::{Board, CastlingMode, Color, GameResult, Piece, Role, Square};
use std::fmt::Write;

/// The size of one record in bytes.
pub const RECORD_SIZE: usize = 32;

/// The code of a rook that may still castle.
const CASTLING_ROOK: u8 = 6;
/// The colour bit of a piece code.
const BLACK: u8 = 8;
/// The en-passant field's value when there is no en-passant square.
const NO_EN_PASSANT: u8 = 64;
/// The flag of a game that began from a Chess960 arrangement.
const FLAG_CHESS960: u8 = 1;

/// The result byte of a record whose game has no result (ox88 never writes
/// one; readers skip it).
const NO_RESULT: u8 = 0xff;

/// The result byte: White's score in half points (0 loss, 1 draw, 2 win).
fn result_byte(result: GameResult) -> u8 {
    match result.score_for(Color::White) {
        Some(points) => (points * 2.0) as u8,
        None => NO_RESULT,
    }
}

/// A position with its label, packed into [`RECORD_SIZE`] bytes.
///
/// ```
/// use ox88_board::{Board, CastlingMode, Color, GameResult};
/// use ox88_train::data::PackedPosition;
/// let board: Board = "r3k2r/8/8/8/4Pp2/8/8/R3K2R b KQkq e3 0 30".parse().unwrap();
/// let packed = PackedPosition::new(&board, 120, GameResult::Win(Color::White), CastlingMode::Standard);
/// assert_eq!(packed.score(), 120);
/// assert_eq!(packed.result(), GameResult::Win(Color::White));
/// assert_eq!(packed.to_board().unwrap(), board);
/// assert_eq!(PackedPosition::from_bytes(packed.to_bytes()), packed);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PackedPosition {
    bytes: [u8; RECORD_SIZE],
}

impl PackedPosition {
    /// Packs `board` with its search score (centipawns, White's point of
    /// view, clamped to the `i16` range), the game's result, and whether the
    /// game began from a Chess960 arrangement (`castling`).
    pub fn new(board: &Board, white_score: i32, result: GameResult, castling: CastlingMode) -> PackedPosition {
        let mut bytes = [0u8; RECORD_SIZE];
        let mut occupied = 0u64;
        let mut nibble = 0;
        for square in Square::all() {
            let Some(piece) = board.piece_at(square) else { continue };
            occupied |= 1 << square.index64();
            let castles = piece.role() == Role::Rook
                && board.castling().iter().any(|(color, _, rook)| color == piece.color() && rook == square);
            let role = if castles { CASTLING_ROOK } else { piece.role().index() as u8 };
            let code = role | if piece.color() == Color::Black { BLACK } else { 0 };
            bytes[8 + nibble / 2] |= code << (4 * (nibble % 2));
            nibble += 1;
        }
        bytes[0..8].copy_from_slice(&occupied.to_le_bytes());
        let ep = board.en_passant().map_or(NO_EN_PASSANT, |sq| sq.index64() as u8);
        bytes[24] = ep | if board.side_to_move() == Color::Black { 0x80 } else { 0 };
        bytes[25] = board.halfmove_clock().min(255) as u8;
        bytes[26..28].copy_from_slice(&board.fullmove_number().to_le_bytes());
        let score = white_score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        bytes[28..30].copy_from_slice(&score.to_le_bytes());
        bytes[30] = result_byte(result);
        bytes[31] = if castling == CastlingMode::Chess960 { FLAG_CHESS960 } else { 0 };
        PackedPosition { bytes }
    }

    /// The record as bytes.
    pub fn to_bytes(self) -> [u8; RECORD_SIZE] {
        self.bytes
    }

    /// A record read from bytes; nothing is checked until it is used
    /// ([`to_board`](Self::to_board) validates the position).
    pub fn from_bytes(bytes: [u8; RECORD_SIZE]) -> PackedPosition {
        PackedPosition { bytes }
    }

    /// The occupied squares as a bitboard (bit `i` is square `i`, a1 = 0).
    pub fn occupied(&self) -> u64 {
        u64::from_le_bytes(self.bytes[0..8].try_into().expect("eight bytes"))
    }

    /// The pieces on the board in increasing square order, as
    /// `(square index 0..64, colour, role)`; castling rooks read as rooks.
    /// Allocation-free, for feature extraction.
    pub fn pieces(&self) -> impl Iterator<Item = (u8, Color, Role)> + '_ {
        let mut occupied = self.occupied();
        (0..32usize).map_while(move |i| {
            if occupied == 0 {
                return None;
            }
            let square = occupied.trailing_zeros() as u8;
            occupied &= occupied - 1;
            let code = (self.bytes[8 + i / 2] >> (4 * (i % 2))) & 0xf;
            let color = if code & BLACK != 0 { Color::Black } else { Color::White };
            let role = match code & 7 {
                CASTLING_ROOK => Role::Rook,
                // Codes 7 (and any above 5 but 6) are invalid; read as a pawn so
                // that garbage never panics here (`to_board` rejects it).
                r => Role::from_index(usize::from(r)).unwrap_or(Role::Pawn),
            };
            Some((square, color, role))
        })
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        if self.bytes[24] & 0x80 != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The fullmove number.
    pub fn fullmove_number(&self) -> u16 {
        u16::from_le_bytes([self.bytes[26], self.bytes[27]])
    }

    /// The search score in centipawns from White's point of view.
    pub fn score(&self) -> i16 {
        i16::from_le_bytes([self.bytes[28], self.bytes[29]])
    }

    /// The search score from the side to move's point of view.
    pub fn score_for_side_to_move(&self) -> i16 {
        match self.side_to_move() {
            Color::White => self.score(),
            Color::Black => self.score().saturating_neg(),
        }
    }

    /// The game's result (`Unknown` for a byte that is no result).
    pub fn result(&self) -> GameResult {
        match self.bytes[30] {
            0 => GameResult::Win(Color::Black),
            1 => GameResult::Draw,
            2 => GameResult::Win(Color::White),
            _ => GameResult::Unknown,
        }
    }

    /// Whether the game began from a Chess960 arrangement.
    pub fn is_chess960(&self) -> bool {
        self.bytes[31] & FLAG_CHESS960 != 0
    }

    /// Whether either side may still castle (a rook with a castling right
    /// is on the board). Without castling rights the rules of chess treat
    /// the a- and h-files alike, so the position mirrored left to right has
    /// the same value: a trainer may use both.
    pub fn may_castle(&self) -> bool {
        let pieces = self.occupied().count_ones() as usize;
        (0..pieces.min(32)).any(|i| (self.bytes[8 + i / 2] >> (4 * (i % 2))) & 7 == CASTLING_ROOK)
    }

    /// The bytes that identify the position (pieces, castling rooks, side to
    /// move and en passant; not the clocks or the label), for deduplication.
    pub fn position_bytes(&self) -> &[u8] {
        &self.bytes[0..25]
    }

    /// The position as FEN (Shredder-FEN castling letters), or `None` if
    /// the record is malformed.
    pub fn fen(&self) -> Option<String> {
        let mut grid = [None::<(Piece, bool)>; 64];
        let mut occupied = self.occupied();
        for i in 0..32usize {
            if occupied == 0 {
                break;
            }
            let square = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let code = (self.bytes[8 + i / 2] >> (4 * (i % 2))) & 0xf;
            let color = if code & BLACK != 0 { Color::Black } else { Color::White };
            let (role, castles) = match code & 7 {
                CASTLING_ROOK => (Role::Rook, true),
                r => (Role::from_index(usize::from(r))?, false),
            };
            grid[square] = Some((Piece::new(color, role), castles));
        }
        if occupied != 0 {
            return None;
        }
        let mut fen = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match grid[rank * 8 + file] {
                    None => empty += 1,
                    Some((piece, _)) => {
                        if empty > 0 {
                            write!(fen, "{empty}").ok()?;
                            empty = 0;
                        }
                        fen.push(piece.char());
                    }
                }
            }
            if empty > 0 {
                write!(fen, "{empty}").ok()?;
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if self.side_to_move() == Color::White { " w " } else { " b " });
        let mut castling = String::new();
        for color in Color::ALL {
            for (square, cell) in grid.iter().enumerate() {
                if let Some((piece, true)) = cell {
                    if piece.color() == color {
                        let file = char::from(b'a' + (square % 8) as u8);
                        castling.push(if color == Color::White { file.to_ascii_uppercase() } else { file });
                    }
                }
            }
        }
        fen.push_str(if castling.is_empty() { "-" } else { &castling });
        let ep = self.bytes[24] & 0x7f;
        if ep == NO_EN_PASSANT {
            fen.push_str(" -");
        } else {
            write!(fen, " {}", Square::from_index64(ep)?).ok()?;
        }
        write!(fen, " {} {}", self.bytes[25], self.fullmove_number()).ok()?;
        Some(fen)
    }

    /// The position, or `None` if the record does not hold a valid one.
    pub fn to_board(&self) -> Option<Board> {
        let board = Board::from_fen(&self.fen()?).ok()?;
        // Each castling rook must have given a right (a rook on the wrong rank
        // or with no king beside it is rejected by the FEN reader already).
        let rights = board.castling().iter().count();
        let rooks = self.pieces_codes().filter(|&c| c & 7 == CASTLING_ROOK).count();
        (rights == rooks).then_some(board)
    }

    fn pieces_codes(&self) -> impl Iterator<Item = u8> + '_ {
        let count = self.occupied().count_ones() as usize;
        (0..count.min(32)).map(move |i| (self.bytes[8 + i / 2] >> (4 * (i % 2))) & 0xf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_standard_and_chess960_positions() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "4k3/8/8/8/8/8/8/4K3 b - - 254 300",
        ] {
            let board: Board = fen.parse().unwrap();
            let packed = PackedPosition::new(&board, -77, GameResult::Draw, CastlingMode::Chess960);
            assert_eq!(packed.result(), GameResult::Draw);
            assert_eq!(packed.to_board().as_ref(), Some(&board), "{fen}");
            assert_eq!(packed.pieces().count(), board.pieces(Color::White).len() + board.pieces(Color::Black).len());
            assert_eq!(packed.score(), -77);
            assert_eq!(packed.score_for_side_to_move(), if board.side_to_move() == Color::White { -77 } else { 77 });
            assert!(packed.is_chess960());
            assert_eq!(packed.may_castle(), !board.castling().is_empty(), "{fen}");
        }
    }

    #[test]
    fn results_round_trip() {
        for result in GameResult::ALL {
            let packed = PackedPosition::new(&Board::startpos(), 0, result, CastlingMode::Standard);
            assert_eq!((packed.result(), packed.is_chess960()), (result, false));
        }
    }

    #[test]
    fn garbage_never_panics() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let mut bytes = [0u8; RECORD_SIZE];
            for b in &mut bytes {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *b = state as u8;
            }
            let packed = PackedPosition::from_bytes(bytes);
            let _ = packed.pieces().count();
            let _ = packed.to_board();
            let _ = packed.result();
            let _ = packed.may_castle();
        }
    }
}
