//! [`KeyHistory`]: the keys of earlier positions, for detecting repetitions
//! in a game and in a search; and the repetition key they are compared by.

use crate::generate::has_legal_en_passant;
use ox88_board::{zobrist, Board};

/// The key positions are compared by for repetitions: the Zobrist key, with
/// the en-passant file counted only when an en-passant capture is legal.
///
/// FIDE (article 9.2.3) counts two positions the same when the same moves
/// are possible: an en-passant square whose capture is illegal (the pawn
/// pinned, say) changes nothing. [`Board::key`] keeps that square whenever
/// the capture is pseudo-legal, as Polyglot book keys require.
pub(crate) fn repetition_key(board: &Board) -> u64 {
    match board.en_passant() {
        Some(square) if !has_legal_en_passant(board) => board.key() ^ zobrist::en_passant_key(square),
        _ => board.key(),
    }
}

/// The keys of the positions before the current one, oldest first.
///
/// Push the repetition key ([`MoveGen::repetition_key`](crate::MoveGen::repetition_key))
/// of the position you leave before making a move, pop it when you take the
/// move back. A game and a search share this type: the search starts from a
/// copy of the game's history and pushes and pops as it goes.
///
/// Queries compare keys only, every second ply (the side to move must be
/// the same), and look no further back than the halfmove clock allows: a
/// capture or pawn move makes all earlier positions unreachable.
///
/// ```
/// use ox88_board::{Board, CastlingMode};
/// use ox88_movegen::{KeyHistory, MoveGen, Notation};
/// let mut board = Board::startpos();
/// let mut history = KeyHistory::new();
/// for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///     let m = board.parse_uci(uci, CastlingMode::Standard).unwrap();
///     history.push(board.repetition_key());
///     board.make_move_unchecked(m);
/// }
/// // The start position is on the board again, once before.
/// let key = board.repetition_key();
/// assert_eq!(history.repetitions(key, board.halfmove_clock()), 1);
/// assert!(history.is_repetition(key, board.halfmove_clock()));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyHistory {
    keys: Vec<u64>,
}

impl KeyHistory {
    /// An empty history.
    pub fn new() -> KeyHistory {
        KeyHistory { keys: Vec::new() }
    }
    /// An empty history with room for `capacity` keys (a search can reserve
    /// its maximum depth here so that it never allocates).
    pub fn with_capacity(capacity: usize) -> KeyHistory {
        KeyHistory { keys: Vec::with_capacity(capacity) }
    }
    /// Records the key of the position being left.
    #[inline]
    pub fn push(&mut self, key: u64) {
        self.keys.push(key);
    }
    /// Forgets the most recent key (when a move is taken back).
    #[inline]
    pub fn pop(&mut self) -> Option<u64> {
        self.keys.pop()
    }
    /// How many keys are recorded.
    pub fn len(&self) -> usize {
        self.keys.len()
    }
    /// Whether no key is recorded.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
    /// Forgets every key.
    pub fn clear(&mut self) {
        self.keys.clear();
    }
    /// The recorded keys, oldest first.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The earlier positions that can equal the current one: same side to
    /// move (every second ply back) and no further back than the
    /// `halfmove_clock` of the current position.
    #[inline]
    fn candidates(&self, halfmove_clock: u16) -> impl Iterator<Item = u64> + '_ {
        let reach = (halfmove_clock as usize).min(self.keys.len());
        let window = &self.keys[self.keys.len() - reach..];
        // Two plies back is window[len - 2], then every second key before it.
        window.iter().rev().skip(1).step_by(2).copied()
    }

    /// How many times the position with `key` (the current one, whose
    /// halfmove clock is `halfmove_clock`) occurred before.
    #[inline]
    pub fn repetitions(&self, key: u64, halfmove_clock: u16) -> usize {
        self.candidates(halfmove_clock).filter(|&k| k == key).count()
    }

    /// Whether the position with `key` occurred before at all: the search's
    /// test (a repetition inside the search tree is scored as a draw). Stops
    /// at the first match.
    #[inline]
    pub fn is_repetition(&self, key: u64, halfmove_clock: u16) -> bool {
        self.candidates(halfmove_clock).any(|k| k == key)
    }
}

#[cfg(test)]
mod tests {
    use super::KeyHistory;

    #[test]
    fn looks_every_second_ply_within_the_clock() {
        let mut history = KeyHistory::new();
        for key in [7, 1, 7, 2, 7, 3] {
            history.push(key);
        }
        // Plies back: 1 -> 3, 2 -> 7, 3 -> 2, 4 -> 7, 5 -> 1, 6 -> 7.
        assert_eq!(history.repetitions(7, 100), 3);
        assert_eq!(history.repetitions(7, 4), 2);
        assert_eq!(history.repetitions(7, 1), 0);
        assert_eq!(history.repetitions(3, 100), 0, "one ply back is the other side to move");
        assert_eq!(history.repetitions(2, 100), 0);
        assert!(history.is_repetition(7, 2));
        assert!(!history.is_repetition(7, 1));
        assert_eq!(history.pop(), Some(3));
        // Now plies back: 1 -> 7, 2 -> 2, 3 -> 7, 4 -> 1, 5 -> 7.
        assert_eq!(history.repetitions(2, 100), 1);
        assert_eq!(history.repetitions(1, 100), 1);
        assert_eq!(history.repetitions(1, 3), 0);
    }

    #[test]
    fn clock_beyond_the_history_is_clamped() {
        let mut history = KeyHistory::with_capacity(4);
        assert_eq!(history.repetitions(1, 50), 0);
        history.push(1);
        history.push(2);
        assert_eq!(history.repetitions(1, 50), 1);
        assert_eq!(history.len(), 2);
        history.clear();
        assert!(history.is_empty());
    }
}
