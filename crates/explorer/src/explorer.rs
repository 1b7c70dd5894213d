//! [`Explorer`]: a folder of runs and games, read; [`ExplorerWriter`]: games
//! added to it as a new run; [`compact`]: its runs merged into one.
//!
//! The folder holds `manifest` (the number of games and the runs, replaced
//! whole when it changes), `games.dat` and `games.idx` (see
//! [`GameStore`]), and the runs (`run-00000.run`, …). Adding games writes
//! their records and a new run, then the manifest: an interrupted addition
//! leaves the explorer as it was.

use crate::build::{merge, RunBuilder};
use crate::games::{GameAppender, GameStore};
use crate::run::Run;
use crate::{ExplorerError, GameInfo, GameNumber, Stats};
use ox88_board::{Board, Move};
use ox88_movegen::MoveGen;
use std::path::{Path, PathBuf};

const MANIFEST_HEADER: &str = "ox88-explorer 1";

/// What the manifest says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Manifest {
    pub(crate) games: u64,
    pub(crate) runs: Vec<String>,
}

impl Manifest {
    pub(crate) fn read(dir: &Path) -> Result<Option<Manifest>, ExplorerError> {
        let path = dir.join("manifest");
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(ExplorerError::Io { path, source }),
        };
        let mut lines = text.lines();
        let corrupt = || ExplorerError::Corrupt { path: path.clone() };
        if lines.next() != Some(MANIFEST_HEADER) {
            return Err(corrupt());
        }
        let mut manifest = Manifest::default();
        for line in lines {
            match line.split_once(' ') {
                Some(("games", n)) => manifest.games = n.parse().map_err(|_| corrupt())?,
                Some(("run", name)) if !name.contains('/') => manifest.runs.push(name.to_owned()),
                _ => return Err(corrupt()),
            }
        }
        Ok(Some(manifest))
    }

    pub(crate) fn write(&self, dir: &Path) -> Result<(), ExplorerError> {
        let mut text = format!("{MANIFEST_HEADER}\ngames {}\n", self.games);
        for run in &self.runs {
            text.push_str(&format!("run {run}\n"));
        }
        let (temporary, path) = (dir.join("manifest.partial"), dir.join("manifest"));
        let io = |source| ExplorerError::Io { path: path.clone(), source };
        std::fs::write(&temporary, text).map_err(io)?;
        std::fs::rename(&temporary, &path).map_err(io)
    }

    /// A run name not in use.
    fn next_run(&self) -> String {
        let number = |name: &String| name.strip_prefix("run-")?.strip_suffix(".run")?.parse::<u64>().ok();
        let next = self.runs.iter().filter_map(number).max().map_or(0, |n| n + 1);
        format!("run-{next:05}.run")
    }
}

/// An explorer folder, opened for lookups (any number of threads at once).
///
/// ```
/// use ox88_board::Board;
/// use ox88_explorer::{Explorer, ExplorerWriter, GameInfo, Winner};
/// use ox88_movegen::Notation;
/// let dir = std::env::temp_dir().join(format!("ox88-explorer-doc-{}", std::process::id()));
/// # let _ = std::fs::remove_dir_all(&dir);
/// let mut writer = ExplorerWriter::open(&dir)?;
/// let start = Board::startpos();
/// let e4 = start.parse_uci("e2e4", ox88_board::CastlingMode::Standard)?;
/// let game = GameInfo { white: "A".into(), black: "B".into(), white_rating: 2000, winner: Some(Winner::White), ..GameInfo::default() };
/// writer.add_game(&game, [(start.key(), e4)])?;
/// writer.finish()?;
/// let explorer = Explorer::open(&dir)?;
/// let moves = explorer.moves(&start)?;
/// assert_eq!((moves[0].0, moves[0].1.white, moves[0].1.average_rating()), (e4, 1, Some(2000)));
/// assert_eq!(explorer.game(moves[0].1.best.0)?.white, "A");
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Explorer {
    runs: Vec<Run>,
    games: GameStore,
    count: u64,
}

/// What an explorer holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExplorerInfo {
    /// Games.
    pub games: u64,
    /// Runs.
    pub runs: usize,
    /// Distinct (position, move) pairs, summed over the runs.
    pub entries: u64,
    /// Moves of games counted (position occurrences).
    pub occurrences: u64,
    /// Bytes on disk: runs and games files.
    pub bytes: u64,
}

impl Explorer {
    /// Opens the explorer folder `dir`.
    pub fn open(dir: &Path) -> Result<Explorer, ExplorerError> {
        let manifest = Manifest::read(dir)?.ok_or_else(|| ExplorerError::Missing { path: dir.to_owned() })?;
        let runs = manifest.runs.iter().map(|name| Run::open(&dir.join(name))).collect::<Result<_, _>>()?;
        Ok(Explorer { runs, games: GameStore::open(dir, manifest.games)?, count: manifest.games })
    }

    /// What it holds (sizes from the files).
    pub fn info(&self, dir: &Path) -> ExplorerInfo {
        let size = |name: &str| std::fs::metadata(dir.join(name)).map_or(0, |m| m.len());
        let mut info = ExplorerInfo {
            games: self.count,
            runs: self.runs.len(),
            bytes: size("games.dat") + size("games.idx"),
            ..ExplorerInfo::default()
        };
        for run in &self.runs {
            let run = run.info();
            info.entries += run.entries;
            info.occurrences += run.occurrences;
            info.bytes += run.bytes;
        }
        info
    }

    /// The moves played in `board`'s position (found by its key: a
    /// transposition counts), each with its statistics summed over the
    /// runs, most played first. A stored move that is not legal here (a
    /// key shared by two positions) is left out.
    pub fn moves(&self, board: &Board) -> Result<Vec<(Move, Stats)>, ExplorerError> {
        let mut found = Vec::new();
        self.lookup(board.key(), &mut found)?;
        found.sort_unstable_by_key(|(mv, _)| *mv);
        let mut moves: Vec<(Move, Stats)> = Vec::new();
        for (raw, stats) in found {
            match moves.last_mut() {
                Some((last, sum)) if last.to_raw() == raw => sum.merge(&stats),
                _ => moves.push((Move::from_raw(raw), stats)),
            }
        }
        moves.retain(|(mv, _)| board.is_legal(*mv));
        moves.sort_by_key(|(mv, stats)| (std::cmp::Reverse(stats.games()), mv.to_raw()));
        Ok(moves)
    }

    /// Appends what the runs hold for the position key `key`: each move's
    /// 16 bits (`Move::to_raw`) and statistics, run after run (a move in
    /// several runs is there once for each), unchecked against any board:
    /// the store's part of [`moves`](Self::moves).
    pub fn lookup(&self, key: u64, out: &mut Vec<(u16, Stats)>) -> Result<(), ExplorerError> {
        for run in &self.runs {
            run.lookup(key, out)?;
        }
        Ok(())
    }

    /// The game numbered `number`.
    pub fn game(&self, number: GameNumber) -> Result<GameInfo, ExplorerError> {
        self.games.get(number)
    }
}

/// Adds games to an explorer folder (made if it does not exist): their
/// records, and one new run of their moves, written in bounded memory.
pub struct ExplorerWriter {
    dir: PathBuf,
    manifest: Manifest,
    games: GameAppender,
    builder: RunBuilder,
    run: String,
    added: u64,
}

impl ExplorerWriter {
    /// Opens `dir` for adding games, holding up to 512 MiB of moves in
    /// memory before sorting them out to a file.
    pub fn open(dir: &Path) -> Result<ExplorerWriter, ExplorerError> {
        ExplorerWriter::with_memory(dir, 512 << 20)
    }

    /// The same, with `memory` bytes for the moves in memory.
    pub fn with_memory(dir: &Path, memory: usize) -> Result<ExplorerWriter, ExplorerError> {
        let io = |source| ExplorerError::Io { path: dir.to_owned(), source };
        std::fs::create_dir_all(dir).map_err(io)?;
        let manifest = Manifest::read(dir)?.unwrap_or_default();
        let run = manifest.next_run();
        let builder = RunBuilder::new(memory, dir.join(&run));
        Ok(ExplorerWriter {
            games: GameAppender::open(dir, manifest.games).map_err(io)?,
            dir: dir.to_owned(),
            manifest,
            builder,
            run,
            added: 0,
        })
    }

    /// Adds a game and its moves: each the key of the position it is
    /// played in and the move. A game without a result is stored but its
    /// moves are not counted. Returns the game's number.
    pub fn add_game(
        &mut self,
        game: &GameInfo,
        moves: impl IntoIterator<Item = (u64, Move)>,
    ) -> Result<GameNumber, ExplorerError> {
        let number = self.manifest.games + self.added;
        self.games.push(game).map_err(|source| ExplorerError::Io { path: self.dir.join("games.dat"), source })?;
        if let Some(winner) = game.winner {
            let moves = moves.into_iter().map(|(key, mv)| (key, mv.to_raw()));
            self.builder.add_game(number, winner, game.rating(), game.month, moves)?;
        }
        self.added += 1;
        Ok(number)
    }

    /// Writes the run and the manifest; returns how many games were added.
    pub fn finish(self) -> Result<u64, ExplorerError> {
        let io = |source| ExplorerError::Io { path: self.dir.join("games.dat"), source };
        self.games.finish().map_err(io)?;
        let mut manifest = self.manifest;
        if self.builder.finish(&self.dir.join(&self.run))?.is_some() {
            manifest.runs.push(self.run);
        }
        manifest.games += self.added;
        manifest.write(&self.dir)?;
        Ok(self.added)
    }
}

/// Merges every run of the explorer folder `dir` into one; returns the
/// number of runs merged.
pub fn compact(dir: &Path) -> Result<usize, ExplorerError> {
    let mut manifest = Manifest::read(dir)?.ok_or_else(|| ExplorerError::Missing { path: dir.to_owned() })?;
    if manifest.runs.len() < 2 {
        return Ok(manifest.runs.len());
    }
    let runs = manifest.runs.iter().map(|name| Run::open(&dir.join(name))).collect::<Result<Vec<_>, _>>()?;
    let name = manifest.next_run();
    merge(&runs, &dir.join(&name))?;
    let old = std::mem::replace(&mut manifest.runs, vec![name]);
    manifest.write(dir)?;
    for run in &old {
        let _ = std::fs::remove_file(dir.join(run));
    }
    Ok(old.len())
}
