//! A small, fast pseudo-random generator (xorshift64*): reproducible from a
//! seed, and good enough for choosing openings and shuffling.

/// The generator's state.
pub struct Random(u64);

impl Random {
    /// A generator from `seed` (any value; scrambled so that nearby seeds
    /// give unrelated sequences).
    pub fn new(seed: u64) -> Random {
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Random((z ^ (z >> 31)) | 1)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// A seed that differs from run to run.
pub fn seed_from_clock() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    nanos as u64 ^ (u64::from(std::process::id()) << 32)
}
