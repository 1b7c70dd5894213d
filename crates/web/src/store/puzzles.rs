//! Puzzles made from the blunders of reviewed games, kept with lichess's
//! puzzle columns (`PuzzleId`, `FEN`, `Moves`, `Rating`, `RatingDeviation`,
//! `Popularity`, `NbPlays`, `Themes`, `GameUrl`, `OpeningTags`), so that
//! they export as lichess's puzzle file does. As there, `FEN` is the
//! position before the opponent's move that opens the puzzle, and `Moves`
//! is that move and then the solution, in UCI.

use super::{Store, StoreError};
use crate::ids::{PuzzleId, ReviewId};
use rusqlite::{params, OptionalExtension, Row};

/// A puzzle to keep: the position, the moves, its first rating and themes,
/// and the move of the reviewed game it was made from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPuzzle {
    /// The position before the opponent's move that opens the puzzle.
    pub fen: String,
    /// That move, then the solution's moves, in UCI.
    pub moves: Vec<String>,
    /// The rating to start from.
    pub rating: i32,
    /// How uncertain that rating is (Glicko's deviation).
    pub rating_deviation: i32,
    /// lichess's theme names (`mateIn2`, `crushing`, `endgame`, ...).
    pub themes: Vec<String>,
    /// The review of the game it comes from.
    pub review: ReviewId,
    /// The ply of the game's move that was the mistake (0: White's first).
    pub ply: usize,
}

/// A kept puzzle, with lichess's columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// `PuzzleId`.
    pub id: PuzzleId,
    /// `FEN`: the position before the opening move.
    pub fen: String,
    /// `Moves`: the opening move, then the solution, in UCI.
    pub moves: Vec<String>,
    /// `Rating`.
    pub rating: i32,
    /// `RatingDeviation`.
    pub rating_deviation: i32,
    /// `NbPlays`: the first tries counted.
    pub plays: u32,
    /// `Themes`.
    pub themes: Vec<String>,
    /// `GameUrl`: the game here, at the mistake (a path on this server:
    /// `/#/review/{review}/{ply}`).
    pub game_url: String,
    /// The review it comes from.
    pub review: ReviewId,
    /// The ply of the mistake in that game.
    pub ply: usize,
}

/// The link to review `review` at the position after ply `ply`.
pub fn review_url(review: &ReviewId, ply: usize) -> String {
    format!("/#/review/{review}/{}", ply + 1)
}

const COLUMNS: &str = "PuzzleId, FEN, Moves, Rating, RatingDeviation, NbPlays, Themes, GameUrl, Review, Ply";

/// A row of [`COLUMNS`] as a puzzle; `None` for a damaged row.
fn read(row: &Row<'_>) -> rusqlite::Result<Option<Puzzle>> {
    let (id, review): (String, String) = (row.get(0)?, row.get(8)?);
    let (moves, themes): (String, String) = (row.get(2)?, row.get(6)?);
    let (Ok(id), Ok(review)) = (id.parse(), review.parse()) else { return Ok(None) };
    Ok(Some(Puzzle {
        id,
        fen: row.get(1)?,
        moves: moves.split_ascii_whitespace().map(str::to_owned).collect(),
        rating: row.get(3)?,
        rating_deviation: row.get(4)?,
        plays: row.get(5)?,
        themes: themes.split_ascii_whitespace().map(str::to_owned).collect(),
        game_url: row.get(7)?,
        review,
        ply: row.get(9)?,
    }))
}

impl Store {
    /// Keeps `puzzles` (made at `now`) and answers their ids, in order; a
    /// puzzle kept before (the same position and moves) keeps its id and
    /// its rating.
    pub async fn add_puzzles(&self, puzzles: Vec<NewPuzzle>, now: u64) -> Result<Vec<PuzzleId>, StoreError> {
        let ids = self
            .call(move |c| {
                let mut ids = Vec::with_capacity(puzzles.len());
                for puzzle in &puzzles {
                    let (moves, themes) = (puzzle.moves.join(" "), puzzle.themes.join(" "));
                    let id = PuzzleId::random();
                    c.execute(
                        "INSERT INTO puzzles (PuzzleId, FEN, Moves, Rating, RatingDeviation, Themes, GameUrl, Review, \
                         Ply, CreatedMs) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) \
                         ON CONFLICT (FEN, Moves) DO NOTHING",
                        params![
                            id.as_str(),
                            puzzle.fen,
                            moves,
                            puzzle.rating,
                            puzzle.rating_deviation,
                            themes,
                            review_url(&puzzle.review, puzzle.ply),
                            puzzle.review.as_str(),
                            puzzle.ply,
                            now
                        ],
                    )?;
                    ids.push(c.query_row(
                        "SELECT PuzzleId FROM puzzles WHERE FEN = ?1 AND Moves = ?2",
                        params![puzzle.fen, moves],
                        |r| r.get::<_, String>(0),
                    )?);
                }
                Ok(ids)
            })
            .await?;
        // Ids are written only from well-formed ids.
        Ok(ids.iter().map(|id| id.parse().expect("a stored puzzle id")).collect())
    }

    /// Puzzle `id`, or `None`.
    pub async fn puzzle(&self, id: &PuzzleId) -> Result<Option<Puzzle>, StoreError> {
        let key = id.as_str().to_owned();
        let sql = format!("SELECT {COLUMNS} FROM puzzles WHERE PuzzleId = ?1");
        self.read(move |c| c.query_row(&sql, [key], read).optional().map(Option::flatten)).await
    }

    /// The puzzles of `reviews`, in the order of the reviews and their
    /// moves; with no review given, the newest puzzles of all. At most
    /// `limit`.
    pub async fn puzzles(&self, reviews: Vec<ReviewId>, limit: usize) -> Result<Vec<Puzzle>, StoreError> {
        self.read(move |c| {
            let mut found = Vec::new();
            if reviews.is_empty() {
                let sql = format!("SELECT {COLUMNS} FROM puzzles ORDER BY CreatedMs DESC, Ply LIMIT ?1");
                let mut statement = c.prepare_cached(&sql)?;
                found.extend(statement.query_map([limit], read)?.collect::<Result<Vec<_>, _>>()?);
            } else {
                let sql = format!("SELECT {COLUMNS} FROM puzzles WHERE Review = ?1 ORDER BY Ply LIMIT ?2");
                let mut statement = c.prepare_cached(&sql)?;
                for review in &reviews {
                    let left = limit.saturating_sub(found.len());
                    found.extend(
                        statement.query_map(params![review.as_str(), left], read)?.collect::<Result<Vec<_>, _>>()?,
                    );
                }
            }
            Ok(found.into_iter().flatten().take(limit).collect())
        })
        .await
    }

    /// Counts a first try at puzzle `id`: `rate` is given its rating and
    /// deviation and answers the new ones, which are kept with the play
    /// counted, in one step (tries at the same moment do not lose each
    /// other's change). The puzzle as it is after, or `None`.
    pub async fn rate_puzzle(
        &self,
        id: &PuzzleId,
        rate: impl FnOnce(i32, i32) -> (i32, i32) + Send + 'static,
    ) -> Result<Option<Puzzle>, StoreError> {
        let key = id.as_str().to_owned();
        let sql = format!("SELECT {COLUMNS} FROM puzzles WHERE PuzzleId = ?1");
        self.call(move |c| {
            let Some(puzzle) = c.query_row(&sql, [&key], read).optional()?.flatten() else { return Ok(None) };
            let (rating, deviation) = rate(puzzle.rating, puzzle.rating_deviation);
            c.execute(
                "UPDATE puzzles SET Rating = ?2, RatingDeviation = ?3, NbPlays = NbPlays + 1 WHERE PuzzleId = ?1",
                params![key, rating, deviation],
            )?;
            Ok(Some(Puzzle { rating, rating_deviation: deviation, plays: puzzle.plays + 1, ..puzzle }))
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new(review: &ReviewId, ply: usize, moves: &[&str]) -> NewPuzzle {
        NewPuzzle {
            fen: "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4".into(),
            moves: moves.iter().map(|&m| m.to_owned()).collect(),
            rating: 1500,
            rating_deviation: 500,
            themes: vec!["mate".into(), "mateIn1".into()],
            review: review.clone(),
            ply,
        }
    }

    #[tokio::test]
    async fn puzzles_are_kept_once_found_by_review_and_rated() {
        let store = Store::open(std::path::Path::new(":memory:")).expect("a store");
        let (first, second) = (ReviewId::random(), ReviewId::random());
        let ids = store
            .add_puzzles(vec![new(&first, 7, &["h5f7"]), new(&first, 3, &["c4f7", "e8f7"])], 10)
            .await
            .expect("kept");
        let again = store.add_puzzles(vec![new(&second, 9, &["h5f7"])], 20).await.expect("kept");
        assert_eq!(again, vec![ids[0].clone()], "the same puzzle keeps its id");
        let kept = store.puzzle(&ids[0]).await.expect("read").expect("kept");
        assert_eq!(
            (kept.moves.as_slice(), kept.plays, kept.game_url.as_str()),
            (&["h5f7".to_owned()][..], 0, &*format!("/#/review/{first}/8"))
        );
        assert_eq!(kept.themes, vec!["mate", "mateIn1"]);
        let of_first: Vec<usize> =
            store.puzzles(vec![first.clone()], 10).await.expect("read").iter().map(|p| p.ply).collect();
        assert_eq!(of_first, vec![3, 7], "in the game's order");
        assert!(store.puzzles(vec![second], 10).await.expect("read").is_empty());
        assert_eq!(store.puzzles(Vec::new(), 1).await.expect("read").len(), 1);
        let rated =
            store.rate_puzzle(&ids[1], |rating, deviation| (rating - 40, deviation - 100)).await.expect("rated");
        assert_eq!(rated.map(|p| (p.rating, p.rating_deviation, p.plays)), Some((1460, 400, 1)));
        assert_eq!(store.puzzle(&ids[1]).await.expect("read").map(|p| p.plays), Some(1));
        assert_eq!(store.rate_puzzle(&PuzzleId::random(), |r, d| (r, d)).await.expect("read"), None);
    }
}
