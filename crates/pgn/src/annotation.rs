//! Commands embedded in comments: the clock (`[%clk 0:03:00]`) and the
//! engine evaluation (`[%eval 0.17]`, `[%eval #-3]`) that lichess and
//! chess.com write after every move, read and written.
//!
//! A comment may hold other text and other commands around them; reading
//! finds the first command of its kind, writing replaces it in place (or
//! appends one) and leaves the rest as it was.
//!
//! ```
//! use ox88_pgn::annotation::{self, EvalScore, Evaluation};
//! use std::time::Duration;
//! let mut comment = Some("[%eval 0.17] [%clk 0:03:00]".to_owned());
//! assert_eq!(annotation::clock(comment.as_deref().unwrap()), Some(Duration::from_secs(180)));
//! assert_eq!(annotation::eval(comment.as_deref().unwrap()), Some(Evaluation::new(EvalScore::Centipawns(17))));
//! annotation::set_clock(&mut comment, Some(Duration::from_millis(179_900)));
//! annotation::set_eval(&mut comment, Some(Evaluation::new(EvalScore::Mate(-3))));
//! assert_eq!(comment.as_deref(), Some("[%eval #-3] [%clk 0:02:59.9]"));
//! annotation::set_clock(&mut comment, None);
//! annotation::set_eval(&mut comment, None);
//! assert_eq!(comment, None);
//! ```

mod clock_text;
mod commands;
mod lichess_form;

pub use crate::eval_score::EvalScore;
use crate::RawComment;
use clock_text::parse_clock;
use commands::{commands, commands_in, commands_named, trim_ascii_blanks};
use ox88_board::Score;
use std::fmt::{self, Write as _};
use std::time::Duration;

/// The `[%eval ...]` command: a score and, if given, the search depth
/// (`[%eval 0.17,20]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Evaluation {
    /// The score, from White's point of view.
    pub score: EvalScore,
    /// The depth the score was searched to.
    pub depth: Option<u32>,
}

impl Evaluation {
    /// A score without a depth.
    pub const fn new(score: EvalScore) -> Evaluation {
        Evaluation { score, depth: None }
    }
}

/// The command's argument: "0.17", "-1.50", "#-3", with ",20" for a depth.
impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.score {
            EvalScore::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)?;
            }
            EvalScore::Mate(moves) => write!(f, "#{moves}")?,
        }
        match self.depth {
            Some(depth) => write!(f, ",{depth}"),
            None => Ok(()),
        }
    }
}

/// The clock of the first readable `[%clk H:MM:SS]` command in `comment`
/// (seconds may have a fraction, as chess.com writes `[%clk 0:02:59.9]`).
pub fn clock(comment: &str) -> Option<Duration> {
    commands(comment, "clk").find_map(|(_, argument)| parse_clock(argument.as_bytes()))
}

/// The evaluation of the first readable `[%eval ...]` command in `comment`.
pub fn eval(comment: &str) -> Option<Evaluation> {
    commands(comment, "eval").find_map(|(_, argument)| parse_eval(argument))
}

/// [`clock`] and [`eval`] of `comment` at once, in one pass over its
/// commands: for a reader of every move's comment (a lichess game has both
/// after each move).
///
/// ```
/// use ox88_pgn::annotation::{clock_and_eval, EvalScore};
/// let (clock, eval) = clock_and_eval("[%eval -0.3] [%clk 0:02:58]");
/// assert_eq!(clock.map(|c| c.as_secs()), Some(178));
/// assert_eq!(eval.map(|e| e.score), Some(EvalScore::Centipawns(-30)));
/// ```
pub fn clock_and_eval(comment: &str) -> (Option<Duration>, Option<Evaluation>) {
    let (mut clock, mut eval) = (None, None);
    for (which, _, argument) in commands_named(comment, ["clk", "eval"]) {
        if which == 0 && clock.is_none() {
            clock = parse_clock(argument.as_bytes());
        } else if which == 1 && eval.is_none() {
            eval = parse_eval(argument);
        }
        if clock.is_some() && eval.is_some() {
            break;
        }
    }
    (clock, eval)
}

/// [`clock_and_eval`] of a comment as the input's bytes, without decoding
/// it first: only the commands' arguments are read as text. This is what a
/// reader of every move's comment wants; the answer is `clock_and_eval`'s
/// of the decoded comment (an argument that is not ASCII sends it there).
///
/// ```
/// use ox88_pgn::annotation::{clock_and_eval, clock_and_eval_raw};
/// use ox88_pgn::RawComment;
/// let comment = RawComment(b"[%eval -0.3] [%clk 0:02:58]");
/// assert_eq!(clock_and_eval_raw(comment), clock_and_eval(&comment.decode()));
/// ```
pub fn clock_and_eval_raw(comment: RawComment<'_>) -> (Option<Duration>, Option<Evaluation>) {
    let bytes = comment.as_bytes();
    if let Some((clock, eval)) = lichess_form::read(bytes) {
        // (An evaluation that does not read may be followed by one that does.)
        let eval = eval.map(parse_eval);
        if eval != Some(None) {
            return (clock, eval.flatten());
        }
    }
    let (mut clock, mut eval) = (None, None);
    for (which, _, argument) in commands_in(bytes, ["clk", "eval"]) {
        let argument = &bytes[argument];
        if !argument.is_ascii() {
            // Its decoding (UTF-8 or Latin-1) is the whole comment's to choose.
            return clock_and_eval(&comment.decode());
        }
        let argument = trim_ascii_blanks(argument);
        if which == 0 && clock.is_none() {
            clock = parse_clock(argument);
        } else if which == 1 && eval.is_none() {
            eval = std::str::from_utf8(argument).ok().and_then(parse_eval);
        }
        if clock.is_some() && eval.is_some() {
            break;
        }
    }
    (clock, eval)
}

/// Sets the clock command of `comment` (`None`: removes it): the first
/// readable `[%clk]` is replaced in place, else one is appended. Written as
/// `H:MM:SS`, with up to three decimals when the seconds have a fraction.
pub fn set_clock(comment: &mut Option<String>, clock: Option<Duration>) {
    let text = clock.map(clock_command);
    set(comment, "clk", text, |argument| parse_clock(argument.as_bytes()).is_some());
}

/// The clock command alone, `[%clk H:MM:SS]`, as [`set_clock`] writes it:
/// for a writer that has no comment yet.
///
/// ```
/// use ox88_pgn::annotation::clock_command;
/// use std::time::Duration;
/// assert_eq!(clock_command(Duration::from_secs(299)), "[%clk 0:04:59]");
/// assert_eq!(clock_command(Duration::from_millis(3_723_250)), "[%clk 1:02:03.25]");
/// ```
pub fn clock_command(clock: Duration) -> String {
    format!("[%clk {}]", ClockText(clock))
}

/// Sets the evaluation command of `comment` (`None`: removes it), as
/// [`set_clock`] does the clock.
pub fn set_eval(comment: &mut Option<String>, evaluation: Option<Evaluation>) {
    let text = evaluation.map(|evaluation| format!("[%eval {evaluation}]"));
    set(comment, "eval", text, |argument| parse_eval(argument).is_some());
}

/// A move's comment as cutechess-cli writes one after each engine move: the
/// score from the mover's point of view in pawns (`+0.35`) or moves to mate
/// (`+M3`, `-M2`), `/depth` when known, and the time the move took
/// (`0.210s`): `+0.35/12 0.210s`.
///
/// ```
/// use ox88_board::Score;
/// use ox88_pgn::annotation::engine_comment;
/// use std::time::Duration;
/// let time = Some(Duration::from_millis(210));
/// assert_eq!(engine_comment(Some(Score::cp(35)), Some(12), time), "+0.35/12 0.210s");
/// assert_eq!(engine_comment(Some(Score::cp(-120)), None, None), "-1.20");
/// assert_eq!(engine_comment(Some(Score::mate_in(5)), Some(9), None), "+M3/9");
/// assert_eq!(engine_comment(Some(Score::mated_in(4)), Some(20), None), "-M2/20");
/// assert_eq!(engine_comment(None, None, time), "0.210s");
/// ```
pub fn engine_comment(score: Option<Score>, depth: Option<u32>, time: Option<Duration>) -> String {
    let mut text = String::new();
    if let Some(score) = score {
        match score.mate_moves() {
            Some(moves) if moves > 0 => write!(text, "+M{moves}"),
            Some(moves) => write!(text, "-M{}", moves.unsigned_abs()),
            None => write!(text, "{:+.2}", f64::from(score.raw()) / 100.0),
        }
        .expect("writing to a String cannot fail");
        if let Some(depth) = depth {
            write!(text, "/{depth}").expect("writing to a String cannot fail");
        }
    }
    if let Some(time) = time {
        let space = if text.is_empty() { "" } else { " " };
        write!(text, "{space}{:.3}s", time.as_secs_f64()).expect("writing to a String cannot fail");
    }
    text
}

/// A clock as `[%clk]` writes it.
struct ClockText(Duration);

impl fmt::Display for ClockText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.0.as_secs();
        let millis = self.0.subsec_millis();
        write!(f, "{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60)?;
        if millis > 0 {
            let mut fraction = format!("{millis:03}");
            while fraction.ends_with('0') {
                fraction.pop();
            }
            f.write_char('.')?;
            f.write_str(&fraction)?;
        }
        Ok(())
    }
}

/// Replaces the first readable `[%name ...]` of `comment` with `text` (or
/// removes it), else appends `text`; an empty comment becomes `None`.
fn set(comment: &mut Option<String>, name: &str, text: Option<String>, readable: impl Fn(&str) -> bool) {
    let old = comment.take().unwrap_or_default();
    let found = commands(&old, name).find(|(_, argument)| readable(argument)).map(|(range, _)| range);
    let mut new = match found {
        Some(range) => {
            let (before, after) = (&old[..range.start], &old[range.end..]);
            match &text {
                Some(text) => format!("{before}{text}{after}"),
                // Removed with one space around it, so that "a [%clk 1:00:00] b" becomes "a b".
                None => join(before.trim_end(), after.trim_start()),
            }
        }
        None => match &text {
            Some(text) => join(old.trim_end(), text),
            None => old,
        },
    };
    if new.trim().is_empty() {
        new.clear();
    }
    *comment = (!new.is_empty()).then_some(new);
}

/// `a` and `b` with a space between if both have text.
fn join(a: &str, b: &str) -> String {
    if a.is_empty() || b.is_empty() {
        format!("{a}{b}")
    } else {
        format!("{a} {b}")
    }
}

/// "0.17", "-1.5", "+3", "#-3", "#4", each with an optional ",depth".
fn parse_eval(argument: &str) -> Option<Evaluation> {
    let (score, depth) = match argument.split_once(',') {
        Some((score, depth)) => (score.trim(), Some(depth.trim())),
        None => (argument, None),
    };
    let depth = match depth {
        Some(depth) if !depth.is_empty() && depth.bytes().all(|b| b.is_ascii_digit()) => Some(depth.parse().ok()?),
        Some(_) => return None,
        None => None,
    };
    let score = match score.strip_prefix('#') {
        Some(mate) => EvalScore::Mate(signed_digits(mate)?),
        None => EvalScore::Centipawns(centipawns(score)?),
    };
    Some(Evaluation { score, depth })
}

/// An integer with an optional sign, digits only.
fn signed_digits(text: &str) -> Option<i32> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.strip_prefix('+').unwrap_or(text).parse().ok()
}

/// Pawns as a decimal ("0.17", "-1.5", "3", ".5") in centipawns, rounded
/// half away from zero past the second decimal.
fn centipawns(text: &str) -> Option<i32> {
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    if !whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let digit = |i: usize| fraction.as_bytes().get(i).map_or(0, |&b| i64::from(b - b'0'));
    let round_up = i64::from(digit(2) >= 5);
    let cp = whole.checked_mul(100)?.checked_add(digit(0) * 10 + digit(1) + round_up)?;
    i32::try_from(if negative { -cp } else { cp }).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Pieces of comments as bytes: commands, arguments, blanks (ASCII and
    /// not) and Latin-1 or UTF-8 letters.
    const RAW_WORDS: &[&[u8]] = &[
        b"[%clk ",
        b"[%eval ",
        b"[%",
        b"[",
        b"]",
        b"0:01:00",
        b"0.25",
        b"#-3",
        b",12",
        b" ",
        b"\x0b",
        b"\xa0",
        b"\xc2\xa0",
        b"\xe9",
    ];

    proptest! {
        /// Reading both commands in one pass reads what reading each alone
        /// reads, whatever the comment holds (unclosed, nested, repeated or
        /// unreadable commands, longer names).
        #[test]
        fn clock_and_eval_read_as_each_alone(
            words in proptest::collection::vec(
                prop_oneof![
                    Just("[%clk "), Just("[%eval "), Just("[%clkx "), Just("[%"), Just("["), Just("]"), Just("0:01:00"),
                    Just("0.25"), Just("#-3"), Just(",12"), Just("x"), Just(" "),
                ],
                0..14,
            ),
        ) {
            let text = words.concat();
            prop_assert_eq!(clock_and_eval(&text), (clock(&text), eval(&text)), "{}", text);
        }

        /// Reading the raw bytes reads what reading the decoded comment
        /// reads, in UTF-8 and in Latin-1, with blanks ASCII and not.
        #[test]
        fn raw_reads_as_decoded(
            words in proptest::collection::vec(
                proptest::sample::select(RAW_WORDS),
                0..14,
            ),
        ) {
            let bytes = words.concat();
            let raw = RawComment(&bytes);
            prop_assert_eq!(clock_and_eval_raw(raw), clock_and_eval(&raw.decode()), "{:?}", raw);
        }
    }

    proptest! {
        /// Whatever the comment holds, a clock and an evaluation set read
        /// back, each leaving the other alone.
        #[test]
        fn set_then_read(
            words in proptest::collection::vec(
                prop_oneof![Just("[%clk"), Just("[%eval"), Just("]"), Just("0:01:00"), Just("#-3"), Just("x"), Just(" ")],
                0..12,
            ),
            millis in 0u64..400_000_000,
            cp in -100_000i32..100_000,
            mate in -300i32..300,
            depth in proptest::option::of(0u32..99),
        ) {
            let mut comment = Some(words.concat());
            let clock_value = Duration::from_millis(millis);
            let score = if millis % 2 == 0 { EvalScore::Centipawns(cp) } else { EvalScore::Mate(mate) };
            let evaluation = Evaluation { score, depth };
            set_clock(&mut comment, Some(clock_value));
            set_eval(&mut comment, Some(evaluation));
            let text = comment.clone().unwrap_or_default();
            prop_assert_eq!(clock(&text), Some(clock_value), "{}", text);
            prop_assert_eq!(eval(&text), Some(evaluation), "{}", text);
            set_clock(&mut comment, None);
            prop_assert_eq!(eval(comment.as_deref().unwrap_or_default()), Some(evaluation));
        }
    }

    #[test]
    fn reads_lichess_and_chess_com() {
        assert_eq!(clock("[%clk 0:03:00]"), Some(Duration::from_secs(180)));
        assert_eq!(clock(" [%eval 0.17] [%clk 1:02:03] "), Some(Duration::from_secs(3723)));
        assert_eq!(clock("[%clk 0:02:59.9]"), Some(Duration::from_millis(179_900)));
        assert_eq!(clock("[%clk 0:00:00.25]"), Some(Duration::from_millis(250)));
        assert_eq!(eval("[%eval 0.17]"), Some(Evaluation::new(EvalScore::Centipawns(17))));
        assert_eq!(eval("[%eval -1.5]"), Some(Evaluation::new(EvalScore::Centipawns(-150))));
        assert_eq!(eval("[%eval #-3]"), Some(Evaluation::new(EvalScore::Mate(-3))));
        assert_eq!(eval("[%eval #+2]"), Some(Evaluation::new(EvalScore::Mate(2))));
        assert_eq!(eval("[%eval 0.17,20]"), Some(Evaluation { score: EvalScore::Centipawns(17), depth: Some(20) }));
        assert_eq!(eval("[%eval 0.125]"), Some(Evaluation::new(EvalScore::Centipawns(13))));
        assert_eq!(eval("[%eval -.5]"), Some(Evaluation::new(EvalScore::Centipawns(-50))));
    }

    #[test]
    fn refuses_what_is_not_a_command() {
        for bad in ["[%clk]", "[%clk 3:00]", "[%clk a:00:00]", "[%clk 0:00:00:00]", "[%clkx 0:00:01]", "[%clk 0:00:01"]
        {
            assert_eq!(clock(bad), None, "{bad}");
        }
        assert_eq!(clock("[%clk 99999999999999999999:00:00]"), None);
        for bad in ["[%eval]", "[%eval #]", "[%eval 1.2.3]", "[%eval .]", "[%eval 0.1,]", "[%eval 99999999999]", "x"] {
            assert_eq!(eval(bad), None, "{bad}");
        }
        // A bad command before a good one: the good one is read.
        assert_eq!(clock("[%clk x] [%clk 0:00:05]"), Some(Duration::from_secs(5)));
    }

    #[test]
    fn writes_in_place_or_appends() {
        let mut comment = Some("Good move [%clk 0:05:00] indeed".to_owned());
        set_clock(&mut comment, Some(Duration::from_secs(3600 + 61)));
        assert_eq!(comment.as_deref(), Some("Good move [%clk 1:01:01] indeed"));
        set_clock(&mut comment, None);
        assert_eq!(comment.as_deref(), Some("Good move indeed"));
        set_eval(&mut comment, Some(Evaluation { score: EvalScore::Centipawns(-5), depth: Some(30) }));
        assert_eq!(comment.as_deref(), Some("Good move indeed [%eval -0.05,30]"));
        let mut none = None;
        set_clock(&mut none, None);
        assert_eq!(none, None);
        set_clock(&mut none, Some(Duration::ZERO));
        assert_eq!(none.as_deref(), Some("[%clk 0:00:00]"));
        assert_eq!(Evaluation::new(EvalScore::Centipawns(1234)).to_string(), "12.34");
    }
}
