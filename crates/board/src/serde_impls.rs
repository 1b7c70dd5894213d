//! The `serde` feature: the board's vocabulary as the words people write
//! (`"white"`, `"knight"`, `"e4"`, `"e7e8q"`, `"1-0"`, `"kingside"`), and
//! [`Piece`] and [`ByColor`] as small objects (`{"color": "white", "role":
//! "knight"}`, `{"white": …, "black": …}`), and a [`Score`] as centipawns or
//! moves to mate, `{"cp": 34, "mate": null}` or `{"cp": null, "mate": -2}`.
//! Each reads back what it writes and refuses anything else, naming it.
//!
//! [`Move`](crate::Move) has no encoding: its kind (castling, en passant)
//! and its UCI text depend on the position, so a position-free text could
//! not be read back; send a [`UciMove`] (or SAN, with `ox88-movegen`).
//!
//! ```
//! use ox88_board::{ByColor, CastlingSide, Color, GameResult, Piece, Role, Score, Square, UciMove};
//! use serde_json::to_string as json;
//! assert_eq!(json(&Color::White)?, r#""white""#);
//! assert_eq!(json(&Role::Knight)?, r#""knight""#);
//! assert_eq!(json(&Square::E4)?, r#""e4""#);
//! assert_eq!(json(&"e7e8q".parse::<UciMove>()?)?, r#""e7e8q""#);
//! assert_eq!(json(&GameResult::Draw)?, r#""1/2-1/2""#);
//! assert_eq!(json(&CastlingSide::Long)?, r#""queenside""#);
//! assert_eq!(json(&Piece::new(Color::Black, Role::Queen))?, r#"{"color":"black","role":"queen"}"#);
//! assert_eq!(json(&ByColor::new(3, 5))?, r#"{"white":3,"black":5}"#);
//! assert_eq!(json(&Score::mate_in(3))?, r#"{"cp":null,"mate":2}"#);
//! let side: CastlingSide = serde_json::from_str(r#""kingside""#)?;
//! assert_eq!(side, CastlingSide::Short);
//! assert!(serde_json::from_str::<Square>(r#""e9""#).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{ByColor, CastlingSide, Color, GameResult, Piece, Role, Score, Square, UciMove};
use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};
use std::fmt::{self, Write as _};

/// A text of at most `N` bytes, on the stack: what a square or a UCI move
/// is written into before it is serialized, so that writing allocates
/// nothing.
struct Text<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> Text<N> {
    fn of(value: &impl fmt::Display) -> Text<N> {
        let mut text = Text { bytes: [0; N], len: 0 };
        // Our texts fit: a square is 2 bytes, a UCI move at most 5.
        write!(text, "{value}").expect("the text fits");
        text
    }

    fn as_str(&self) -> &str {
        // Only whole `str`s are written in.
        std::str::from_utf8(&self.bytes[..self.len]).expect("UTF-8")
    }
}

impl<const N: usize> fmt::Write for Text<N> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// A visitor of one string, read by `parse`; `expected` says what it
/// wanted ("a square like \"e4\"").
struct TextVisitor<F> {
    expected: &'static str,
    parse: F,
}

impl<T, F: FnOnce(&str) -> Option<T>> Visitor<'_> for TextVisitor<F> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expected)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        (self.parse)(text).ok_or_else(|| E::invalid_value(de::Unexpected::Str(text), &self.expected))
    }
}

/// Reads one string with `parse`.
fn read_text<'de, D: Deserializer<'de>, T>(
    deserializer: D,
    expected: &'static str,
    parse: impl FnOnce(&str) -> Option<T>,
) -> Result<T, D::Error> {
    deserializer.deserialize_str(TextVisitor { expected, parse })
}

/// `white` or `black`.
impl Serialize for Color {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Color, D::Error> {
        read_text(deserializer, "a colour: \"white\" or \"black\"", |text| {
            Color::ALL.into_iter().find(|color| color.name() == text)
        })
    }
}

/// `pawn`, `knight`, `bishop`, `rook`, `queen` or `king`.
impl Serialize for Role {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Role {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Role, D::Error> {
        read_text(deserializer, "a role: \"pawn\", \"knight\", \"bishop\", \"rook\", \"queen\" or \"king\"", |text| {
            Role::ALL.into_iter().find(|role| role.name() == text)
        })
    }
}

/// `kingside` or `queenside`, the words of the people who castle.
impl Serialize for CastlingSide {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for CastlingSide {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CastlingSide, D::Error> {
        read_text(deserializer, "a castling side: \"kingside\" or \"queenside\"", |text| {
            CastlingSide::ALL.into_iter().find(|side| side.name() == text)
        })
    }
}

/// A square's name in lower case: `e4`.
impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(Text::<2>::of(self).as_str())
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        read_text(deserializer, "a square like \"e4\"", |text| text.parse().ok())
    }
}

/// UCI's text: `e2e4`, `e7e8q`, `0000` for the null move.
impl Serialize for UciMove {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(Text::<5>::of(self).as_str())
    }
}

impl<'de> Deserialize<'de> for UciMove {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<UciMove, D::Error> {
        read_text(deserializer, "a UCI move like \"e2e4\" or \"e7e8q\"", |text| text.parse().ok())
    }
}

/// PGN's marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
impl Serialize for GameResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameResult, D::Error> {
        read_text(deserializer, "a result: \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\"", |text| {
            GameResult::ALL.into_iter().find(|result| result.as_str() == text)
        })
    }
}

/// A piece as a small object, `{"color": "white", "role": "knight"}`.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Piece", deny_unknown_fields)]
struct PieceFields {
    color: Color,
    role: Role,
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PieceFields { color: self.color(), role: self.role() }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Piece, D::Error> {
        let PieceFields { color, role } = PieceFields::deserialize(deserializer)?;
        Ok(Piece::new(color, role))
    }
}

/// White's and Black's values as an object, `{"white": …, "black": …}`.
#[derive(Serialize, Deserialize)]
#[serde(rename = "ByColor", deny_unknown_fields)]
struct ByColorFields<T> {
    white: T,
    black: T,
}

impl<T: Serialize> Serialize for ByColor<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ByColorFields { white: &self.white, black: &self.black }.serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ByColor<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ByColor<T>, D::Error> {
        let ByColorFields { white, black } = ByColorFields::deserialize(deserializer)?;
        Ok(ByColor { white, black })
    }
}

/// A score as written and read: centipawns or moves to mate, the other
/// null (or, when read, absent: `{"cp": 34}` as lichess writes it).
#[derive(Serialize, Deserialize)]
#[serde(rename = "Score", deny_unknown_fields)]
struct ScoreFields {
    #[serde(default)]
    cp: Option<i32>,
    #[serde(default)]
    mate: Option<i32>,
}

/// Centipawns (`{"cp": 34, "mate": null}`), or moves to mate as
/// [`Score::mate_moves`] counts them (`{"cp": null, "mate": -2}`: the side
/// the score is seen from is mated in 2), as UCI's `score cp` and `score
/// mate` say it. Mates are written in moves, not plies, and read back as
/// [`Score::from_mate_moves`] gives them, which is the score written when
/// an engine reported it (a mate of its own in an odd number of plies).
impl Serialize for Score {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.raw().unsigned_abs() > Score::MATE.raw().unsigned_abs() {
            let message = format_args!("{} is beyond ±MATE: a search window's bound, not a score", self.raw());
            return Err(serde::ser::Error::custom(message));
        }
        let (cp, mate) = match self.mate_moves() {
            Some(moves) => (None, Some(moves)),
            None => (Some(self.raw()), None),
        };
        ScoreFields { cp, mate }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Score {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Score, D::Error> {
        let (max_cp, max_mate) = (Score::MATE_BOUND.raw() - 1, Score::MAX_MATE_MOVES);
        match ScoreFields::deserialize(deserializer)? {
            ScoreFields { cp: Some(cp), mate: None } if (-max_cp..=max_cp).contains(&cp) => Ok(Score::cp(cp)),
            ScoreFields { cp: Some(cp), mate: None } => {
                Err(de::Error::custom(format_args!("{cp} centipawns is beyond ±{max_cp}, where mate scores begin")))
            }
            ScoreFields { cp: None, mate: Some(moves) } if (-max_mate..=max_mate).contains(&moves) => {
                Ok(Score::from_mate_moves(moves))
            }
            ScoreFields { cp: None, mate: Some(moves) } => {
                Err(de::Error::custom(format_args!("a mate in {moves} moves is beyond ±{max_mate}")))
            }
            ScoreFields { cp: Some(cp), mate: Some(moves) } => {
                Err(de::Error::custom(format_args!("a score is cp or mate, not both (cp {cp}, mate {moves})")))
            }
            ScoreFields { cp: None, mate: None } => Err(de::Error::custom("a score needs cp or mate")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{from_str, to_string};

    /// `value` written and read back.
    fn round_trip<T: Serialize + for<'de> Deserialize<'de> + PartialEq + fmt::Debug>(value: T) -> String {
        let text = to_string(&value).expect("JSON");
        assert_eq!(from_str::<T>(&text).expect("read back"), value, "{text}");
        text
    }

    #[test]
    fn every_value_reads_back_as_written() {
        assert_eq!(Color::ALL.map(round_trip), [r#""white""#, r#""black""#]);
        for role in Role::ALL {
            assert_eq!(round_trip(role), format!("\"{}\"", role.name()));
        }
        assert_eq!(CastlingSide::ALL.map(round_trip), [r#""kingside""#, r#""queenside""#]);
        for square in Square::all() {
            assert_eq!(round_trip(square), format!("\"{square}\""));
        }
        for result in GameResult::ALL {
            assert_eq!(round_trip(result), format!("\"{result}\""));
        }
        for text in ["e2e4", "e7e8q", "a2a1n", "e1h1", "0000"] {
            assert_eq!(round_trip(text.parse::<UciMove>().expect("UCI")), format!("\"{text}\""));
        }
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                assert_eq!(round_trip(piece), format!(r#"{{"color":"{}","role":"{}"}}"#, color.name(), role.name()));
            }
        }
        assert_eq!(round_trip(ByColor::new(Some(Square::A1), None)), r#"{"white":"a1","black":null}"#);
    }

    #[test]
    fn scores_are_centipawns_or_moves_to_mate() {
        assert_eq!(round_trip(Score::cp(-34)), r#"{"cp":-34,"mate":null}"#);
        assert_eq!(round_trip(Score::ZERO), r#"{"cp":0,"mate":null}"#);
        let edge = Score::MATE_BOUND.raw() - 1;
        assert_eq!(round_trip(Score::cp(edge)), format!(r#"{{"cp":{edge},"mate":null}}"#));
        // Mates as an engine reports them read back to the same score.
        assert_eq!(round_trip(Score::mate_in(3)), r#"{"cp":null,"mate":2}"#);
        assert_eq!(round_trip(Score::mated_in(4)), r#"{"cp":null,"mate":-2}"#);
        assert_eq!(round_trip(Score::mated_in(0)), r#"{"cp":null,"mate":0}"#);
        assert_eq!(round_trip(Score::mate_in(Score::MAX_MATE_PLY - 1)), r#"{"cp":null,"mate":500}"#);
        assert_eq!(round_trip(Score::mated_in(Score::MAX_MATE_PLY)), r#"{"cp":null,"mate":-500}"#);
        // Any mate reads back to one of the same moves, so its text is the same.
        for plies in 0..=Score::MAX_MATE_PLY {
            for score in [Score::mate_in(plies), Score::mated_in(plies)] {
                let text = to_string(&score).expect("JSON");
                let read: Score = from_str(&text).expect("read back");
                assert_eq!((read.mate_moves(), to_string(&read).expect("JSON")), (score.mate_moves(), text));
            }
        }
        // lichess writes only the field it has.
        assert_eq!(from_str::<Score>(r#"{"cp":18}"#).expect("cp alone"), Score::cp(18));
        assert_eq!(from_str::<Score>(r#"{"mate":-3}"#).expect("mate alone"), Score::mated_in(6));
        assert!(to_string(&Score::INFINITE).is_err() && to_string(&-Score::INFINITE).is_err());
        let error = to_string(&(Score::ZERO - i32::MAX - i32::MAX)).expect_err("i32::MIN").to_string();
        assert!(error.contains("-2147483648 is beyond ±MATE"), "{error}");
    }

    #[test]
    fn anything_else_is_refused_by_name() {
        for (bad, says) in [
            (r#"{"cp":1,"mate":2}"#, "cp or mate, not both (cp 1, mate 2)"),
            (r#"{"cp":null,"mate":null}"#, "needs cp or mate"),
            (r#"{}"#, "needs cp or mate"),
            (r#"{"cp":31000}"#, "31000 centipawns is beyond ±30999"),
            (r#"{"mate":-501}"#, "a mate in -501 moves is beyond ±500"),
            (r#"{"mate":-2147483648}"#, "a mate in -2147483648 moves is beyond"),
            (r#"{"cp":-2147483648}"#, "-2147483648 centipawns is beyond"),
            (r#"{"cp":1.5}"#, "floating point `1.5`"),
            (r#"{"cp":1,"depth":3}"#, "unknown field `depth`"),
            (r#""+0.34""#, "string \"+0.34\""),
        ] {
            let error = from_str::<Score>(bad).expect_err(bad).to_string();
            assert!(error.contains(says), "{bad}: {error}");
        }
        for (bad, says) in
            [(r#""White""#, "\"White\""), (r#""w""#, "\"w\""), (r#"0"#, "integer `0`"), (r#"null"#, "null")]
        {
            let error = from_str::<Color>(bad).expect_err(bad).to_string();
            assert!(error.contains(says) && error.contains("\"white\" or \"black\""), "{bad}: {error}");
        }
        for bad in [r#""E4""#, r#""e9""#, r#""e44""#, r#""""#] {
            assert!(from_str::<Square>(bad).expect_err(bad).to_string().contains("a square like"), "{bad}");
        }
        for bad in [r#""e2e4k""#, r#""e2""#, r#""Nf3""#] {
            assert!(from_str::<UciMove>(bad).is_err(), "{bad}");
        }
        for bad in [r#""Knight""#, r#""n""#] {
            assert!(from_str::<Role>(bad).is_err(), "{bad}");
        }
        for bad in [r#""short""#, r#""O-O""#] {
            assert!(from_str::<CastlingSide>(bad).is_err(), "{bad}");
        }
        for bad in [r#""1/2""#, r#""1-1""#] {
            assert!(from_str::<GameResult>(bad).is_err(), "{bad}");
        }
        assert!(from_str::<Piece>(r#"{"color":"white"}"#).is_err());
        assert!(from_str::<Piece>(r#"{"color":"white","role":"king","x":1}"#).is_err());
        assert!(from_str::<ByColor<u8>>(r#"{"white":1}"#).is_err());
        assert!(from_str::<ByColor<u8>>(r#"[1,2]"#).is_ok(), "serde reads a struct from a sequence too");
    }
}
