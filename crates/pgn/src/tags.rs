//! Reading one tag pair, `[Name "value"]`, from a line of input.

use crate::scan::{find, is_space};
use std::ops::Range;

/// A tag pair found in a line: where its name and value are, and where the
/// line goes on after its `]`.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct TagPair {
    pub name: Range<usize>,
    pub value: Range<usize>,
    pub end: usize,
}

/// Reads the tag pair at the start of `line` (which starts with `[` and
/// holds no line break). Escaped quotes (`\"`) stay in the value; a value
/// with unescaped quotes, as careless writers leave them, ends at the last
/// quote before the line's last `]`.
pub(crate) fn parse(line: &[u8]) -> Option<TagPair> {
    let mut i = skip_spaces(line, 1);
    let name_start = i;
    while i < line.len() && !is_space(line[i]) && !matches!(line[i], b'"' | b']' | b'[') {
        i += 1;
    }
    let name = name_start..i;
    i = skip_spaces(line, i);
    if name.is_empty() || line.get(i) != Some(&b'"') {
        return None;
    }
    let value_start = i + 1;
    let mut j = value_start;
    while let Some(n) = find_quote_or_backslash(&line[j..]) {
        j += n;
        if line[j] == b'\\' {
            j += 2;
            continue;
        }
        let after = skip_spaces(line, j + 1);
        if line.get(after) == Some(&b']') {
            return Some(TagPair { name, value: value_start..j, end: after + 1 });
        }
        // An unescaped quote inside the value.
        break;
    }
    let close = line.iter().rposition(|&b| b == b']')?;
    let quote = line[..close].iter().rposition(|&b| b == b'"')?;
    (quote >= value_start).then_some(TagPair { name, value: value_start..quote, end: close + 1 })
}

/// Reads a tag pair in the export format's shape, `[Name "value"]` with a
/// value holding no escape, from the start of `text` (the rest of the
/// input); `None` for anything else, or if `text` ends first.
#[inline]
pub(crate) fn parse_standard(text: &[u8]) -> Option<TagPair> {
    let mut i = 1;
    while i < text.len() && NAME[text[i] as usize] {
        i += 1;
    }
    let name = 1..i;
    if name.is_empty() || text.get(i) != Some(&b' ') || text.get(i + 1) != Some(&b'"') {
        return None;
    }
    let value_start = i + 2;
    let close = value_start + find_value_end(&text[value_start..])?;
    if text[close] != b'"' || text.get(close + 1) != Some(&b']') {
        return None;
    }
    Some(TagPair { name, value: value_start..close, end: close + 2 })
}

/// Bytes of a tag name as the reader takes them.
static NAME: [bool; 256] = {
    let mut table = [true; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = !matches!(b as u8, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | b'"' | b']' | b'[');
        b += 1;
    }
    table
};

/// The first `"`, `\\` or line break in `bytes`, eight bytes at a time.
#[inline]
fn find_value_end(bytes: &[u8]) -> Option<usize> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero = |x: u64| x.wrapping_sub(LOW) & !x & HIGH;
    let mut chunks = bytes.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        // Each test is exact for the lowest matching byte (borrows only run
        // upward), so the lowest bit of their union is.
        let hits =
            zero(x ^ (LOW * u64::from(b'"'))) | zero(x ^ (LOW * u64::from(b'\\'))) | zero(x ^ (LOW * u64::from(b'\n')));
        if hits != 0 {
            return Some(base + (hits.trailing_zeros() / 8) as usize);
        }
        base += 8;
    }
    chunks.remainder().iter().position(|&b| matches!(b, b'"' | b'\\' | b'\n')).map(|p| base + p)
}

fn find_quote_or_backslash(bytes: &[u8]) -> Option<usize> {
    let quote = find(b'"', bytes)?;
    Some(find(b'\\', &bytes[..quote]).unwrap_or(quote))
}

fn skip_spaces(line: &[u8], mut i: usize) -> usize {
    while i < line.len() && is_space(line[i]) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(line: &str) -> Option<(String, String, String)> {
        let line = line.as_bytes();
        parse(line).map(|p| {
            let text = |r: Range<usize>| String::from_utf8_lossy(&line[r]).into_owned();
            (text(p.name), text(p.value), text(p.end..line.len()))
        })
    }

    fn owned(name: &str, value: &str, rest: &str) -> Option<(String, String, String)> {
        Some((name.into(), value.into(), rest.into()))
    }

    #[test]
    fn the_standard_shape_at_once() {
        for line in [r#"[Event "Tata Steel"]"#, r#"[Event ""]"#, "[WhiteElo \"2700\"]\n[Black", r#"[A "1"][B "2"]"#] {
            let fast = parse_standard(line.as_bytes()).expect("standard");
            assert_eq!(Some(fast), parse(line.lines().next().unwrap().as_bytes()), "{line}");
        }
        for line in
            [r#"[Event "a\"b"]"#, r#"[Event "x" ]"#, r#"[ Event "x"]"#, "[Event \"x\n\"]", r#"[Event "x"#, "[Event"]
        {
            assert_eq!(parse_standard(line.as_bytes()), None, "{line}");
        }
        let long = format!("[Event \"{}\"]", "abcdefgh".repeat(5));
        assert_eq!(parse_standard(long.as_bytes()).map(|p| p.value.len()), Some(40));
    }

    #[test]
    fn standard_and_sloppy_pairs() {
        assert_eq!(pair(r#"[Event "Tata Steel"]"#), owned("Event", "Tata Steel", ""));
        assert_eq!(pair(r#"[ Event   "x" ] "#), owned("Event", "x", " "));
        assert_eq!(pair(r#"[Event ""]"#), owned("Event", "", ""));
        assert_eq!(pair(r#"[A "1"][B "2"]"#), owned("A", "1", r#"[B "2"]"#));
        assert_eq!(pair(r#"[Event "The \"Big\" Open"]"#), owned("Event", r#"The \"Big\" Open"#, ""));
        assert_eq!(pair(r#"[Event "back\\"]"#), owned("Event", r"back\\", ""));
        assert_eq!(pair(r#"[Event "The "Big" Open"]"#), owned("Event", r#"The "Big" Open"#, ""));
        for bad in [r#"[Event "x"#, "[Event x]", "[]", r#"["x"]"#, r#"[Event "]"#, "["] {
            assert_eq!(pair(bad), None, "{bad}");
        }
    }
}
