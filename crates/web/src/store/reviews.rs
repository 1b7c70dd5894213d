//! The games sent for review: their start, their moves and their players,
//! each kept once under a [`ReviewId`] (the same game sent twice is the same
//! review), so that a review's link works for anyone and for ever.

use super::{Store, StoreError};
use crate::ids::ReviewId;
use rusqlite::{params, OptionalExtension};

/// A game to review: where it starts, its moves, and what is known of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewGame {
    /// The start position as FEN.
    pub start_fen: String,
    /// The moves in UCI, each legal after the ones before it.
    pub moves: Vec<String>,
    /// White's name, if the game has one.
    pub white: Option<String>,
    /// Black's name, if the game has one.
    pub black: Option<String>,
    /// The result (`1-0`, `0-1`, `1/2-1/2`), if the game ended.
    pub result: Option<String>,
}

/// Why a review could not be kept.
#[derive(Debug, thiserror::Error)]
pub enum ReviewStoreError {
    /// The visitor has sent as many new games today as they may.
    #[error("{0} games were sent for review from this address today: the most a day")]
    TooManyToday(usize),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// How long a visitor's new reviews count against their daily cap.
const DAY_MS: u64 = 24 * 60 * 60 * 1000;

impl Store {
    /// Keeps `game` for review, sent by `creator` (an address) at `now`, and
    /// answers its id: the id it already has when the same start and moves
    /// were sent before (by anyone; that costs nothing), else a new one,
    /// unless `creator` has sent `per_day` new games in the last day.
    pub async fn add_review(
        &self,
        game: ReviewGame,
        creator: String,
        now: u64,
        per_day: usize,
    ) -> Result<ReviewId, ReviewStoreError> {
        let id = ReviewId::random();
        let since = now.saturating_sub(DAY_MS);
        let moves = game.moves.join(" ");
        let answer = self
            .call(move |c| {
                let known: Option<String> = c
                    .query_row(
                        "SELECT id FROM reviews WHERE start_fen = ?1 AND moves = ?2",
                        params![game.start_fen, moves],
                        |r| r.get(0),
                    )
                    .optional()?;
                if let Some(known) = known {
                    return Ok(Ok(known));
                }
                let sent: usize = c.query_row(
                    "SELECT count(*) FROM reviews WHERE creator = ?1 AND created_ms >= ?2",
                    params![creator, since],
                    |r| r.get(0),
                )?;
                if sent >= per_day {
                    return Ok(Err(sent));
                }
                c.execute(
                    "INSERT INTO reviews (id, created_ms, creator, start_fen, moves, white, black, result) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                    params![id.as_str(), now, creator, game.start_fen, moves, game.white, game.black, game.result],
                )?;
                Ok(Ok(id.as_str().to_owned()))
            })
            .await?;
        let known = answer.map_err(ReviewStoreError::TooManyToday)?;
        // Ids are written only from well-formed ids.
        Ok(known.parse().expect("a stored review id"))
    }

    /// The game of review `id`, or `None` if there is no such review.
    pub async fn review(&self, id: &ReviewId) -> Result<Option<ReviewGame>, StoreError> {
        let key = id.as_str().to_owned();
        self.read(move |c| {
            c.query_row("SELECT start_fen, moves, white, black, result FROM reviews WHERE id = ?1", [key], |r| {
                let moves: String = r.get(1)?;
                Ok(ReviewGame {
                    start_fen: r.get(0)?,
                    moves: moves.split_ascii_whitespace().map(str::to_owned).collect(),
                    white: r.get(2)?,
                    black: r.get(3)?,
                    result: r.get(4)?,
                })
            })
            .optional()
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &[&str]) -> ReviewGame {
        ReviewGame {
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            moves: moves.iter().map(|&m| m.to_owned()).collect(),
            white: Some("Anderssen".into()),
            black: None,
            result: Some("1-0".into()),
        }
    }

    #[tokio::test]
    async fn a_game_is_kept_once_and_read_back() {
        let store = Store::open(std::path::Path::new(":memory:")).expect("a store");
        let id = store.add_review(game(&["e2e4", "e7e5"]), "1.2.3.4".into(), 1_000, 5).await.expect("kept");
        let again = store.add_review(game(&["e2e4", "e7e5"]), "5.6.7.8".into(), 2_000, 5).await.expect("kept");
        assert_eq!(id, again, "the same game is the same review");
        assert_eq!(store.review(&id).await.expect("read"), Some(game(&["e2e4", "e7e5"])));
        let other = store.add_review(game(&["d2d4"]), "1.2.3.4".into(), 3_000, 5).await.expect("kept");
        assert_ne!(id, other);
        assert_eq!(store.review(&ReviewId::random()).await.expect("read"), None);
    }

    #[tokio::test]
    async fn new_games_of_one_address_are_capped_per_day() {
        let store = Store::open(std::path::Path::new(":memory:")).expect("a store");
        let now = 10 * DAY_MS;
        for (i, first) in ["a2a3", "b2b3"].into_iter().enumerate() {
            store.add_review(game(&[first]), "9.9.9.9".into(), now + i as u64, 2).await.expect("kept");
        }
        let refused = store.add_review(game(&["c2c3"]), "9.9.9.9".into(), now + 5, 2).await;
        assert!(matches!(refused, Err(ReviewStoreError::TooManyToday(2))), "{refused:?}");
        assert!(store.add_review(game(&["a2a3"]), "9.9.9.9".into(), now + 6, 2).await.is_ok(), "a known game");
        assert!(store.add_review(game(&["c2c3"]), "8.8.8.8".into(), now + 7, 2).await.is_ok(), "another address");
        assert!(store.add_review(game(&["d2d3"]), "9.9.9.9".into(), now + DAY_MS + 2, 2).await.is_ok(), "a day on");
    }
}
