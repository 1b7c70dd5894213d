//! A run: an immutable file of `(position key, move, statistics)` entries in
//! key order, in blocks of about 1 KiB with an index of each block's first
//! key, so that a position is one binary search in memory and a read or two.
//!
//! Layout: the magic `OX88RUN1`; the blocks; the index (each block's first
//! key and offset, 16 bytes a block); a footer (the index's offset, the
//! counts of blocks, entries and occurrences, the magic again). In a block,
//! the first entry's key is written whole (8 bytes), the next ones as the
//! difference from the one before (a varint, 0 for the same position); then
//! the move (its 16 bits) and the [`Stats`].

use crate::varint::{get, put};
use crate::{ExplorerError, Stats};
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"OX88RUN1";
const FOOTER: usize = 40;
/// A block is closed once it holds this many bytes. A lookup decodes its
/// block from the start (the keys are deltas), so small blocks make fast
/// lookups: 1 KiB takes a third of 4 KiB's CPU time for 1 % more bytes
/// (the first key whole, and 16 bytes of index, a block), measured by
/// `explorer-store-bench` (docs/database.md, "The store"). Readers take
/// any block size: the index says where each block begins.
const BLOCK: usize = 1024;

/// One entry: a position's key, a move's 16 bits, its statistics.
pub type Entry = (u64, u16, Stats);

/// What a run holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunInfo {
    /// Entries: distinct (position, move) pairs.
    pub entries: u64,
    /// Occurrences: the moves of games counted, summed over the entries.
    pub occurrences: u64,
    /// The file's size.
    pub bytes: u64,
}

/// Writes a run, entry by entry in (key, move) order.
pub struct RunWriter {
    out: BufWriter<File>,
    path: PathBuf,
    block: Vec<u8>,
    index: Vec<(u64, u64)>,
    offset: u64,
    last: Option<(u64, u16)>,
    info: RunInfo,
}

impl RunWriter {
    /// Creates the file.
    pub fn create(path: &Path) -> io::Result<RunWriter> {
        let mut out = BufWriter::with_capacity(1 << 16, File::create(path)?);
        out.write_all(MAGIC)?;
        Ok(RunWriter {
            out,
            path: path.to_owned(),
            block: Vec::with_capacity(2 * BLOCK),
            index: Vec::new(),
            offset: MAGIC.len() as u64,
            last: None,
            info: RunInfo::default(),
        })
    }

    /// Adds an entry, after every entry added so far.
    pub fn push(&mut self, key: u64, mv: u16, stats: &Stats) -> io::Result<()> {
        if self.last.is_some_and(|last| last >= (key, mv)) {
            return Err(io::Error::other(format!("{}: entries out of order", self.path.display())));
        }
        if self.block.is_empty() {
            self.index.push((key, self.offset));
            self.block.extend_from_slice(&key.to_le_bytes());
        } else {
            put(&mut self.block, key - self.last.map_or(0, |l| l.0));
        }
        self.block.extend_from_slice(&mv.to_le_bytes());
        stats.encode(&mut self.block);
        self.last = Some((key, mv));
        self.info.entries += 1;
        self.info.occurrences += stats.games();
        if self.block.len() >= BLOCK {
            self.flush_block()?;
        }
        Ok(())
    }

    fn flush_block(&mut self) -> io::Result<()> {
        self.out.write_all(&self.block)?;
        self.offset += self.block.len() as u64;
        self.block.clear();
        Ok(())
    }

    /// Writes the index and footer, and syncs the file.
    pub fn finish(mut self) -> io::Result<RunInfo> {
        self.flush_block()?;
        let index_offset = self.offset;
        for &(key, offset) in &self.index {
            self.out.write_all(&key.to_le_bytes())?;
            self.out.write_all(&offset.to_le_bytes())?;
        }
        for n in [index_offset, self.index.len() as u64, self.info.entries, self.info.occurrences] {
            self.out.write_all(&n.to_le_bytes())?;
        }
        self.out.write_all(MAGIC)?;
        let file = self.out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        self.info.bytes = file.metadata()?.len();
        Ok(self.info)
    }
}

/// A run opened for lookups: its index in memory, blocks read on demand
/// (the operating system's page cache keeps the hot ones).
#[derive(Debug)]
pub struct Run {
    file: File,
    path: PathBuf,
    index: Vec<(u64, u64)>,
    /// Where the blocks end (the index's offset).
    end: u64,
    info: RunInfo,
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

impl Run {
    /// Opens a run, reading its index.
    pub fn open(path: &Path) -> Result<Run, ExplorerError> {
        let corrupt = || ExplorerError::Corrupt { path: path.to_owned() };
        let io = |source| ExplorerError::Io { path: path.to_owned(), source };
        let file = File::open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        if len < (MAGIC.len() + FOOTER) as u64 {
            return Err(corrupt());
        }
        let mut footer = [0; FOOTER];
        file.read_exact_at(&mut footer, len - FOOTER as u64).map_err(io)?;
        let (end, blocks) = (u64_at(&footer, 0), u64_at(&footer, 8));
        let info = RunInfo { entries: u64_at(&footer, 16), occurrences: u64_at(&footer, 24), bytes: len };
        if &footer[32..] != MAGIC || end.checked_add(blocks.saturating_mul(16)) != Some(len - FOOTER as u64) {
            return Err(corrupt());
        }
        let mut raw = vec![0; blocks as usize * 16];
        file.read_exact_at(&mut raw, end).map_err(io)?;
        let index: Vec<(u64, u64)> = raw.chunks_exact(16).map(|c| (u64_at(c, 0), u64_at(c, 8))).collect();
        let ordered = index.windows(2).all(|w| w[0].0 <= w[1].0 && w[0].1 < w[1].1);
        if !ordered
            || index.first().is_some_and(|b| b.1 != MAGIC.len() as u64)
            || index.last().is_some_and(|b| b.1 >= end)
        {
            return Err(corrupt());
        }
        Ok(Run { file, path: path.to_owned(), index, end, info })
    }

    /// What the run holds.
    pub fn info(&self) -> RunInfo {
        self.info
    }

    /// The bytes of block `i`.
    fn block(&self, i: usize, buffer: &mut Vec<u8>) -> Result<(), ExplorerError> {
        let start = self.index[i].1;
        let end = self.index.get(i + 1).map_or(self.end, |b| b.1);
        buffer.resize((end - start) as usize, 0);
        self.file.read_exact_at(buffer, start).map_err(|source| ExplorerError::Io { path: self.path.clone(), source })
    }

    /// Appends the moves of the position `key` with their statistics.
    pub fn lookup(&self, key: u64, out: &mut Vec<(u16, Stats)>) -> Result<(), ExplorerError> {
        // The position's entries start in the last block that begins before
        // it (or with it), and may run on over the next ones.
        let first = self.index.partition_point(|b| b.0 < key).saturating_sub(1);
        let mut buffer = Vec::new();
        for i in first..self.index.len() {
            if self.index[i].0 > key {
                break;
            }
            self.block(i, &mut buffer)?;
            let mut entries = Entries::new(&buffer);
            for entry in entries.by_ref() {
                let (k, mv, stats) = entry;
                if k == key {
                    out.push((mv, stats));
                } else if k > key {
                    return Ok(());
                }
            }
            if entries.failed {
                return Err(ExplorerError::Corrupt { path: self.path.clone() });
            }
        }
        Ok(())
    }

    /// Every entry, in order (for a merge).
    pub fn entries(&self) -> Result<RunEntries<'_>, ExplorerError> {
        let io = |source| ExplorerError::Io { path: self.path.clone(), source };
        let mut file = BufReader::with_capacity(1 << 16, self.file.try_clone().map_err(io)?);
        io::Seek::seek(&mut file, io::SeekFrom::Start(MAGIC.len() as u64)).map_err(io)?;
        Ok(RunEntries { run: self, file, block: 0, buffer: Vec::new(), at: 0, key: 0 })
    }
}

/// The entries of a block's bytes.
struct Entries<'a> {
    rest: &'a [u8],
    key: Option<u64>,
    failed: bool,
}

impl<'a> Entries<'a> {
    fn new(block: &'a [u8]) -> Entries<'a> {
        Entries { rest: block, key: None, failed: false }
    }
}

impl Iterator for Entries<'_> {
    type Item = Entry;
    fn next(&mut self) -> Option<Entry> {
        if self.rest.is_empty() || self.failed {
            return None;
        }
        let entry = decode_entry(self.rest, self.key);
        match entry {
            Some((entry, rest)) => {
                (self.rest, self.key) = (rest, Some(entry.0));
                Some(entry)
            }
            None => {
                self.failed = true;
                None
            }
        }
    }
}

/// An entry at the start of `bytes`, after the entry with key `previous`
/// (`None`: the block's first).
fn decode_entry(bytes: &[u8], previous: Option<u64>) -> Option<(Entry, &[u8])> {
    let (key, rest) = match previous {
        None => (u64_at(bytes.get(..8)?, 0), &bytes[8..]),
        Some(previous) => {
            let (delta, rest) = get(bytes)?;
            (previous.checked_add(delta)?, rest)
        }
    };
    let mv = u16::from_le_bytes([*rest.first()?, *rest.get(1)?]);
    let (stats, rest) = Stats::decode(&rest[2..])?;
    Some(((key, mv, stats), rest))
}

/// A run's entries in order, read block after block.
pub struct RunEntries<'a> {
    run: &'a Run,
    file: BufReader<File>,
    block: usize,
    buffer: Vec<u8>,
    at: usize,
    key: u64,
}

impl RunEntries<'_> {
    /// The next entry, `None` at the end.
    pub fn next_entry(&mut self) -> Result<Option<Entry>, ExplorerError> {
        let corrupt = || ExplorerError::Corrupt { path: self.run.path.clone() };
        let first = self.at == self.buffer.len();
        if first {
            if self.block == self.run.index.len() {
                return Ok(None);
            }
            let start = self.run.index[self.block].1;
            let end = self.run.index.get(self.block + 1).map_or(self.run.end, |b| b.1);
            self.buffer.resize((end - start) as usize, 0);
            let io = |source| ExplorerError::Io { path: self.run.path.clone(), source };
            self.file.read_exact(&mut self.buffer).map_err(io)?;
            (self.block, self.at) = (self.block + 1, 0);
        }
        let bytes = &self.buffer[self.at..];
        let ((key, mv, stats), rest) = decode_entry(bytes, (!first).then_some(self.key)).ok_or_else(corrupt)?;
        self.at = self.buffer.len() - rest.len();
        self.key = key;
        Ok(Some((key, mv, stats)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Winner;

    #[test]
    fn lookups_find_every_move_of_a_position_across_blocks() {
        let dir = std::env::temp_dir().join(format!("ox88-explorer-run-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run");
        let mut writer = RunWriter::create(&path).unwrap();
        // Keys 0, 10, 20, …, each with 1 to 40 moves: many blocks, positions spanning them.
        let mut expected = Vec::new();
        for k in 0..2000u64 {
            for mv in 0..(k % 40 + 1) as u16 {
                let stats = Stats::of_game(k * 100 + u64::from(mv), Winner::White, 1500 + mv, 24_300);
                writer.push(k * 10, mv, &stats).unwrap();
                expected.push((k * 10, mv, stats));
            }
        }
        assert!(writer.push(0, 0, &expected[0].2).is_err(), "out of order");
        let info = writer.finish().unwrap();
        assert_eq!((info.entries, info.occurrences), (expected.len() as u64, expected.len() as u64));
        let run = Run::open(&path).unwrap();
        assert!(run.index.len() > 20);
        for key in [0, 10, 5, 19_990, 19_995, 20_000, 7_770] {
            let mut found = Vec::new();
            run.lookup(key, &mut found).unwrap();
            let want: Vec<(u16, Stats)> = expected.iter().filter(|e| e.0 == key).map(|e| (e.1, e.2)).collect();
            assert_eq!(found, want, "{key}");
        }
        let mut all = run.entries().unwrap();
        let mut read = Vec::new();
        while let Some(entry) = all.next_entry().unwrap() {
            read.push(entry);
        }
        assert_eq!(read, expected);
        // A damaged file is an error, not a panic.
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
        assert!(matches!(Run::open(&path), Err(ExplorerError::Corrupt { .. })));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
