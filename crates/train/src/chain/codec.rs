//! One game's bytes: the encoder and the decoder of the game stream
//! (layout in the module documentation).

use super::ChainError;
use crate::data::PackedPosition;
use ox88_board::{Board, CastlingMode, Color, GameResult, Move, Score};
use ox88_movegen::{move_index, ordered_legal_moves, MoveGen, MoveList};

/// The start byte of a game from a Chess960 arrangement (518: the standard one).
const START_ARRANGEMENT: u8 = 0;
/// The start byte of a game from any position, packed as a 32-byte record.
const START_POSITION: u8 = 1;
/// The bit of the flags byte set for a game in Chess960 castling mode.
const FLAG_CHESS960: u8 = 4;
/// The entry that ends a game.
const END: u8 = 0xff;
/// The entry of a last position searched but not played from: its best
/// move and score follow, and the game ends.
const LAST: u8 = 0xfe;

/// Where a game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainStart {
    /// Chess960 arrangement `0..960` in Scharnagl's numbering (518 is the
    /// standard start position).
    Arrangement(u16),
    /// Any legal position (a book line's end, a FEN).
    Position(Box<Board>),
}

impl ChainStart {
    /// The start's board, or `None` for an arrangement number out of range.
    pub fn board(&self) -> Option<Board> {
        match self {
            ChainStart::Arrangement(number) => Board::chess960(*number),
            ChainStart::Position(board) => Some((**board).clone()),
        }
    }
}

/// One ply of a game: the move played and the search's score of the
/// position it was played from, in centipawns from White's side (`None`
/// for a position with a single legal move, played without a search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainPly {
    /// The move played.
    pub mv: Move,
    /// The search's score of the position before the move (White's side).
    pub score: Option<i16>,
}

/// A game as a chain: its start, the moves of its opening (random plies,
/// not searched), then each searched ply with its score, and the result.
///
/// ```
/// use ox88_board::{CastlingMode, GameResult, Move, MoveKind, Square};
/// use ox88_train::chain::{ChainGame, ChainPly, ChainStart};
/// let mut game = ChainGame::new(ChainStart::Arrangement(518), CastlingMode::Standard);
/// game.opening.push(Move::new(Square::E2, Square::E4, MoveKind::DoublePush));
/// game.plies.push(ChainPly { mv: Move::new(Square::E7, Square::E5, MoveKind::DoublePush), score: Some(30) });
/// game.last = Some(ChainPly { mv: Move::new(Square::G1, Square::F3, MoveKind::Quiet), score: Some(25) });
/// game.result = GameResult::Draw;
/// let bytes = game.to_bytes().unwrap();
/// assert_eq!(ChainGame::from_bytes(&bytes).unwrap(), (game, bytes.len()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainGame {
    /// The position the game starts from.
    pub start: ChainStart,
    /// Chess960 when the game is played under Chess960's castling rules
    /// (any arrangement but the standard one).
    pub castling: CastlingMode,
    /// Moves played without a search (the random plies of the opening).
    pub opening: Vec<Move>,
    /// The searched plies, in order.
    pub plies: Vec<ChainPly>,
    /// The last position's search when the game ended on it (adjudicated
    /// by the scores): its best move, not played, and its score (never
    /// `None`).
    pub last: Option<ChainPly>,
    /// The game's result.
    pub result: GameResult,
}

impl ChainGame {
    /// A game from `start` with no moves and no result yet.
    pub fn new(start: ChainStart, castling: CastlingMode) -> ChainGame {
        ChainGame { start, castling, opening: Vec::new(), plies: Vec::new(), last: None, result: GameResult::Unknown }
    }

    /// The game's bytes, or an error if a move is not legal where it is
    /// played, the opening is longer than 255 plies, or a ply's score
    /// disagrees with its position (one legal move and a score, or several
    /// and none).
    pub fn to_bytes(&self) -> Result<Vec<u8>, ChainError> {
        let mut out = Vec::with_capacity(40 + 3 * self.plies.len());
        self.write(&mut out)?;
        Ok(out)
    }

    /// Appends the game's bytes to `out` (see [`to_bytes`](Self::to_bytes));
    /// on an error `out` is left as it was.
    pub fn write(&self, out: &mut Vec<u8>) -> Result<(), ChainError> {
        let len = out.len();
        let written = self.write_unchecked(out);
        if written.is_err() {
            out.truncate(len);
        }
        written
    }

    fn write_unchecked(&self, out: &mut Vec<u8>) -> Result<(), ChainError> {
        let mut board = match &self.start {
            ChainStart::Arrangement(number) => {
                out.push(START_ARRANGEMENT);
                out.extend_from_slice(&number.to_le_bytes());
                Board::chess960(*number).ok_or(ChainError::Invalid("arrangement number out of range"))?
            }
            ChainStart::Position(board) => {
                out.push(START_POSITION);
                let packed = PackedPosition::new(board, 0, GameResult::Unknown, CastlingMode::Standard);
                // What the reader gets back must be this board (clocks past
                // the record's range would not be).
                if packed.to_board().as_ref() != Some(&**board) {
                    return Err(ChainError::Invalid("a start position the packed record cannot hold"));
                }
                out.extend_from_slice(&packed.to_bytes());
                (**board).clone()
            }
        };
        let chess960 = if self.castling == CastlingMode::Chess960 { FLAG_CHESS960 } else { 0 };
        out.push(result_code(self.result) | chess960);
        let opening = u8::try_from(self.opening.len()).map_err(|_| ChainError::Invalid("opening over 255 plies"))?;
        out.push(opening);
        for &mv in &self.opening {
            out.push(index_of(&board, mv)?);
            board.make_move_unchecked(mv);
        }
        let mut previous = 0i16;
        for ply in &self.plies {
            out.push(index_of(&board, ply.mv)?);
            match (board.count_legal(), ply.score) {
                (1, None) => {}
                (1, Some(_)) => return Err(ChainError::Invalid("a score for a position with one legal move")),
                (_, None) => return Err(ChainError::Invalid("no score for a position with a choice of moves")),
                (_, Some(score)) => put_score(out, score, &mut previous),
            }
            board.make_move_unchecked(ply.mv);
        }
        if let Some(last) = self.last {
            out.push(LAST);
            out.push(index_of(&board, last.mv)?);
            let score = last.score.ok_or(ChainError::Invalid("no score for the last position"))?;
            put_score(out, score, &mut previous);
        } else {
            out.push(END);
        }
        Ok(())
    }

    /// Decodes the game at the front of `bytes`; returns it and the number
    /// of bytes it took. Malformed or cut-short bytes are an error, never a
    /// panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<(ChainGame, usize), ChainError> {
        ChainGame::visit(bytes, &mut |_, _| {})
    }

    /// Decodes the game at the front of `bytes` as
    /// [`from_bytes`](Self::from_bytes) does, calling `visit` with each
    /// searched position (after the opening) and its ply: the move played
    /// (or, for the last, the best move found) and the score.
    pub fn visit(bytes: &[u8], visit: &mut dyn FnMut(&Board, &ChainPly)) -> Result<(ChainGame, usize), ChainError> {
        let mut input = Input { bytes, at: 0 };
        let (start, mut board) = match input.byte()? {
            START_ARRANGEMENT => {
                let number = u16::from_le_bytes([input.byte()?, input.byte()?]);
                let board = Board::chess960(number).ok_or(ChainError::Invalid("arrangement number out of range"))?;
                (ChainStart::Arrangement(number), board)
            }
            START_POSITION => {
                let record: [u8; 32] = input.take(32)?.try_into().expect("32 bytes");
                let board = PackedPosition::from_bytes(record)
                    .to_board()
                    .ok_or(ChainError::Invalid("a start position that is not legal"))?;
                (ChainStart::Position(Box::new(board.clone())), board)
            }
            _ => return Err(ChainError::Invalid("unknown start kind")),
        };
        let flags = input.byte()?;
        if flags & !(FLAG_CHESS960 | 3) != 0 {
            return Err(ChainError::Invalid("unknown game flags"));
        }
        let castling = if flags & FLAG_CHESS960 != 0 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        let mut game = ChainGame::new(start, castling);
        game.result = result_from_code(flags & 3);
        let mut moves = MoveList::new();
        for _ in 0..input.byte()? {
            let mv = move_at(&board, input.byte()?, &mut moves)?;
            game.opening.push(mv);
            board.make_move_unchecked(mv);
        }
        let mut previous = 0i16;
        loop {
            match input.byte()? {
                END => break,
                LAST => {
                    let mv = move_at(&board, input.byte()?, &mut moves)?;
                    let last = ChainPly { mv, score: Some(input.score(&mut previous)?) };
                    visit(&board, &last);
                    game.last = Some(last);
                    break;
                }
                index => {
                    let mv = move_at(&board, index, &mut moves)?;
                    let score = if moves.len() > 1 { Some(input.score(&mut previous)?) } else { None };
                    let ply = ChainPly { mv, score };
                    visit(&board, &ply);
                    game.plies.push(ply);
                    board.make_move_unchecked(mv);
                }
            }
        }
        Ok((game, input.at))
    }

    /// The number of scored positions (the plies with a score, and the last
    /// one): the positions a trainer can choose from.
    pub fn scored_positions(&self) -> usize {
        self.plies.iter().filter(|ply| ply.score.is_some()).count() + usize::from(self.last.is_some())
    }
}

/// Whether a position of a game, with its ply, is one to train on: it was
/// searched (it has a score), its side to move is not in check, the move
/// found best is neither a capture nor a promotion, and the score is not a
/// mate. The network evaluates quiet positions (quiescence search resolves
/// the others), so only their scores teach it what it is asked.
pub fn is_training_position(board: &Board, ply: &ChainPly) -> bool {
    ply.score.is_some_and(|score| !Score::from_raw(i32::from(score)).is_mate())
        && !ply.mv.is_tactical()
        && !board.in_check()
}

fn index_of(board: &Board, mv: Move) -> Result<u8, ChainError> {
    move_index(board, mv).ok_or(ChainError::Invalid("a move that is not legal in its position"))
}

/// The move at `index`, with the legal moves in order left in `moves`.
fn move_at(board: &Board, index: u8, moves: &mut MoveList) -> Result<Move, ChainError> {
    ordered_legal_moves(board, moves);
    moves.get(usize::from(index)).copied().ok_or(ChainError::Invalid("a move index past the legal moves"))
}

fn result_code(result: GameResult) -> u8 {
    match result {
        GameResult::Win(Color::Black) => 0,
        GameResult::Draw => 1,
        GameResult::Win(Color::White) => 2,
        GameResult::Unknown => 3,
    }
}

fn result_from_code(code: u8) -> GameResult {
    match code {
        0 => GameResult::Win(Color::Black),
        1 => GameResult::Draw,
        2 => GameResult::Win(Color::White),
        _ => GameResult::Unknown,
    }
}

/// Writes `score` as the zigzag varint of its difference from `previous`.
fn put_score(out: &mut Vec<u8>, score: i16, previous: &mut i16) {
    let delta = i32::from(score) - i32::from(*previous);
    *previous = score;
    let mut zigzag = ((delta << 1) ^ (delta >> 31)) as u32;
    while zigzag >= 0x80 {
        out.push(zigzag as u8 | 0x80);
        zigzag >>= 7;
    }
    out.push(zigzag as u8);
}

/// A cursor over a game's bytes.
struct Input<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Input<'_> {
    fn byte(&mut self) -> Result<u8, ChainError> {
        let byte = *self.bytes.get(self.at).ok_or(ChainError::Truncated)?;
        self.at += 1;
        Ok(byte)
    }

    fn take(&mut self, n: usize) -> Result<&[u8], ChainError> {
        let slice = self.bytes.get(self.at..self.at + n).ok_or(ChainError::Truncated)?;
        self.at += n;
        Ok(slice)
    }

    /// A score written by [`put_score`].
    fn score(&mut self, previous: &mut i16) -> Result<i16, ChainError> {
        let mut zigzag = 0u32;
        for shift in (0..21).step_by(7) {
            let byte = self.byte()?;
            zigzag |= u32::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                let delta = (zigzag >> 1) as i32 ^ -((zigzag & 1) as i32);
                let score = i32::from(*previous) + delta;
                *previous = i16::try_from(score).map_err(|_| ChainError::Invalid("a score out of range"))?;
                return Ok(*previous);
            }
        }
        Err(ChainError::Invalid("a score of more than three bytes"))
    }
}
