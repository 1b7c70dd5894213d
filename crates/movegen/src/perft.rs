//! Perft: counting the leaf nodes of the legal move tree, the standard test
//! (and benchmark) of a move generator.

use crate::{MoveGen, MoveList};
use ox88_board::{Board, Move};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The number of leaf nodes `depth` plies below `board`, counting the last ply
/// in bulk (the length of the legal move list).
///
/// ```
/// use ox88_board::Board;
/// let mut board = Board::startpos();
/// assert_eq!(ox88_movegen::perft(&mut board, 3), 8902);
/// ```
pub fn perft(board: &mut Board, depth: u32) -> u64 {
    match depth {
        0 => return 1,
        1 => return board.count_legal() as u64,
        _ => {}
    }
    let mut list = MoveList::new();
    board.generate_legal(&mut list);
    let mut nodes = 0;
    for &m in &list {
        let undo = board.make_move_unchecked(m);
        nodes += perft(board, depth - 1);
        board.unmake_move(m, undo);
    }
    nodes
}

/// Like [`perft`], but makes every move down to depth 0 (no bulk counting):
/// the cost of make/unmake included, as "full" perft figures are measured.
pub fn perft_full(board: &mut Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    board.generate_legal(&mut list);
    let mut nodes = 0;
    for &m in &list {
        let undo = board.make_move_unchecked(m);
        // The leaves are counted here rather than by a call that would
        // only return 1: every move is still made and unmade.
        nodes += if depth == 1 { 1 } else { perft_full(board, depth - 1) };
        board.unmake_move(m, undo);
    }
    nodes
}

/// Perft split by root move: each legal move with the leaf count below it,
/// in generation order.
pub fn divide(board: &mut Board, depth: u32) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    board
        .legal_moves()
        .into_iter()
        .map(|m| {
            let undo = board.make_move_unchecked(m);
            let nodes = perft(board, depth - 1);
            board.unmake_move(m, undo);
            (m, nodes)
        })
        .collect()
}

/// [`divide`] with the root moves shared out over `threads` threads (each
/// takes the next unclaimed root move; no more threads than root moves are
/// started). The result is in generation order.
pub fn divide_parallel(board: &Board, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    let moves = board.legal_moves();
    let threads = threads.clamp(1, moves.len().max(1));
    let results = Mutex::new(vec![0u64; moves.len()]);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut local = board.clone();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&m) = moves.get(i) else { break };
                    let undo = local.make_move_unchecked(m);
                    let nodes = perft(&mut local, depth - 1);
                    local.unmake_move(m, undo);
                    results.lock().expect("no thread panics while holding the lock")[i] = nodes;
                }
            });
        }
    });
    let counts = results.into_inner().expect("no thread panicked");
    moves.into_iter().zip(counts).collect()
}

/// A perft that remembers subtree counts in a transposition table keyed by
/// the Zobrist key and depth: much faster on deep searches, where the same
/// positions recur by transposition.
pub struct HashedPerft {
    entries: Vec<(u64, u64)>,
}

impl HashedPerft {
    /// A table of about `megabytes` MB (at least one entry, at most 1 TiB;
    /// like any allocation, one the machine cannot give aborts).
    pub fn new(megabytes: usize) -> HashedPerft {
        let bytes = megabytes.min(1 << 20).saturating_mul(1024 * 1024);
        let count = (bytes / 16).max(1).next_power_of_two() / 2;
        HashedPerft { entries: vec![(0, 0); count.max(1)] }
    }

    /// The leaf count `depth` plies below `board`.
    pub fn perft(&mut self, board: &mut Board, depth: u32) -> u64 {
        if depth <= 1 {
            return perft(board, depth);
        }
        // The depth is mixed into the key so that one table serves all depths;
        // the low bits select the slot, the whole key is compared.
        let key = board.key() ^ (depth as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = key as usize & (self.entries.len() - 1);
        if self.entries[slot].0 == key && self.entries[slot].1 != 0 {
            return self.entries[slot].1;
        }
        let mut list = MoveList::new();
        board.generate_legal(&mut list);
        let mut nodes = 0;
        for &m in &list {
            let undo = board.make_move_unchecked(m);
            nodes += self.perft(board, depth - 1);
            board.unmake_move(m, undo);
        }
        self.entries[slot] = (key, nodes);
        nodes
    }
}
