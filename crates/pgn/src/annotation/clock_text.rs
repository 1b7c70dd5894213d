//! A clock's text in a comment (`[%clk H:MM:SS]`, with or without a
//! fraction) read into a duration, for the general comment reader and the
//! fast path of lichess's comments alike.

use std::time::Duration;

/// "H:MM:SS" or "H:MM:SS.fff" (hours and minutes as many digits as given).
///
/// One pass over the bytes: reading a clock runs after every move of a
/// lichess game, and splitting and `str::parse` cost ten times this.
pub(super) fn parse_clock(argument: &[u8]) -> Option<Duration> {
    // The form of nearly every clock (lichess's), `H:MM:SS`, at once.
    if let [h, b':', m1, m2, b':', s1, s2] = *argument {
        if [h, m1, m2, s1, s2].iter().all(u8::is_ascii_digit) {
            let digit = |b: u8| u64::from(b - b'0');
            let seconds = digit(h) * 3600 + (digit(m1) * 10 + digit(m2)) * 60 + digit(s1) * 10 + digit(s2);
            return Some(Duration::from_secs(seconds));
        }
    }
    // Hours, minutes, whole seconds; how many digits the current one has.
    let (mut fields, mut field, mut digits) = ([0u64; 3], 0, 0);
    let mut bytes = argument.iter().copied();
    let mut nanos = 0u32;
    while let Some(byte) = bytes.next() {
        match byte {
            b'0'..=b'9' => {
                fields[field] = fields[field].checked_mul(10)?.checked_add(u64::from(byte - b'0'))?;
                digits += 1;
            }
            b':' if field < 2 && digits > 0 => (field, digits) = (field + 1, 0),
            b'.' if field == 2 && digits > 0 => {
                // Nanoseconds from the first nine digits of the fraction; the rest must be digits too.
                let mut scale = 100_000_000;
                for byte in bytes.by_ref() {
                    if !byte.is_ascii_digit() {
                        return None;
                    }
                    nanos += scale * u32::from(byte - b'0');
                    scale /= 10;
                }
            }
            _ => return None,
        }
    }
    if field < 2 || digits == 0 {
        return None;
    }
    let total = fields[0].checked_mul(3600)?.checked_add(fields[1].checked_mul(60)?)?.checked_add(fields[2])?;
    Some(Duration::new(total, nanos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The clock reader as first written (split at `:` and `.`, `str::parse`): the oracle of the one-pass one.
    fn parse_clock_by_split(argument: &str) -> Option<Duration> {
        let mut parts = argument.split(':');
        let (hours, minutes, seconds) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() {
            return None;
        }
        let (whole, fraction) = seconds.split_once('.').unwrap_or((seconds, ""));
        let number = |digits: &str| -> Option<u64> {
            (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.parse().ok())?
        };
        let total = number(hours)?.checked_mul(3600)?.checked_add(number(minutes)?.checked_mul(60)?)?;
        let total = total.checked_add(number(whole)?)?;
        if !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let nanos =
            fraction.bytes().chain(std::iter::repeat(b'0')).take(9).fold(0u32, |n, b| n * 10 + u32::from(b - b'0'));
        Some(Duration::new(total, nanos))
    }

    proptest! {
        /// Any text of digits, colons, dots and a few others reads as the split-and-parse reader reads it
        /// (the usual form's shape, `H:MM:SS`, often).
        #[test]
        fn clocks_read_as_split_and_parse_reads_them(
            text in "[0-9:.x -]{0,24}|[0-9]{1,22}:[0-9]{1,3}:[0-9]{1,3}(\\.[0-9]{0,12})?|[0-9x:]:[0-9x:]{2}:[0-9x:]{2}"
        ) {
            prop_assert_eq!(parse_clock(text.as_bytes()), parse_clock_by_split(&text), "{}", text);
        }
    }
}
