//! The `serde` feature: the rules' vocabulary as the words people write.
//! [`San`] and [`SanPlus`] are their text (`"Nf3"`, `"Qxf7#"`),
//! [`Termination`] its name (`"checkmate"`, `"fifty_moves"`), and an
//! [`Outcome`] the small object a client wants, with the result it implies:
//! `{"result": "0-1", "winner": "black", "termination": "checkmate"}` (read
//! back from `winner` and `termination`; a `result` given must agree).
//! The board's words come with `ox88-board`'s own `serde` feature, which
//! this one turns on.
//!
//! ```
//! use ox88_board::Color;
//! use ox88_movegen::{Outcome, SanPlus, Termination};
//! let mate = Outcome::checkmate(Color::Black);
//! let text = serde_json::to_string(&mate)?;
//! assert_eq!(text, r#"{"result":"0-1","winner":"black","termination":"checkmate"}"#);
//! assert_eq!(serde_json::from_str::<Outcome>(&text)?, mate);
//! let draw: Outcome = serde_json::from_str(r#"{"winner":null,"termination":"stalemate"}"#)?;
//! assert_eq!(draw, Outcome::draw(Termination::Stalemate));
//! assert_eq!(serde_json::to_string(&"Qh4#".parse::<SanPlus>()?)?, r#""Qh4#""#);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Outcome, San, SanPlus, Termination};
use arrayvec::ArrayString;
use ox88_board::{Color, GameResult};
use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};
use std::fmt::{self, Write as _};
use std::str::FromStr;

/// Room for any SAN with its suffix (the longest, like `Qh4xe1#` or
/// `exd8=Q+`, are 7 bytes).
const SAN_LEN: usize = 12;

/// A visitor of one string, read by its `FromStr`.
struct FromStrVisitor<T>(&'static str, std::marker::PhantomData<T>);

impl<T: FromStr> Visitor<'_> for FromStrVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

/// Reads one string by `T`'s `FromStr`, whose error names the text.
fn read_text<'de, D: Deserializer<'de>, T: FromStr>(deserializer: D, expected: &'static str) -> Result<T, D::Error>
where
    T::Err: fmt::Display,
{
    deserializer.deserialize_str(FromStrVisitor::<T>(expected, std::marker::PhantomData))
}

/// `value`'s text, written on the stack (no allocation).
fn serialize_short<S: Serializer>(value: &impl fmt::Display, serializer: S) -> Result<S::Ok, S::Error> {
    let mut text = ArrayString::<SAN_LEN>::new();
    write!(text, "{value}").map_err(|_| serde::ser::Error::custom("a SAN longer than 12 bytes"))?;
    serializer.serialize_str(&text)
}

/// The move's SAN, without a check suffix: `Nf3`, `O-O`, `exd8=Q`.
impl Serialize for San {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_short(self, serializer)
    }
}

impl<'de> Deserialize<'de> for San {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<San, D::Error> {
        read_text(deserializer, "a move in SAN like \"Nf3\"")
    }
}

/// The move's SAN with its suffix: `Nf3+`, `Qxf7#`.
impl Serialize for SanPlus {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_short(self, serializer)
    }
}

impl<'de> Deserialize<'de> for SanPlus {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SanPlus, D::Error> {
        read_text(deserializer, "a move in SAN like \"Nf3+\"")
    }
}

/// The termination's name: `checkmate`, `fifty_moves`, `timeout`, ...
impl Serialize for Termination {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Termination {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Termination, D::Error> {
        read_text(deserializer, "a termination like \"checkmate\"")
    }
}

/// An outcome as written: its result, winner and termination.
#[derive(Serialize)]
#[serde(rename = "Outcome")]
struct OutcomeOut {
    result: GameResult,
    winner: Option<Color>,
    termination: Termination,
}

/// An outcome as read: the winner (null or absent for a draw) and the
/// termination; the result, if given, must be the one they make.
#[derive(Deserialize)]
#[serde(rename = "Outcome", deny_unknown_fields)]
struct OutcomeIn {
    #[serde(default)]
    result: Option<GameResult>,
    #[serde(default)]
    winner: Option<Color>,
    termination: Termination,
}

impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        OutcomeOut { result: self.result(), winner: self.winner, termination: self.termination }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Outcome, D::Error> {
        let OutcomeIn { result, winner, termination } = OutcomeIn::deserialize(deserializer)?;
        let outcome = Outcome { winner, termination };
        match result {
            Some(result) if result != outcome.result() => Err(de::Error::custom(format_args!(
                "result {result} does not match the winner {}",
                winner.map_or("null (a draw)", Color::name)
            ))),
            _ => Ok(outcome),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{from_str, to_string};

    #[test]
    fn every_outcome_reads_back_as_written() {
        for termination in Termination::ALL {
            for winner in [None, Some(Color::White), Some(Color::Black)] {
                let outcome = Outcome { winner, termination };
                let text = to_string(&outcome).expect("JSON");
                assert_eq!(from_str::<Outcome>(&text).expect("read back"), outcome, "{text}");
                assert!(text.contains(&format!("\"termination\":\"{termination}\"")), "{text}");
            }
            assert_eq!(to_string(&termination).expect("JSON"), format!("\"{}\"", termination.as_str()));
        }
    }

    #[test]
    fn an_outcome_whose_result_disagrees_is_refused() {
        let error = from_str::<Outcome>(r#"{"result":"1-0","winner":"black","termination":"checkmate"}"#)
            .expect_err("1-0 with Black winning");
        assert!(error.to_string().contains("result 1-0 does not match the winner black"), "{error}");
        assert!(from_str::<Outcome>(r#"{"winner":"white"}"#).is_err(), "no termination");
        assert!(from_str::<Outcome>(r#"{"winner":"white","termination":"mate"}"#).is_err());
        assert!(from_str::<Outcome>(r#"{"termination":"agreement","extra":1}"#).is_err());
    }

    #[test]
    fn moves_in_san_read_back_as_written() {
        for text in ["e4", "Nf3+", "O-O", "O-O-O#", "exd8=Q+", "Qh4xe1#", "Nbd2"] {
            let san: SanPlus = text.parse().expect("SAN");
            assert_eq!(to_string(&san).expect("JSON"), format!("\"{text}\""));
            assert_eq!(from_str::<SanPlus>(&format!("\"{text}\"")).expect("read back"), san);
        }
        assert_eq!(to_string(&"Nf3".parse::<San>().expect("SAN")).expect("JSON"), "\"Nf3\"");
        let error = from_str::<SanPlus>("\"Nf9\"").expect_err("no square f9").to_string();
        assert!(error.contains("Nf9"), "{error}");
        assert!(from_str::<Termination>("\"Checkmate\"").is_err());
    }
}
