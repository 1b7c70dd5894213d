//! [`RawTag`] and [`RawComment`]: tag values and comments as the bytes of
//! the input, decoded only when asked.

use std::borrow::Cow;
use std::fmt;

/// A tag value as it appears between the quotes, escapes (`\"`, `\\`) not
/// yet undone, in whatever encoding the file has.
///
/// ```
/// use ox88_pgn::RawTag;
/// assert_eq!(RawTag(br#"The \"Big\" Open"#).decode(), r#"The "Big" Open"#);
/// // Latin-1, as old databases write it, decodes too.
/// assert_eq!(RawTag(b"G\xf6teborg").decode(), "Göteborg");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawTag<'a>(pub &'a [u8]);

impl<'a> RawTag<'a> {
    /// The bytes between the quotes.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.0
    }

    /// The value with its escapes undone, as bytes.
    pub fn unescape(&self) -> Cow<'a, [u8]> {
        if !self.0.contains(&b'\\') {
            return Cow::Borrowed(self.0);
        }
        let mut out = Vec::with_capacity(self.0.len());
        let mut bytes = self.0.iter();
        while let Some(&b) = bytes.next() {
            match (b, bytes.as_slice().first()) {
                (b'\\', Some(&next @ (b'\\' | b'"'))) => {
                    out.push(next);
                    bytes.next();
                }
                _ => out.push(b),
            }
        }
        Cow::Owned(out)
    }

    /// The value as text: escapes undone, UTF-8 if it is valid UTF-8, else
    /// read as Latin-1 (ISO 8859-1, which the PGN standard names).
    pub fn decode(&self) -> Cow<'a, str> {
        match self.unescape() {
            Cow::Borrowed(bytes) => decode_bytes(bytes),
            Cow::Owned(bytes) => Cow::Owned(decode_bytes(&bytes).into_owned()),
        }
    }
}

impl fmt::Debug for RawTag<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RawTag({:?})", self.decode())
    }
}

/// The text of a comment, between `{` and `}` (or after `;` to the end of
/// the line), as the bytes of the input.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawComment<'a>(pub &'a [u8]);

impl<'a> RawComment<'a> {
    /// The bytes of the comment.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.0
    }

    /// The comment as text (UTF-8, or Latin-1 if it is not valid UTF-8),
    /// unchanged otherwise.
    pub fn decode(&self) -> Cow<'a, str> {
        decode_bytes(self.0)
    }
}

impl fmt::Debug for RawComment<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RawComment({:?})", self.decode())
    }
}

/// UTF-8 if valid, else Latin-1 (each byte is the code point of that value).
pub(crate) fn decode_bytes(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_encodings() {
        assert_eq!(RawTag(br"a\\b").decode(), r"a\b");
        assert_eq!(RawTag(br"a\b").decode(), r"a\b");
        assert_eq!(RawTag(br"trailing\").decode(), r"trailing\");
        assert!(matches!(RawTag(b"plain").decode(), Cow::Borrowed("plain")));
        assert_eq!(RawTag("Göteborg".as_bytes()).decode(), "Göteborg");
        assert_eq!(RawComment(b"caf\xe9").decode(), "café");
    }
}
