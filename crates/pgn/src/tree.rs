//! [`GameTree`]: a game whose every node knows its position, built from a
//! [`Game`] when asked, or move by move from a [`Position`].

use crate::{ErrorKind, Game, Headers, Line, MoveToken, Nag, Node, PgnError};
use ox88_board::{Board, GameResult, Move};
use ox88_movegen::{Notation, Position};
use std::fmt;

/// Names a node of one [`GameTree`]: the root, or a move. An id stays valid
/// until its node is [removed](GameTree::remove); it means nothing in
/// another tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(crate) u32);

/// One node's data, in the tree's arena.
#[derive(Clone, Debug)]
pub(crate) struct Slot {
    pub parent: Option<NodeId>,
    /// The move leading here (`None` at the root).
    pub mv: Option<Move>,
    /// The board after the move.
    pub board: Board,
    /// The continuations: the main one first, then the variations.
    pub variations: Vec<NodeId>,
    pub nags: Vec<Nag>,
    pub comment: Option<String>,
    pub starting_comment: Option<String>,
    /// Whether the node is still in the tree (not removed).
    pub live: bool,
}

/// A game as a tree of moves whose every node knows its position: the
/// root (the starting position) and, below each node, its continuations —
/// the main one first, then the variations — each a legal move with its
/// NAGs and comments (and the clock and evaluation those hold).
///
/// The node API follows python-chess's `GameNode`: read a node through a
/// [`GameNode`](crate::GameNode) handle ([`root`](Self::root),
/// [`node`](Self::node), [`mainline`](Self::mainline), [`end`](Self::end))
/// and change the tree by [`NodeId`] ([`add_variation`](Self::add_variation),
/// [`add_main_variation`](Self::add_main_variation),
/// [`promote`](Self::promote), [`promote_to_main`](Self::promote_to_main),
/// [`demote`](Self::demote), [`remove`](Self::remove), the comment and NAG
/// setters). Every move added is checked.
///
/// [`Game`] is the game as written (SAN not yet checked, every comment
/// where it stood): a tree is made from one by [`Game::tree`], which checks
/// every move, and written through [`to_game`](Self::to_game) or `Display`.
/// A comment written after a move's variations is joined to that move's
/// comment in the tree, and a variation without moves is dropped; a null
/// move has no place in a tree (it is an [`ErrorKind::NullMove`] error).
///
/// ```
/// use ox88_movegen::Position;
/// use ox88_pgn::{GameTree, Reader};
/// let mut tree = GameTree::new(Position::startpos());
/// let root = tree.root().id();
/// let e4 = tree.add_san(root, "e4")?;
/// let c5 = tree.add_san(e4, "c5")?;
/// let e5 = tree.add_san(e4, "e5")?; // a variation: 1... e5
/// tree.add_san(c5, "Nf3")?;
/// tree.set_comment(e5, Some("Open games".into()));
/// tree.promote_to_main(e5);
/// let mainline: Vec<String> = tree.mainline().map(|n| n.san().unwrap().to_string()).collect();
/// assert_eq!(mainline, ["e4", "e5"]);
/// let sicilian = tree.node(c5).unwrap();
/// assert_eq!((sicilian.ply(), sicilian.parent().unwrap().id()), (2, e4));
/// assert_eq!(sicilian.end().position().fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
/// assert!(tree.to_string().ends_with("\n1. e4 e5 {Open games} (1... c5 2. Nf3) *\n\n"));
///
/// // A game read is a tree when asked.
/// let game = Reader::from_bytes(tree.to_string().as_bytes()).next_game().unwrap()?;
/// assert_eq!(game.tree()?.end().position().fen(), tree.end().position().fen());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GameTree {
    /// The tag pairs.
    pub headers: Headers,
    /// The game termination marker, if any (written after the moves; the
    /// `Result` tag is in [`headers`](Self::headers)).
    pub result: Option<GameResult>,
    /// The starting position (no moves played), with its Chess960 flag.
    pub(crate) start: Position,
    pub(crate) slots: Vec<Slot>,
}

impl GameTree {
    /// A tree of no moves from `start` (the position as it stands: its
    /// moves, if any, are not part of the tree): the Seven Tag Roster, and
    /// the `SetUp`, `FEN` and `Variant` tags `start` needs (as
    /// [`Game::set_start`] sets them).
    pub fn new(start: Position) -> GameTree {
        let mut standalone = Position::new(start.board().clone());
        standalone.set_castling_mode(start.castling_mode());
        let mut game = Game::new();
        game.set_start(&standalone);
        GameTree::empty(game.headers, None, standalone)
    }

    /// The tree of the moves played in `position`, from its start: its main
    /// line is the position's move stack.
    pub fn from_position(position: &Position) -> GameTree {
        let mut tree = GameTree::new(crate::game::start_of(position));
        let mut at = NodeId(0);
        for &m in position.moves() {
            // The moves of a position are legal in turn.
            match tree.add_variation(at, m) {
                Ok(next) => at = next,
                Err(_) => break,
            }
        }
        tree
    }

    fn empty(headers: Headers, result: Option<GameResult>, start: Position) -> GameTree {
        let root = Slot {
            parent: None,
            mv: None,
            board: start.board().clone(),
            variations: Vec::new(),
            nags: Vec::new(),
            comment: None,
            starting_comment: None,
            live: true,
        };
        GameTree { headers, result, start, slots: vec![root] }
    }

    /// The starting position, with no moves played.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The game's result: the termination marker, or else the `Result` tag.
    pub fn outcome(&self) -> GameResult {
        self.result.or_else(|| self.headers.result()).unwrap_or_default()
    }

    pub(crate) fn slot(&self, id: NodeId) -> Option<&Slot> {
        self.slots.get(id.0 as usize).filter(|slot| slot.live)
    }

    pub(crate) fn slot_mut(&mut self, id: NodeId) -> Option<&mut Slot> {
        self.slots.get_mut(id.0 as usize).filter(|slot| slot.live)
    }

    /// The game as written: tags, moves in SAN, NAGs, comments and
    /// variations, result.
    pub fn to_game(&self) -> Game {
        let mut game = Game { headers: self.headers.clone(), result: self.result, ..Game::without_tag_roster() };
        game.moves = self.line_from(NodeId(0), 0);
        let root = &self.slots[0];
        if let Some(comment) = &root.comment {
            let holder = match game.moves.nodes.first_mut() {
                Some(first) => &mut first.comment_before,
                None => &mut game.moves.comment,
            };
            *holder = Some(match holder.take() {
                Some(own) => format!("{comment} {own}"),
                None => comment.clone(),
            });
        }
        game
    }

    /// The line that follows `parent` through its `index`-th continuation,
    /// then the main ones.
    fn line_from(&self, parent: NodeId, index: usize) -> Line {
        let mut line = Line::default();
        let mut at = self.slots[parent.0 as usize].variations.get(index).copied();
        let mut alternatives_of = if index == 0 { Some(parent) } else { None };
        while let Some(id) = at {
            let slot = &self.slots[id.0 as usize];
            let before = &self.slots[slot.parent.map_or(0, |p| p.0 as usize)].board;
            let san = slot.mv.map_or(MoveToken::Null, |m| MoveToken::San(before.san(m)));
            let mut node = Node::new(san);
            match line.nodes.last_mut() {
                // A comment before a move that follows another with no
                // variation between them reads back as the other's comment:
                // it is written as such.
                Some(previous) if previous.variations.is_empty() => {
                    if let Some(comment) = &slot.starting_comment {
                        append(&mut previous.comment, comment);
                    }
                }
                _ => node.comment_before.clone_from(&slot.starting_comment),
            }
            node.nags.clone_from(&slot.nags);
            node.comment.clone_from(&slot.comment);
            if let Some(parent) = alternatives_of {
                let siblings = self.slots[parent.0 as usize].variations.len();
                node.variations = (1..siblings).map(|i| self.line_from(parent, i)).collect();
            }
            line.nodes.push(node);
            alternatives_of = Some(id);
            at = slot.variations.first().copied();
        }
        line
    }
}

impl Game {
    /// The game as a [`GameTree`]: every move (variations included)
    /// checked and played, each node with its position. An illegal,
    /// ambiguous or null move is an error naming the move.
    pub fn tree(&self) -> Result<GameTree, PgnError> {
        let mut tree = GameTree::empty(self.headers.clone(), self.result, self.start_position()?);
        // The game's comment: before the first move, or the only one of a
        // game without moves (with moves, the main line's last comment
        // joins the last move's, below).
        tree.slots[0].comment = match self.moves.nodes.first() {
            Some(first) => first.comment_before.clone(),
            None => self.moves.comment.clone(),
        };
        self.grow(&mut tree, NodeId(0), &self.moves, true)?;
        Ok(tree)
    }

    /// Adds `line` below `parent` (its first move as the next continuation).
    fn grow(&self, tree: &mut GameTree, parent: NodeId, line: &Line, main: bool) -> Result<(), PgnError> {
        let mut at = parent;
        for (i, node) in line.nodes.iter().enumerate() {
            let before = tree.slots[at.0 as usize].board.clone();
            let m = match node.san {
                MoveToken::San(san) => before.resolve_san(san.san).map_err(|e| self.error(&before, node, e.into()))?,
                MoveToken::Null => return Err(self.error(&before, node, ErrorKind::NullMove)),
            };
            let id = tree.push(at, m, before);
            let slot = &mut tree.slots[id.0 as usize];
            if !(main && i == 0) {
                slot.starting_comment.clone_from(&node.comment_before);
            }
            slot.nags.clone_from(&node.nags);
            slot.comment.clone_from(&node.comment);
            if i + 1 == line.nodes.len() {
                if let Some(trailing) = &line.comment {
                    append(&mut slot.comment, trailing);
                }
            }
            for variation in &node.variations {
                if !variation.nodes.is_empty() {
                    self.grow(tree, at, variation, false)?;
                }
            }
            at = id;
        }
        Ok(())
    }
}

/// Adds `text` to a comment, a space between.
fn append(comment: &mut Option<String>, text: &str) {
    match comment {
        Some(existing) => {
            existing.push(' ');
            existing.push_str(text);
        }
        None => *comment = Some(text.to_owned()),
    }
}

/// The game in export format, as [`GameTree::to_game`] gives it.
impl fmt::Display for GameTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_game(), f)
    }
}
