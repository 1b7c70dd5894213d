//! [`Tags`]: a game's tag pairs as typed columns: the ones whose meaning is
//! known (Elo an integer, dates as dates, the time control as base and
//! increment), and the others as text.
//!
//! The text of every tag is decoded into one buffer of the game's, so that
//! reading a game's tags takes one allocation (or none, when the buffer
//! starts with room enough) rather than one a tag.

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
/// assert!(tags.other().eq([("Date", "2025.??.??"), ("Annotator", "X")]));
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tags {
    /// The text tags' values and the other tags' names and values, one
    /// after another.
    text: String,
    /// Where each [`TextTag`]'s value is in `text`.
    texts: [Option<Span>; TEXT_TAG_COUNT],
    /// `Date`, in days since 1970-01-01 (a whole date only).
    pub date: Option<i32>,
    /// `Result`.
    pub result: Option<GameResult>,
    /// `WhiteElo`.
    pub white_elo: Option<i32>,
    /// `BlackElo`.
    pub black_elo: Option<i32>,
    /// `WhiteRatingDiff`.
    pub white_rating_diff: Option<i32>,
    /// `BlackRatingDiff`.
    pub black_rating_diff: Option<i32>,
    /// `UTCDate`, in days since 1970-01-01.
    pub utc_date: Option<i32>,
    /// `TimeControl` as base and increment, in seconds (`180+2`, or `600`
    /// without an increment).
    pub time_control: Option<(i32, i32)>,
    /// Where every other tag's name and value are in `text`.
    other: Vec<(Span, Span)>,
}

/// A part of [`Tags::text`]: its bounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Span {
    start: usize,
    end: usize,
}

/// A tag kept as text in a column of its own: its index in [`Tags::texts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TextTag {
    Event,
    Site,
    Round,
    White,
    Black,
    WhiteTitle,
    BlackTitle,
    UtcTime,
    Eco,
    Opening,
    Termination,
    Fen,
}

/// How many [`TextTag`]s there are.
const TEXT_TAG_COUNT: usize = TextTag::Fen as usize + 1;

impl Tags {
    /// No tags, with room for `text` bytes of tag text and `other` tags
    /// without a column (for a game like one just read).
    pub fn with_capacity(text: usize, other: usize) -> Tags {
        Tags { text: String::with_capacity(text), other: Vec::with_capacity(other), ..Tags::default() }
    }

    /// Forgets every tag (for the next game), keeping the allocations.
    pub fn clear(&mut self) {
        let (mut text, mut other) = (std::mem::take(&mut self.text), std::mem::take(&mut self.other));
        text.clear();
        other.clear();
        *self = Tags { text, other, ..Tags::default() };
    }

    /// The bytes of tag text held (what [`with_capacity`](Self::with_capacity)
    /// makes room for).
    pub fn text_len(&self) -> usize {
        self.text.len()
    }

    /// Takes one tag pair as read.
    pub fn set(&mut self, name: &[u8], value: RawTag<'_>) {
        let typed = match name {
            b"Event" => self.put_text(TextTag::Event, value),
            b"Site" => self.put_text(TextTag::Site, value),
            b"Date" => put(&mut self.date, date(value)),
            b"Round" => self.put_text(TextTag::Round, value),
            b"White" => self.put_text(TextTag::White, value),
            b"Black" => self.put_text(TextTag::Black, value),
            b"Result" => put(&mut self.result, value.decode().trim().parse().ok()),
            b"WhiteElo" => put(&mut self.white_elo, integer(value)),
            b"BlackElo" => put(&mut self.black_elo, integer(value)),
            b"WhiteTitle" => self.put_text(TextTag::WhiteTitle, value),
            b"BlackTitle" => self.put_text(TextTag::BlackTitle, value),
            b"WhiteRatingDiff" => put(&mut self.white_rating_diff, integer(value)),
            b"BlackRatingDiff" => put(&mut self.black_rating_diff, integer(value)),
            b"UTCDate" => put(&mut self.utc_date, date(value)),
            b"UTCTime" => self.put_text(TextTag::UtcTime, value),
            b"TimeControl" => put(&mut self.time_control, time_control(value.as_bytes())),
            b"ECO" => self.put_text(TextTag::Eco, value),
            b"Opening" => self.put_text(TextTag::Opening, value),
            b"Termination" => self.put_text(TextTag::Termination, value),
            b"FEN" => self.put_text(TextTag::Fen, value),
            _ => false,
        };
        if !typed {
            // Borrowed, not copied, when the name is valid UTF-8 (as ASCII is).
            let name = self.push(&String::from_utf8_lossy(name));
            let value = self.push(&value.decode());
            self.other.push((name, value));
        }
    }

    /// Sets a text tag to `value`, text already decoded.
    pub(crate) fn set_text(&mut self, tag: TextTag, value: &str) {
        self.texts[tag as usize] = Some(self.push(value));
    }

    /// Sets a text tag from its value as read; true (a text tag is always
    /// of its type).
    fn put_text(&mut self, tag: TextTag, value: RawTag<'_>) -> bool {
        self.set_text(tag, &value.decode());
        true
    }

    /// Appends `value` to the text, and says where it is.
    fn push(&mut self, value: &str) -> Span {
        let start = self.text.len();
        self.text.push_str(value);
        Span { start, end: self.text.len() }
    }

    fn get(&self, span: Span) -> &str {
        &self.text[span.start..span.end]
    }

    /// A text tag's value.
    pub(crate) fn text(&self, tag: TextTag) -> Option<&str> {
        self.texts[tag as usize].map(|span| self.get(span))
    }

    /// `Event`.
    pub fn event(&self) -> Option<&str> {
        self.text(TextTag::Event)
    }
    /// `Site`.
    pub fn site(&self) -> Option<&str> {
        self.text(TextTag::Site)
    }
    /// `Round`.
    pub fn round(&self) -> Option<&str> {
        self.text(TextTag::Round)
    }
    /// `White`.
    pub fn white(&self) -> Option<&str> {
        self.text(TextTag::White)
    }
    /// `Black`.
    pub fn black(&self) -> Option<&str> {
        self.text(TextTag::Black)
    }
    /// `WhiteTitle`.
    pub fn white_title(&self) -> Option<&str> {
        self.text(TextTag::WhiteTitle)
    }
    /// `BlackTitle`.
    pub fn black_title(&self) -> Option<&str> {
        self.text(TextTag::BlackTitle)
    }
    /// `UTCTime`, as written (`HH:MM:SS`).
    pub fn utc_time(&self) -> Option<&str> {
        self.text(TextTag::UtcTime)
    }
    /// `ECO`.
    pub fn eco(&self) -> Option<&str> {
        self.text(TextTag::Eco)
    }
    /// `Opening`.
    pub fn opening(&self) -> Option<&str> {
        self.text(TextTag::Opening)
    }
    /// `Termination`.
    pub fn termination(&self) -> Option<&str> {
        self.text(TextTag::Termination)
    }
    /// `FEN`: where the game starts, if not from the standard position.
    pub fn fen(&self) -> Option<&str> {
        self.text(TextTag::Fen)
    }

    /// Every other tag, and a known tag whose value is not of its type, as
    /// written (escapes undone), in input order: names and values.
    pub fn other(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.other.iter().map(|&(name, value)| (self.get(name), self.get(value)))
    }

    /// How many tags [`other`](Self::other) holds.
    pub fn other_len(&self) -> usize {
        self.other.len()
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
    // Read from the bytes: the usual value (a whole date) and the usual
    // other one (`2025.??.??`), printable ASCII with no escape, are what
    // decoding and trimming would leave them; only another is decoded.
    let bytes = value.as_bytes();
    let date = match Date::from_ascii(bytes) {
        Some(date) => date,
        None if bytes.iter().all(|&b| b.is_ascii_graphic() && b != b'\\') => return None,
        None => value.decode().trim().parse().ok()?,
    };
    i32::try_from(date.days_since_epoch()).ok()
}

fn integer(value: RawTag<'_>) -> Option<i32> {
    // The usual value, one to nine ASCII digits after an optional sign, is
    // read from the bytes: what decoding, trimming and parsing it give
    // (no escape, no space, no overflow), without the text.
    let bytes = value.as_bytes();
    let (negative, digits) = match bytes {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, bytes),
    };
    if (1..=9).contains(&digits.len()) && digits.iter().all(u8::is_ascii_digit) {
        let n = digits.iter().fold(0, |n, &b| n * 10 + i32::from(b - b'0'));
        return Some(if negative { -n } else { n });
    }
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
    fn integers_read_from_the_bytes_as_from_the_text() {
        let values = [
            "0",
            "-0",
            "+5",
            "0012",
            "123456789",
            "-123456789",
            "1234567890",
            "2147483647",
            "2147483648",
            "-2147483648",
            " 12",
            "12 ",
            "1\\2",
            "",
            "-",
            "+",
            "--1",
            "1e3",
            "\u{663}",
        ];
        for value in values {
            let text: Option<i32> = RawTag(value.as_bytes()).decode().trim().parse().ok();
            assert_eq!(integer(RawTag(value.as_bytes())), text, "{value:?}");
        }
    }

    #[test]
    fn dates_read_from_the_bytes_as_from_the_text() {
        let values = [
            "2025.05.01",
            "2024-02-29",
            "2025/12/31",
            "2025.02.29",
            "2025.??.??",
            "????.??.??",
            " 2025.05.01",
            "2025.05.01 ",
            "2025.05.01\t",
            "2025\\.05.01",
            "2025.5.1",
            "",
            "\u{a0}2025.05.01",
            "2025.05.01\u{3000}",
        ];
        for value in values {
            let text = RawTag(value.as_bytes()).decode().trim().parse::<Date>().ok();
            let days = text.and_then(|d| i32::try_from(d.days_since_epoch()).ok());
            assert_eq!(date(RawTag(value.as_bytes())), days, "{value:?}");
        }
        assert_eq!(date(RawTag(b" 2025.05.01")), Some(20_209));
        // Latin-1's no-break space, decoded, is trimmed as the text would be.
        assert_eq!(date(RawTag(b"2025.05.01\xa0")), Some(20_209));
    }

    #[test]
    fn the_rest_kept_as_text() {
        let t =
            tags(&[("WhiteElo", "-"), ("TimeControl", "40/7200:3600"), ("Result", "2-0"), ("Event", "A \\\"B\\\"")]);
        assert_eq!((t.white_elo, t.time_control, t.result), (None, None, None));
        assert_eq!(t.event(), Some("A \"B\""));
        let other: Vec<&str> = t.other().map(|(name, _)| name).collect();
        assert_eq!(other, ["WhiteElo", "TimeControl", "Result"]);
        assert_eq!(time_control(b"600"), Some((600, 0)));
        assert_eq!(time_control(b"-"), None);
        assert_eq!(time_control(b"1+"), None);
        let mut t = t;
        t.clear();
        assert_eq!(t, Tags::default());
    }
}
