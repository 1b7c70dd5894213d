//! [`Headers`]: a game's tag pairs, in order.

use ox88_board::GameResult;

/// The names of the seven tag roster, in the order the export format
/// writes them first.
pub const SEVEN_TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// A game's tag pairs (headers), in the order they were read or set. Names
/// are case-sensitive, as in PGN; setting a name that is there replaces its
/// value in place. Two sets of headers are equal when they hold the same
/// tags with the same values, in whatever order (export format writes them
/// in its own order).
///
/// ```
/// use ox88_board::GameResult;
/// use ox88_pgn::Headers;
/// let mut headers = Headers::new();
/// headers.set("White", "Kasparov");
/// headers.set("Result", "1-0");
/// headers.set("White", "Kasparov, Garry");
/// assert_eq!(headers.get("White"), Some("Kasparov, Garry"));
/// assert_eq!(headers.result(), Some(GameResult::Win(ox88_board::Color::White)));
/// assert_eq!(headers.iter().count(), 2);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Headers {
    pairs: Vec<(String, String)>,
}

impl PartialEq for Headers {
    fn eq(&self, other: &Headers) -> bool {
        // Names are unique (`set` replaces), so equal lengths and every tag
        // found in the other make the same set.
        self.len() == other.len() && self.iter().all(|(name, value)| other.get(name) == Some(value))
    }
}

impl Eq for Headers {}

impl std::hash::Hash for Headers {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // In name order, as equality ignores the order.
        let mut pairs: Vec<&(String, String)> = self.pairs.iter().collect();
        pairs.sort();
        pairs.hash(state);
    }
}

impl Headers {
    /// No tags.
    pub fn new() -> Headers {
        Headers::default()
    }

    /// The value of the tag `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name` to `value`: in place if it is there, else at the
    /// end.
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let (name, value) = (name.into(), value.into());
        match self.pairs.iter_mut().find(|(n, _)| *n == name) {
            Some(pair) => pair.1 = value,
            None => self.pairs.push((name, value)),
        }
    }

    /// Removes the tag `name`, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let index = self.pairs.iter().position(|(n, _)| n == name)?;
        Some(self.pairs.remove(index).1)
    }

    /// The tags in order, as `(name, value)`.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.pairs.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// How many tags there are.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The `Result` tag, if it holds a result.
    pub fn result(&self) -> Option<GameResult> {
        crate::result::read_result(self.get("Result")?.trim().as_bytes())
    }

    /// The tags in the export format's order: the seven tag roster first
    /// (in its order, with its placeholder — "?", "????.??.??" for the date,
    /// "*" for the result — where one is missing), then the others sorted by
    /// name (in ASCII order, the standard's rule).
    pub fn export_order(&self) -> Vec<(&str, &str)> {
        let mut out: Vec<(&str, &str)> =
            SEVEN_TAG_ROSTER.iter().map(|&name| (name, self.get(name).unwrap_or(placeholder(name)))).collect();
        let mut others: Vec<(&str, &str)> = self.iter().filter(|(name, _)| !SEVEN_TAG_ROSTER.contains(name)).collect();
        others.sort_by(|a, b| a.0.cmp(b.0));
        out.extend(others);
        out
    }
}

/// The export format's value for a tag of the roster that has none:
/// "????.??.??" for the date, "*" for the result, "?" for the others.
pub(crate) fn placeholder(name: &str) -> &'static str {
    match name {
        "Date" => "????.??.??",
        "Result" => "*",
        _ => "?",
    }
}

impl<N: Into<String>, V: Into<String>> FromIterator<(N, V)> for Headers {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(pairs: I) -> Headers {
        let mut headers = Headers::new();
        for (name, value) in pairs {
            headers.set(name, value);
        }
        headers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn export_order_puts_the_roster_first() {
        let headers: Headers =
            [("ECO", "B90"), ("White", "A"), ("Annotator", "X"), ("Event", "E")].into_iter().collect();
        let order: Vec<&str> = headers.export_order().iter().map(|(n, _)| *n).collect();
        assert_eq!(order, ["Event", "Site", "Date", "Round", "White", "Black", "Result", "Annotator", "ECO"]);
        let values: Vec<&str> = headers.export_order().iter().map(|(_, v)| *v).collect();
        assert_eq!(&values[..7], ["E", "?", "????.??.??", "?", "A", "?", "*"]);
        let mut headers = headers;
        assert_eq!(headers.remove("ECO"), Some("B90".into()));
        assert_eq!(headers.remove("ECO"), None);
        assert_eq!(headers.len(), 3);
    }

    #[test]
    fn equal_in_any_order() {
        let a: Headers = [("White", "A"), ("Black", "B")].into_iter().collect();
        let b: Headers = [("Black", "B"), ("White", "A")].into_iter().collect();
        let c: Headers = [("Black", "B"), ("White", "C")].into_iter().collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(a, [("White", "A")].into_iter().collect::<Headers>());
        use std::hash::BuildHasher;
        let state = std::hash::RandomState::new();
        assert_eq!(state.hash_one(&a), state.hash_one(&b));
    }
}
