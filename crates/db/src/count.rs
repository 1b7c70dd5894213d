//! [`count_games`]: how many games an import of PGN files would write, found
//! by reading their tags only (the movetext is skipped, no move is checked).
//! A job that imports shards apart numbers each shard's games on from the
//! counts of the shards before it.

use crate::{input, ImportError};
use ox88_pgn::{ErrorKind, ParallelReader, Skip, Visitor};
use std::path::PathBuf;
use std::sync::Arc;

/// A visitor that reads a game's tags and skips its movetext.
struct TagsOnly;

impl Visitor for TagsOnly {
    type Output = ();
    fn begin_movetext(&mut self) -> Result<Skip, ErrorKind> {
        Ok(Skip(true))
    }
    fn end_game(&mut self) {}
}

/// The games of the PGN files `inputs` (plain, `.zst` or `.bz2`), read on
/// `threads` threads: the rows [`import`](crate::import()) writes for them
/// (a game that cannot be read is a row too).
///
/// ```
/// let dir = std::env::temp_dir().join(format!("ox88-db-count-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let pgn = dir.join("two.pgn");
/// std::fs::write(&pgn, "[White \"A\"]\n\n1. e4 e5 1-0\n\n[White \"B\"]\n\n1. d4 Kd7 0-1\n")?;
/// assert_eq!(ox88_db::count_games(&[pgn], 2)?, 2);
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_games(inputs: &[PathBuf], threads: usize) -> Result<u64, ImportError> {
    let reader = ParallelReader::new(threads);
    let mut games = 0;
    for path in inputs {
        let io = |source| ImportError::Io { path: path.clone(), source };
        let file = input::open(path, Arc::default()).map_err(io)?;
        games += reader.read(file, || TagsOnly, |_, _| {}).map_err(io)?;
    }
    Ok(games)
}
