//! [`FriendGameId`], [`ReviewId`], [`PuzzleId`] and [`SeatToken`]: random
//! names that cannot be guessed.

use serde::{Deserialize, Serialize};
use std::fmt;

const ALPHABET: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// `len` characters from [`ALPHABET`], drawn from the operating system's
/// random source (about 5.95 bits each).
fn random_text(len: usize) -> String {
    let mut bytes = vec![0u8; len];
    // The operating system's random source does not fail on the systems we
    // run on; if it ever did, a predictable id would be worse than stopping.
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    // 248 = 4 * 62: bytes above it are drawn again so each letter is equally likely.
    let mut text = String::with_capacity(len);
    let mut extra = [0u8; 1];
    for mut byte in bytes {
        while byte >= 248 {
            getrandom::fill(&mut extra).expect("the operating system's random source");
            byte = extra[0];
        }
        text.push(ALPHABET[usize::from(byte % 62)] as char);
    }
    text
}

fn well_formed(text: &str, len: usize) -> bool {
    text.len() == len && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Implements a public name (a struct over a `String`): `LEN` letters and digits drawn at random, read
/// back only when well formed, written as its text (in JSON too).
macro_rules! random_name {
    ($name:ident, $len_doc:literal, $len:ident = $value:literal) => {
        #[doc = $len_doc]
        pub const $len: usize = $value;

        impl $name {
            /// A new random name.
            pub fn random() -> $name {
                $name(random_text($len))
            }

            /// The name's text.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl std::str::FromStr for $name {
            type Err = BadId;
            fn from_str(text: &str) -> Result<$name, BadId> {
                if well_formed(text, $len) {
                    Ok($name(text.to_owned()))
                } else {
                    Err(BadId(text.chars().take(40).collect()))
                }
            }
        }

        impl TryFrom<String> for $name {
            type Error = BadId;
            fn try_from(text: String) -> Result<$name, BadId> {
                text.parse()
            }
        }

        impl From<$name> for String {
            fn from(name: $name) -> String {
                name.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

/// The public name of a friend game, as in its link: 10 letters and digits
/// (about 59 bits), so that games cannot be found by trying names.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct FriendGameId(String);

random_name!(FriendGameId, "The length of a [`FriendGameId`].", GAME_ID_LEN = 10);

/// The old name of [`FriendGameId`], kept for one release.
#[deprecated(note = "renamed to FriendGameId")]
pub type GameId = FriendGameId;

/// The name of a game review, as in its link (`#/review/{id}`): 10
/// letters and digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ReviewId(String);

random_name!(ReviewId, "The length of a [`ReviewId`].", REVIEW_ID_LEN = 10);

/// The name of a puzzle (lichess's `PuzzleId` column): 8 letters and
/// digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PuzzleId(String);

random_name!(PuzzleId, "The length of a [`PuzzleId`].", PUZZLE_ID_LEN = 8);

/// A text that is not a well-formed [`FriendGameId`], [`ReviewId`],
/// [`PuzzleId`] or [`SeatToken`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a well-formed id: {0:?}")]
pub struct BadId(pub String);

/// The secret that makes its holder a player of one colour in one game (and
/// in its rematches): given once, to the browser that took the seat, which
/// keeps it to reconnect.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SeatToken(String);

/// The length of a [`SeatToken`] (about 119 bits).
pub const SEAT_TOKEN_LEN: usize = 20;

impl SeatToken {
    /// A new random token.
    pub fn random() -> SeatToken {
        SeatToken(random_text(SEAT_TOKEN_LEN))
    }

    /// The token's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for SeatToken {
    /// Secrets stay out of logs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(..)")
    }
}

impl std::str::FromStr for SeatToken {
    type Err = BadId;
    fn from_str(text: &str) -> Result<SeatToken, BadId> {
        if well_formed(text, SEAT_TOKEN_LEN) {
            Ok(SeatToken(text.to_owned()))
        } else {
            Err(BadId(text.chars().take(40).collect()))
        }
    }
}

impl TryFrom<String> for SeatToken {
    type Error = BadId;
    fn try_from(text: String) -> Result<SeatToken, BadId> {
        text.parse()
    }
}

impl From<SeatToken> for String {
    fn from(token: SeatToken) -> String {
        token.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_ids_are_well_formed_and_differ() {
        let a = FriendGameId::random();
        let b = FriendGameId::random();
        assert_ne!(a, b);
        assert_eq!(a.as_str().parse::<FriendGameId>(), Ok(a.clone()));
        assert!(SeatToken::random().as_str().parse::<SeatToken>().is_ok());
        let puzzle = PuzzleId::random();
        assert_eq!((puzzle.as_str().len(), puzzle.as_str().parse::<PuzzleId>()), (8, Ok(puzzle.clone())));
        assert!(puzzle.as_str().parse::<ReviewId>().is_err(), "a name of another length");
    }

    #[test]
    fn forged_ids_are_refused() {
        for text in ["", "short", "abcdefghi!", "abcdefghijk", "../../etc/p", "ÄÖÜabcdefg"] {
            assert!(text.parse::<FriendGameId>().is_err(), "{text:?}");
        }
        assert_eq!(format!("{:?}", SeatToken::random()), "SeatToken(..)");
    }
}
