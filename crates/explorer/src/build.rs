//! Making runs: the moves of many games sorted in bounded memory (sorted
//! spills, merged), each (position, move) aggregated once.

use crate::run::{Entry, Run, RunEntries, RunInfo, RunWriter};
use crate::{ExplorerError, GameNumber, Stats, Winner};
use std::cmp::Reverse;
use std::collections::binary_heap::{BinaryHeap, PeekMut};
use std::path::{Path, PathBuf};

/// One move of one game, as the sort sees it (24 bytes).
#[derive(Clone, Copy, Debug)]
struct Occurrence {
    key: u64,
    game: GameNumber,
    mv: u16,
    rating: u16,
    /// The month shifted left by 2, the winner in the low bits.
    month_winner: u32,
}

impl Occurrence {
    fn stats(&self) -> Stats {
        let winner = [Winner::White, Winner::Draw, Winner::Black][(self.month_winner & 3) as usize];
        Stats::of_game(self.game, winner, self.rating, self.month_winner >> 2)
    }
}

/// Gathers the moves of games and writes them as one run: in memory up to
/// a budget, then sorted and spilled to a temporary run; at the end the
/// spills are merged.
pub struct RunBuilder {
    occurrences: Vec<Occurrence>,
    capacity: usize,
    spills: Vec<PathBuf>,
    scratch: PathBuf,
}

impl RunBuilder {
    /// A builder holding about `memory` bytes of moves before it spills to
    /// files named after `scratch` (`scratch.0`, `scratch.1`, …).
    pub fn new(memory: usize, scratch: PathBuf) -> RunBuilder {
        let capacity = (memory / std::mem::size_of::<Occurrence>()).max(1024);
        RunBuilder { occurrences: Vec::new(), capacity, spills: Vec::new(), scratch }
    }

    /// Adds the moves of game `game`: each position's key and the move's 16
    /// bits (`Move::to_raw`).
    pub fn add_game(
        &mut self,
        game: GameNumber,
        winner: Winner,
        rating: u16,
        month: u32,
        moves: impl IntoIterator<Item = (u64, u16)>,
    ) -> Result<(), ExplorerError> {
        let month_winner = (month.min(u32::MAX >> 2) << 2) | winner as u32;
        for (key, mv) in moves {
            if self.occurrences.len() == self.capacity {
                self.spill()?;
            }
            self.occurrences.push(Occurrence { key, game, mv, rating, month_winner });
        }
        Ok(())
    }

    /// Sorts what is in memory and writes it as a spill.
    fn spill(&mut self) -> Result<(), ExplorerError> {
        if self.occurrences.is_empty() {
            return Ok(());
        }
        if self.occurrences.capacity() < self.capacity {
            self.occurrences.reserve_exact(self.capacity - self.occurrences.len());
        }
        self.occurrences.sort_unstable_by_key(|o| (o.key, o.mv));
        let path = self.scratch.with_extension(format!("spill{}", self.spills.len()));
        let io = |source| ExplorerError::Io { path: path.clone(), source };
        let mut writer = RunWriter::create(&path).map_err(io)?;
        let mut current: Option<Entry> = None;
        for o in &self.occurrences {
            match &mut current {
                Some((key, mv, stats)) if (*key, *mv) == (o.key, o.mv) => stats.merge(&o.stats()),
                _ => {
                    if let Some((key, mv, stats)) = current.replace((o.key, o.mv, o.stats())) {
                        writer.push(key, mv, &stats).map_err(io)?;
                    }
                }
            }
        }
        if let Some((key, mv, stats)) = current {
            writer.push(key, mv, &stats).map_err(io)?;
        }
        writer.finish().map_err(io)?;
        self.occurrences.clear();
        self.spills.push(path);
        Ok(())
    }

    /// Writes everything added as the run `path` (nothing if nothing was
    /// added: `None`).
    pub fn finish(mut self, path: &Path) -> Result<Option<RunInfo>, ExplorerError> {
        self.spill()?;
        self.occurrences = Vec::new();
        let info = match self.spills.len() {
            0 => None,
            1 => {
                let io = |source| ExplorerError::Io { path: path.to_owned(), source };
                std::fs::rename(&self.spills[0], path).map_err(io)?;
                Some(Run::open(path)?.info())
            }
            _ => {
                let runs = self.spills.iter().map(|p| Run::open(p)).collect::<Result<Vec<_>, _>>()?;
                let info = merge(&runs, path)?;
                for spill in &self.spills {
                    let _ = std::fs::remove_file(spill);
                }
                Some(info)
            }
        };
        self.spills.clear();
        Ok(info)
    }
}

impl Drop for RunBuilder {
    /// A build that failed leaves no spill behind.
    fn drop(&mut self) {
        for spill in &self.spills {
            let _ = std::fs::remove_file(spill);
        }
    }
}

/// Merges runs into the run `path`: entries of the same position and move
/// are added together.
pub fn merge(runs: &[Run], path: &Path) -> Result<RunInfo, ExplorerError> {
    let unshifted: Vec<(&Run, GameNumber)> = runs.iter().map(|run| (run, 0)).collect();
    merge_shifted(&unshifted, path)
}

/// Merges runs made apart into the run `path`, the game numbers of each run
/// shifted by the number beside it (its games' place in the whole
/// collection), as [`combine`](crate::combine) joins explorers.
pub fn merge_shifted(runs: &[(&Run, GameNumber)], path: &Path) -> Result<RunInfo, ExplorerError> {
    let io = |source| ExplorerError::Io { path: path.to_owned(), source };
    let mut readers: Vec<(RunEntries<'_>, GameNumber)> =
        runs.iter().map(|(run, shift)| Ok((run.entries()?, *shift))).collect::<Result<_, ExplorerError>>()?;
    let next = |(reader, shift): &mut (RunEntries<'_>, GameNumber)| -> Result<Option<Entry>, ExplorerError> {
        Ok(reader.next_entry()?.map(|(key, mv, mut stats)| {
            stats.best.0 += *shift;
            stats.latest.0 += *shift;
            (key, mv, stats)
        }))
    };
    let mut heads: Vec<Option<Entry>> = readers.iter_mut().map(next).collect::<Result<_, _>>()?;
    let mut heap: BinaryHeap<Reverse<(u64, u16, usize)>> =
        heads.iter().enumerate().filter_map(|(i, h)| h.map(|(k, m, _)| Reverse((k, m, i)))).collect();
    let mut writer = RunWriter::create(path).map_err(io)?;
    let mut current: Option<Entry> = None;
    // The run with the least head is replaced at the top of the heap by its
    // next entry (one sift down, not a pop and a push), or leaves it.
    while let Some(mut top) = heap.peek_mut() {
        let Reverse((key, mv, i)) = *top;
        let (_, _, stats) = heads[i].take().expect("a run in the heap has a head");
        heads[i] = next(&mut readers[i])?;
        match heads[i] {
            Some((k, m, _)) => *top = Reverse((k, m, i)),
            None => drop(PeekMut::pop(top)),
        }
        match &mut current {
            Some((k, m, s)) if (*k, *m) == (key, mv) => s.merge(&stats),
            _ => {
                if let Some((k, m, s)) = current.replace((key, mv, stats)) {
                    writer.push(k, m, &s).map_err(io)?;
                }
            }
        }
    }
    if let Some((k, m, s)) = current {
        writer.push(k, m, &s).map_err(io)?;
    }
    writer.finish().map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spills_merge_into_the_run_one_pass_would_make() {
        let dir = std::env::temp_dir().join(format!("ox88-explorer-build-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // 300 games of 40 moves over few positions: heavy aggregation.
        let games = |builder: &mut RunBuilder| {
            for game in 0..300u64 {
                let winner = [Winner::White, Winner::Draw, Winner::Black][game as usize % 3];
                let moves = (0..40u64).map(move |ply| ((ply * 7 + game % 5) % 50, (game % 3) as u16));
                builder.add_game(game, winner, 1000 + game as u16, 24_000 + game as u32, moves).unwrap();
            }
        };
        let mut small = RunBuilder::new(0, dir.join("small"));
        games(&mut small);
        assert!(small.spills.len() > 5);
        let merged = small.finish(&dir.join("merged")).unwrap().unwrap();
        let mut large = RunBuilder::new(1 << 20, dir.join("large"));
        games(&mut large);
        let single = large.finish(&dir.join("single")).unwrap().unwrap();
        assert_eq!(std::fs::read(dir.join("merged")).unwrap(), std::fs::read(dir.join("single")).unwrap());
        assert_eq!(merged.occurrences, 300 * 40);
        assert_eq!(single, merged);
        let run = Run::open(&dir.join("single")).unwrap();
        let mut found = Vec::new();
        run.lookup(7, &mut found).unwrap();
        let games: u64 = found.iter().map(|(_, s)| s.games()).sum();
        assert!(games > 0 && found.iter().all(|(_, s)| s.best.1 >= 1000));
        assert!(RunBuilder::new(0, dir.join("none")).finish(&dir.join("empty")).unwrap().is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
