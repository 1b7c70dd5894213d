//! [`Tags`]: a game's tag pairs as typed columns: the ones whose meaning is
//! known (Elo an integer, dates as dates, the time control as base and
//! increment), and the others as text.

use ox88_pgn::{Date, GameResult, RawTag};

/// A game's tags: the known ones typed, the rest in [`other`](Self::other).
///
/// A known tag whose value does not read as its type (a `Date` of
/// `2025.??.??`, a `WhiteElo` of `-`, a `TimeControl` of `40/7200:3600`)
/// leaves its column empty and is kept, as written, in `other`: nothing is
/// lost.
///
/// ```
/// use ox88_db::Tags;
/// use ox88_pgn::RawTag;
/// let mut tags = Tags::default();
/// for (name, value) in [("WhiteElo", "2750"), ("TimeControl", "180+2"), ("Date", "2025.??.??"), ("Annotator", "X")] {
///     tags.set(name.as_bytes(), RawTag(value.as_bytes()));
/// }
/// assert_eq!(tags.white_elo, Some(2750));
/// assert_eq!(tags.time_control, Some((180, 2)));
/// assert_eq!(tags.date, None);
/// assert_eq!(tags.other, [("Date".to_owned(), "2025.??.??".to_owned()), ("Annotator".to_owned(), "X".to_owned())]);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tags {
    /// `Event`.
    pub event: Option<String>,
    /// `Site`.
    pub site: Option<String>,
    /// `Date`, in days since 1970-01-01 (a whole date only).
    pub date: Option<i32>,
    /// `Round`.
    pub round: Option<String>,
    /// `White`.
    pub white: Option<String>,
    /// `Black`.
    pub black: Option<String>,
    /// `Result`.
    pub result: Option<GameResult>,
    /// `WhiteElo`.
    pub white_elo: Option<i32>,
    /// `BlackElo`.
    pub black_elo: Option<i32>,
    /// `WhiteTitle`.
    pub white_title: Option<String>,
    /// `BlackTitle`.
    pub black_title: Option<String>,
    /// `WhiteRatingDiff`.
    pub white_rating_diff: Option<i32>,
    /// `BlackRatingDiff`.
    pub black_rating_diff: Option<i32>,
    /// `UTCDate`, in days since 1970-01-01.
    pub utc_date: Option<i32>,
    /// `UTCTime`, as written (`HH:MM:SS`).
    pub utc_time: Option<String>,
    /// `TimeControl` as base and increment, in seconds (`180+2`, or `600`
    /// without an increment).
    pub time_control: Option<(i32, i32)>,
    /// `ECO`.
    pub eco: Option<String>,
    /// `Opening`.
    pub opening: Option<String>,
    /// `Termination`.
    pub termination: Option<String>,
    /// `FEN`: where the game starts, if not from the standard position.
    pub fen: Option<String>,
    /// Every other tag, and a known tag whose value is not of its type, as
    /// written (escapes undone), in input order.
    pub other: Vec<(String, String)>,
}

impl Tags {
    /// Forgets every tag (for the next game), keeping the allocations.
    pub fn clear(&mut self) {
        *self = Tags { other: std::mem::take(&mut self.other), ..Tags::default() };
        self.other.clear();
    }

    /// Takes one tag pair as read.
    pub fn set(&mut self, name: &[u8], value: RawTag<'_>) {
        let text = || Some(value.decode().into_owned());
        let typed = match name {
            b"Event" => put(&mut self.event, text()),
            b"Site" => put(&mut self.site, text()),
            b"Date" => put(&mut self.date, date(value)),
            b"Round" => put(&mut self.round, text()),
            b"White" => put(&mut self.white, text()),
            b"Black" => put(&mut self.black, text()),
            b"Result" => put(&mut self.result, value.decode().trim().parse().ok()),
            b"WhiteElo" => put(&mut self.white_elo, integer(value)),
            b"BlackElo" => put(&mut self.black_elo, integer(value)),
            b"WhiteTitle" => put(&mut self.white_title, text()),
            b"BlackTitle" => put(&mut self.black_title, text()),
            b"WhiteRatingDiff" => put(&mut self.white_rating_diff, integer(value)),
            b"BlackRatingDiff" => put(&mut self.black_rating_diff, integer(value)),
            b"UTCDate" => put(&mut self.utc_date, date(value)),
            b"UTCTime" => put(&mut self.utc_time, text()),
            b"TimeControl" => put(&mut self.time_control, time_control(value.as_bytes())),
            b"ECO" => put(&mut self.eco, text()),
            b"Opening" => put(&mut self.opening, text()),
            b"Termination" => put(&mut self.termination, text()),
            b"FEN" => put(&mut self.fen, text()),
            _ => false,
        };
        if !typed {
            self.other.push((String::from_utf8_lossy(name).into_owned(), value.decode().into_owned()));
        }
    }
}

/// Sets `slot` to `value` if there is one; returns whether there was.
fn put<T>(slot: &mut Option<T>, value: Option<T>) -> bool {
    let some = value.is_some();
    if some {
        *slot = value;
    }
    some
}

fn date(value: RawTag<'_>) -> Option<i32> {
    let date: Date = value.decode().trim().parse().ok()?;
    i32::try_from(date.days_since_epoch()).ok()
}

fn integer(value: RawTag<'_>) -> Option<i32> {
    value.decode().trim().parse().ok()
}

/// `base+increment` or `base`, in whole seconds (the form lichess and the
/// PGN standard's sudden-death periods write); anything else is `None`.
fn time_control(value: &[u8]) -> Option<(i32, i32)> {
    let number = |text: &[u8]| -> Option<i32> {
        let valid = !text.is_empty() && text.len() <= 9 && text.iter().all(u8::is_ascii_digit);
        valid.then(|| text.iter().fold(0, |n, &b| n * 10 + i32::from(b - b'0')))
    };
    match value.iter().position(|&b| b == b'+') {
        Some(plus) => Some((number(&value[..plus])?, number(&value[plus + 1..])?)),
        None => Some((number(value)?, 0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(pairs: &[(&str, &str)]) -> Tags {
        let mut tags = Tags::default();
        for (name, value) in pairs {
            tags.set(name.as_bytes(), RawTag(value.as_bytes()));
        }
        tags
    }

    #[test]
    fn typed_where_the_value_reads() {
        let t = tags(&[
            ("Event", "Rated Blitz game"),
            ("Date", "2025.05.01"),
            ("UTCDate", "2025.05.01"),
            ("UTCTime", "00:00:01"),
            ("Result", "1/2-1/2"),
            ("WhiteElo", "1917"),
            ("BlackRatingDiff", "-6"),
            ("TimeControl", "300+0"),
            ("Termination", "Normal"),
        ]);
        assert_eq!(t.date, Some(20_209));
        assert_eq!(t.utc_date, Some(20_209));
        assert_eq!(t.result, Some(GameResult::Draw));
        assert_eq!((t.white_elo, t.black_rating_diff, t.time_control), (Some(1917), Some(-6), Some((300, 0))));
        assert!(t.other.is_empty());
    }

    #[test]
    fn the_rest_kept_as_text() {
        let t =
            tags(&[("WhiteElo", "-"), ("TimeControl", "40/7200:3600"), ("Result", "2-0"), ("Event", "A \\\"B\\\"")]);
        assert_eq!((t.white_elo, t.time_control, t.result), (None, None, None));
        assert_eq!(t.event.as_deref(), Some("A \"B\""));
        let other: Vec<&str> = t.other.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(other, ["WhiteElo", "TimeControl", "Result"]);
        assert_eq!(time_control(b"600"), Some((600, 0)));
        assert_eq!(time_control(b"-"), None);
        assert_eq!(time_control(b"1+"), None);
        let mut t = t;
        t.clear();
        assert_eq!(t, Tags::default());
    }
}
