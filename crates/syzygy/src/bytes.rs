//! A table file's bytes, memory-mapped or read, and bounds-checked reads
//! from them: every read past the end is a [`Damage`], never a panic.

use crate::error::Damage;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// How a [`Tablebase`](crate::Tablebase) holds the files it probes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Storage {
    /// Memory-map each file when it is first probed (the default): the
    /// operating system reads only the pages probes touch, so sets of any
    /// size (6- and 7-piece sets are 150 GB and more) open at once.
    #[default]
    Map,
    /// Read each file into memory when it is first probed: costs the whole
    /// file up front, in time and memory, and never touches the disk again.
    /// For small sets, or file systems that cannot be mapped.
    Read,
}

/// A table file's contents.
#[derive(Debug)]
pub(crate) enum Bytes {
    Mapped(memmap2::Mmap),
    Owned(Vec<u8>),
}

impl Bytes {
    /// Loads `path` as `storage` says.
    pub(crate) fn load(path: &Path, storage: Storage) -> io::Result<Bytes> {
        let mut file = File::open(path)?;
        match storage {
            Storage::Read => {
                let mut bytes = Vec::new();
                file.read_to_end(&mut bytes)?;
                Ok(Bytes::Owned(bytes))
            }
            Storage::Map => map(&file).map(Bytes::Mapped),
        }
    }

    /// The bytes.
    pub(crate) fn as_slice(&self) -> &[u8] {
        match self {
            Bytes::Mapped(map) => map,
            Bytes::Owned(bytes) => bytes,
        }
    }
}

/// Maps `file` read-only.
#[allow(unsafe_code)]
fn map(file: &File) -> io::Result<memmap2::Mmap> {
    // SAFETY: `Mmap::map` is unsafe because the mapped file could be changed
    // or truncated by another process while mapped, which Rust's aliasing
    // rules cannot see. The mapping is read-only, and tablebase files are
    // written once by their generator and never modified in place; every
    // read from the mapping is bounds-checked against the length it had when
    // mapped. A file truncated under a running program is the one case left
    // (the operating system then signals a bus error, as it does for every
    // program that maps files, Fathom and python-chess included); `Storage::Read`
    // avoids it at the cost of reading whole files.
    unsafe { memmap2::Mmap::map(file) }
}

/// The byte at `at`.
#[inline]
pub(crate) fn byte(data: &[u8], at: usize) -> Result<u8, Damage> {
    data.get(at).copied().ok_or(Damage::Truncated { needed: at as u64 + 1, length: data.len() as u64 })
}

/// `N` bytes starting at `at`.
#[inline]
pub(crate) fn array<const N: usize>(data: &[u8], at: usize) -> Result<[u8; N], Damage> {
    let end = at.checked_add(N).ok_or(Damage::Inconsistent("an offset beyond any file"))?;
    match data.get(at..end) {
        Some(bytes) => Ok(bytes.try_into().unwrap_or([0; N])),
        None => Err(Damage::Truncated { needed: end as u64, length: data.len() as u64 }),
    }
}

/// The little-endian `u16` at `at`.
#[inline]
pub(crate) fn u16_le(data: &[u8], at: usize) -> Result<u16, Damage> {
    array(data, at).map(u16::from_le_bytes)
}

/// The little-endian `u32` at `at`.
#[inline]
pub(crate) fn u32_le(data: &[u8], at: usize) -> Result<u32, Damage> {
    array(data, at).map(u32::from_le_bytes)
}

/// The big-endian `u32` at `at`, with bytes past `end` (the end of a block
/// of compressed data) read as zeros: the decoder looks ahead past a block's
/// last symbol, and those bits never decide a symbol.
#[inline]
pub(crate) fn u32_be_padded(data: &[u8], at: usize, end: usize) -> u32 {
    let mut bytes = [0; 4];
    for (i, b) in bytes.iter_mut().enumerate() {
        if at + i < end {
            *b = data.get(at + i).copied().unwrap_or(0);
        }
    }
    u32::from_be_bytes(bytes)
}

/// Checks that `len` bytes from `at` lie in `data`, and returns the offset past them.
pub(crate) fn span(data: &[u8], at: usize, len: u64) -> Result<usize, Damage> {
    let end = (at as u64).checked_add(len).ok_or(Damage::Inconsistent("a section longer than any file"))?;
    if end > data.len() as u64 {
        return Err(Damage::Truncated { needed: end, length: data.len() as u64 });
    }
    Ok(end as usize)
}
