//! The movetext scanner: the tokens of one window of input, handed to a
//! visitor as they are recognised. It stops where the window ends inside a
//! token (the reader brings more input and scans again from the token's
//! start), at the end of the game, or at an error.

use crate::result::read_result;
use crate::scan::{digits_end, find, is_san_char, is_space, number_end, san_end};
use crate::{ErrorKind, Nag, RawComment, Visitor};
use ox88_board::GameResult;
use ox88_movegen::SanPlus;

/// Where the scan is between two windows.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Movetext {
    /// Variations open and visited.
    pub depth: u32,
    /// Parentheses open inside a variation being skipped (0: not skipping).
    pub skip: u32,
}

/// Why the scan stopped.
#[derive(Debug)]
pub(crate) enum Step {
    /// The window ends inside the token starting here: scan again from
    /// here with more input.
    Refill(usize),
    /// The movetext is over; the rest of the input starts here.
    End(usize),
    /// The token `start..end` is in error.
    Fail { start: usize, end: usize, kind: ErrorKind },
}

/// The byte after the end of a token `start..end`, unless the window ends
/// there before the input does (then the token may go on).
macro_rules! complete {
    ($buf:expr, $at_end:expr, $start:expr, $end:expr) => {
        if $end == $buf.len() && !$at_end {
            return Step::Refill($start);
        }
    };
}

/// Scans the movetext in `buf` (`at_end`: nothing follows the window).
pub(crate) fn scan<V: Visitor>(buf: &[u8], at_end: bool, state: &mut Movetext, visitor: &mut V) -> Step {
    let len = buf.len();
    let mut i = 0;
    loop {
        while i < len && is_space(buf[i]) {
            i += 1;
        }
        if i == len {
            return if at_end { Step::End(len) } else { Step::Refill(len) };
        }
        if state.skip > 0 {
            match skip_variation(buf, i, at_end, state) {
                Ok(next) => {
                    i = next;
                    continue;
                }
                Err(step) => return step,
            }
        }
        match buf[i] {
            b'a'..=b'z' | b'A'..=b'Z' => {
                // The usual move, read in one pass: it ends where a byte
                // that cannot continue a move token follows (not at the
                // window's end, where it may go on).
                if let Some((san, n)) = SanPlus::from_ascii_prefix(&buf[i..]) {
                    let end = i + n;
                    if end < len && !is_san_char(buf[end]) {
                        if let Err(kind) = visitor.san(san) {
                            return Step::Fail { start: i, end, kind };
                        }
                        // The space after the move (the usual byte there),
                        // skipped with the byte already read.
                        i = if is_space(buf[end]) { end + 1 } else { end };
                        continue;
                    }
                }
                let end = san_end(buf, i + 1);
                complete!(buf, at_end, i, end);
                let (token_end, next) = match buf.get(end) {
                    Some(b'.') => match ep_suffix(buf, at_end, i, end) {
                        Ok(Some(ends)) => ends,
                        Ok(None) => (end, end),
                        Err(step) => return step,
                    },
                    _ => (end, end),
                };
                if token_end > i {
                    if let Err(kind) = san_token(&buf[i..token_end], visitor) {
                        return Step::Fail { start: i, end: token_end, kind };
                    }
                }
                i = next;
            }
            // A move number ("12." "12..."), the usual case, at once (never
            // "0000", a null move).
            // (The digits' end found once: the compiler does not share a
            // loop's result between a match guard and its arm.)
            b'1'..=b'9' => {
                let digits = digits_end(buf, i);
                if matches!(buf.get(digits), Some(b'.' | b' ' | b'\n' | b'\r')) {
                    i = digits;
                    while buf.get(i) == Some(&b'.') {
                        i += 1;
                    }
                    // The space after it too, as after a move.
                    if buf.get(i).is_some_and(|&b| is_space(b)) {
                        i += 1;
                    }
                    continue;
                }
                match number_token(buf, at_end, i, state, visitor) {
                    Ok(next) => i = next,
                    Err(step) => return step,
                }
            }
            b'0' | 0xc2 => match number_token(buf, at_end, i, state, visitor) {
                Ok(next) => i = next,
                Err(step) => return step,
            },
            b'{' => match find(b'}', &buf[i + 1..]) {
                Some(n) => {
                    visitor.comment(RawComment(&buf[i + 1..i + 1 + n]));
                    i += n + 2;
                }
                None if at_end => {
                    return Step::Fail { start: i, end: line_end(buf, i), kind: ErrorKind::UnterminatedComment }
                }
                None => return Step::Refill(i),
            },
            b';' => match find(b'\n', &buf[i + 1..]) {
                Some(n) => {
                    visitor.comment(RawComment(trim_cr(&buf[i + 1..i + 1 + n])));
                    i += n + 2;
                }
                None if at_end => {
                    visitor.comment(RawComment(trim_cr(&buf[i + 1..])));
                    i = len;
                }
                None => return Step::Refill(i),
            },
            b'%' => match find(b'\n', &buf[i..]) {
                Some(n) => i += n + 1,
                None if at_end => i = len,
                None => return Step::Refill(i),
            },
            b'(' => {
                if visitor.begin_variation().0 {
                    state.skip = 1;
                } else {
                    state.depth += 1;
                }
                i += 1;
            }
            b')' => {
                // A parenthesis closing nothing is ignored.
                if state.depth > 0 {
                    state.depth -= 1;
                    visitor.end_variation();
                }
                i += 1;
            }
            b'$' => {
                let end = digits_end(buf, i + 1);
                complete!(buf, at_end, i, end);
                match Nag::from_ascii(&buf[i..end]) {
                    Some(nag) => visitor.nag(nag),
                    None => return unreadable(buf, at_end, i),
                }
                i = end;
            }
            b'!' | b'?' | b'+' | b'-' | b'=' => {
                let mut end = i + 1;
                while end < len && matches!(buf[end], b'!' | b'?' | b'+' | b'-' | b'=' | b'/') {
                    end += 1;
                }
                complete!(buf, at_end, i, end);
                let token = &buf[i..end];
                if token == b"--" {
                    if let Err(kind) = visitor.null_move() {
                        return Step::Fail { start: i, end, kind };
                    }
                } else {
                    match Nag::from_symbol(token) {
                        Some(nag) => visitor.nag(nag),
                        None => return unreadable(buf, at_end, i),
                    }
                }
                i = end;
            }
            b'*' => {
                if state.depth == 0 {
                    visitor.result(GameResult::Unknown);
                    return Step::End(i + 1);
                }
                i += 1;
            }
            // The next game's tags: this game had no termination marker.
            b'[' => return Step::End(i),
            // Dots of move numbers ("1." "1..." "1. ... e5").
            b'.' => i += 1,
            // "…" (U+2026) after a move number.
            0xe2 if buf.get(i + 1..i + 3) == Some(&[0x80, 0xa6]) => i += 3,
            _ => return unreadable(buf, at_end, i),
        }
    }
}

/// An unreadable token from `start`, named whole (the window may end
/// inside it: then it is scanned again with more input).
#[cold]
fn unreadable(buf: &[u8], at_end: bool, start: usize) -> Step {
    let end = token_end(buf, start);
    complete!(buf, at_end, start, end);
    Step::Fail { start, end, kind: ErrorKind::Token }
}

/// A token starting with a digit (or "½") that is not the usual move
/// number: a move number at the window's end, a result, a castling move
/// written with zeros, or a null move ("0000"). Returns where to go on.
fn number_token<V: Visitor>(
    buf: &[u8],
    at_end: bool,
    i: usize,
    state: &Movetext,
    visitor: &mut V,
) -> Result<usize, Step> {
    let end = number_end(buf, i);
    if end == buf.len() && !at_end {
        return Err(Step::Refill(i));
    }
    let token = &buf[i..end];
    if digits_end(buf, i) == end && token != b"0000" {
        // A move number: its dots (or "…") are skipped as they come.
        Ok(end)
    } else if let Some(result) = read_result(token) {
        if state.depth == 0 {
            visitor.result(result);
            return Err(Step::End(end));
        }
        // A result inside a variation means nothing.
        Ok(end)
    } else {
        match san_token(token, visitor) {
            Ok(()) => Ok(end),
            Err(kind) => Err(Step::Fail { start: i, end, kind }),
        }
    }
}

/// A move token: null move or SAN, to the visitor.
#[inline(always)]
fn san_token<V: Visitor>(token: &[u8], visitor: &mut V) -> Result<(), ErrorKind> {
    if token == b"Z0" || token == b"0000" {
        return visitor.null_move();
    }
    visitor.san(SanPlus::from_ascii(token)?)
}

/// At a '.' after the move-like token `start..end`: "e.p." written after
/// the move, attached ("exd6e.p.") or on its own ("e.p."). Returns the
/// move's end and where to go on, or `None` for an ordinary dot.
fn ep_suffix(buf: &[u8], at_end: bool, start: usize, end: usize) -> Result<Option<(usize, usize)>, Step> {
    if buf[end - 1] != b'e' {
        return Ok(None);
    }
    if end + 3 > buf.len() && !at_end {
        return Err(Step::Refill(start));
    }
    if buf.get(end..end + 3) == Some(b".p.") {
        Ok(Some((end - 1, end + 3)))
    } else {
        Ok(None)
    }
}

/// Skips a variation's text: counts parentheses, skips comments, stops at
/// the next game's tags. Returns where to go on after the closing
/// parenthesis.
fn skip_variation(buf: &[u8], mut i: usize, at_end: bool, state: &mut Movetext) -> Result<usize, Step> {
    let len = buf.len();
    while i < len {
        match buf[i] {
            b'(' => state.skip += 1,
            b')' => {
                state.skip -= 1;
                if state.skip == 0 {
                    return Ok(i + 1);
                }
            }
            b'{' => match find(b'}', &buf[i + 1..]) {
                Some(n) => i += n + 1,
                None if at_end => {
                    return Err(Step::Fail { start: i, end: line_end(buf, i), kind: ErrorKind::UnterminatedComment })
                }
                None => return Err(Step::Refill(i)),
            },
            b';' | b'%' => match find(b'\n', &buf[i..]) {
                Some(n) => i += n,
                None if at_end => return Err(Step::End(len)),
                None => return Err(Step::Refill(i)),
            },
            b'[' => return Err(Step::End(i)),
            _ => {}
        }
        i += 1;
    }
    Err(if at_end { Step::End(len) } else { Step::Refill(len) })
}

/// Where skipping a game's rest is between two windows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Skipping {
    /// Parentheses open.
    pub depth: u32,
    /// Whether the byte before the window ends a token (so a result may
    /// start the window).
    pub after_delimiter: bool,
    /// Whether the input ended inside a `{` comment.
    pub open_comment: bool,
}

/// Whether a token may start after `b`.
fn delimits(b: u8) -> bool {
    is_space(b) || matches!(b, b')' | b'}')
}

/// Skips the rest of a game (after an error, or when the visitor asks):
/// up to its termination marker outside variations, or the next game's
/// tags.
pub(crate) fn skip_game(buf: &[u8], at_end: bool, state: &mut Skipping) -> Step {
    let len = buf.len();
    let refill = |k: usize, state: &mut Skipping| {
        if k > 0 {
            state.after_delimiter = delimits(buf[k - 1]);
        }
        Step::Refill(k)
    };
    let mut i = 0;
    while i < len {
        match buf[i] {
            b'(' => state.depth += 1,
            b')' => state.depth = state.depth.saturating_sub(1),
            b'{' => match find(b'}', &buf[i + 1..]) {
                Some(n) => i += n + 1,
                None if at_end => {
                    state.open_comment = true;
                    return Step::End(len);
                }
                None => return refill(i, state),
            },
            b';' | b'%' => match find(b'\n', &buf[i..]) {
                Some(n) => i += n,
                None if at_end => return Step::End(len),
                None => return refill(i, state),
            },
            b'[' => return Step::End(i),
            b'*' if state.depth == 0 => return Step::End(i + 1),
            b'0' | b'1' | 0xc2
                if state.depth == 0 && if i == 0 { state.after_delimiter } else { delimits(buf[i - 1]) } =>
            {
                let end = number_end(buf, i);
                if end == len && !at_end {
                    return refill(i, state);
                }
                if read_result(&buf[i..end]).is_some() {
                    return Step::End(end);
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    if at_end {
        return Step::End(len);
    }
    refill(len, state)
}

/// The end of the run of non-space bytes from `i` (at least one byte).
fn token_end(buf: &[u8], i: usize) -> usize {
    let mut end = i + 1;
    while end < buf.len() && !is_space(buf[end]) {
        end += 1;
    }
    end
}

/// The end of the line from `i`.
fn line_end(buf: &[u8], i: usize) -> usize {
    find(b'\n', &buf[i..]).map_or(buf.len(), |n| i + n)
}

fn trim_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}
