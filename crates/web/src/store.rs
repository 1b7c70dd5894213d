//! [`Store`]: friend games in SQLite, so that a restart loses none.
//!
//! One thread owns the connection; game tasks send it jobs and await the
//! answer. The thread runs every job waiting at once in one transaction
//! (group commit), so many games moving at the same moment cost one write to
//! the disk, and a move is answered only once it is stored.
//!
//! The same database keeps what game reviews need: engine evaluations by
//! position, the games sent for review, and the puzzles made from their
//! blunders (the submodules below). Their reads (and the list of finished
//! games) go to a second thread with a read-only connection of its own, so
//! that a review reading a game's evaluations never holds up a move: in WAL
//! mode readers and the writer do not wait for each other. Their writes are
//! single rows, taken into the writer's batches.

use crate::clock::{friend_time_control, millis};
use crate::game::{FriendGame, PlayedMove};
use crate::ids::{FriendGameId, SeatToken};
use ox88_board::{ByColor, Color};
use ox88_http::schema::OutcomeSchema;
use ox88_movegen::Outcome;
use rusqlite::{params, Connection, OpenFlags, OptionalExtension};
use std::path::Path;
use std::sync::mpsc;
use tokio::sync::oneshot;

mod evals;
mod puzzles;
mod reviews;

pub use evals::{EvalLine, PositionEval, PositionKey};
pub use puzzles::{review_url, NewPuzzle, Puzzle};
pub use reviews::{ReviewGame, ReviewStoreError};

/// The evals tables.
const EVALS_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS evals (
    position TEXT NOT NULL,
    lines INTEGER NOT NULL,
    depth INTEGER NOT NULL,
    knodes INTEGER NOT NULL,
    pvs TEXT NOT NULL,
    PRIMARY KEY (position, lines)
) WITHOUT ROWID;
";

/// The reviews tables.
const REVIEWS_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS reviews (
    id TEXT PRIMARY KEY,
    created_ms INTEGER NOT NULL,
    creator TEXT NOT NULL,
    start_fen TEXT NOT NULL,
    moves TEXT NOT NULL,
    white TEXT,
    black TEXT,
    result TEXT,
    UNIQUE (start_fen, moves)
);
CREATE INDEX IF NOT EXISTS reviews_by_creator ON reviews (creator, created_ms);
";

/// The puzzles tables.
const PUZZLES_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS puzzles (
    PuzzleId TEXT PRIMARY KEY,
    FEN TEXT NOT NULL,
    Moves TEXT NOT NULL,
    Rating INTEGER NOT NULL,
    RatingDeviation INTEGER NOT NULL,
    Popularity INTEGER NOT NULL DEFAULT 0,
    NbPlays INTEGER NOT NULL DEFAULT 0,
    Themes TEXT NOT NULL,
    GameUrl TEXT NOT NULL,
    OpeningTags TEXT NOT NULL DEFAULT '',
    Review TEXT NOT NULL,
    Ply INTEGER NOT NULL,
    CreatedMs INTEGER NOT NULL,
    UNIQUE (FEN, Moves)
);
CREATE INDEX IF NOT EXISTS puzzles_by_review ON puzzles (Review, Ply);
CREATE INDEX IF NOT EXISTS puzzles_by_age ON puzzles (CreatedMs);
";

/// A job for the store's thread: it does its work and hands back what
/// answers the caller once the batch's transaction has (or has not) been
/// committed.
type Job = Box<dyn FnOnce(&Connection) -> Answer + Send>;

/// Sends a job's result, told whether it was committed.
type Answer = Box<dyn FnOnce(bool) + Send>;

/// A read for the reader's thread: it reads and answers the caller.
type Read = Box<dyn FnOnce(&Connection) + Send>;

/// A store failed: the database could not be opened, read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused.
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The store's thread has stopped.
    #[error("the store's thread has stopped")]
    Closed,
    /// The transaction holding the work could not be committed.
    #[error("the write could not be committed")]
    NotCommitted,
}

/// A finished game, as listed on the page.
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct FinishedGame {
    /// The game's id.
    #[schema(value_type = String)]
    pub id: FriendGameId,
    /// How it ended.
    #[schema(value_type = OutcomeSchema)]
    pub outcome: Outcome,
    /// How many moves (plies) were played.
    pub plies: usize,
    /// When it ended, in milliseconds since 1970.
    pub finished_ms: u64,
}

/// The handle to the store's thread; clone it freely.
#[derive(Clone, Debug)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
    /// The reader's thread; `None` for a database in memory (which one
    /// connection alone sees), read by the writer's thread then.
    reads: Option<mpsc::Sender<Read>>,
}

const SCHEMA: &str = "
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created_ms INTEGER NOT NULL,
    creator TEXT NOT NULL,
    white_token TEXT,
    black_token TEXT,
    initial_ms INTEGER,
    increment_ms INTEGER,
    white_ms INTEGER,
    black_ms INTEGER,
    result TEXT,
    termination TEXT,
    finished_ms INTEGER
);
CREATE INDEX IF NOT EXISTS games_open_by_creator ON games (creator, created_ms) WHERE result IS NULL;
CREATE INDEX IF NOT EXISTS games_finished ON games (finished_ms) WHERE result IS NOT NULL;
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games (id),
    ply INTEGER NOT NULL,
    uci TEXT NOT NULL,
    clock_ms INTEGER,
    PRIMARY KEY (game, ply)
) WITHOUT ROWID;
";

impl Store {
    /// Opens (or creates) the database at `path`, `:memory:` for one that
    /// lives as long as the process.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let connection = Connection::open(path)?;
        connection.execute_batch(SCHEMA)?;
        // Game reviews: the evaluations, the games and the puzzles made from them.
        for schema in [EVALS_SCHEMA, REVIEWS_SCHEMA, PUZZLES_SCHEMA] {
            connection.execute_batch(schema)?;
        }
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("ox88-web-store".into())
            .spawn(move || run(&connection, &queue))
            .map_err(|_| StoreError::Closed)?;
        let reads = if path == Path::new(":memory:") { None } else { Some(open_reader(path)?) };
        Ok(Store { jobs, reads })
    }

    /// Runs `work` on the reader's thread (outside the writer's batches),
    /// or on the writer's for a database in memory.
    async fn read<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, StoreError> {
        let Some(reads) = &self.reads else { return self.call(work).await };
        let (reply, answer) = oneshot::channel::<Result<T, StoreError>>();
        let read: Read = Box::new(move |connection| {
            let _ = reply.send(work(connection).map_err(StoreError::from));
        });
        reads.send(read).map_err(|_| StoreError::Closed)?;
        answer.await.map_err(|_| StoreError::Closed)?
    }

    /// Runs `work` on the store's thread, inside the transaction of its batch.
    async fn call<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (reply, answer) = oneshot::channel::<Result<T, StoreError>>();
        let job: Job = Box::new(move |connection| {
            let result = work(connection);
            Box::new(move |committed| {
                let _ = reply.send(if committed {
                    result.map_err(StoreError::from)
                } else {
                    Err(StoreError::NotCommitted)
                });
            })
        });
        self.jobs.send(job).map_err(|_| StoreError::Closed)?;
        answer.await.map_err(|_| StoreError::Closed)?
    }

    /// Stores a new game created by `creator` (an address) at `now`.
    pub async fn create(&self, game: &FriendGame, creator: String, now: u64) -> Result<(), StoreError> {
        let id = game.id().to_string();
        let ByColor { white, black } = game.seats().clone().map(|seat| seat.map(String::from));
        let control = game.time_control();
        self.call(move |c| {
            c.execute(
                "INSERT INTO games (id, created_ms, creator, white_token, black_token, initial_ms, increment_ms, \
                 white_ms, black_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?6, ?6)",
                params![
                    id,
                    now,
                    creator,
                    white,
                    black,
                    control.map(|t| millis(t.base)),
                    control.map(|t| millis(t.increment))
                ],
            )
        })
        .await?;
        Ok(())
    }

    /// Stores move `ply` of game `id`, with both sides' time left after it.
    pub async fn add_move(
        &self,
        id: &FriendGameId,
        ply: usize,
        played: &PlayedMove,
        times: Option<(u64, u64)>,
    ) -> Result<(), StoreError> {
        let (id, uci, clock) = (id.to_string(), played.uci.to_string(), played.clock_ms);
        self.call(move |c| {
            c.execute(
                "INSERT INTO moves (game, ply, uci, clock_ms) VALUES (?1, ?2, ?3, ?4)",
                params![id, ply, uci, clock],
            )?;
            if let Some((white, black)) = times {
                c.execute("UPDATE games SET white_ms = ?2, black_ms = ?3 WHERE id = ?1", params![id, white, black])?;
            }
            Ok(())
        })
        .await
    }

    /// Stores the end of game `id` at `now`, with the clocks as they stopped.
    pub async fn finish(
        &self,
        id: &FriendGameId,
        ending: Outcome,
        times: Option<(u64, u64)>,
        now: u64,
    ) -> Result<(), StoreError> {
        let id = id.to_string();
        self.call(move |c| {
            c.execute(
                "UPDATE games SET result = ?2, termination = ?3, finished_ms = ?4, \
                 white_ms = coalesce(?5, white_ms), black_ms = coalesce(?6, black_ms) WHERE id = ?1",
                params![
                    id,
                    ending.result().as_str(),
                    ending.termination.as_str(),
                    now,
                    times.map(|t| t.0),
                    times.map(|t| t.1)
                ],
            )
        })
        .await?;
        Ok(())
    }

    /// Stores that `color`'s seat of game `id` was taken, with its token.
    pub async fn take_seat(&self, id: &FriendGameId, color: Color, token: &SeatToken) -> Result<(), StoreError> {
        let (id, token) = (id.to_string(), token.as_str().to_owned());
        let column = match color {
            Color::White => "white_token",
            Color::Black => "black_token",
        };
        let sql = format!("UPDATE games SET {column} = ?2 WHERE id = ?1");
        self.call(move |c| c.execute(&sql, params![id, token])).await?;
        Ok(())
    }

    /// How many games created by `creator` since `since` (milliseconds
    /// since 1970) are still going on.
    pub async fn open_games_of(&self, creator: String, since: u64) -> Result<usize, StoreError> {
        self.call(move |c| {
            c.query_row(
                "SELECT count(*) FROM games WHERE creator = ?1 AND result IS NULL AND created_ms >= ?2",
                params![creator, since],
                |row| row.get(0),
            )
        })
        .await
    }

    /// Game `id` as stored, its clock running from `now`; `None` if there is
    /// no such game (or its stored moves no longer replay).
    pub async fn load(&self, id: &FriendGameId, now: u64) -> Result<Option<FriendGame>, StoreError> {
        let key = id.to_string();
        let id = id.clone();
        self.call(move |c| {
            let row = c
                .query_row(
                    "SELECT white_token, black_token, initial_ms, increment_ms, white_ms, black_ms, result, \
                     termination FROM games WHERE id = ?1",
                    [&key],
                    |r| {
                        Ok((
                            r.get::<_, Option<String>>(0)?,
                            r.get::<_, Option<String>>(1)?,
                            r.get::<_, Option<u64>>(2)?,
                            r.get::<_, Option<u64>>(3)?,
                            r.get::<_, Option<u64>>(4)?,
                            r.get::<_, Option<u64>>(5)?,
                            r.get::<_, Option<String>>(6)?,
                            r.get::<_, Option<String>>(7)?,
                        ))
                    },
                )
                .optional()?;
            let Some((white, black, initial, increment, white_ms, black_ms, result, termination)) = row else {
                return Ok(None);
            };
            let mut statement = c.prepare_cached("SELECT uci, clock_ms FROM moves WHERE game = ?1 ORDER BY ply")?;
            let moves: Vec<(String, Option<u64>)> =
                statement.query_map([&key], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
            let white = white.and_then(|t| t.parse::<SeatToken>().ok());
            let black = black.and_then(|t| t.parse::<SeatToken>().ok());
            let control = initial.and_then(|i| friend_time_control(i, increment.unwrap_or(0)));
            let ending =
                result.zip(termination).and_then(|(r, t)| Outcome::with_result(r.parse().ok()?, t.parse().ok()?));
            let ucis: Vec<String> = moves.iter().map(|(uci, _)| uci.clone()).collect();
            let fresh = FriendGame::new(id, control, ByColor::new(white, black));
            let times = white_ms.zip(black_ms);
            let game = FriendGame::restore(fresh, &ucis, times, ending, now).map(|mut game| {
                game.set_move_clocks(&moves.iter().map(|(_, clock)| *clock).collect::<Vec<_>>());
                game
            });
            Ok(game)
        })
        .await
    }

    /// The ids of finished games, newest first, at most `limit`.
    pub async fn finished(&self, limit: usize) -> Result<Vec<FinishedGame>, StoreError> {
        self.read(move |c| {
            let mut statement = c.prepare_cached(
                "SELECT id, result, termination, finished_ms, (SELECT count(*) FROM moves WHERE game = id) \
                 FROM games WHERE result IS NOT NULL ORDER BY finished_ms DESC, id LIMIT ?1",
            )?;
            let rows = statement.query_map([limit], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?, r.get(3)?, r.get(4)?))
            })?;
            let mut games = Vec::new();
            for row in rows {
                let (id, result, termination, finished_ms, plies) = row?;
                // A row that does not read back (a damaged store) is left
                // out, as `load` leaves it out.
                let outcome = result.parse().ok().zip(termination.parse().ok());
                let outcome = outcome.and_then(|(result, termination)| Outcome::with_result(result, termination));
                if let (Ok(id), Some(outcome)) = (id.parse(), outcome) {
                    games.push(FinishedGame { id, outcome, plies, finished_ms });
                }
            }
            Ok(games)
        })
        .await
    }
}

/// Opens the database at `path` (created by the writer) read-only, on a
/// thread of its own that runs each read as it comes.
fn open_reader(path: &Path) -> Result<mpsc::Sender<Read>, StoreError> {
    let connection =
        Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
    let (reads, queue) = mpsc::channel::<Read>();
    std::thread::Builder::new()
        .name("ox88-web-store-reads".into())
        .spawn(move || {
            while let Ok(read) = queue.recv() {
                read(&connection);
            }
        })
        .map_err(|_| StoreError::Closed)?;
    Ok(reads)
}

/// The store's thread: each batch of waiting jobs in one transaction.
fn run(connection: &Connection, queue: &mpsc::Receiver<Job>) {
    while let Ok(first) = queue.recv() {
        let batch: Vec<Job> = std::iter::once(first).chain(queue.try_iter().take(255)).collect();
        let began = connection.execute_batch("BEGIN IMMEDIATE").is_ok();
        let answers: Vec<Answer> = batch.into_iter().map(|job| job(connection)).collect();
        let committed = began && connection.execute_batch("COMMIT").is_ok();
        if began && !committed {
            let _ = connection.execute_batch("ROLLBACK");
        }
        for answer in answers {
            answer(committed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{EvalLine, PositionEval};
    use ox88_movegen::Position;
    use ox88_pgn::annotation::EvalScore;

    /// A fresh database file, removed (with its WAL files) when dropped.
    struct TempDb(std::path::PathBuf);

    impl Drop for TempDb {
        fn drop(&mut self) {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", self.0.display()));
            }
        }
    }

    #[tokio::test]
    async fn reads_are_answered_while_the_writer_is_busy_and_see_what_it_committed() {
        let name = format!("ox88-store-{}-{:?}.sqlite", std::process::id(), std::thread::current().id());
        let file = TempDb(std::env::temp_dir().join(name));
        let store = Store::open(&file.0).expect("a store");
        let position = Position::startpos();
        let eval = PositionEval {
            depth: 12,
            knodes: 300,
            lines: vec![EvalLine { moves: vec!["e2e4".into()], score: EvalScore::Centipawns(25) }],
        };
        store.put_eval(&position, &eval).await.expect("kept");
        // The writer's thread held up (a long batch): reads still answer.
        let (release, held) = std::sync::mpsc::channel::<()>();
        let writer = store.clone();
        let busy =
            tokio::spawn(
                async move { writer.call(move |_| held.recv().map_err(|_| rusqlite::Error::InvalidQuery)).await },
            );
        let read = tokio::time::timeout(std::time::Duration::from_secs(60), store.eval(&position, 1)).await;
        release.send(()).expect("the writer waits");
        assert_eq!(read.expect("answered while the writer was busy").expect("read"), Some(eval));
        busy.await.expect("the job ran").expect("committed");
        assert!(store.finished(10).await.expect("read").is_empty());
    }
}
