//! A small seeded pseudo-random generator, for the tools that need
//! reproducible choices (openings, shuffles, weight initialisation) and the
//! engine's book (a weighted pick): one generator for all of them.

/// SplitMix64 (Steele, Lea and Flood, 2014): 64 bits of state, every seed
/// valid, good statistical quality for shuffles and sampling; not for
/// cryptography. The same seed always gives the same sequence.
///
/// ```
/// use ox88_board::Random;
/// let mut random = Random::new(7);
/// let mut again = Random::new(7);
/// assert_eq!(random.next_u64(), again.next_u64());
/// let mut deck = [1, 2, 3, 4, 5];
/// random.shuffle(&mut deck);
/// deck.sort_unstable();
/// assert_eq!(deck, [1, 2, 3, 4, 5]);
/// assert!(random.below(6) < 6);
/// ```
#[derive(Clone, Debug)]
pub struct Random(u64);

impl Random {
    /// A generator from `seed` (any value).
    pub fn new(seed: u64) -> Random {
        Random(seed)
    }

    /// A seed that differs from run to run and between processes started
    /// together: the clock's nanoseconds and the process id.
    pub fn clock_seed() -> u64 {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        nanos as u64 ^ (u64::from(std::process::id()) << 32)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, by Lemire's multiply-shift (no division; the bias
    /// is below `n / 2^64`). `n` must not be zero.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0, "Random::below(0)");
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// True with probability `p` (0 never, 1 always).
    pub fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64) < p * (1u64 << 53) as f64
    }

    /// A number uniformly in `-bound..bound`.
    pub fn uniform(&mut self, bound: f32) -> f32 {
        let unit = (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        (2.0 * unit - 1.0) * bound
    }

    /// Shuffles `items` in place (Fisher-Yates): every order equally likely.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_reference_values() {
        // The first outputs for seed 0 of the reference implementation.
        let mut random = Random::new(0);
        assert_eq!(random.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(random.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn draws_stay_in_range_and_cover_it() {
        let mut random = Random::new(42);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[random.below(7)] += 1;
        }
        assert!(seen.iter().all(|&count| (800..1200).contains(&count)), "{seen:?}");
        assert!((0..1000).map(|_| random.uniform(0.5)).all(|x| (-0.5..0.5).contains(&x)));
        assert!(!(0..100).any(|_| random.chance(0.0)) && (0..100).all(|_| random.chance(1.0)));
        assert_ne!(Random::clock_seed(), 0);
    }
}
