//! Where `datagen generate` puts its games: each thread appends them to a
//! raw chain file of its own, a game a write, and turns it into a finished,
//! compressed chunk once it holds enough positions or is old enough.

use ox88_train::chain::{append_game, recover_in_progress, write_chunk, ChainGame, ChainHeader, CHAIN_HEADER_SIZE};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The extension of chain files.
pub const CHAIN_EXTENSION: &str = "chain";

/// One thread's raw chain file and the chunks it finishes.
pub struct ChainSink {
    dir: PathBuf,
    raw: PathBuf,
    /// Names this generator's chunks apart from those of other runs and machines.
    tag: String,
    /// A raw file holding this many scored positions becomes a chunk.
    chunk_positions: u64,
    /// Scored positions in the raw file.
    raw_positions: u64,
    /// A raw file this old (since this run began it or found it) becomes a chunk.
    chunk_age: Duration,
    /// When this run began the raw file, or found it.
    raw_since: Instant,
}

impl ChainSink {
    /// Thread `thread`'s sink in `dir`, its raw file made whole after an
    /// interrupted run; returns it and the scored positions the raw file
    /// holds. The raw file becomes a chunk once it holds `chunk_positions`
    /// scored positions, or after `chunk_age` (so that a lost machine loses
    /// at most that much of a slow generator's work, once chunks are kept).
    pub fn open(
        dir: &Path,
        thread: usize,
        tag: &str,
        chunk_positions: u64,
        chunk_age: Duration,
    ) -> Result<(ChainSink, u64), String> {
        let raw = dir.join(format!("in-progress-t{thread}.{CHAIN_EXTENSION}"));
        let counts = recover_in_progress(&raw).map_err(|e| e.to_string())?;
        let sink = ChainSink {
            dir: dir.to_owned(),
            raw,
            tag: format!("{tag}-t{thread}"),
            chunk_positions: chunk_positions.max(1),
            raw_positions: counts.positions,
            chunk_age,
            raw_since: Instant::now(),
        };
        Ok((sink, counts.positions))
    }

    /// Appends `game`; returns the chunk written if the raw file became one.
    pub fn append(&mut self, game: &ChainGame) -> Result<Option<PathBuf>, String> {
        let bytes = game.to_bytes().map_err(|e| format!("a generated game cannot be written: {e}"))?;
        append_game(&self.raw, &bytes).map_err(|e| e.to_string())?;
        self.raw_positions += game.scored_positions() as u64;
        if self.raw_positions < self.chunk_positions && self.raw_since.elapsed() < self.chunk_age {
            return Ok(None);
        }
        self.finish().map(Some)
    }

    /// Turns the raw file into a chunk named by the time and the tag.
    fn finish(&mut self) -> Result<PathBuf, String> {
        let bytes = std::fs::read(&self.raw).map_err(|e| format!("{}: {e}", self.raw.display()))?;
        let seconds = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        // Never over another chunk: a second finished in the same second gets a suffix.
        let name = |n: u32| match n {
            0 => format!("selfplay-{seconds}-{}.{CHAIN_EXTENSION}", self.tag),
            n => format!("selfplay-{seconds}-{}-{n}.{CHAIN_EXTENSION}", self.tag),
        };
        let chunk = (0..).map(|n| self.dir.join(name(n))).find(|path| !path.exists()).expect("a free name");
        write_chunk(&chunk, &bytes[CHAIN_HEADER_SIZE.min(bytes.len())..]).map_err(|e| e.to_string())?;
        std::fs::remove_file(&self.raw).map_err(|e| format!("{}: {e}", self.raw.display()))?;
        self.raw_positions = 0;
        self.raw_since = Instant::now();
        Ok(chunk)
    }
}

/// The scored positions of the chain files in `dir`: the finished chunks'
/// headers, and the raw files' games.
pub fn existing_positions(dir: &Path) -> Result<u64, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut total = 0;
    for path in entries.flatten().map(|entry| entry.path()) {
        if path.extension().is_none_or(|e| e != CHAIN_EXTENSION) {
            continue;
        }
        let mut header = [0u8; CHAIN_HEADER_SIZE];
        let read = std::fs::File::open(&path).and_then(|mut file| file.read_exact(&mut header));
        total += match (read, ChainHeader::parse(&header)) {
            (Ok(()), Some(header)) if header.compressed => u64::from(header.positions),
            _ => recover_in_progress(&path).map_err(|e| e.to_string())?.positions,
        };
    }
    Ok(total)
}
