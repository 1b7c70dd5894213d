//! Helpers shared by the PGN tests.

/// A reader that hands out at most `.1` bytes of `.0` a call, to test
/// readers whose tokens straddle their buffer's refills.
pub struct Pieces<'a>(pub &'a [u8], pub usize);

impl std::io::Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.1).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}
