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
