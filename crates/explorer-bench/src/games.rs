//! The games both stores are built from, read once into memory (so that a
//! build measures the store, not the PGN reader), and the positions the
//! lookups ask for.

use ox88_board::{Move, Random};
use ox88_db::explore::read_pgn;
use ox88_db::ImportError;
use ox88_explorer::GameInfo;
use std::ops::Range;
use std::path::PathBuf;

/// Games in memory: each one's record and its moves (with the key of the
/// position each is played in), the moves of all games in one vector.
#[derive(Default)]
pub struct LoadedGames {
    infos: Vec<GameInfo>,
    moves: Vec<(u64, Move)>,
    /// Where each game's moves end in `moves`.
    ends: Vec<usize>,
}

/// Why the reading stopped.
enum Stop {
    Failed(ImportError),
    Enough,
}

impl From<ImportError> for Stop {
    fn from(error: ImportError) -> Stop {
        Stop::Failed(error)
    }
}

impl LoadedGames {
    /// The first `limit` readable games of the PGN files, read on `threads`
    /// threads.
    pub fn read(files: &[PathBuf], threads: usize, limit: usize) -> Result<LoadedGames, ImportError> {
        let mut games = LoadedGames::default();
        let read = read_pgn(files, threads, |info, moves| {
            if games.len() == limit {
                return Err(Stop::Enough);
            }
            games.infos.push(info.clone());
            games.moves.extend_from_slice(moves);
            games.ends.push(games.moves.len());
            Ok(())
        });
        match read {
            Ok(_) | Err(Stop::Enough) => Ok(games),
            Err(Stop::Failed(error)) => Err(error),
        }
    }

    /// How many games.
    pub fn len(&self) -> usize {
        self.infos.len()
    }

    /// Game `n`: its record and moves.
    pub fn game(&self, n: usize) -> (&GameInfo, &[(u64, Move)]) {
        let start = if n == 0 { 0 } else { self.ends[n - 1] };
        (&self.infos[n], &self.moves[start..self.ends[n]])
    }

    /// The position occurrences the explorer counts in games `range`: the
    /// moves of the games with a result.
    pub fn occurrences(&self, range: Range<usize>) -> u64 {
        range.map(|n| self.game(n)).filter(|(info, _)| info.winner.is_some()).map(|(_, moves)| moves.len() as u64).sum()
    }

    /// `count` position keys to look up, a quarter of each kind: the
    /// opening (plies 0 to 12), the middlegame (13 to 60), deep (61 on),
    /// and unknown (a key no game reached, almost surely); each from a
    /// game drawn at random (a fixed seed), so the mix follows the
    /// collection.
    pub fn positions(&self, count: usize, seed: u64) -> Vec<(PositionKind, u64)> {
        let mut random = Random::new(seed);
        let mut positions = Vec::with_capacity(count);
        let mut misses = 0;
        while positions.len() < count && !self.infos.is_empty() {
            let kind = PositionKind::ALL[positions.len() % 4];
            if kind == PositionKind::Unknown {
                positions.push((kind, random.next_u64()));
                continue;
            }
            let (_, moves) = self.game(random.below(self.len()));
            let plies = kind.plies();
            let end = moves.len().min(plies.end);
            if end > plies.start {
                let ply = plies.start + random.below(end - plies.start);
                positions.push((kind, moves[ply].0));
            } else {
                misses += 1;
                if misses > 100 * count {
                    break; // no game this long
                }
            }
        }
        positions
    }
}

/// Where a looked-up position comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionKind {
    /// Plies 0 to 12.
    Opening,
    /// Plies 13 to 60.
    Middlegame,
    /// Ply 61 on.
    Deep,
    /// A random key.
    Unknown,
}

impl PositionKind {
    const ALL: [PositionKind; 4] =
        [PositionKind::Opening, PositionKind::Middlegame, PositionKind::Deep, PositionKind::Unknown];

    fn plies(self) -> Range<usize> {
        match self {
            PositionKind::Opening => 0..13,
            PositionKind::Middlegame => 13..61,
            PositionKind::Deep | PositionKind::Unknown => 61..usize::MAX,
        }
    }
}
