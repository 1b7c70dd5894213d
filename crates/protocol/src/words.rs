//! Splitting a command line into words that remember where they were, so a
//! parser can take "the rest of the line" (option values, info strings,
//! FEN fields) exactly as sent.

/// One whitespace-separated word of a line and its byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Word<'a> {
    pub(crate) text: &'a str,
    pub(crate) start: usize,
}

/// The words of `line`, in order.
pub(crate) fn words(line: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push(Word { text: &line[s..i], start: s });
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(Word { text: &line[s..], start: s });
    }
    out
}

/// The text of `line` from word `index` to the end, trimmed; empty if there
/// is no such word.
pub(crate) fn rest<'a>(line: &'a str, words: &[Word<'a>], index: usize) -> &'a str {
    words.get(index).map_or("", |w| line[w.start..].trim_end())
}

/// The text from word `from` up to (not including) word `to`, trimmed.
pub(crate) fn span<'a>(line: &'a str, words: &[Word<'a>], from: usize, to: usize) -> &'a str {
    if from >= to || from >= words.len() {
        return "";
    }
    let end = words.get(to).map_or(line.len(), |w| w.start);
    line[words[from].start..end].trim_end()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_keep_offsets() {
        let line = "  setoption name  Clear Hash\tvalue x y ";
        let w = words(line);
        let texts: Vec<&str> = w.iter().map(|w| w.text).collect();
        assert_eq!(texts, ["setoption", "name", "Clear", "Hash", "value", "x", "y"]);
        assert_eq!(span(line, &w, 2, 4), "Clear Hash");
        assert_eq!(rest(line, &w, 5), "x y");
        assert_eq!(rest(line, &w, 9), "");
        assert_eq!(span(line, &w, 4, 2), "");
    }
}
