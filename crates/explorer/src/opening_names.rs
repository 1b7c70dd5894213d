//! [`OpeningNames`]: the names of opening positions, found by Polyglot key,
//! and the name of a line (the deepest named position on it, as lichess's
//! explorer names a position).

use std::fmt;

/// The built-in table: lichess's chess-openings (CC0), one line a named
/// position: its Polyglot key in hex, its ECO code and its name (see
/// `openings/README.md` for where it comes from and how it is made).
const LICHESS_OPENINGS: &str = include_str!("../openings/openings.tsv");

/// A named opening position: its ECO code and its name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpeningName {
    /// The ECO code, `A00` to `E99`.
    pub eco: String,
    /// The name, `Family: Variation, Subvariation` (English, title case).
    pub name: String,
}

impl fmt::Display for OpeningName {
    /// `B90 Sicilian Defense: Najdorf Variation`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.eco, self.name)
    }
}

/// A line of an openings table that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningNamesError {
    /// The line is not `key<TAB>eco<TAB>name` with a 16-digit hex key, an
    /// ECO code and a name.
    #[error("line {line}: not `key<TAB>eco<TAB>name`: {text:?}")]
    Malformed {
        /// The line's number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// A key named twice.
    #[error("line {line}: the key {key:016x} again")]
    Duplicate {
        /// The line's number, from 1.
        line: usize,
        /// The key.
        key: u64,
    },
}

/// Opening names by position: a table of Polyglot keys, each with an ECO
/// code and a name. A position is found by its key, so a transposition
/// into a named position gets its name.
///
/// ```
/// use ox88_explorer::OpeningNames;
/// use ox88_movegen::Position;
/// let openings = OpeningNames::lichess();
/// let mut position = Position::startpos();
/// let mut keys = vec![position.key()];
/// for uci in ["e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6", "b1c3", "a7a6", "c1e3"] {
///     position.play_uci(uci)?;
///     keys.push(position.key());
/// }
/// // 6. Be3 is named too: the deepest name on the line wins.
/// assert_eq!(openings.classify(keys).unwrap().to_string(), "B90 Sicilian Defense: Najdorf Variation, English Attack");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct OpeningNames {
    /// Sorted by key.
    keys: Vec<u64>,
    /// In the order of `keys`.
    openings: Vec<OpeningName>,
}

impl OpeningNames {
    /// The built-in names: lichess's chess-openings, about 3,800 named
    /// positions (each call reads the table anew: keep the result).
    pub fn lichess() -> OpeningNames {
        OpeningNames::parse(LICHESS_OPENINGS).expect("the built-in table reads (tested)")
    }

    /// Reads a table: one line a position, `key<TAB>eco<TAB>name`, the key a
    /// Polyglot key in 16 hex digits; empty lines and lines starting with
    /// `#` are skipped.
    pub fn parse(text: &str) -> Result<OpeningNames, OpeningNamesError> {
        let mut entries = Vec::new();
        for (index, text) in text.lines().enumerate() {
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            let line = index + 1;
            let malformed = || OpeningNamesError::Malformed { line, text: text.to_owned() };
            let mut fields = text.split('\t');
            let (Some(key), Some(eco), Some(name), None) = (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                return Err(malformed());
            };
            let eco_reads = eco.len() == 3
                && matches!(eco.as_bytes()[0], b'A'..=b'E')
                && eco.bytes().skip(1).all(|b| b.is_ascii_digit());
            let key = (key.len() == 16).then(|| u64::from_str_radix(key, 16).ok()).flatten();
            match key {
                Some(key) if eco_reads && !name.trim().is_empty() => {
                    entries.push((key, line, OpeningName { eco: eco.to_owned(), name: name.to_owned() }));
                }
                _ => return Err(malformed()),
            }
        }
        entries.sort_by_key(|(key, line, _)| (*key, *line));
        if let Some(pair) = entries.windows(2).find(|pair| pair[0].0 == pair[1].0) {
            return Err(OpeningNamesError::Duplicate { line: pair[1].1, key: pair[1].0 });
        }
        let keys = entries.iter().map(|(key, _, _)| *key).collect();
        Ok(OpeningNames { keys, openings: entries.into_iter().map(|(_, _, opening)| opening).collect() })
    }

    /// How many positions are named.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether no position is named.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The name of the position with the Polyglot key `key`.
    pub fn get(&self, key: u64) -> Option<&OpeningName> {
        self.keys.binary_search(&key).ok().map(|index| &self.openings[index])
    }

    /// The name of a line, given the keys of its positions in the order
    /// played (the first position's, then each one after a move): the name
    /// of the last named position on it, as lichess's explorer names the
    /// position it is asked about. `None` when no position on it is named.
    pub fn classify(&self, keys: impl IntoIterator<Item = u64>) -> Option<&OpeningName> {
        keys.into_iter().fold(None, |named, key| self.get(key).or(named))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_movegen::Position;

    /// The keys of the positions of a line played from the start.
    fn keys(line: &str) -> Vec<u64> {
        let mut position = Position::startpos();
        let mut keys = vec![position.key()];
        for uci in line.split_whitespace() {
            position.play_uci(uci).unwrap();
            keys.push(position.key());
        }
        keys
    }

    fn name(openings: &OpeningNames, line: &str) -> Option<String> {
        openings.classify(keys(line)).map(ToString::to_string)
    }

    #[test]
    fn the_built_in_table_names_positions_reached_by_our_own_keys() {
        let openings = OpeningNames::lichess();
        assert!(openings.len() > 3_500, "{}", openings.len());
        // Rows of lichess-org/chess-openings, played by ox88 here: the keys
        // that python-chess wrote into the table are ox88's own.
        for (line, expected) in [
            ("e2e4", "B00 King's Pawn Game"),
            ("e2e4 e7e5 g1f3 b8c6 f1b5", "C60 Ruy Lopez"),
            ("e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6", "B90 Sicilian Defense: Najdorf Variation"),
            ("d2d4 g8f6 c2c4 e7e6 b1c3 f8b4", "E20 Nimzo-Indian Defense"),
            ("g1h3", "A00 Amar Opening"),
            ("e2e4 e7e6 d2d4 d7d5 e4e5 c7c5", "C02 French Defense: Advance Variation"),
        ] {
            assert_eq!(name(&openings, line).as_deref(), Some(expected), "{line}");
        }
        assert_eq!(name(&openings, ""), None, "the start is not named");
    }

    #[test]
    fn the_deepest_named_position_on_the_line_names_it() {
        let openings = OpeningNames::lichess();
        // Moves past the last named position keep its name.
        let ruy = "e2e4 e7e5 g1f3 b8c6 f1b5";
        assert_eq!(name(&openings, &format!("{ruy} h7h6 h2h3 h6h5")), name(&openings, ruy));
        // A transposition: the Queen's Gambit Declined reached by 1. c4 e6
        // 2. Nc3 d5 3. d4 is found by its key.
        assert_eq!(name(&openings, "c2c4 e7e6 b1c3 d7d5 d2d4"), name(&openings, "d2d4 d7d5 c2c4 e7e6 b1c3"),);
        assert!(name(&openings, "d2d4 d7d5 c2c4 e7e6 b1c3").unwrap().contains("Queen's Gambit Declined"));
        // A line leaving the table is named by the last named position on it.
        assert_eq!(openings.classify([0x0123_4567_89ab_cdef]), None);
    }

    #[test]
    fn a_table_that_does_not_read_is_refused_by_line() {
        let good = "# a comment\n\n0000000000000001\tA00\tOne\n0000000000000002\tE99\tTwo: Variation\n";
        let openings = OpeningNames::parse(good).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings.get(2).unwrap().name, "Two: Variation");
        assert_eq!(openings.get(3), None);
        for (text, line) in [
            ("0000000000000001\tA00\n", 1),
            ("0000000000000001\tA00\tOne\textra\n", 1),
            ("# c\n000000000000001\tA00\tOne\n", 2),
            ("000000000000000g\tA00\tOne\n", 1),
            ("0000000000000001\tF00\tOne\n", 1),
            ("0000000000000001\tA0x\tOne\n", 1),
            ("0000000000000001\tA00\t \n", 1),
        ] {
            assert!(
                matches!(OpeningNames::parse(text), Err(OpeningNamesError::Malformed { line: l, .. }) if l == line),
                "{text:?}"
            );
        }
        let twice = "0000000000000001\tA00\tOne\n0000000000000001\tA01\tAgain\n";
        assert_eq!(OpeningNames::parse(twice).unwrap_err(), OpeningNamesError::Duplicate { line: 2, key: 1 });
        assert!(OpeningNames::parse("").unwrap().is_empty());
    }
}
