//! The two stores of the explorer's `(position key, move) → statistics`
//! entries, built from the same games and asked the same lookups:
//! ox88-explorer's sorted runs as shipped, and redb (an embedded B-tree)
//! holding the same entries under the same encoding.
//!
//! Both keep the games' records in the same games files
//! ([`GameAppender`]), so only the index differs. The redb build is the
//! best way we found to fill a key-value store with this data: the moves of
//! a batch of games (as much as the sorted runs hold in memory) are sorted
//! and added up in memory, then written in key order in one transaction,
//! each entry read first and merged with what the store holds (games added
//! later meet the earlier ones' entries).

use crate::games::LoadedGames;
use ox88_explorer::{compact, Explorer, ExplorerWriter, GameAppender, Stats};
use redb::{Database, ReadOnlyTable, ReadableDatabase, ReadableTable, TableDefinition};
use std::error::Error;
use std::ops::Range;
use std::path::Path;

type BoxError = Box<dyn Error + Send + Sync>;

/// The redb table: (key, move's 16 bits) → [`Stats::encode`]'s bytes.
const MOVES: TableDefinition<'static, (u64, u16), &[u8]> = TableDefinition::new("moves");

/// The redb file in a store's folder.
const REDB_FILE: &str = "moves.redb";

/// Which store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreKind {
    /// ox88-explorer's immutable sorted runs.
    SortedRuns,
    /// redb 4: a copy-on-write B-tree in one file.
    Redb,
}

impl StoreKind {
    /// Both, in the order the report lists them.
    pub const ALL: [StoreKind; 2] = [StoreKind::SortedRuns, StoreKind::Redb];

    /// The name in the report.
    pub fn name(self) -> &'static str {
        match self {
            StoreKind::SortedRuns => "sorted runs",
            StoreKind::Redb => "redb",
        }
    }

    /// Adds games `range` of `games` to the store in `dir` (made if new,
    /// holding games `0..range.start` otherwise), with about `memory` bytes
    /// of moves in memory.
    pub fn add(self, dir: &Path, games: &LoadedGames, range: Range<usize>, memory: usize) -> Result<(), BoxError> {
        match self {
            StoreKind::SortedRuns => {
                let mut writer = ExplorerWriter::with_memory(dir, memory)?;
                for n in range {
                    let (info, moves) = games.game(n);
                    writer.add_game(info, moves.iter().copied())?;
                }
                writer.finish()?;
            }
            StoreKind::Redb => add_redb(dir, games, range, memory)?,
        }
        Ok(())
    }

    /// Brings the store to its most compact form: the runs merged into one;
    /// redb's free pages given back (`Database::compact`).
    pub fn compact(self, dir: &Path) -> Result<(), BoxError> {
        match self {
            StoreKind::SortedRuns => {
                compact(dir)?;
            }
            StoreKind::Redb => {
                Database::open(dir.join(REDB_FILE))?.compact()?;
            }
        }
        Ok(())
    }

    /// The index's bytes on disk (the games files left out: the same in both).
    pub fn index_bytes(self, dir: &Path) -> Result<u64, BoxError> {
        let mut bytes = 0;
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let ours = match self {
                StoreKind::SortedRuns => name.ends_with(".run") || name == "manifest",
                StoreKind::Redb => name == REDB_FILE,
            };
            if ours {
                bytes += entry.metadata()?.len();
            }
        }
        Ok(bytes)
    }

    /// Opens the store for lookups.
    pub fn open(self, dir: &Path) -> Result<OpenStore, BoxError> {
        Ok(match self {
            StoreKind::SortedRuns => OpenStore::SortedRuns(Explorer::open(dir)?),
            StoreKind::Redb => {
                let database = Database::open(dir.join(REDB_FILE))?;
                let table = database.begin_read()?.open_table(MOVES)?;
                OpenStore::Redb { table, _database: database }
            }
        })
    }
}

/// A store opened for lookups.
pub enum OpenStore {
    /// The explorer folder.
    SortedRuns(Explorer),
    /// redb's table, in one read transaction held open, and its database.
    Redb {
        /// The table.
        table: ReadOnlyTable<(u64, u16), &'static [u8]>,
        /// Kept open while the table is read.
        _database: Database,
    },
}

impl OpenStore {
    /// Appends the moves stored for the position `key` and their statistics
    /// (a move once a run for the sorted runs).
    pub fn lookup(&self, key: u64, out: &mut Vec<(u16, Stats)>) -> Result<(), BoxError> {
        match self {
            OpenStore::SortedRuns(explorer) => explorer.lookup(key, out)?,
            OpenStore::Redb { table, .. } => {
                for entry in table.range((key, 0)..=(key, u16::MAX))? {
                    let (k, v) = entry?;
                    let stats = Stats::decode(v.value()).ok_or("a damaged redb value")?.0;
                    out.push((k.value().1, stats));
                }
            }
        }
        Ok(())
    }
}

/// Each move once, its statistics summed, in move order: what both stores
/// must agree on.
pub fn merged(mut found: Vec<(u16, Stats)>) -> Vec<(u16, Stats)> {
    found.sort_unstable_by_key(|(mv, _)| *mv);
    let mut moves: Vec<(u16, Stats)> = Vec::with_capacity(found.len());
    for (mv, stats) in found {
        match moves.last_mut() {
            Some((last, sum)) if *last == mv => sum.merge(&stats),
            _ => moves.push((mv, stats)),
        }
    }
    moves
}

fn add_redb(dir: &Path, games: &LoadedGames, range: Range<usize>, memory: usize) -> Result<(), BoxError> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(REDB_FILE);
    let database = if path.exists() { Database::open(&path)? } else { Database::create(&path)? };
    let mut appender = GameAppender::open(dir, range.start as u64)?;
    let capacity = (memory / std::mem::size_of::<(u64, u16, Stats)>()).max(1024);
    let mut batch: Vec<(u64, u16, Stats)> = Vec::new();
    for n in range {
        let (info, moves) = games.game(n);
        appender.push(info)?;
        let Some(winner) = info.winner else { continue };
        for &(key, mv) in moves {
            if batch.len() == capacity {
                write_batch(&database, &mut batch)?;
            }
            batch.push((key, mv.to_raw(), Stats::of_game(n as u64, winner, info.rating(), info.month)));
        }
    }
    write_batch(&database, &mut batch)?;
    appender.finish()?;
    Ok(())
}

/// Sorts and adds up a batch of moves and merges it into the table, in one
/// transaction.
fn write_batch(database: &Database, batch: &mut Vec<(u64, u16, Stats)>) -> Result<(), BoxError> {
    batch.sort_unstable_by_key(|&(key, mv, _)| (key, mv));
    batch.dedup_by(|later, kept| {
        let same = (later.0, later.1) == (kept.0, kept.1);
        if same {
            kept.2.merge(&later.2);
        }
        same
    });
    let transaction = database.begin_write()?;
    {
        let mut table = transaction.open_table(MOVES)?;
        let mut bytes = Vec::new();
        for (key, mv, stats) in batch.drain(..) {
            let mut stats = stats;
            if let Some(old) = table.get((key, mv))? {
                stats.merge(&Stats::decode(old.value()).ok_or("a damaged redb value")?.0);
            }
            bytes.clear();
            stats.encode(&mut bytes);
            table.insert((key, mv), bytes.as_slice())?;
        }
    }
    transaction.commit()?;
    Ok(())
}
