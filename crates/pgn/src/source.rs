//! Where the reader's bytes come from: a byte slice, read in place, or any
//! [`io::Read`] through one buffer of bounded size.

use crate::Location;
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
        /// Where the byte `at` of the window is in the input. Called on
        /// errors only: the line count is kept as bytes are dropped (a
        /// `ReadSource`) or counted on demand (a `SliceSource`).
        fn locate(&mut self, at: usize) -> crate::Location;
    }
}
pub(crate) use sealed::Sealed;

/// Lines counted up to some point of the input: how many line ends came
/// before it, and where the line it is on begins.
#[derive(Clone, Copy, Debug, Default)]
struct LineCount {
    /// Line ends before the point.
    newlines: u64,
    /// The offset of the first byte of the point's line.
    line_start: u64,
}

impl LineCount {
    /// Counts on over `bytes`, which start at offset `base`.
    fn advance(&mut self, bytes: &[u8], base: u64) {
        // A plain count, which the compiler vectorises.
        self.newlines += bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        if let Some(last) = bytes.iter().rposition(|&b| b == b'\n') {
            self.line_start = base + last as u64 + 1;
        }
    }

    /// The location of `offset`, the bytes from the counted point to it
    /// being `between` (starting at offset `base`).
    fn locate(mut self, between: &[u8], base: u64, offset: u64) -> Location {
        self.advance(between, base);
        Location { offset, line: self.newlines + 1, column: offset - self.line_start + 1 }
    }
}

/// A byte slice, read in place: tokens borrow it, nothing is copied.
#[derive(Clone, Debug)]
pub struct SliceSource<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Lines counted up to `counted` (errors come in input order, so each
    /// byte is counted once however many errors there are).
    lines: LineCount,
    counted: usize,
}

impl<'a> SliceSource<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> SliceSource<'a> {
        SliceSource { bytes, pos: 0, lines: LineCount::default(), counted: 0 }
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
    fn locate(&mut self, at: usize) -> Location {
        let target = self.pos + at;
        if target < self.counted {
            (self.lines, self.counted) = (LineCount::default(), 0);
        }
        let location = self.lines.locate(&self.bytes[self.counted..target], self.counted as u64, target as u64);
        self.lines = LineCount { newlines: location.line - 1, line_start: target as u64 + 1 - location.column };
        self.counted = target;
        location
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
    /// Lines counted over the bytes dropped from the buffer.
    lines: LineCount,
}

/// The buffer's size to start with.
pub(crate) const INITIAL_BUFFER: usize = 64 * 1024;

impl<R: Read> ReadSource<R> {
    pub(crate) fn new(reader: R, capacity: usize) -> ReadSource<R> {
        ReadSource {
            reader,
            buffer: vec![0; capacity.max(16)],
            start: 0,
            end: 0,
            eof: false,
            consumed: 0,
            lines: LineCount::default(),
        }
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
            let base = self.consumed - self.start as u64;
            self.lines.advance(&self.buffer[..self.start], base);
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
    fn locate(&mut self, at: usize) -> Location {
        let base = self.consumed - self.start as u64;
        self.lines.locate(&self.buffer[..self.start + at], base, self.consumed + at as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Line and column of `offset` in `bytes`, counted the plain way.
    fn naive(bytes: &[u8], offset: usize) -> (u64, u64) {
        let before = &bytes[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
        let start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        (line, (offset - start) as u64 + 1)
    }

    proptest! {
        /// Both sources place a byte where counting from the start does,
        /// however the input is consumed and refilled.
        #[test]
        fn locations_match_a_plain_count(
            bytes in proptest::collection::vec(prop_oneof![Just(b'\n'), Just(b'a'), Just(b' ')], 0..300),
            steps in proptest::collection::vec((0usize..40, 0usize..40), 1..20),
        ) {
            let mut slice = SliceSource::new(&bytes);
            let mut read = ReadSource::new(Trickle(&bytes), 16);
            for (consume, at) in steps {
                while read.window().len() < consume + at + 1 && read.fill(64).unwrap() {}
                let consume = consume.min(read.window().len()).min(slice.window().len());
                slice.consume(consume);
                read.consume(consume);
                let at = at.min(read.window().len()).min(slice.window().len());
                let offset = slice.offset() as usize + at;
                let (line, column) = naive(&bytes, offset);
                let expected = Location { offset: offset as u64, line, column };
                prop_assert_eq!(slice.locate(at), expected);
                prop_assert_eq!(read.locate(at), expected);
            }
        }
    }

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
