//! [`Position`]: the front door. A board with the moves that led to it and
//! its Chess960 flag, so that one value plays checked moves, undoes them,
//! writes moves and FEN in the right convention and tells how the game
//! stands. Moves and text are in `position_notation`, the rules of the end
//! of a game in `position_rules`.

use crate::{IllegalMoveError, KeyHistory, MoveGen};
use ox88_board::{Board, CastlingMode, Color, FenError, FenRepair, File, Move, Piece, Square, Undo};
use std::fmt;
use std::str::FromStr;

/// A chess position and how it was reached: the everyday type of
/// `ox88-movegen`, as python-chess's `Board` is of python-chess.
///
/// It holds the current [`Board`], the start position, the moves played
/// (to undo them and to detect repetitions) and whether the position is
/// Chess960, which decides how castling is written in UCI. Every method
/// checks its input: an illegal move is refused with an error that says
/// why, and leaves the position as it was. The fast paths of searches and
/// move generators stay on [`Board`] (reached by [`board`](Self::board))
/// and the [`MoveGen`] and [`Notation`](crate::Notation) traits.
///
/// Everything a newcomer does, with this one import:
///
/// ```
/// use ox88_movegen::Position;
///
/// // The start position, its legal moves, and moves played by SAN, UCI or Move.
/// let mut pos = Position::startpos();
/// assert_eq!(pos.legal_moves().len(), 20);
/// pos.play_san("e4")?;
/// pos.play_uci("e7e5")?;
/// let nf3 = pos.legal_moves().into_iter().find(|&m| pos.uci(m).to_string() == "g1f3").unwrap();
/// pos.play(nf3)?;
/// assert!(pos.play_san("Ke3").is_err()); // refused, and nothing changed
/// assert_eq!(pos.moves().len(), 3);
///
/// // SAN and UCI of a move, undo, the move stack and the start position.
/// let nc6 = pos.parse_san("Nc6")?;
/// assert_eq!((pos.san(nc6)?.to_string(), pos.uci(nc6).to_string()), ("Nc6".into(), "b8c6".into()));
/// assert_eq!(pos.undo(), Some(nf3));
/// assert_eq!(pos.moves().len(), 2);
/// assert_eq!(pos.start().fen(), Position::startpos().fen());
/// assert_eq!(pos.san_line().to_string(), "1. e4 e5");
///
/// // FEN out, and in: strict, or lenient with the list of repairs.
/// assert_eq!(pos.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
/// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// let mut castles = Position::from_fen(kiwipete)?;
/// assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1").is_err());
/// let (lenient, repairs) = Position::from_fen_lenient("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1")?;
/// assert_eq!((lenient.fen(), repairs.len()), ("4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(), 2));
///
/// // Standard chess writes castling e1g1 and also reads king-takes-rook e1h1.
/// let castle = castles.play_uci("e1h1")?;
/// assert_eq!((castles.uci(castle).to_string(), castles.san_line().to_string()), ("e1g1".into(), "1. O-O".into()));
///
/// // Chess960 position 0 (Scharnagl's numbering): castling is king-takes-rook,
/// // and the FEN is also written as Shredder-FEN.
/// let mut c960 = Position::chess960(0).unwrap();
/// assert!(c960.is_chess960());
/// assert_eq!(c960.shredder_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
/// for uci in ["f2f4", "f7f5", "f1f3", "f8f6"] {
///     c960.play_uci(uci)?;
/// }
/// assert_eq!(c960.uci(c960.parse_san("O-O")?).to_string(), "g1h1");
///
/// // How the game stands: check, mate, stalemate, material, repetitions, draws.
/// let mut fools = Position::startpos();
/// for san in ["f3", "e5", "g4", "Qh4#"] {
///     fools.play_san(san)?;
/// }
/// assert!(fools.is_check() && fools.is_checkmate());
/// assert_eq!(fools.outcome().map(|o| o.to_string()), Some("0-1 {Black mates}".into()));
/// let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")?;
/// assert!(stalemate.is_stalemate() && stalemate.claimable_draw().is_none());
/// assert!(Position::from_fen("8/8/4k3/8/8/3BK3/8/8 w - - 0 1")?.is_insufficient_material());
/// let mut shuffle = Position::startpos();
/// for _ in 0..2 {
///     for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///         shuffle.play_uci(uci)?;
///     }
/// }
/// assert_eq!(shuffle.repetitions(), 2);
/// assert_eq!(shuffle.claimable_draw().map(|d| format!("{d:?}")), Some("ThreefoldRepetition".into()));
/// assert!(shuffle.outcome().is_none() && shuffle.outcome_with_claims().is_some());
///
/// // The Polyglot key, and the board underneath for the fast paths.
/// assert_eq!(Position::startpos().key(), 0x463b96181691fc9c);
/// let board = pos.board().clone();
/// assert_eq!(Position::new(board).fen(), pos.fen());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    start: Board,
    board: Board,
    moves: Vec<Move>,
    undos: Vec<Undo>,
    history: KeyHistory,
    castling: CastlingMode,
}

impl Position {
    /// The position on `board`, with no moves played. Earlier positions are
    /// unknown, so repetitions count from here. It is a Chess960 position
    /// when its castling rights need it (see [`set_castling_mode`](Self::set_castling_mode)).
    pub fn new(board: Board) -> Position {
        let castling = if needs_chess960(&board) { CastlingMode::Chess960 } else { CastlingMode::Standard };
        Position {
            start: board.clone(),
            board,
            moves: Vec::new(),
            undos: Vec::new(),
            history: KeyHistory::new(),
            castling,
        }
    }
    /// The standard starting position.
    pub fn startpos() -> Position {
        Position::new(Board::startpos())
    }
    /// Chess960 starting position `number` (0..960 in Scharnagl's
    /// numbering; 518 is the standard arrangement), as a Chess960 position;
    /// `None` for a number out of range.
    #[doc(alias = "from_chess960_pos")]
    pub fn chess960(number: u16) -> Option<Position> {
        let mut position = Position::new(Board::chess960(number)?);
        position.castling = CastlingMode::Chess960;
        Some(position)
    }
    /// Reads a FEN strictly (see [`Board::from_fen`]): X-FEN and Shredder-FEN
    /// castling are both read, and a position whose castling rights need
    /// Chess960 is one.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::new(Board::from_fen(fen)?))
    }
    /// Reads a FEN, repairing what can be repaired, and lists the repairs
    /// (see [`Board::from_fen_lenient`]).
    pub fn from_fen_lenient(fen: &str) -> Result<(Position, Vec<FenRepair>), FenError> {
        let (board, repairs) = Board::from_fen_lenient(fen)?;
        Ok((Position::new(board), repairs))
    }

    /// Whether this is a Chess960 position: castling is then written in UCI
    /// as the king taking its rook ("e1h1"), the only spelling read.
    pub fn is_chess960(&self) -> bool {
        self.castling == CastlingMode::Chess960
    }
    /// Makes this a Chess960 position ([`CastlingMode::Chess960`]) or a
    /// standard one. Set by
    /// [`chess960`](Self::chess960), and by [`new`](Self::new) and the FEN
    /// readers when a castling right has its king off the e-file or its rook
    /// off the a- or h-file. In a standard position, UCI writes standard
    /// castling as the king's two-square move ("e1g1") and reads both that
    /// and king-takes-rook; any other castling is always king-takes-rook.
    pub fn set_castling_mode(&mut self, mode: CastlingMode) {
        self.castling = mode;
    }
    /// The UCI castling convention of this position, for the
    /// [`Notation`](crate::Notation) methods of [`Board`].
    pub fn castling_mode(&self) -> CastlingMode {
        self.castling
    }

    /// The current board: for everything not repeated here, and for the
    /// fast paths ([`MoveGen`], [`Notation`](crate::Notation)).
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The position the moves were played from.
    #[doc(alias = "root")]
    pub fn start(&self) -> &Board {
        &self.start
    }
    /// The moves played from the start, in order (the move stack).
    #[doc(alias = "move_stack")]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// The repetition keys of the positions before the current one (to
    /// seed a search's history).
    pub fn history(&self) -> &KeyHistory {
        &self.history
    }
    /// The side to move.
    #[doc(alias = "turn")]
    pub fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }
    /// The board in Unicode chess symbols with `orientation` at the bottom
    /// (python-chess's `unicode()`); `Display` gives the compact ASCII one.
    pub fn unicode(&self, orientation: Color) -> ox88_board::UnicodeBoard<'_> {
        self.board.unicode(orientation)
    }
    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board.piece_at(square)
    }
    /// The Zobrist key of the position, equal to its Polyglot book key.
    #[doc(alias = "zobrist_hash")]
    pub fn key(&self) -> u64 {
        self.board.key()
    }

    /// Plays `m` if it is legal here. Otherwise the position is unchanged
    /// and the error says why, naming the legal move the squares mean when
    /// only the kind is wrong (take moves from
    /// [`legal_moves`](Self::legal_moves) or [`find_move`](Self::find_move)).
    #[doc(alias = "push")]
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        let key = self.board.repetition_key();
        let undo = self.board.play(m)?;
        self.record(key, m, undo);
        Ok(())
    }
    /// Plays `m` without checking it: for replaying moves known to be legal
    /// here (from this position's [`legal_moves`](Self::legal_moves), or a
    /// search), saving the legality test.
    ///
    /// Assumes what [`Board::make_move_unchecked`] assumes. A move that is
    /// not legal leaves a wrong position or panics, never undefined
    /// behaviour; use [`play`](Self::play) for moves of unknown origin.
    pub fn play_unchecked(&mut self, m: Move) {
        let key = self.board.repetition_key();
        let undo = self.board.make_move_unchecked(m);
        self.record(key, m, undo);
    }
    fn record(&mut self, key: u64, m: Move, undo: Undo) {
        self.history.push(key);
        self.moves.push(m);
        self.undos.push(undo);
    }
    /// The last move played (`None` at the start).
    #[doc(alias = "peek")]
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }
    /// Takes back the last move, returning it (`None` at the start).
    #[doc(alias = "pop")]
    pub fn undo(&mut self) -> Option<Move> {
        let (m, undo) = (self.moves.pop()?, self.undos.pop()?);
        self.board.unmake_move(m, undo);
        self.history.pop();
        Some(m)
    }
}

/// Whether a castling right of `board` has its king off the e-file or its
/// rook off the a- or h-file: castling that only Chess960 has.
fn needs_chess960(board: &Board) -> bool {
    board.castling().iter().any(|(color, side, rook)| {
        let outer = match side {
            ox88_board::CastlingSide::Short => File::H,
            ox88_board::CastlingSide::Long => File::A,
        };
        board.king(color).file() != File::E || rook.file() != outer
    })
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

/// A position's board (as [`Position::board`]): what the PGN writer reads.
impl AsRef<Board> for Position {
    fn as_ref(&self) -> &Board {
        self.board()
    }
}

impl From<Board> for Position {
    fn from(board: Board) -> Position {
        Position::new(board)
    }
}

impl FromStr for Position {
    type Err = FenError;
    /// Reads a FEN strictly, as [`Position::from_fen`].
    fn from_str(fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen)
    }
}

/// The board as python-chess prints it: eight lines of `r n b q k b n r`,
/// `.` for an empty square (see [`Board`]'s `Display`; the Unicode picture
/// is [`Board::unicode`], the diagram with FEN and key [`Board::diagram`]).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.board, f)
    }
}
