//! [`combine`]: explorers made apart (one for each partition of a
//! collection, on the machines of a cluster) joined into one.

use crate::build::merge_shifted;
use crate::explorer::Manifest;
use crate::games::{GameAppender, GameStore};
use crate::run::Run;
use crate::{Explorer, ExplorerError, ExplorerInfo, GameNumber};
use std::path::{Path, PathBuf};

/// Joins the explorer folders `parts` into the new explorer folder `dir`:
/// their games one after the other in the order given, and all their runs
/// merged into one, each game's number shifted by the games of the folders
/// before its own. The folder written is the one a single
/// [`ExplorerWriter`](crate::ExplorerWriter) adding the same games in the
/// same order makes, once [`compact`](crate::compact)ed: the same games
/// files and the same run, byte for byte.
///
/// ```
/// use ox88_board::{Board, CastlingMode};
/// use ox88_explorer::{combine, Explorer, ExplorerWriter, GameInfo, Winner};
/// use ox88_movegen::Notation;
/// let root = std::env::temp_dir().join(format!("ox88-explorer-combine-doc-{}", std::process::id()));
/// # let _ = std::fs::remove_dir_all(&root);
/// let start = Board::startpos();
/// let e4 = start.parse_uci("e2e4", CastlingMode::Standard)?;
/// let mut parts = Vec::new();
/// for (name, winner) in [("a", Winner::White), ("b", Winner::Black)] {
///     let mut writer = ExplorerWriter::open(&root.join(name))?;
///     writer.add_game(&GameInfo { white: name.into(), winner: Some(winner), ..GameInfo::default() }, [(start.key(), e4)])?;
///     writer.finish()?;
///     parts.push(root.join(name));
/// }
/// let info = combine(&parts, &root.join("all"))?;
/// assert_eq!((info.games, info.runs, info.occurrences), (2, 1, 2));
/// let explorer = Explorer::open(&root.join("all"))?;
/// let stats = explorer.moves(&start)?[0].1;
/// assert_eq!((stats.white, stats.black), (1, 1));
/// assert_eq!(explorer.game(stats.latest.0)?.white, "b");
/// # std::fs::remove_dir_all(&root)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn combine(parts: &[PathBuf], dir: &Path) -> Result<ExplorerInfo, ExplorerError> {
    let io = |source| ExplorerError::Io { path: dir.to_owned(), source };
    if Manifest::read(dir)?.is_some() {
        let exists = std::io::Error::new(std::io::ErrorKind::AlreadyExists, "an explorer is here already");
        return Err(io(exists));
    }
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut games = GameAppender::open(dir, 0).map_err(io)?;
    let mut runs: Vec<(Run, GameNumber)> = Vec::new();
    let mut total: GameNumber = 0;
    for part in parts {
        let manifest = Manifest::read(part)?.ok_or_else(|| ExplorerError::Missing { path: part.clone() })?;
        games.append_store(&GameStore::open(part, manifest.games)?)?;
        for name in &manifest.runs {
            runs.push((Run::open(&part.join(name))?, total));
        }
        total += manifest.games;
    }
    games.finish().map_err(io)?;
    let mut manifest = Manifest { games: total, runs: Vec::new() };
    let run = "run-00000.run";
    let shifted: Vec<(&Run, GameNumber)> = runs.iter().map(|(run, shift)| (run, *shift)).collect();
    if merge_shifted(&shifted, &dir.join(run))?.occurrences > 0 {
        manifest.runs.push(run.to_owned());
    } else {
        std::fs::remove_file(dir.join(run)).map_err(io)?;
    }
    manifest.write(dir)?;
    Ok(Explorer::open(dir)?.info(dir))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{compact, ExplorerWriter, GameInfo, Winner};
    use ox88_board::{Board, CastlingMode};
    use ox88_movegen::Notation;

    /// Game `n`: a short line of its own, its players, result and month.
    fn game(n: u64) -> (GameInfo, Vec<(u64, ox88_board::Move)>) {
        let lines = ["e2e4 e7e5 g1f3", "d2d4 d7d5 c2c4", "e2e4 c7c5 g1f3", "g1f3 d7d5 d2d4"];
        let mut board = Board::startpos();
        let mut moves = Vec::new();
        for uci in lines[n as usize % 4].split(' ').take(1 + n as usize % 3) {
            let mv = board.parse_uci(uci, CastlingMode::Standard).unwrap();
            moves.push((board.key(), mv));
            board.make_move_unchecked(mv);
        }
        let info = GameInfo {
            id: n.to_string(),
            white: format!("W{n}"),
            black: "B".into(),
            white_rating: 1200 + (n * 37 % 900) as u16,
            black_rating: if n % 5 == 0 { 0 } else { 1500 },
            winner: [Some(Winner::White), Some(Winner::Draw), Some(Winner::Black), None][n as usize % 4],
            month: 24_000 + (n % 7) as u32,
        };
        (info, moves)
    }

    fn write(dir: &Path, games: impl Iterator<Item = u64>, memory: usize) {
        let mut writer = ExplorerWriter::with_memory(dir, memory).unwrap();
        for n in games {
            let (info, moves) = game(n);
            writer.add_game(&info, moves).unwrap();
        }
        writer.finish().unwrap();
    }

    #[test]
    fn parts_combine_into_the_explorer_one_writer_makes() {
        let root = std::env::temp_dir().join(format!("ox88-explorer-combine-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        write(&root.join("single"), 0..100, 1 << 20);
        assert_eq!(compact(&root.join("single")).unwrap(), 1);
        // Partitions of unequal sizes, one empty, the last made of two runs.
        let bounds = [(0, 30), (30, 31), (31, 31), (31, 60)];
        let mut parts = Vec::new();
        for (index, (from, to)) in bounds.into_iter().enumerate() {
            let part = root.join(format!("part-{index}"));
            write(&part, from..to, 0);
            parts.push(part);
        }
        write(&parts[3], 60..100, 0);
        let info = combine(&parts, &root.join("all")).unwrap();
        assert_eq!((info.games, info.runs, info.occurrences), (100, 1, 150));
        for file in ["games.dat", "games.idx", "run-00000.run", "manifest"] {
            let read = |dir: &str| std::fs::read(root.join(dir).join(file)).unwrap();
            assert_eq!(read("all"), read("single"), "{file}");
        }
        // A folder holding an explorer already, and a part that is none, are refused.
        assert!(combine(&parts, &root.join("all")).is_err());
        assert!(matches!(combine(&[root.join("nothing")], &root.join("other")), Err(ExplorerError::Missing { .. })));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
