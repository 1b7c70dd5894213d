//! The explorer's games: what an answer shows of a game (players, ratings,
//! result, month), stored once per game, found by its number.
//!
//! Two files: `games.dat` holds the records one after the other (strings
//! as a varint length and UTF-8 bytes, numbers as varints); `games.idx`
//! holds each record's offset (8 bytes a game), so game `n` is two reads.

use crate::varint::{get, put};
use crate::{ExplorerError, GameNumber, Winner};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

/// One game as the explorer shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// The game's id in its collection (the dataset's `id`, or a site's).
    pub id: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// White's rating (0: unknown).
    pub white_rating: u16,
    /// Black's rating (0: unknown).
    pub black_rating: u16,
    /// The result; `None` for a game without one (not counted).
    pub winner: Option<Winner>,
    /// `year * 12 + month - 1`, 0 if unknown.
    pub month: u32,
}

impl GameInfo {
    /// The rating the explorer files the game under: the mean of its
    /// players' known ratings (0 if neither is known).
    pub fn rating(&self) -> u16 {
        match (self.white_rating, self.black_rating) {
            (0, r) | (r, 0) => r,
            (w, b) => ((u32::from(w) + u32::from(b)) / 2) as u16,
        }
    }

    fn encode(&self, out: &mut Vec<u8>) {
        for text in [&self.id, &self.white, &self.black] {
            put(out, text.len() as u64);
            out.extend_from_slice(text.as_bytes());
        }
        put(out, u64::from(self.white_rating));
        put(out, u64::from(self.black_rating));
        out.push(self.winner.map_or(3, |w| w as u8));
        put(out, u64::from(self.month));
    }

    fn decode(mut bytes: &[u8]) -> Option<GameInfo> {
        let mut text = || -> Option<String> {
            let (len, rest) = get(bytes)?;
            let (text, rest) = rest.split_at_checked(usize::try_from(len).ok()?)?;
            bytes = rest;
            String::from_utf8(text.to_vec()).ok()
        };
        let (id, white, black) = (text()?, text()?, text()?);
        let (white_rating, rest) = get(bytes)?;
        let (black_rating, rest) = get(rest)?;
        let (&winner, rest) = rest.split_first()?;
        let (month, _) = get(rest)?;
        Some(GameInfo {
            id,
            white,
            black,
            white_rating: u16::try_from(white_rating).ok()?,
            black_rating: u16::try_from(black_rating).ok()?,
            winner: match winner {
                0 => Some(Winner::White),
                1 => Some(Winner::Draw),
                2 => Some(Winner::Black),
                _ => None,
            },
            month: u32::try_from(month).ok()?,
        })
    }
}

/// The games files of an explorer folder, for reading.
#[derive(Debug)]
pub struct GameStore {
    data: File,
    index: File,
    dir: PathBuf,
    count: u64,
}

impl GameStore {
    /// Opens the games of `dir` (the first `count`, as its manifest says).
    pub fn open(dir: &Path, count: u64) -> Result<GameStore, ExplorerError> {
        let open = |name: &str| {
            let path = dir.join(name);
            File::open(&path).map_err(|source| ExplorerError::Io { path, source })
        };
        Ok(GameStore { data: open("games.dat")?, index: open("games.idx")?, dir: dir.to_owned(), count })
    }

    /// The game numbered `number`.
    pub fn get(&self, number: GameNumber) -> Result<GameInfo, ExplorerError> {
        let corrupt = || ExplorerError::Corrupt { path: self.dir.join("games.dat") };
        if number >= self.count {
            return Err(corrupt());
        }
        let io = |source| ExplorerError::Io { path: self.dir.clone(), source };
        let mut offsets = [0; 16];
        let len = if number + 1 < self.count { 16 } else { 8 };
        self.index.read_exact_at(&mut offsets[..len], number * 8).map_err(io)?;
        let start = u64::from_le_bytes(offsets[..8].try_into().map_err(|_| corrupt())?);
        let end = if len == 16 {
            u64::from_le_bytes(offsets[8..].try_into().map_err(|_| corrupt())?)
        } else {
            self.data.metadata().map_err(io)?.len()
        };
        if end < start || end - start > 1 << 20 {
            return Err(corrupt());
        }
        let mut record = vec![0; (end - start) as usize];
        self.data.read_exact_at(&mut record, start).map_err(io)?;
        GameInfo::decode(&record).ok_or_else(corrupt)
    }
}

/// Appends games to an explorer folder's games files.
pub struct GameAppender {
    data: BufWriter<File>,
    index: BufWriter<File>,
    offset: u64,
    record: Vec<u8>,
}

impl GameAppender {
    /// Opens the games files of `dir` for appending, after its first
    /// `count` games (anything after them, left by an interrupted build, is
    /// cut off).
    pub fn open(dir: &Path, count: u64) -> io::Result<GameAppender> {
        let open =
            |name: &str| OpenOptions::new().create(true).truncate(false).read(true).write(true).open(dir.join(name));
        let (data, index) = (open("games.dat")?, open("games.idx")?);
        let mut offset = [0; 8];
        let end = if count == 0 {
            0
        } else {
            // Where game `count` would begin: the end of the last one.
            match index.read_exact_at(&mut offset, count * 8) {
                Ok(()) => u64::from_le_bytes(offset),
                Err(_) => data.metadata()?.len(),
            }
        };
        data.set_len(end)?;
        index.set_len(count * 8)?;
        let mut data = BufWriter::with_capacity(1 << 16, data);
        let mut index = BufWriter::with_capacity(1 << 16, index);
        io::Seek::seek(&mut data, io::SeekFrom::Start(end))?;
        io::Seek::seek(&mut index, io::SeekFrom::Start(count * 8))?;
        Ok(GameAppender { data, index, offset: end, record: Vec::new() })
    }

    /// Adds a game.
    pub fn push(&mut self, game: &GameInfo) -> io::Result<()> {
        self.record.clear();
        game.encode(&mut self.record);
        self.index.write_all(&self.offset.to_le_bytes())?;
        self.data.write_all(&self.record)?;
        self.offset += self.record.len() as u64;
        Ok(())
    }

    /// Adds every game of `store` as [`push`](Self::push) of each would,
    /// without decoding them: the records are copied as one block of bytes
    /// (by the kernel, where it can), and their offsets moved by where they
    /// now begin. Offsets out of order are refused as damage.
    pub fn append_store(&mut self, store: &GameStore) -> Result<(), ExplorerError> {
        let dat = store.dir.join("games.dat");
        let corrupt = || ExplorerError::Corrupt { path: store.dir.join("games.idx") };
        let io = |source| ExplorerError::Io { path: dat.clone(), source };
        // The records end where game `count` would begin (a stray record
        // of an interrupted addition may follow), or at the file's end.
        let mut word = [0; 8];
        let end = match store.index.read_exact_at(&mut word, store.count * 8) {
            Ok(()) => u64::from_le_bytes(word),
            Err(_) => store.data.metadata().map_err(io)?.len(),
        };
        let mut offsets = io::BufReader::with_capacity(1 << 16, store.index.try_clone().map_err(io)?);
        io::Seek::seek(&mut offsets, io::SeekFrom::Start(0)).map_err(io)?;
        let mut previous = 0;
        for number in 0..store.count {
            offsets.read_exact(&mut word).map_err(|_| corrupt())?;
            let offset = u64::from_le_bytes(word);
            if (number == 0 && offset != 0) || offset < previous || offset > end {
                return Err(corrupt());
            }
            previous = offset;
            self.index.write_all(&(self.offset + offset).to_le_bytes()).map_err(io)?;
        }
        self.data.flush().map_err(io)?;
        let mut records = File::open(&dat).map_err(io)?.take(end);
        if io::copy(&mut records, self.data.get_mut()).map_err(io)? != end {
            return Err(ExplorerError::Corrupt { path: dat });
        }
        self.offset += end;
        Ok(())
    }

    /// Writes everything out and syncs the files.
    pub fn finish(self) -> io::Result<()> {
        for writer in [self.data, self.index] {
            writer.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_appended_and_found_by_number() {
        let dir = std::env::temp_dir().join(format!("ox88-explorer-games-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let game = |n: u64| GameInfo {
            id: n.to_string(),
            white: format!("White {n}"),
            black: "Bläck".into(),
            white_rating: 1500 + n as u16,
            black_rating: if n % 2 == 0 { 0 } else { 2000 },
            winner: [Some(Winner::White), None, Some(Winner::Black)].get(n as usize % 3).copied().flatten(),
            month: 24_300 + n as u32,
        };
        let mut appender = GameAppender::open(&dir, 0).unwrap();
        for n in 0..10 {
            appender.push(&game(n)).unwrap();
        }
        appender.finish().unwrap();
        // More, after an interrupted append left a stray record.
        let mut stray = GameAppender::open(&dir, 10).unwrap();
        stray.push(&game(99)).unwrap();
        stray.finish().unwrap();
        let mut appender = GameAppender::open(&dir, 10).unwrap();
        for n in 10..15 {
            appender.push(&game(n)).unwrap();
        }
        appender.finish().unwrap();
        let store = GameStore::open(&dir, 15).unwrap();
        for n in 0..15 {
            assert_eq!(store.get(n).unwrap(), game(n));
        }
        assert!(store.get(15).is_err());
        // Another folder's games after two of its own, copied whole: a
        // stray record there is left out, and damaged offsets refused.
        let copy = dir.join("copy");
        std::fs::create_dir_all(&copy).unwrap();
        let mut appender = GameAppender::open(&copy, 0).unwrap();
        for n in [20, 21] {
            appender.push(&game(n)).unwrap();
        }
        let mut stray = GameAppender::open(&dir, 15).unwrap();
        stray.push(&game(99)).unwrap();
        stray.finish().unwrap();
        appender.append_store(&GameStore::open(&dir, 15).unwrap()).unwrap();
        appender.push(&game(22)).unwrap();
        appender.finish().unwrap();
        let copied = GameStore::open(&copy, 18).unwrap();
        let expected: Vec<u64> = [20, 21].into_iter().chain(0..15).chain([22]).collect();
        for (number, n) in expected.into_iter().enumerate() {
            assert_eq!(copied.get(number as u64).unwrap(), game(n), "{number}");
        }
        let mut index = std::fs::read(dir.join("games.idx")).unwrap();
        index[8 * 7..8 * 8].copy_from_slice(&u64::MAX.to_le_bytes());
        std::fs::write(dir.join("games.idx"), index).unwrap();
        let mut appender = GameAppender::open(&copy, 18).unwrap();
        let damaged = appender.append_store(&GameStore::open(&dir, 15).unwrap());
        assert!(matches!(damaged, Err(ExplorerError::Corrupt { .. })), "{damaged:?}");
        assert_eq!(game(2).rating(), 1502);
        assert_eq!(game(1).rating(), 1750);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
