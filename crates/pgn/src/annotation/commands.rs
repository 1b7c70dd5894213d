//! Finding the commands (`[%name argument]`) in a comment, as text or as
//! the input's bytes.

use crate::scan::find;
use std::ops::Range;

/// Each `[%name argument]` command in `comment`: its byte range and its
/// argument, trimmed.
pub(super) fn commands<'a>(comment: &'a str, name: &'a str) -> impl Iterator<Item = (Range<usize>, &'a str)> + 'a {
    commands_named(comment, [name]).map(|(_, range, argument)| (range, argument))
}

/// Each command in `comment` whose name is one of `names`, in one pass:
/// which name (its place in `names`), its byte range and its argument.
pub(super) fn commands_named<'a, const N: usize>(
    comment: &'a str,
    names: [&'a str; N],
) -> impl Iterator<Item = (usize, Range<usize>, &'a str)> + 'a {
    // The commands are found by their ASCII bytes, which are on character boundaries.
    commands_in(comment.as_bytes(), names).map(|(which, range, argument)| (which, range, comment[argument].trim()))
}

/// [`commands_named`] over bytes: each command's name (its place in
/// `names`), byte range and the byte range of its argument (untrimmed).
/// Only ASCII bytes (`[`, `%`, the names, `]`) are looked for, so the
/// commands found are the same in the bytes and in any decoding of them.
pub(super) fn commands_in<'a, const N: usize>(
    bytes: &'a [u8],
    names: [&'a str; N],
) -> impl Iterator<Item = (usize, Range<usize>, Range<usize>)> + 'a {
    let mut from = 0;
    // Byte searches (a comment is read for its commands after every move
    // of a lichess game: `str::find` with a pattern cost more than the rest).
    std::iter::from_fn(move || loop {
        let start = from + find(b'[', bytes.get(from..)?)?;
        from = start + 1;
        if bytes.get(from) != Some(&b'%') {
            continue;
        }
        from += 1;
        let rest = &bytes[from..];
        // The name ends at a blank ("[%clk 0:01:00]"), not inside a longer one ("[%clkx ...]").
        // (Compared byte by byte: the names are short, and a call to `memcmp` costs more.)
        let named = names.iter().enumerate().find_map(|(which, name)| {
            let after_name = rest.get(name.len()..)?;
            let named = rest.iter().zip(name.as_bytes()).all(|(a, b)| a == b);
            let blank = after_name.first().is_some_and(u8::is_ascii_whitespace);
            (named && blank).then_some((which, name.len(), after_name))
        });
        let Some((which, name_len, after_name)) = named else { continue };
        let close = find(b']', after_name)?;
        // An argument holds no `[`: one there starts the next command.
        if find(b'[', &after_name[..close]).is_some() {
            continue;
        }
        let argument = from + name_len..from + name_len + close;
        from = argument.end + 1;
        return Some((which, start..from, argument));
    })
}

/// `text` without the blanks at either end that `str::trim` takes off, for
/// ASCII text (the vertical tab is one).
pub(super) fn trim_ascii_blanks(text: &[u8]) -> &[u8] {
    let blank = |b: &u8| char::from(*b).is_whitespace();
    let start = text.iter().position(|b| !blank(b)).unwrap_or(text.len());
    let end = text.iter().rposition(|b| !blank(b)).map_or(start, |last| last + 1);
    &text[start..end]
}
