//! The game tree: [`Game`], its [`Line`]s of [`Node`]s, and the
//! [`MoveToken`] each node holds.

use crate::{Headers, Nag};
use ox88_board::GameResult;
use ox88_board::{Board, Move, STARTPOS_FEN};
use ox88_movegen::{Notation, SanPlus};
use std::fmt;

/// A move as a game records it: SAN (not yet matched against a position)
/// or a null move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveToken {
    /// A move in SAN, with its check or mate mark as written.
    San(SanPlus),
    /// A null move (the side to move passes), written "--".
    Null,
}

impl fmt::Display for MoveToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveToken::San(san) => fmt::Display::fmt(san, f),
            MoveToken::Null => f.write_str("--"),
        }
    }
}

impl From<SanPlus> for MoveToken {
    fn from(san: SanPlus) -> MoveToken {
        MoveToken::San(san)
    }
}

/// One move of a line, with what is written around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// A comment before the move: at the start of a line, or after the
    /// variations of the move before it (a comment right after a move is
    /// that move's [`comment`](Self::comment)).
    pub comment_before: Option<String>,
    /// The move.
    pub san: MoveToken,
    /// Its annotation glyphs ("!" is `$1`).
    pub nags: Vec<Nag>,
    /// The comment after the move.
    pub comment: Option<String>,
    /// Alternatives to this move, each a line starting in the position
    /// before it, in the order written.
    pub variations: Vec<Line>,
}

impl Node {
    /// A node holding only `san`.
    pub fn new(san: impl Into<MoveToken>) -> Node {
        Node { comment_before: None, san: san.into(), nags: Vec::new(), comment: None, variations: Vec::new() }
    }
}

/// A sequence of moves: a game's main line, or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The moves, in order.
    pub nodes: Vec<Node>,
    /// A comment after the last move and its variations (where no move
    /// follows to hold it), or the only comment of a line without moves.
    pub comment: Option<String>,
}

impl Line {
    /// The moves of `moves`, played from `board`, in SAN.
    ///
    /// Every move must be legal where it is played (as an engine's are);
    /// SAN of an illegal move is meaningless.
    pub fn from_moves(board: &Board, moves: &[Move]) -> Line {
        let mut board = board.clone();
        let nodes = moves
            .iter()
            .map(|&m| {
                let node = Node::new(board.san(m));
                board.make_move_unchecked(m);
                node
            })
            .collect();
        Line { nodes, comment: None }
    }

    /// Whether the line has no moves and no comment.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty() && self.comment.is_none()
    }
}

/// A game: its tags, its moves with their comments, NAGs and variations,
/// and its result.
///
/// Read games with a [`Reader`](crate::Reader); build one with
/// [`Game::from_moves`]; write it in export format with `Display` or a
/// [`Writer`](crate::Writer). The moves are SAN as written: they are
/// matched against the positions (and checked) by
/// [`mainline_moves`](Self::mainline_moves) and
/// [`for_each_move`](Self::for_each_move).
///
/// ```
/// use ox88_board::{Board, CastlingMode};
/// use ox88_movegen::Notation;
/// use ox88_board::GameResult;
/// use ox88_pgn::Game;
/// let board = Board::startpos();
/// let moves = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
///     .into_iter()
///     .scan(board.clone(), |b, uci| {
///         let m = b.parse_uci(uci, CastlingMode::Standard).ok()?;
///         b.make_move_unchecked(m);
///         Some(m)
///     })
///     .collect::<Vec<_>>();
/// let mut game = Game::from_moves(&board, &moves);
/// game.headers.set("White", "Scholar");
/// game.result = Some(GameResult::Win(ox88_board::Color::White));
/// let text = game.to_string();
/// assert!(text.starts_with("[Event \"?\"]\n"));
/// assert!(text.ends_with("\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// The tag pairs.
    pub headers: Headers,
    /// The main line.
    pub moves: Line,
    /// The game termination marker written after the moves, if any (the
    /// `Result` tag is in [`headers`](Self::headers)).
    pub result: Option<GameResult>,
    /// Where the game was in its input, from 1 (0 for a game not read).
    pub number: u64,
}

impl Game {
    /// A game without tags or moves.
    pub fn new() -> Game {
        Game::default()
    }

    /// A game of `moves` played from `board` (a `FEN` and `SetUp` tag are
    /// set if it is not the standard starting position). The moves must be
    /// legal, as in [`Line::from_moves`].
    pub fn from_moves(board: &Board, moves: &[Move]) -> Game {
        let mut game = Game { moves: Line::from_moves(board, moves), ..Game::default() };
        let fen = board.fen().to_string();
        if fen != STARTPOS_FEN {
            game.headers.set("SetUp", "1");
            game.headers.set("FEN", fen);
        }
        game
    }

    /// The game's result: the termination marker, or else the `Result` tag.
    pub fn outcome(&self) -> GameResult {
        self.result.or_else(|| self.headers.result()).unwrap_or_default()
    }

    /// The main line's moves as written.
    pub fn mainline(&self) -> impl ExactSizeIterator<Item = &Node> + '_ {
        self.moves.nodes.iter()
    }

    /// The comment before the first move (or of a game without moves).
    pub fn comment(&self) -> Option<&str> {
        match self.moves.nodes.first() {
            Some(first) => first.comment_before.as_deref(),
            None => self.moves.comment.as_deref(),
        }
    }
}
