//! Byte-level helpers for the reader: character classes by table, and a
//! byte search eight bytes at a time.

/// Whitespace between tokens (a form feed or vertical tab too).
#[inline(always)]
pub(crate) fn is_space(b: u8) -> bool {
    // A table: a `matches!` here compiles to a jump table or a chain of
    // tests, either mispredicted at the end of every token.
    SPACES[b as usize]
}

static SPACES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = matches!(b as u8, b' ' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c);
        b += 1;
    }
    table
};

const fn san_table() -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || matches!(c, b'=' | b'+' | b'#' | b'-' | b'@' | b':');
        b += 1;
    }
    table
}

/// Bytes that continue a move token: letters, digits, `=+#-`, and `@:`
/// (never valid SAN, but part of the token an error names).
static SAN_CHARS: [bool; 256] = san_table();

/// Whether `b` continues a move token.
#[inline(always)]
pub(crate) fn is_san_char(b: u8) -> bool {
    SAN_CHARS[b as usize]
}

/// The end of the run of move-token bytes starting at `i`.
#[inline(always)]
pub(crate) fn san_end(buf: &[u8], mut i: usize) -> usize {
    while i < buf.len() && SAN_CHARS[buf[i] as usize] {
        i += 1;
    }
    i
}

/// The end of the run of bytes starting at `i` that can make a result or a
/// castling move written with zeros: digits, `-`, `/`, `+`, `#`, and the
/// bytes of "½".
#[inline]
pub(crate) fn number_end(buf: &[u8], mut i: usize) -> usize {
    while i < buf.len() && (SAN_CHARS[buf[i] as usize] || matches!(buf[i], b'/' | 0xc2 | 0xbd)) {
        i += 1;
    }
    i
}

/// The end of the run of ASCII digits starting at `i`.
#[inline(always)]
pub(crate) fn digits_end(buf: &[u8], mut i: usize) -> usize {
    while i < buf.len() && buf[i].is_ascii_digit() {
        i += 1;
    }
    i
}

const LOW_BITS: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The index of the first `needle` in `haystack`.
#[inline]
pub(crate) fn find(needle: u8, haystack: &[u8]) -> Option<usize> {
    let repeated = LOW_BITS * u64::from(needle);
    let mut chunks = haystack.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        // Bytes equal to the needle become zero; the lowest zero byte of
        // the word gets its high bit set exactly (borrows only run upward).
        let x = u64::from_le_bytes(word) ^ repeated;
        let zero = x.wrapping_sub(LOW_BITS) & !x & HIGH_BITS;
        if zero != 0 {
            return Some(base + (zero.trailing_zeros() / 8) as usize);
        }
        base += 8;
    }
    chunks.remainder().iter().position(|&b| b == needle).map(|p| base + p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn find_agrees_with_position(haystack in proptest::collection::vec(any::<u8>(), 0..40), needle: u8) {
            prop_assert_eq!(find(needle, &haystack), haystack.iter().position(|&b| b == needle));
        }
    }

    #[test]
    fn finds_in_every_lane() {
        for len in 0..20 {
            for at in 0..len {
                let mut haystack = vec![b'a'; len];
                haystack[at] = b'}';
                if at + 1 < len {
                    haystack[at + 1] = b'}';
                }
                assert_eq!(find(b'}', &haystack), Some(at));
            }
            assert_eq!(find(b'}', &vec![0x7d ^ 0x80; len]), None);
        }
    }

    #[test]
    fn runs() {
        assert_eq!(san_end(b"Nxe4+! ", 0), 5);
        assert_eq!(number_end(b"1/2-1/2 ", 0), 7);
        assert_eq!(digits_end(b"123.", 0), 3);
    }
}
