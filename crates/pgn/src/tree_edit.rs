//! Changing a [`GameTree`]: adding moves (checked), reordering and removing
//! variations, and setting comments, NAGs, clocks and evaluations.

use crate::annotation::{self, Evaluation};
use crate::tree::Slot;
use crate::{GameTree, Nag, NodeId};
use ox88_board::{Board, Move};
use ox88_movegen::{IllegalMoveError, MoveGen, Position, SanError};
use std::time::Duration;

/// What went wrong adding a move in SAN to a [`GameTree`].
#[derive(Debug, thiserror::Error)]
pub enum AddMoveError {
    /// The node is not in the tree (it was removed).
    #[error("no node {0:?} in this game tree")]
    NoNode(NodeId),
    /// The move is not legal there.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// The SAN names no single legal move there.
    #[error(transparent)]
    San(#[from] SanError),
}

/// Whether `m` is legal on `board`, and if not, why.
fn check(board: &Board, m: Move) -> Result<(), IllegalMoveError> {
    if !board.is_legal(m) {
        // The checked path of `Position` says why (it tests legality alike).
        Position::new(board.clone()).san(m)?;
    }
    Ok(())
}

impl GameTree {
    /// Adds the node of `m` below `parent`, whose board is `before`; `m`
    /// is legal there.
    pub(crate) fn push(&mut self, parent: NodeId, m: Move, before: Board) -> NodeId {
        let mut board = before;
        board.make_move_unchecked(m);
        let id = NodeId(self.slots.len() as u32);
        self.slots.push(Slot {
            parent: Some(parent),
            mv: Some(m),
            board,
            variations: Vec::new(),
            nags: Vec::new(),
            comment: None,
            starting_comment: None,
            live: true,
        });
        self.slots[parent.0 as usize].variations.push(id);
        id
    }

    /// Checks `m` at `parent`, returning the board there.
    fn before(&self, parent: NodeId, m: Move) -> Result<Board, AddMoveError> {
        let board = &self.slot(parent).ok_or(AddMoveError::NoNode(parent))?.board;
        check(board, m)?;
        Ok(board.clone())
    }

    /// Adds `m` below `parent` as its last continuation (its main one if it
    /// has none), and returns the new node; a move already there is not
    /// added twice (its node is returned). An illegal move, or a removed
    /// `parent`, is an error and changes nothing.
    pub fn add_variation(&mut self, parent: NodeId, m: Move) -> Result<NodeId, AddMoveError> {
        let before = self.before(parent, m)?;
        if let Some(&existing) =
            self.slots[parent.0 as usize].variations.iter().find(|&&id| self.slots[id.0 as usize].mv == Some(m))
        {
            return Ok(existing);
        }
        Ok(self.push(parent, m, before))
    }

    /// Adds `m` below `parent` as its main continuation (the former main
    /// one becomes the first variation), as
    /// [`add_variation`](Self::add_variation) then
    /// [`promote_to_main`](Self::promote_to_main).
    pub fn add_main_variation(&mut self, parent: NodeId, m: Move) -> Result<NodeId, AddMoveError> {
        let id = self.add_variation(parent, m)?;
        self.promote_to_main(id);
        Ok(id)
    }

    /// Adds the move named in SAN below `parent`, as
    /// [`add_variation`](Self::add_variation).
    pub fn add_san(&mut self, parent: NodeId, san: &str) -> Result<NodeId, AddMoveError> {
        let board = &self.slot(parent).ok_or(AddMoveError::NoNode(parent))?.board;
        let m = ox88_movegen::Notation::parse_san(board, san)?;
        self.add_variation(parent, m)
    }

    /// Adds `moves` one below the other from `parent` (the first as
    /// [`add_variation`](Self::add_variation) adds it, each next one as the
    /// main continuation of the one before), returning the last node
    /// (`parent` for no moves). Every move is checked first: on an error
    /// nothing is added.
    pub fn add_line(&mut self, parent: NodeId, moves: &[Move]) -> Result<NodeId, AddMoveError> {
        let mut board = self.slot(parent).ok_or(AddMoveError::NoNode(parent))?.board.clone();
        for &m in moves {
            check(&board, m)?;
            board.make_move_unchecked(m);
        }
        let mut at = parent;
        for (i, &m) in moves.iter().enumerate() {
            at = if i == 0 { self.add_variation(at, m)? } else { self.add_main_variation(at, m)? };
        }
        Ok(at)
    }

    /// Where `id` is among its parent's continuations.
    fn place(&self, id: NodeId) -> Option<(NodeId, usize)> {
        let parent = self.slot(id)?.parent?;
        let index = self.slots[parent.0 as usize].variations.iter().position(|&v| v == id)?;
        Some((parent, index))
    }

    /// Moves the variation starting at `id` one place up among its
    /// parent's continuations (to main, if it was the first variation).
    /// Returns whether it moved.
    pub fn promote(&mut self, id: NodeId) -> bool {
        match self.place(id) {
            Some((parent, index)) if index > 0 => {
                self.slots[parent.0 as usize].variations.swap(index, index - 1);
                true
            }
            _ => false,
        }
    }

    /// Makes the variation starting at `id` its parent's main continuation
    /// (the others keep their order). Returns whether it moved.
    pub fn promote_to_main(&mut self, id: NodeId) -> bool {
        match self.place(id) {
            Some((parent, index)) if index > 0 => {
                let variations = &mut self.slots[parent.0 as usize].variations;
                let node = variations.remove(index);
                variations.insert(0, node);
                true
            }
            _ => false,
        }
    }

    /// Moves the variation starting at `id` one place down among its
    /// parent's continuations. Returns whether it moved.
    pub fn demote(&mut self, id: NodeId) -> bool {
        match self.place(id) {
            Some((parent, index)) if index + 1 < self.slots[parent.0 as usize].variations.len() => {
                self.slots[parent.0 as usize].variations.swap(index, index + 1);
                true
            }
            _ => false,
        }
    }

    /// Removes `id` and everything below it (the ids of those nodes then
    /// name nothing). The root cannot be removed. Returns whether anything
    /// was.
    pub fn remove(&mut self, id: NodeId) -> bool {
        let Some((parent, index)) = self.place(id) else { return false };
        self.slots[parent.0 as usize].variations.remove(index);
        let mut stack = vec![id];
        while let Some(at) = stack.pop() {
            let slot = &mut self.slots[at.0 as usize];
            slot.live = false;
            stack.append(&mut slot.variations);
        }
        true
    }

    /// Sets the comment after `id`'s move (at the root: the game's
    /// comment). Returns whether `id` is in the tree.
    pub fn set_comment(&mut self, id: NodeId, comment: Option<String>) -> bool {
        self.slot_mut(id).map(|slot| slot.comment = comment).is_some()
    }

    /// Sets the comment before `id`'s move. Returns whether `id` is in the
    /// tree.
    pub fn set_starting_comment(&mut self, id: NodeId, comment: Option<String>) -> bool {
        self.slot_mut(id).map(|slot| slot.starting_comment = comment).is_some()
    }

    /// Sets the annotation glyphs of `id`'s move. Returns whether `id` is in
    /// the tree.
    pub fn set_nags(&mut self, id: NodeId, nags: Vec<Nag>) -> bool {
        self.slot_mut(id).map(|slot| slot.nags = nags).is_some()
    }

    /// Sets (or with `None` removes) the `[%clk]` command of `id`'s
    /// comment, the rest of the comment kept. Returns whether `id` is in the
    /// tree.
    pub fn set_clock(&mut self, id: NodeId, clock: Option<Duration>) -> bool {
        self.slot_mut(id).map(|slot| annotation::set_clock(&mut slot.comment, clock)).is_some()
    }

    /// Sets (or with `None` removes) the `[%eval]` command of `id`'s
    /// comment, the rest of the comment kept. Returns whether `id` is in the
    /// tree.
    pub fn set_eval(&mut self, id: NodeId, evaluation: Option<Evaluation>) -> bool {
        self.slot_mut(id).map(|slot| annotation::set_eval(&mut slot.comment, evaluation)).is_some()
    }
}
