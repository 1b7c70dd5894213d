//! [`Stats`]: what the explorer knows of a move played in a position, and
//! how it is written in a run (a few bytes, fewer for a move played once).

use crate::varint::{get, put};

/// Months are written as their distance from January 1900 (zigzag: older
/// games too), two bytes for any game of this century.
const MONTH_BASE: i64 = 1900 * 12;

fn put_month(out: &mut Vec<u8>, month: u32) {
    let delta = i64::from(month) - MONTH_BASE;
    put(out, ((delta << 1) ^ (delta >> 63)) as u64);
}

fn month_of(zigzag: u64) -> Option<u32> {
    let delta = (zigzag >> 1) as i64 ^ -((zigzag & 1) as i64);
    u32::try_from(delta + MONTH_BASE).ok()
}

/// A game's place in the collection: its number, from 0.
pub type GameNumber = u64;

/// A game's result, as the explorer counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// 1-0.
    White,
    /// 1/2-1/2.
    Draw,
    /// 0-1.
    Black,
}

/// The statistics of one move in one position: its games' results, their
/// ratings, and the best-rated and the latest of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Games White won.
    pub white: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games Black won.
    pub black: u64,
    /// Games with a rating (the mean of its players' known ratings).
    pub rated: u64,
    /// Their ratings added up.
    pub rating_sum: u64,
    /// The best-rated game: its number and rating.
    pub best: (GameNumber, u16),
    /// The latest game: its number and month (`year * 12 + month - 1`; 0
    /// if unknown). Of two games of one month, the later number.
    pub latest: (GameNumber, u32),
}

impl Stats {
    /// The statistics of a single game.
    pub fn of_game(game: GameNumber, winner: Winner, rating: u16, month: u32) -> Stats {
        Stats {
            white: u64::from(winner == Winner::White),
            draws: u64::from(winner == Winner::Draw),
            black: u64::from(winner == Winner::Black),
            rated: u64::from(rating > 0),
            rating_sum: u64::from(rating),
            best: (game, rating),
            latest: (game, month),
        }
    }

    /// Games in all.
    pub fn games(&self) -> u64 {
        self.white + self.draws + self.black
    }

    /// The rated games' mean rating, if any had one.
    pub fn average_rating(&self) -> Option<u64> {
        (self.rated > 0).then(|| (self.rating_sum + self.rated / 2) / self.rated)
    }

    /// Both sets of games together.
    pub fn merge(&mut self, other: &Stats) {
        self.white += other.white;
        self.draws += other.draws;
        self.black += other.black;
        self.rated += other.rated;
        self.rating_sum += other.rating_sum;
        if (other.best.1, other.best.0) > (self.best.1, self.best.0) {
            self.best = other.best;
        }
        if (other.latest.1, other.latest.0) > (self.latest.1, self.latest.0) {
            self.latest = other.latest;
        }
    }

    /// The single game's result, if these are the statistics of one game.
    fn single(&self) -> Option<Winner> {
        match (self.white, self.draws, self.black) {
            (1, 0, 0) => Some(Winner::White),
            (0, 1, 0) => Some(Winner::Draw),
            (0, 0, 1) => Some(Winner::Black),
            _ => None,
        }
    }

    /// Appends the encoding: a byte saying "one game won by White, drawn, or
    /// won by Black" (then the game, its rating and month) or "several"
    /// (then every field), each number a varint.
    pub fn encode(&self, out: &mut Vec<u8>) {
        match self.single() {
            Some(winner) => {
                out.push(winner as u8);
                put(out, self.best.0);
                put(out, u64::from(self.best.1));
                put_month(out, self.latest.1);
            }
            None => {
                out.push(3);
                for n in [self.white, self.draws, self.black, self.rated, self.rating_sum, self.best.0] {
                    put(out, n);
                }
                put(out, u64::from(self.best.1));
                put(out, self.latest.0);
                put_month(out, self.latest.1);
            }
        }
    }

    /// Reads what [`encode`](Self::encode) wrote at the start of `bytes`;
    /// returns it and the bytes after it, or `None` if they are not an
    /// encoding.
    pub fn decode(bytes: &[u8]) -> Option<(Stats, &[u8])> {
        let (&tag, mut rest) = bytes.split_first()?;
        let mut next = || -> Option<u64> {
            let (n, after) = get(rest)?;
            rest = after;
            Some(n)
        };
        let stats = match tag {
            0..=2 => {
                let winner = [Winner::White, Winner::Draw, Winner::Black][usize::from(tag)];
                let (game, rating, month) = (next()?, next()?, month_of(next()?)?);
                Stats::of_game(game, winner, u16::try_from(rating).ok()?, month)
            }
            3 => {
                let (white, draws, black, rated, rating_sum, best) =
                    (next()?, next()?, next()?, next()?, next()?, next()?);
                let best_rating = u16::try_from(next()?).ok()?;
                let (latest, month) = (next()?, month_of(next()?)?);
                Stats { white, draws, black, rated, rating_sum, best: (best, best_rating), latest: (latest, month) }
            }
            _ => return None,
        };
        Some((stats, rest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn game() -> impl Strategy<Value = Stats> {
        (0u64..1 << 40, 0usize..3, any::<u16>(), any::<u32>())
            .prop_map(|(n, w, r, m)| Stats::of_game(n, [Winner::White, Winner::Draw, Winner::Black][w], r, m))
    }

    proptest! {
        #[test]
        fn merged_games_encode_and_decode(games in proptest::collection::vec(game(), 1..6)) {
            let mut stats = games[0];
            for g in &games[1..] {
                stats.merge(g);
            }
            prop_assert_eq!(stats.games(), games.len() as u64);
            let best = games.iter().map(|g| (g.best.1, g.best.0)).max().unwrap();
            prop_assert_eq!((stats.best.1, stats.best.0), best);
            let mut bytes = Vec::new();
            stats.encode(&mut bytes);
            bytes.push(0xAA);
            let (decoded, rest) = Stats::decode(&bytes).unwrap();
            prop_assert_eq!(decoded, stats);
            prop_assert_eq!(rest, &[0xAA][..]);
            for cut in 0..bytes.len() - 1 {
                prop_assert!(Stats::decode(&bytes[..cut]).is_none(), "a cut encoding decodes");
            }
        }
    }

    #[test]
    fn a_single_game_takes_a_few_bytes() {
        let mut bytes = Vec::new();
        Stats::of_game(123_456, Winner::Black, 2100, 2025 * 12 + 4).encode(&mut bytes);
        assert_eq!(bytes.len(), 1 + 3 + 2 + 2);
        let stats = Stats::decode(&bytes).unwrap().0;
        assert_eq!((stats.black, stats.average_rating()), (1, Some(2100)));
        assert_eq!(Stats::of_game(1, Winner::Draw, 0, 0).average_rating(), None);
    }
}
