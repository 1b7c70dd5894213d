//! The `Date` tag's value for a game played now.

use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

/// A calendar date (proleptic Gregorian), written as PGN's `Date` tag
/// writes it: `2026.11.26`.
///
/// ```
/// use ox88_pgn::{Date, Game};
/// let mut game = Game::new();
/// game.headers.set("Date", Date::today().to_string());
/// assert_eq!(Date::from_days_since_epoch(0).to_string(), "1970.01.01");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year (a four-digit number for any date this century).
    pub year: i64,
    /// 1 to 12.
    pub month: u32,
    /// 1 to 31.
    pub day: u32,
}

impl Date {
    /// Today's date in UTC (1970.01.01 if the clock is before 1970).
    pub fn today() -> Date {
        let days = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400);
        Date::from_days_since_epoch(days as i64)
    }

    /// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`:
    /// count 400-year eras of 146,097 days from 0000-03-01).
    pub fn from_days_since_epoch(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z.rem_euclid(146_097);
        let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let shifted_month = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
        let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 } as u32;
        Date { year: year_of_era + era * 400 + i64::from(month <= 2), month, day }
    }

    /// Days from 1970-01-01 to this date (negative before it): the inverse
    /// of [`from_days_since_epoch`](Self::from_days_since_epoch), Hinnant's
    /// `days_from_civil`. Arrow's and Parquet's `Date32` count so.
    ///
    /// ```
    /// use ox88_pgn::Date;
    /// let date: Date = "2025.05.30".parse().unwrap();
    /// assert_eq!(date.days_since_epoch(), 20_238);
    /// assert_eq!(Date::from_days_since_epoch(20_238), date);
    /// ```
    pub fn days_since_epoch(&self) -> i64 {
        let (month, day) = (i64::from(self.month), i64::from(self.day));
        let year = self.year - i64::from(month <= 2);
        let era = year.div_euclid(400);
        let year_of_era = year.rem_euclid(400);
        let day_of_year = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + day - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }
}

/// The error of reading a [`Date`]: the text was not a whole date
/// `YYYY.MM.DD` of the calendar (PGN's unknown parts, `2025.??.??`, are not
/// a date).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a date YYYY.MM.DD: {text:?}")]
pub struct ParseDateError {
    /// The text given.
    pub text: String,
}

impl Date {
    /// Reads `YYYY.MM.DD` (also with `-` or `/` between the parts) from
    /// bytes, as [`from_str`](Date::from_str) reads text: a tag's value
    /// read where it lies, with no text made of it first.
    ///
    /// ```
    /// use ox88_pgn::Date;
    /// assert_eq!(Date::from_ascii(b"2024-02-29"), Some(Date { year: 2024, month: 2, day: 29 }));
    /// assert_eq!(Date::from_ascii(b"2025.??.??"), None);
    /// ```
    pub fn from_ascii(bytes: &[u8]) -> Option<Date> {
        let digits = |range: std::ops::Range<usize>| -> Option<u32> {
            let part = bytes.get(range)?;
            part.iter().all(u8::is_ascii_digit).then(|| part.iter().fold(0, |n, &b| n * 10 + u32::from(b - b'0')))
        };
        let separators = bytes.len() == 10 && matches!(bytes[4], b'.' | b'-' | b'/') && bytes[7] == bytes[4];
        let (Some(year), Some(month), Some(day)) = (digits(0..4), digits(5..7), digits(8..10)) else {
            return None;
        };
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let days_in_month = match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            1..=12 => 31,
            _ => 0,
        };
        if !separators || day == 0 || day > days_in_month {
            return None;
        }
        Some(Date { year: i64::from(year), month, day })
    }
}

/// Reads `YYYY.MM.DD` as the `Date`, `EventDate` and `UTCDate` tags write
/// it (also with `-` or `/` between the parts).
impl FromStr for Date {
    type Err = ParseDateError;
    fn from_str(text: &str) -> Result<Date, ParseDateError> {
        Date::from_ascii(text.as_bytes()).ok_or_else(|| ParseDateError { text: text.to_owned() })
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_days() {
        let date = |days| Date::from_days_since_epoch(days).to_string();
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(59), "1970.03.01");
        assert_eq!(date(11_016), "2000.02.29");
        assert_eq!(date(20_415), "2025.11.23");
        assert_eq!(date(-1), "1969.12.31");
        assert!(Date::today() >= Date { year: 2025, month: 1, day: 1 });
    }

    #[test]
    fn dates_read_and_counted_back() {
        for days in (-800_000..800_000).step_by(997).chain([0, -1, 59, 60, 11_016, 20_415]) {
            let date = Date::from_days_since_epoch(days);
            assert_eq!(date.days_since_epoch(), days, "{date}");
            if (1000..10_000).contains(&date.year) {
                assert_eq!(date.to_string().parse::<Date>(), Ok(date));
            }
        }
        assert_eq!("2024-02-29".parse::<Date>().map(|d| d.days_since_epoch()), Ok(19_782));
        for bad in ["2025.??.??", "2025.02.29", "2025.13.01", "2025.01.00", "25.01.01", "2025.01-01", "2025.1.1", ""] {
            assert!(bad.parse::<Date>().is_err(), "{bad}");
        }
    }
}
