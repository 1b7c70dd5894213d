//! The transposition table, shared by every search thread without locks.
//!
//! Each entry is two `AtomicU64`: the packed data, and the position key XOR
//! that data. A reader accepts an entry only when the two words XOR back to
//! its key, so an entry torn by two threads writing at once reads as a miss
//! instead of as another position's data. Entries are grouped in buckets of
//! four (64 bytes, one cache line); a new entry replaces, within its bucket,
//! the same position or else the entry that is shallowest and oldest.

use ox88_board::{Move, Score};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true score of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TtBound {
    /// The exact score (a PV node).
    Exact,
    /// At least this score (a fail high).
    Lower,
    /// At most this score (a fail low).
    Upper,
}

/// One entry read back from the table. The score is relative to the stored
/// node: convert it with `read_tt` (the crate's `TtScore`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The best (or refutation) move found, unchecked: validate it with
    /// `is_legal` before playing it.
    pub mv: Option<Move>,
    /// The search score, relative to the node (see the crate's `TtScore::to_tt`).
    pub score: Score,
    /// The static evaluation of the position, if it was computed.
    pub eval: Option<Score>,
    /// The depth of the search that produced the score (quiescence entries
    /// have depth 0 or less).
    pub depth: i32,
    /// Whether the score is exact or a bound.
    pub bound: TtBound,
}

impl TtEntry {
    /// The better estimate of a node's score, `ply` plies from the root,
    /// than its static evaluation `eval`: the stored score when it is exact,
    /// a lower bound above `eval` or an upper bound below it (and not a
    /// mate or tablebase result); `eval` otherwise.
    #[inline(always)]
    pub fn refine(&self, eval: Score, ply: i32) -> Score {
        use crate::tt_score::TtScore;
        if self.score.is_decisive() {
            return eval;
        }
        let score = self.score.read_tt(ply);
        let better = match self.bound {
            TtBound::Exact => true,
            TtBound::Lower => score > eval,
            TtBound::Upper => score < eval,
        };
        if better {
            score
        } else {
            eval
        }
    }
}

impl TtBound {
    /// The bound of a node's result: a fail high is a lower bound; a score
    /// inside the window of a PV node that found a best move is exact;
    /// anything else is an upper bound.
    #[inline(always)]
    pub fn of_result(best: Score, beta: Score, pv: bool, found_move: bool) -> TtBound {
        if best >= beta {
            TtBound::Lower
        } else if pv && found_move {
            TtBound::Exact
        } else {
            TtBound::Upper
        }
    }

    /// Whether a stored `score` with this bound settles the window
    /// (`alpha`, `beta`).
    #[inline(always)]
    pub fn settles(self, score: Score, alpha: Score, beta: Score) -> bool {
        match self {
            TtBound::Exact => true,
            TtBound::Lower => score >= beta,
            TtBound::Upper => score <= alpha,
        }
    }
}

const ENTRIES_PER_BUCKET: usize = 4;
/// Stored depths are offset so that quiescence depths (down to -DEPTH_OFFSET)
/// fit an unsigned byte.
const DEPTH_OFFSET: i32 = 8;
/// Marks an entry without a static evaluation (no real evaluation reaches it).
const NO_EVAL: i16 = i16::MIN;
/// Generations use the 6 bits above the 2 bound bits of their byte.
const GENERATION_STEP: u8 = 4;

#[derive(Default)]
struct Entry {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    entries: [Entry; ENTRIES_PER_BUCKET],
}

/// Data layout (least significant first): move 16 bits, score 16, eval 16,
/// depth 8, generation 6 and bound 2 in the top byte. A bound of 0 marks an
/// empty slot.
#[inline(always)]
fn pack(mv: Option<Move>, score: Score, eval: Option<Score>, depth: i32, bound: TtBound, generation: u8) -> u64 {
    let mv = mv.map_or(0, Move::to_raw) as u64;
    let score = score.raw() as i16 as u16 as u64;
    let eval = eval.map_or(NO_EVAL, |e| e.raw() as i16) as u16 as u64;
    let depth = (depth + DEPTH_OFFSET).clamp(0, 255) as u64;
    let bound = match bound {
        TtBound::Exact => 3,
        TtBound::Lower => 2,
        TtBound::Upper => 1,
    };
    let flags = (generation | bound) as u64;
    mv | (score << 16) | (eval << 32) | (depth << 48) | (flags << 56)
}

#[inline(always)]
fn unpack(data: u64) -> TtEntry {
    let mv = data as u16;
    let eval = (data >> 32) as u16 as i16;
    TtEntry {
        mv: (mv != 0).then_some(Move::from_raw(mv)),
        score: Score::from_raw((data >> 16) as u16 as i16 as i32),
        eval: (eval != NO_EVAL).then_some(Score::from_raw(eval as i32)),
        depth: ((data >> 48) & 0xff) as i32 - DEPTH_OFFSET,
        bound: match (data >> 56) & 3 {
            3 => TtBound::Exact,
            2 => TtBound::Lower,
            _ => TtBound::Upper,
        },
    }
}

#[inline(always)]
fn depth_of(data: u64) -> i32 {
    ((data >> 48) & 0xff) as i32
}

#[inline(always)]
fn generation_of(data: u64) -> u8 {
    (data >> 56) as u8 & !3
}

#[inline(always)]
fn is_empty(data: u64) -> bool {
    (data >> 56) & 3 == 0
}

/// A transposition table of a fixed size in megabytes.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A cleared table of about `megabytes` MB (at least one bucket).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let count = (megabytes.max(1) << 20) / std::mem::size_of::<Bucket>();
        let mut buckets = Vec::new();
        buckets.resize_with(count.max(1), Bucket::default);
        TranspositionTable { buckets, generation: AtomicU8::new(0) }
    }

    /// The table's size in megabytes.
    pub fn megabytes(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries from earlier searches become the first
    /// to be replaced.
    pub fn new_search(&self) {
        let next = self.generation.load(Ordering::Relaxed).wrapping_add(GENERATION_STEP);
        self.generation.store(next, Ordering::Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-high maps the key onto any bucket count without a modulo.
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Asks the processor to bring the bucket of `key` into the cache, so that
    /// the probe of that position a little later finds it there.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
        safe_arch::prefetch_t0(self.bucket(key));
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        for entry in &self.bucket(key).entries {
            let data = entry.data.load(Ordering::Relaxed);
            if !is_empty(data) && entry.key_xor_data.load(Ordering::Relaxed) ^ data == key {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores a search result for `key`. `score` must already be relative to
    /// the node (`TtScore::to_tt`). A result for the same position replaces
    /// the old one unless the old one is deeper and not exact; a new position
    /// evicts the shallowest entry, counting older generations as shallower.
    #[inline]
    pub fn store(&self, key: u64, mv: Option<Move>, score: Score, eval: Option<Score>, depth: i32, bound: TtBound) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.entries[0];
        let mut victim_worth = i32::MAX;
        for entry in &bucket.entries {
            let data = entry.data.load(Ordering::Relaxed);
            if is_empty(data) {
                if victim_worth > i32::MIN {
                    victim = entry;
                    victim_worth = i32::MIN;
                }
                continue;
            }
            if entry.key_xor_data.load(Ordering::Relaxed) ^ data == key {
                let old = unpack(data);
                let keep = bound != TtBound::Exact
                    && depth_of(data) > depth + DEPTH_OFFSET + 3
                    && generation_of(data) == generation;
                if keep {
                    return;
                }
                // Keep the old move when the new result has none.
                let mv = mv.or(old.mv);
                write(entry, key, pack(mv, score, eval, depth, bound, generation));
                return;
            }
            let age = (generation.wrapping_sub(generation_of(data)) / GENERATION_STEP) as i32;
            let worth = depth_of(data) - 8 * age;
            if worth < victim_worth {
                victim = entry;
                victim_worth = worth;
            }
        }
        write(victim, key, pack(mv, score, eval, depth, bound, generation));
    }

    /// How full the table is, in permille, counting the entries of the
    /// current search among the first thousand.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let mut used = 0;
        let mut seen = 0;
        'outer: for bucket in &self.buckets {
            for entry in &bucket.entries {
                let data = entry.data.load(Ordering::Relaxed);
                used += u32::from(!is_empty(data) && generation_of(data) == generation);
                seen += 1;
                if seen == 1000 {
                    break 'outer;
                }
            }
        }
        used * 1000 / seen
    }
}

#[inline(always)]
fn write(entry: &Entry, key: u64, data: u64) {
    entry.key_xor_data.store(key ^ data, Ordering::Relaxed);
    entry.data.store(data, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::{MoveKind, Square};

    #[test]
    fn refine_takes_the_stored_score_only_where_its_bound_says_it_is_better() {
        let entry = |cp: i32, bound| TtEntry { mv: None, score: Score::cp(cp), eval: None, depth: 3, bound };
        let eval = Score::cp(50);
        assert_eq!(entry(10, TtBound::Exact).refine(eval, 4), Score::cp(10));
        assert_eq!(entry(80, TtBound::Lower).refine(eval, 4), Score::cp(80));
        assert_eq!(entry(10, TtBound::Lower).refine(eval, 4), eval);
        assert_eq!(entry(10, TtBound::Upper).refine(eval, 4), Score::cp(10));
        assert_eq!(entry(80, TtBound::Upper).refine(eval, 4), eval);
        let mate = TtEntry { score: Score::mate_in(5), ..entry(0, TtBound::Exact) };
        assert_eq!(mate.refine(eval, 4), eval, "a mate is a fact, not an estimate of the evaluation");
    }

    #[test]
    fn a_stored_entry_is_found_by_its_key_alone() {
        let tt = TranspositionTable::new(1);
        let e4 = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
        tt.store(0x1234, Some(e4), Score::cp(30), Some(Score::cp(10)), 5, TtBound::Exact);
        let entry = tt.probe(0x1234).unwrap();
        assert_eq!((entry.mv, entry.score, entry.depth), (Some(e4), Score::cp(30), 5));
        assert!(tt.probe(0x4321).is_none());
    }

    #[test]
    fn bucket_is_a_cache_line() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
    }

    #[test]
    fn fields_round_trip() {
        let m = Move::new(Square::A7, Square::B8, MoveKind::PromotionCapture(ox88_board::Role::Knight));
        for (score, eval, depth, bound) in [
            (Score::mate_in(3), None, 0, TtBound::Lower),
            (Score::mated_in(7), Some(Score::cp(-250)), -3, TtBound::Upper),
            (Score::cp(-31_000), Some(Score::cp(12)), 120, TtBound::Exact),
        ] {
            let e = unpack(pack(Some(m), score, eval, depth, bound, 44));
            assert_eq!(e, TtEntry { mv: Some(m), score, eval, depth, bound });
            assert_eq!(unpack(pack(None, score, eval, depth, bound, 0)).mv, None);
        }
    }

    #[test]
    fn replacement_keeps_deep_entries_and_the_old_move() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(Square::G1, Square::F3, MoveKind::Quiet);
        tt.store(7, Some(m), Score::cp(5), None, 10, TtBound::Lower);
        tt.store(7, None, Score::cp(9), None, 2, TtBound::Upper);
        assert_eq!(tt.probe(7).unwrap().depth, 10, "a much shallower bound does not replace");
        tt.store(7, None, Score::cp(9), None, 9, TtBound::Upper);
        let e = tt.probe(7).unwrap();
        assert_eq!((e.depth, e.mv, e.score), (9, Some(m), Score::cp(9)));
        // Keys that land in the same bucket: only four fit, the shallowest goes.
        let n = tt.buckets.len() as u128;
        let same_bucket: Vec<u64> = (1u64..)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .filter(|&k| ((k as u128 * n) >> 64) == 5)
            .take(5)
            .collect();
        for (i, &k) in same_bucket.iter().enumerate() {
            tt.store(k, None, Score::cp(0), None, [5, 1, 7, 8, 6][i], TtBound::Exact);
        }
        assert!(tt.probe(same_bucket[1]).is_none());
        for &i in &[0, 2, 3, 4] {
            assert!(tt.probe(same_bucket[i]).is_some());
        }
    }

    #[test]
    fn torn_entries_read_as_misses_and_hashfull_counts() {
        let mut tt = TranspositionTable::new(1);
        tt.store(99, None, Score::cp(1), None, 1, TtBound::Exact);
        let bucket = tt.bucket(99);
        let entry = bucket.entries.iter().find(|e| e.data.load(Ordering::Relaxed) != 0).unwrap();
        entry.data.fetch_xor(1 << 20, Ordering::Relaxed);
        assert!(tt.probe(99).is_none());
        assert_eq!(tt.hashfull(), 1);
        tt.clear();
        assert_eq!(tt.hashfull(), 0);
        assert_eq!(tt.megabytes(), 1);
    }
}
