//! The comments lichess writes after every move (` [%eval 0.17] [%clk
//! 0:03:00] `, ` [%clk 0:03:00] `, ` [%eval #-3] `) read straight from
//! their bytes, without the general search for commands: most comments of
//! a game database are in one of these forms, and reading them is a
//! noticeable part of an import.

use super::clock_text::parse_clock;
use std::time::Duration;

/// The clock and the evaluation's argument of `bytes` if the comment is
/// exactly blanks, an optional `[%eval ...]` whose argument holds only the
/// bytes of a score and a depth, blanks, an optional `[%clk ...]` whose
/// argument is a clock as the general reader reads it (`H:MM:SS`, with or
/// without a fraction) and blanks, with at least one of the two commands;
/// `None` for anything else (the general reader then reads it). The
/// argument is the general reader's (nothing to trim).
pub(super) fn read(bytes: &[u8]) -> Option<(Option<Duration>, Option<&str>)> {
    let mut rest = skip_spaces(bytes);
    let mut eval = None;
    if let Some(after) = rest.strip_prefix(b"[%eval ") {
        let close = after.iter().position(|&b| b == b']')?;
        let argument = &after[..close];
        // Only the bytes of a score and a depth: no blank to trim, no `[`.
        if argument.is_empty()
            || !argument.iter().all(|&b| b.is_ascii_digit() || matches!(b, b'.' | b',' | b'#' | b'+' | b'-'))
        {
            return None;
        }
        eval = Some(std::str::from_utf8(argument).ok()?);
        rest = skip_spaces(&after[close + 1..]);
    }
    let mut clock = None;
    if let Some(after) = rest.strip_prefix(b"[%clk ") {
        // The usual clock, `H:MM:SS`, is read where it must close, without
        // the search for `]` (a clock that reads holds none: the search
        // would stop there too).
        let usual = (after.get(7) == Some(&b']')).then(|| parse_clock(&after[..7])).flatten();
        let close = match usual {
            Some(_) => 7,
            None => after.iter().position(|&b| b == b']')?,
        };
        clock = Some(usual.map_or_else(|| parse_clock(&after[..close]), Some)?);
        rest = skip_spaces(&after[close + 1..]);
    }
    (rest.is_empty() && (clock.is_some() || eval.is_some())).then_some((clock, eval))
}

/// `bytes` without the spaces at its start.
fn skip_spaces(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|&b| b != b' ').unwrap_or(bytes.len());
    &bytes[start..]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::annotation::{clock_and_eval, clock_and_eval_raw};
    use crate::RawComment;
    use proptest::prelude::*;

    /// The reading of `text` with the fast path (`clock_and_eval_raw`) is
    /// the general reader's (`clock_and_eval`, which never takes it).
    fn reads_as_general(text: &str) -> Result<(), TestCaseError> {
        prop_assert_eq!(clock_and_eval_raw(RawComment(text.as_bytes())), clock_and_eval(text), "{}", text);
        Ok(())
    }

    #[test]
    fn reads_the_lichess_forms() {
        let secs = |s| Some(Duration::from_secs(s));
        assert_eq!(read(b" [%clk 0:03:00] "), Some((secs(180), None)));
        assert_eq!(read(b" [%eval 0.17] [%clk 1:02:03] "), Some((secs(3723), Some("0.17"))));
        assert_eq!(read(b"[%eval -1.5]"), Some((None, Some("-1.5"))));
        assert_eq!(read(b"[%eval #-3]"), Some((None, Some("#-3"))));
        assert_eq!(read(b"[%clk 120:00:00]"), Some((secs(432_000), None)));
        // Any clock the general reader reads: a fraction, one-digit minutes, long hours.
        assert_eq!(read(b"[%clk 0:02:59.9]"), Some((Some(Duration::from_millis(179_900)), None)));
        assert_eq!(read(b"[%clk 0:3:00]"), Some((secs(180), None)));
        assert_eq!(read(b"[%clk 1234:00:00]"), Some((secs(4_442_400), None)));
        // Anything else is the general reader's.
        for other in [
            &b""[..],
            b"   ",
            b"[%eval ]",
            b"[%eval 0.17 ] [%clk 0:03:00]",
            b"[%clk 0:03:00 ]",
            b"[%clk 0:03]",
            b"[%clk 0:03:00",
            b"[%eval x] [%clk 0:03:00]",
            b"[%clk 0:03:00] [%eval 0.17]",
            b"[%clk 0:03:00] good move",
            b"\t[%clk 0:03:00]",
        ] {
            assert_eq!(read(other), None, "{:?}", std::str::from_utf8(other));
        }
        // An argument that does not read is left to the general reader too.
        reads_as_general("[%eval 0.1.2] [%clk 0:01:00]").unwrap();
        reads_as_general("[%eval #] [%clk 0:01:00]").unwrap();
    }

    proptest! {
        /// Whatever the comment holds, the reading with the fast path is
        /// the general reader's.
        #[test]
        fn answers_as_the_general_reader(
            words in proptest::collection::vec(
                proptest::sample::select(&[
                    "[%clk ", "[%eval ", "[%", "[", "]", " ", "\t", ":", "0", "7", "12", "0:01:00", "1:2:03",
                    "0.25", "-.5", "#-3", "#+2", ",12", "+", ".", "#", "x",
                ][..]),
                0..12,
            ),
        ) {
            reads_as_general(&words.concat())?;
        }

        /// The forms lichess writes take the fast path, and read as the
        /// general reader reads them.
        #[test]
        fn lichess_comments_read_fast(
            hours in 0u64..1000,
            minutes in 0u64..100,
            seconds in 0u64..100,
            eval in proptest::option::of(prop_oneof![
                (-99_999i32..99_999).prop_map(|cp| format!("{}{}.{:02}", if cp < 0 { "-" } else { "" }, cp.abs() / 100, cp.abs() % 100)),
                (-99i32..99).prop_map(|mate| format!("#{mate}")),
            ]),
            clock in any::<bool>(),
            spaces in 0usize..3,
        ) {
            let pad = " ".repeat(spaces);
            let mut text = pad.clone();
            if let Some(eval) = &eval {
                text += &format!("[%eval {eval}]{pad}");
            }
            let clock = clock || eval.is_none();
            if clock {
                text += &format!("[%clk {hours}:{minutes:02}:{seconds:02}]{pad}");
            }
            let expected_clock = clock.then(|| Duration::from_secs(hours * 3600 + minutes * 60 + seconds));
            prop_assert_eq!(read(text.as_bytes()), Some((expected_clock, eval.as_deref())), "{}", text);
            reads_as_general(&text)?;
        }
    }
}
