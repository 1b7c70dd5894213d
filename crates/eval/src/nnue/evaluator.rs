//! [`Nnue`]: the network behind the [`Evaluator`] trait, with the stack of
//! accumulators that follows the search.

use super::accumulator::Accumulator;
use super::features::FeatureDelta;
use super::layers::{AnyLayers, Layers};
use super::{simd, KingBuckets, Network};
use crate::endgame::{insufficient_material, lone_king_bonus};
use crate::Evaluator;
use ox88_board::{Board, Move, Score};
use std::sync::Arc;

/// Accumulator slots allocated up front: deeper than the search goes
/// (its ply limit is 128), so that the stack never grows in a search.
const STACK_SLOTS: usize = 160;

/// What the stack knows of one ply (its accumulator and the move's delta
/// are kept beside it, in [`Stacks`] and `Nnue::deltas`).
#[derive(Clone, Copy, Debug, Default)]
struct Ply {
    /// Whether the ply's accumulator is up to date. Updates are lazy: a
    /// make only records the delta, and the first evaluation at or below a
    /// ply computes it from the nearest computed ply above, so nodes that
    /// are never evaluated (table cutoffs, nodes in check) cost nothing.
    computed: bool,
    /// The key of the position, once seen by an evaluation or as the
    /// root: a position that does not match is refreshed from scratch, so a
    /// caller that does not drive the hooks still gets right answers.
    key: Option<u64>,
}

/// The accumulators of every ply at the network's width, with the layers
/// they are computed from.
#[derive(Clone, Debug)]
struct Stack<const H: usize> {
    layers: Arc<Layers<H>>,
    accumulators: Vec<Accumulator<H>>,
}

impl<const H: usize> Stack<H> {
    fn new(layers: &Arc<Layers<H>>) -> Stack<H> {
        Stack { layers: Arc::clone(layers), accumulators: vec![Accumulator::default(); STACK_SLOTS] }
    }
}

/// A [`Stack`] at whichever width the network has: the evaluator matches
/// on it once per evaluation.
#[derive(Clone, Debug)]
enum Stacks {
    H256(Stack<256>),
    H512(Stack<512>),
    H768(Stack<768>),
    H1024(Stack<1024>),
}

/// Runs `$body` with `$stack` bound to the `&mut Stack<H>` of whichever
/// width `$stacks` holds.
macro_rules! with_stack {
    ($stacks:expr, $stack:ident => $body:expr) => {
        match $stacks {
            Stacks::H256($stack) => $body,
            Stacks::H512($stack) => $body,
            Stacks::H768($stack) => $body,
            Stacks::H1024($stack) => $body,
        }
    };
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
/// use ox88_eval::nnue::{Network, Nnue, INPUTS};
/// use ox88_eval::Evaluator;
/// use ox88_movegen::MoveGen;
/// # let hidden = 768;
/// # let network = Network::from_weights(&vec![3; INPUTS * hidden], &vec![0; hidden], &vec![1; 2 * hidden], &[0], 400)?;
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
    plies: Vec<Ply>,
    /// What the move into each ply changed (unused at the root).
    deltas: Vec<FeatureDelta>,
    stacks: Stacks,
    top: usize,
    refreshes: u64,
    /// The network's king buckets, if it has any (`None` keeps the moves of
    /// a network without on their own, shorter path).
    king_buckets: Option<KingBuckets>,
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
        let stacks = match network.layers() {
            AnyLayers::H256(layers) => Stacks::H256(Stack::new(layers)),
            AnyLayers::H512(layers) => Stacks::H512(Stack::new(layers)),
            AnyLayers::H768(layers) => Stacks::H768(Stack::new(layers)),
            AnyLayers::H1024(layers) => Stacks::H1024(Stack::new(layers)),
        };
        let (plies, deltas) = (vec![Ply::default(); STACK_SLOTS], vec![FeatureDelta::NONE; STACK_SLOTS]);
        let king_buckets = Some(network.king_buckets()).filter(KingBuckets::is_mirrored);
        Nnue { network, plies, deltas, stacks, top: 0, refreshes: 0, king_buckets }
    }

    /// The network.
    pub fn network(&self) -> &Network {
        &self.network
    }

    /// How many times an accumulator was computed from scratch (the root of
    /// each search, and positions the hooks did not describe; not counting
    /// one perspective's after its king changed bucket): a diagnostic.
    pub fn refreshes(&self) -> u64 {
        self.refreshes
    }

    /// Both perspectives' accumulators of the current ply, as last
    /// computed.
    #[cfg(test)]
    pub(super) fn accumulator_values(&self) -> [Vec<i16>; 2] {
        let top = self.top;
        with_stack!(&self.stacks, stack => stack.accumulators[top].values.map(|row| row.to_vec()))
    }

    /// Starts the stack again at `board`.
    fn reset(&mut self, board: &Board) {
        self.top = 0;
        with_stack!(&mut self.stacks, stack => simd::refresh(&mut stack.accumulators[0], &stack.layers, board));
        self.plies[0] = Ply { computed: true, key: Some(board.key()) };
        self.refreshes += 1;
    }

    fn push(&mut self, delta: FeatureDelta) {
        self.top += 1;
        if self.top == self.plies.len() {
            // Only a caller deeper than the search's ply limit gets here.
            self.plies.push(Ply::default());
            self.deltas.push(FeatureDelta::NONE);
            with_stack!(&mut self.stacks, stack => stack.accumulators.push(Accumulator::default()));
        }
        self.deltas[self.top] = delta;
        self.plies[self.top] = Ply { computed: false, key: None };
    }
}

impl Nnue {
    /// Pushes the ply of `m` played in `board` for a network with
    /// `king_buckets`; if the move changes its side's bucket or mirroring,
    /// computes that side's accumulator from scratch now, while the board
    /// before the move is at hand (the other side's is updated when the
    /// ply is evaluated).
    #[cold]
    fn push_bucketed(&mut self, board: &Board, m: Move, king_buckets: &KingBuckets) {
        let (delta, views) = FeatureDelta::of_bucketed_move(board, m, king_buckets);
        self.push(delta);
        let mover = board.side_to_move();
        if delta.refreshed(mover.index()) {
            let (top, view) = (self.top, views[mover.index()]);
            with_stack!(&mut self.stacks, stack => {
                simd::refresh_view(&mut stack.accumulators[top], &stack.layers, board, mover, view, &delta);
            });
        }
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
    /// material; against a bare king, plus the classical evaluation's
    /// mop-up (the lone king to the edge, the strong king near it).
    #[inline]
    fn evaluate(&mut self, board: &Board) -> Score {
        if insufficient_material(board) {
            return Score::DRAW;
        }
        let key = board.key();
        // The nearest computed ply at or above the top, unless the hooks
        // did not describe this position.
        let base = match self.plies[self.top].key {
            Some(k) if k != key => None,
            _ => (0..=self.top).rev().find(|&i| self.plies[i].computed),
        };
        let base = base.unwrap_or_else(|| {
            self.reset(board);
            0
        });
        let (top, stm, bucket) = (self.top, board.side_to_move(), Network::bucket(board));
        let deltas = &self.deltas[base + 1..=top];
        let centipawns = with_stack!(&mut self.stacks, stack => {
            simd::update_and_output(&mut stack.accumulators[base..=top], deltas, &stack.layers, stm, bucket)
        });
        for ply in &mut self.plies[base..=top] {
            ply.computed = true;
        }
        self.plies[top].key = Some(key);
        Score::cp(centipawns + lone_king_bonus(board))
    }

    fn set_root(&mut self, board: &Board) {
        self.reset(board);
    }

    #[inline]
    fn make_move(&mut self, board: &Board, m: Move) {
        if self.plies[self.top].key.is_some_and(|k| k != board.key()) {
            self.reset(board);
        }
        match self.king_buckets {
            None => self.push(FeatureDelta::of_move(board, m)),
            Some(king_buckets) => self.push_bucketed(board, m, &king_buckets),
        }
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
