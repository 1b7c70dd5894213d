//! [`GameNode`]: one node of a [`GameTree`], read: its move, position,
//! ply, parent, continuations, comments, clock and evaluation.

use crate::annotation::{self, Evaluation};
use crate::tree::Slot;
use crate::{GameTree, Nag, NodeId};
use ox88_board::{Board, Move, UciMove};
use ox88_movegen::{Notation, Position, SanPlus};
use std::time::Duration;

/// A node of a [`GameTree`], to read: the root (the starting position) or
/// a move with what is written around it. Cheap to copy; get one from
/// [`GameTree::root`], [`GameTree::node`] or another node.
#[derive(Clone, Copy)]
pub struct GameNode<'a> {
    tree: &'a GameTree,
    id: NodeId,
    slot: &'a Slot,
}

impl GameTree {
    /// The root: the starting position, before any move.
    pub fn root(&self) -> GameNode<'_> {
        GameNode { tree: self, id: NodeId(0), slot: &self.slots[0] }
    }

    /// The node `id` names, if it is still in the tree.
    pub fn node(&self, id: NodeId) -> Option<GameNode<'_>> {
        self.slot(id).map(|slot| GameNode { tree: self, id, slot })
    }

    /// The main line's nodes after the root, in order.
    pub fn mainline(&self) -> Mainline<'_> {
        self.root().mainline()
    }

    /// The main line's moves.
    pub fn mainline_moves(&self) -> Vec<Move> {
        self.mainline().filter_map(|node| node.mv()).collect()
    }

    /// The last node of the main line (the root for a game without moves).
    pub fn end(&self) -> GameNode<'_> {
        self.root().end()
    }
}

impl<'a> GameNode<'a> {
    fn at(&self, id: NodeId) -> GameNode<'a> {
        GameNode { tree: self.tree, id, slot: &self.tree.slots[id.0 as usize] }
    }

    /// This node's id, to change the tree at this node.
    pub fn id(&self) -> NodeId {
        self.id
    }

    /// The move leading to this node (`None` at the root).
    pub fn mv(&self) -> Option<Move> {
        self.slot.mv
    }

    /// The move in SAN, with its check or mate mark (`None` at the root).
    pub fn san(&self) -> Option<SanPlus> {
        Some(self.parent()?.board().san(self.slot.mv?))
    }

    /// The move in UCI, castling in the game's convention (king-takes-rook
    /// in a Chess960 game).
    pub fn uci(&self) -> Option<UciMove> {
        Some(self.slot.mv?.to_uci(self.tree.start.castling_mode()))
    }

    /// The board after the move: the fast path to the position (no
    /// history, no Chess960 flag; see [`position`](Self::position)).
    pub fn board(&self) -> &'a Board {
        &self.slot.board
    }

    /// The position after the move, reached from the game's start by the
    /// moves leading here (so it knows its repetitions and its move stack),
    /// Chess960 if the game is.
    pub fn position(&self) -> Position {
        let mut moves = Vec::new();
        let mut at = *self;
        while let (Some(m), Some(parent)) = (at.mv(), at.parent()) {
            moves.push(m);
            at = parent;
        }
        let mut position = self.tree.start.clone();
        for &m in moves.iter().rev() {
            // Every move of a tree was checked when it was added.
            position.play_unchecked(m);
        }
        position
    }

    /// The number of half-moves up to this node, counted from the start of
    /// the game the position's move number says (python-chess's `ply()`):
    /// the number of moves above this node when the game starts at the
    /// standard position.
    pub fn ply(&self) -> u32 {
        let board = self.board();
        2 * u32::from(board.fullmove_number().max(1) - 1) + u32::from(board.side_to_move() == ox88_board::Color::Black)
    }

    /// The node above (`None` at the root).
    pub fn parent(&self) -> Option<GameNode<'a>> {
        self.slot.parent.map(|id| self.at(id))
    }

    /// The continuations: the main one first, then the variations.
    pub fn variations(&self) -> impl ExactSizeIterator<Item = GameNode<'a>> + 'a {
        let (tree, slot) = (self.tree, self.slot);
        slot.variations.iter().map(move |&id| GameNode { tree, id, slot: &tree.slots[id.0 as usize] })
    }

    /// The `index`-th continuation (0: the main one).
    pub fn variation(&self, index: usize) -> Option<GameNode<'a>> {
        self.slot.variations.get(index).map(|&id| self.at(id))
    }

    /// The main continuation.
    pub fn next(&self) -> Option<GameNode<'a>> {
        self.variation(0)
    }

    /// Whether no move follows.
    pub fn is_end(&self) -> bool {
        self.slot.variations.is_empty()
    }

    /// The last node reached by following the main continuations.
    pub fn end(&self) -> GameNode<'a> {
        let mut at = *self;
        while let Some(next) = at.next() {
            at = next;
        }
        at
    }

    /// The nodes after this one along the main continuations.
    pub fn mainline(&self) -> Mainline<'a> {
        Mainline { next: self.next() }
    }

    /// Whether this node is its parent's main continuation (the root is).
    pub fn is_main_variation(&self) -> bool {
        self.parent().is_none_or(|parent| parent.slot.variations.first() == Some(&self.id))
    }

    /// Whether this node is on the game's main line (the root is).
    pub fn is_mainline(&self) -> bool {
        let mut at = *self;
        loop {
            if !at.is_main_variation() {
                return false;
            }
            match at.parent() {
                Some(parent) => at = parent,
                None => return true,
            }
        }
    }

    /// Whether this node starts a variation (is not its parent's main
    /// continuation): such a node's [`starting_comment`](Self::starting_comment)
    /// is written before its move, after the opening parenthesis.
    pub fn starts_variation(&self) -> bool {
        !self.is_main_variation()
    }

    /// The comment after the move (at the root: the game's comment, before
    /// the first move).
    pub fn comment(&self) -> Option<&'a str> {
        self.slot.comment.as_deref()
    }

    /// The comment before the move.
    pub fn starting_comment(&self) -> Option<&'a str> {
        self.slot.starting_comment.as_deref()
    }

    /// The move's annotation glyphs.
    pub fn nags(&self) -> &'a [Nag] {
        &self.slot.nags
    }

    /// The clock of the comment's `[%clk]` command: the time left to the
    /// side that moved.
    pub fn clock(&self) -> Option<Duration> {
        annotation::clock(self.comment()?)
    }

    /// The comment's `[%eval]` command.
    pub fn eval(&self) -> Option<Evaluation> {
        annotation::eval(self.comment()?)
    }
}

/// The node's id and move (not the whole tree).
impl std::fmt::Debug for GameNode<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameNode").field("id", &self.id).field("san", &self.san()).field("ply", &self.ply()).finish()
    }
}

/// Nodes along main continuations, as [`GameNode::mainline`] gives them.
#[derive(Clone, Debug)]
pub struct Mainline<'a> {
    next: Option<GameNode<'a>>,
}

impl<'a> Iterator for Mainline<'a> {
    type Item = GameNode<'a>;
    fn next(&mut self) -> Option<GameNode<'a>> {
        let node = self.next?;
        self.next = node.next();
        Some(node)
    }
}
