//! The `Date` tag's value for a game played now.

use std::fmt;
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
}
