//! The game tree: [`Game`], its [`Line`]s of [`Node`]s, and the
//! [`MoveToken`] each node holds.

use crate::{Headers, Nag};
use ox88_board::GameResult;
use ox88_board::{Move, STARTPOS_FEN};
use ox88_movegen::{IllegalMoveError, Outcome, Position, SanPlus, Termination};
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

    /// The clock of the comment's `[%clk]` command (see
    /// [`annotation`](crate::annotation)).
    pub fn clock(&self) -> Option<std::time::Duration> {
        crate::annotation::clock(self.comment.as_deref()?)
    }

    /// The comment's `[%eval]` command.
    pub fn eval(&self) -> Option<crate::annotation::Evaluation> {
        crate::annotation::eval(self.comment.as_deref()?)
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
    /// The moves of `moves`, played from `start`, in SAN; an illegal move
    /// is an error saying why.
    ///
    /// ```
    /// use ox88_movegen::Position;
    /// use ox88_pgn::Line;
    /// let mut pos = Position::startpos();
    /// let moves = ["e4", "c5", "Nf3"].map(|san| pos.play_san(san).unwrap());
    /// let line = Line::from_moves(&Position::startpos(), &moves)?;
    /// assert_eq!(line.nodes.iter().map(|n| n.san.to_string()).collect::<Vec<_>>(), ["e4", "c5", "Nf3"]);
    /// # Ok::<(), ox88_movegen::IllegalMoveError>(())
    /// ```
    pub fn from_moves(start: &Position, moves: &[Move]) -> Result<Line, IllegalMoveError> {
        Ok(Line::played(start, moves)?.0)
    }

    /// The line of `moves` from `start`, and the position they lead to.
    fn played(start: &Position, moves: &[Move]) -> Result<(Line, Position), IllegalMoveError> {
        let mut position = start.clone();
        let mut nodes = Vec::with_capacity(moves.len());
        for &m in moves {
            nodes.push(Node::new(position.san(m)?));
            position.play_unchecked(m); // `san` found it legal
        }
        Ok((Line { nodes, comment: None }, position))
    }

    /// Whether the line has no moves and no comment.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty() && self.comment.is_none()
    }
}

/// A game: its tags, its moves with their comments, NAGs and variations,
/// and its result, as written.
///
/// Read games with a [`Reader`](crate::Reader); build one from a
/// [`Position`] with [`Game::from_position`]; write it in export format with
/// `Display` or a [`Writer`](crate::Writer). The moves are SAN as written:
/// they are matched against the positions (and checked) by
/// [`mainline_moves`](Self::mainline_moves),
/// [`end_position`](Self::end_position) and
/// [`for_each_move`](Self::for_each_move); [`tree`](Self::tree) turns the
/// game into a [`GameTree`](crate::GameTree) whose every node knows its
/// position.
///
/// ```
/// use ox88_movegen::Position;
/// use ox88_board::GameResult;
/// use ox88_pgn::{Game, Reader};
/// let mut pos = Position::startpos();
/// for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
///     pos.play_san(san)?;
/// }
/// let mut game = Game::from_position(&pos);
/// game.headers.set("White", "Scholar");
/// game.result = Some(GameResult::Win(ox88_board::Color::White));
/// let text = game.to_string();
/// assert!(text.starts_with("[Event \"?\"]\n"));
/// assert!(text.ends_with("\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"));
/// // Read back, it is the same game.
/// let mut read = Reader::from_bytes(text.as_bytes()).next_game().unwrap()?;
/// read.number = 0;
/// assert_eq!(read, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// A new game: the Seven Tag Roster, as [`Game::new`].
impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game without moves, its tags the Seven Tag Roster with the export
    /// format's placeholders (`[Event "?"]` ... `[Result "*"]`), as a game
    /// written and read back has them.
    pub fn new() -> Game {
        let headers = crate::SEVEN_TAG_ROSTER.iter().map(|&name| (name, crate::headers::placeholder(name))).collect();
        Game { headers, ..Game::without_tag_roster() }
    }

    /// A game without tags or moves.
    pub fn without_tag_roster() -> Game {
        Game { headers: Headers::new(), moves: Line::default(), result: None, number: 0 }
    }

    /// The game of the moves played in `position`, from its start: the
    /// Seven Tag Roster, and for a start other than the standard one the
    /// `SetUp` and `FEN` tags; a Chess960 position gets `[Variant
    /// "Chess960"]` and its `FEN` in Shredder-FEN (castling rights as rook
    /// files), so that [`start_position`](Self::start_position) gives the
    /// same position back. A game over by the rules
    /// ([`Position::outcome`]: checkmate, stalemate, ...) carries its result
    /// (as python-chess's `Game.from_board` does) and `[Termination
    /// "normal"]`, as [`set_outcome`](Self::set_outcome) writes them; a
    /// game that goes on has `[Result "*"]`.
    ///
    /// ```
    /// use ox88_movegen::Position;
    /// use ox88_pgn::Game;
    /// let mut pos = Position::startpos();
    /// for san in ["f3", "e5", "g4", "Qh4#"] {
    ///     pos.play_san(san)?;
    /// }
    /// let game = Game::from_position(&pos);
    /// assert_eq!(game.headers.get("Result"), Some("0-1"));
    /// assert!(game.to_string().ends_with("\n1. f3 e5 2. g4 Qh4# 0-1\n\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_position(position: &Position) -> Game {
        // The moves of a position are legal from its start.
        let moves = Line::from_moves(&start_of(position), position.moves()).unwrap_or_default();
        let mut game = Game { moves, ..Game::new() };
        game.set_start(&start_of(position));
        if let Some(outcome) = position.outcome() {
            game.set_outcome(outcome);
        }
        game
    }

    /// The game of `moves` played from `start` (tagged, and its result
    /// set, as [`from_position`](Self::from_position) does); an illegal
    /// move is an error saying why.
    pub fn from_moves(start: &Position, moves: &[Move]) -> Result<Game, IllegalMoveError> {
        let (moves, end) = Line::played(start, moves)?;
        let mut game = Game { moves, ..Game::new() };
        game.set_start(start);
        if let Some(outcome) = end.outcome() {
            game.set_outcome(outcome);
        }
        Ok(game)
    }

    /// Ends the game with `outcome`: its result as the `Result` tag and the
    /// termination marker, and the `Termination` tag in the PGN standard's
    /// words (`time forfeit` for a flag fall, else `normal`: mate, a draw
    /// by the rules or claimed, a resignation and a draw agreed all end a
    /// game normally).
    ///
    /// ```
    /// use ox88_board::{Color, GameResult};
    /// use ox88_movegen::{Outcome, Termination};
    /// use ox88_pgn::Game;
    /// let mut game = Game::new();
    /// game.set_outcome(Outcome { winner: Some(Color::Black), termination: Termination::Timeout });
    /// assert_eq!(game.outcome(), GameResult::Win(Color::Black));
    /// assert_eq!(game.headers.get("Termination"), Some("time forfeit"));
    /// assert!(game.to_string().contains("[Result \"0-1\"]"));
    /// ```
    pub fn set_outcome(&mut self, outcome: Outcome) {
        let result = outcome.result();
        self.result = Some(result);
        self.headers.set("Result", result.as_str());
        let termination = match outcome.termination {
            Termination::Timeout => "time forfeit",
            _ => "normal",
        };
        self.headers.set("Termination", termination);
    }

    /// Sets the tags naming `start` as the starting position (`SetUp`,
    /// `FEN`, `Variant`), removing those that no longer apply.
    pub fn set_start(&mut self, start: &Position) {
        let fen = start.fen();
        if start.is_chess960() {
            self.headers.set("Variant", "Chess960");
            self.headers.set("SetUp", "1");
            self.headers.set("FEN", start.shredder_fen());
        } else if fen != STARTPOS_FEN {
            self.headers.remove("Variant");
            self.headers.set("SetUp", "1");
            self.headers.set("FEN", fen);
        } else {
            self.headers.remove("Variant");
            self.headers.remove("SetUp");
            self.headers.remove("FEN");
        }
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

/// The position `position`'s moves were played from, as a `Position` (with
/// its Chess960 flag).
pub(crate) fn start_of(position: &Position) -> Position {
    let mut start = Position::new(position.start().clone());
    start.set_castling_mode(position.castling_mode());
    start
}
