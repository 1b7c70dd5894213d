//! [`Nnue`]: the network behind the [`Evaluator`] trait, with the stack of
//! accumulators that follows the search.

use super::accumulator::Accumulator;
use super::features::FeatureDelta;
use super::Network;
use crate::endgame::insufficient_material;
use crate::Evaluator;
use ox88_board::{Board, Move, Score};
use std::sync::Arc;

/// Accumulator slots allocated up front: deeper than the search goes
/// (its ply limit is 128), so that the stack never grows in a search.
const STACK_SLOTS: usize = 160;

/// One ply of the stack.
#[derive(Clone, Debug, Default)]
struct Entry {
    accumulator: Accumulator,
    /// What the move into this ply changed (unused at the root).
    delta: FeatureDelta,
    /// Whether `accumulator` is up to date. Updates are lazy: a make only
    /// records the delta, and the first evaluation at or below a ply computes
    /// it from the nearest computed ply above, so nodes that are never
    /// evaluated (table cutoffs, nodes in check) cost nothing.
    computed: bool,
    /// The key of the position, once seen by an evaluation or as the
    /// root: a position that does not match is refreshed from scratch, so a
    /// caller that does not drive the hooks still gets right answers.
    key: Option<u64>,
}

/// The neural network evaluation: a [`Network`] (shared between clones) and
/// the accumulator stack of one search thread.
///
/// A search drives it through the hooks of [`Evaluator`]: `set_root` at
/// the start, `make_move`/`unmake_move` around each move and the null-move
/// pair around each null move. Each ply's accumulator is then its parent's
/// plus the few rows the move changed. Without the hooks (a one-off
/// `evaluate` of any position), it computes the position from scratch.
///
/// ```
/// use ox88_board::Board;
/// use ox88_eval::nnue::{Network, Nnue, HIDDEN, INPUTS};
/// use ox88_eval::Evaluator;
/// use ox88_movegen::MoveGen;
/// # let network = Network::from_weights(&vec![3; INPUTS * HIDDEN], &[0; HIDDEN], &[1; 2 * HIDDEN], &[0], 400)?;
/// let mut nnue = Nnue::new(network);
/// let mut board = Board::startpos();
/// nnue.set_root(&board);
/// let e4 = board.legal_moves().into_iter().find(|m| m.to_string() == "e2e4").unwrap();
/// nnue.make_move(&board, e4);
/// let undo = board.make_move_unchecked(e4);
/// let incremental = nnue.evaluate(&board);
/// assert_eq!(incremental, nnue.network().evaluate(&board));
/// board.unmake_move(e4, undo);
/// nnue.unmake_move();
/// # Ok::<(), ox88_eval::nnue::NetworkError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Nnue {
    network: Arc<Network>,
    stack: Vec<Entry>,
    top: usize,
    refreshes: u64,
}

impl Nnue {
    /// An evaluator with `network`.
    pub fn new(network: Network) -> Nnue {
        Nnue::with_shared(Arc::new(network))
    }

    /// An evaluator with the network built into the library
    /// ([`Network::embedded`]).
    pub fn embedded() -> Nnue {
        Nnue::new(Network::embedded())
    }

    /// An evaluator with a network shared with others.
    pub fn with_shared(network: Arc<Network>) -> Nnue {
        Nnue { network, stack: vec![Entry::default(); STACK_SLOTS], top: 0, refreshes: 0 }
    }

    /// The network.
    pub fn network(&self) -> &Network {
        &self.network
    }

    /// How many times an accumulator was computed from scratch (the root of
    /// each search, and positions the hooks did not describe): a diagnostic.
    pub fn refreshes(&self) -> u64 {
        self.refreshes
    }

    /// The accumulator of the current ply, as last computed.
    #[cfg(test)]
    pub(super) fn accumulator(&self) -> &Accumulator {
        &self.stack[self.top].accumulator
    }

    /// Starts the stack again at `board`.
    fn reset(&mut self, board: &Board) {
        self.top = 0;
        self.refresh_top(board);
    }

    fn refresh_top(&mut self, board: &Board) {
        let entry = &mut self.stack[self.top];
        entry.accumulator.refresh(&self.network, board);
        entry.computed = true;
        entry.key = Some(board.key());
        self.refreshes += 1;
    }

    /// Brings the top accumulator up to date for `board`.
    #[inline]
    fn sync(&mut self, board: &Board) {
        let key = board.key();
        let top = self.top;
        if self.stack[top].key.is_some_and(|k| k != key) {
            // The hooks did not describe this position.
            self.reset(board);
            return;
        }
        if !self.stack[top].computed {
            let Some(base) = (0..top).rev().find(|&i| self.stack[i].computed) else {
                self.reset(board);
                return;
            };
            for i in base + 1..=top {
                let (below, above) = self.stack.split_at_mut(i);
                let entry = &mut above[0];
                entry.accumulator.update(&below[i - 1].accumulator, &entry.delta, &self.network);
                entry.computed = true;
            }
        }
        self.stack[top].key = Some(key);
    }

    fn push(&mut self, delta: FeatureDelta) {
        self.top += 1;
        if self.top == self.stack.len() {
            // Only a caller deeper than the search's ply limit gets here.
            self.stack.push(Entry::default());
        }
        let entry = &mut self.stack[self.top];
        entry.delta = delta;
        entry.computed = false;
        entry.key = None;
    }
}

impl Default for Nnue {
    /// The embedded network.
    fn default() -> Nnue {
        Nnue::embedded()
    }
}

impl Evaluator for Nnue {
    /// The network's score, or exactly zero when neither side has mating
    /// material.
    #[inline]
    fn evaluate(&mut self, board: &Board) -> Score {
        if insufficient_material(board) {
            return Score::DRAW;
        }
        self.sync(board);
        let bucket = Network::bucket(board);
        Score::cp(self.stack[self.top].accumulator.output(board.side_to_move(), bucket, &self.network))
    }

    fn set_root(&mut self, board: &Board) {
        self.reset(board);
    }

    #[inline]
    fn make_move(&mut self, board: &Board, m: Move) {
        if self.stack[self.top].key.is_some_and(|k| k != board.key()) {
            self.reset(board);
        }
        self.push(FeatureDelta::of_move(board, m));
    }

    #[inline]
    fn unmake_move(&mut self) {
        self.top = self.top.saturating_sub(1);
    }

    /// A null move changes no feature, but the position's key: it gets its
    /// own ply (a copy of its parent when evaluated).
    #[inline]
    fn make_null_move(&mut self, _board: &Board) {
        self.push(FeatureDelta::NONE);
    }

    #[inline]
    fn unmake_null_move(&mut self) {
        self.top = self.top.saturating_sub(1);
    }
}
