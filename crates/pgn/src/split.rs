//! Finding where games begin, fast, to cut a PGN input into pieces that
//! threads read apart.
//!
//! A cut is looked for only near where a piece should end, and by the
//! text's look alone: a `[` that starts a line and a tag name, after a line
//! of movetext (not a tag pair, nor a `%` or `;` comment line). In export
//! format, and in every real file, that is where the next game's tags
//! begin. It may be wrong only inside a `{` comment or an unusual tag
//! section; then the reader of the piece before the cut meets the end of
//! its input inside that comment or tag section (the reader records it),
//! and the two pieces are read again as one. So the cut costs no pass over
//! the whole input, and the games read are exactly the sequential reader's.

use crate::scan::{find, is_space};

/// The first place at or after `from` where a game seems to begin (see the
/// module's notes); `None` if there is none in `bytes`, or if the bytes
/// end before one can be told (the caller may look again with more).
pub(crate) fn next_cut(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from.max(1);
    while i < bytes.len() {
        let at = i + find(b'[', &bytes[i..])?;
        let starts_tag = bytes[at - 1] == b'\n' && bytes.get(at + 1).is_some_and(u8::is_ascii_alphabetic);
        if starts_tag && after_movetext(bytes, at) {
            return Some(at);
        }
        i = at + 1;
    }
    None
}

/// Whether the last line with text before `at` (which starts a line) is
/// movetext: not a tag pair, nor a `%` or `;` comment line.
fn after_movetext(bytes: &[u8], at: usize) -> bool {
    let mut end = at - 1;
    loop {
        let start = bytes[..end].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        match bytes[start..end].iter().find(|&&b| !is_space(b)) {
            Some(&first) => return !matches!(first, b'[' | b'%' | b';'),
            None if start == 0 => return false,
            None => end = start - 1,
        }
    }
}

/// How many line ends `bytes` holds: counted in blocks of 255 bytes into a
/// byte, which the compiler turns into vector instructions (16 bytes at a
/// time with SSE2).
pub(crate) fn count_newlines(bytes: &[u8]) -> u64 {
    bytes.chunks(255).map(|block| u64::from(block.iter().fold(0u8, |n, &b| n.wrapping_add(u8::from(b == b'\n'))))).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn newlines_counted_by_words_as_by_bytes(bytes in proptest::collection::vec(
            prop_oneof![Just(b'\n'), Just(0x8a), Just(0), any::<u8>()],
            0..40,
        )) {
            prop_assert_eq!(count_newlines(&bytes), bytes.iter().filter(|&&b| b == b'\n').count() as u64);
        }
    }

    fn cuts(text: &str) -> Vec<usize> {
        let mut out = Vec::new();
        let mut from = 0;
        while let Some(at) = next_cut(text.as_bytes(), from) {
            out.push(at);
            from = at + 1;
        }
        out
    }

    #[test]
    fn games_begin_at_tags_after_movetext() {
        let text =
            "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 { [%clk 0:01:00]\n[%clk] }\ne5 *\n\n[Event \"c\"]\n\n1. d4 *\n";
        assert_eq!(cuts(text), [text.find("[Event \"c\"]").unwrap()]);
        // Tags after a blank line or a comment line are the same game's.
        let text = "[A \"1\"]\n\n[B \"2\"]\n;c\n[C \"3\"]\n\n1. e4 *\n[D \"3\"]\n1. d4 *";
        assert_eq!(cuts(text), [text.find("[D").unwrap()]);
        // A `[` inside a line is no place to cut, nor one not before a name.
        assert_eq!(cuts("1. e4 * [A \"1\"]\n1. d4\n[%clk 0:00:01]\n[1]"), Vec::<usize>::new());
        // The bytes end before the name: no cut yet.
        assert_eq!(cuts("1. e4 *\n["), Vec::<usize>::new());
    }
}
