//! Where the reader's bytes come from: a byte slice, read in place, or any
//! [`io::Read`] through one buffer of bounded size.

use std::io::{self, Read};

/// The bytes a [`Reader`](crate::Reader) reads: [`SliceSource`] or
/// [`ReadSource`]. Sealed: the reader relies on how both behave.
pub trait Source: sealed::Sealed {}

mod sealed {
    /// The operations the reader uses.
    pub trait Sealed {
        /// The bytes available and not yet consumed.
        fn window(&self) -> &[u8];
        /// Marks the first `n` bytes of the window as read.
        fn consume(&mut self, n: usize);
        /// Brings more input into the window, keeping the unread bytes and
        /// letting the window grow to `max` bytes. Returns whether the
        /// window grew; `false` means the end of the input, or a window
        /// already `max` long.
        fn fill(&mut self, max: usize) -> std::io::Result<bool>;
        /// Whether the window reaches the end of the input.
        fn at_end(&self) -> bool;
        /// How many bytes were consumed before the window.
        fn offset(&self) -> u64;
    }
}
pub(crate) use sealed::Sealed;

/// A byte slice, read in place: tokens borrow it, nothing is copied.
#[derive(Clone, Debug)]
pub struct SliceSource<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> SliceSource<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> SliceSource<'a> {
        SliceSource { bytes, pos: 0 }
    }
}

impl Source for SliceSource<'_> {}

impl Sealed for SliceSource<'_> {
    #[inline]
    fn window(&self) -> &[u8] {
        &self.bytes[self.pos..]
    }
    #[inline]
    fn consume(&mut self, n: usize) {
        self.pos += n;
    }
    fn fill(&mut self, _max: usize) -> io::Result<bool> {
        Ok(false)
    }
    #[inline]
    fn at_end(&self) -> bool {
        true
    }
    fn offset(&self) -> u64 {
        self.pos as u64
    }
}

/// Any [`io::Read`], through one buffer: 64 KiB to start with, growing
/// only to hold a single longer token (a long comment), up to the
/// reader's token limit. Memory stays bounded whatever the input's size.
#[derive(Debug)]
pub struct ReadSource<R> {
    reader: R,
    buffer: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
    consumed: u64,
}

/// The buffer's size to start with.
pub(crate) const INITIAL_BUFFER: usize = 64 * 1024;

impl<R: Read> ReadSource<R> {
    pub(crate) fn new(reader: R, capacity: usize) -> ReadSource<R> {
        ReadSource { reader, buffer: vec![0; capacity.max(16)], start: 0, end: 0, eof: false, consumed: 0 }
    }

    /// The reader given at construction.
    pub(crate) fn into_inner(self) -> R {
        self.reader
    }
}

impl<R: Read> Source for ReadSource<R> {}

impl<R: Read> Sealed for ReadSource<R> {
    #[inline]
    fn window(&self) -> &[u8] {
        &self.buffer[self.start..self.end]
    }
    #[inline]
    fn consume(&mut self, n: usize) {
        debug_assert!(self.start + n <= self.end);
        self.start += n;
        self.consumed += n as u64;
    }
    fn fill(&mut self, max: usize) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        if self.start > 0 {
            self.buffer.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.buffer.len() {
            if self.buffer.len() >= max {
                return Ok(false);
            }
            let size = (self.buffer.len() * 2).min(max.max(self.buffer.len()));
            self.buffer.resize(size, 0);
        }
        loop {
            match self.reader.read(&mut self.buffer[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }
    #[inline]
    fn at_end(&self) -> bool {
        self.eof
    }
    fn offset(&self) -> u64 {
        self.consumed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands out at most three bytes a call.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(3).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn keeps_unread_bytes_and_grows_to_the_limit() {
        let mut source = ReadSource::new(Trickle(b"abcdefghijklmnopqrstuvwxyz0123456789"), 16);
        while source.fill(16).unwrap() {}
        assert_eq!(source.window(), b"abcdefghijklmnop");
        source.consume(10);
        assert!(source.fill(16).unwrap());
        assert_eq!(source.window(), b"klmnopqrs");
        while source.fill(32).unwrap() {}
        assert_eq!(source.window().len(), 26);
        assert_eq!(source.buffer.len(), 32);
        source.consume(26);
        while source.fill(32).unwrap() {}
        assert!(source.at_end());
        assert_eq!(source.window(), b"");
        assert_eq!(source.offset(), 36);
    }
}
