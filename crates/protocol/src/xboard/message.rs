//! Engine-to-GUI CECP messages: [`XbMessage`] formatted for the wire and
//! parsed back.

use crate::words::{rest, words};
use crate::xboard::{GameResult, XbMove};
use std::fmt;
use std::str::FromStr;

/// A message from the engine to an XBoard-protocol GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XbMessage {
    /// `feature NAME=VALUE ...`.
    Feature(Vec<Feature>),
    /// `move MOVE`.
    Move(XbMove),
    /// `pong N`.
    Pong(i64),
    /// Thinking output: `PLY SCORE TIME NODES PV`.
    Thinking(Thinking),
    /// `RESULT {COMMENT}`: the engine claims the game's result.
    Result {
        /// The result.
        result: GameResult,
        /// Why, e.g. "White mates".
        comment: String,
    },
    /// `resign`.
    Resign,
    /// `offer draw`.
    OfferDraw,
    /// `Illegal move: MOVE` or `Illegal move (REASON): MOVE`.
    IllegalMove {
        /// The move text as received.
        text: String,
        /// Why, if said.
        reason: Option<String>,
    },
    /// `Error (KIND): COMMAND`.
    Error {
        /// What is wrong, e.g. "unknown command".
        kind: String,
        /// The command as received.
        command: String,
    },
    /// `Hint: MOVE`.
    Hint(XbMove),
    /// `telluser TEXT`.
    TellUser(String),
    /// `# TEXT`: a comment the GUI ignores (debug output).
    Comment(String),
    /// `stat01: TIME NODES PLY LEFT TOTAL MOVE`: the analysis status.
    Stat01(Stat01),
}

/// One `feature` pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feature {
    /// The feature's name.
    pub name: String,
    /// Its value.
    pub value: FeatureValue,
}

/// A feature's value: a number or quoted text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FeatureValue {
    /// A number (0 or 1 for booleans).
    Int(i64),
    /// Text, written in double quotes (so it cannot contain one).
    Text(String),
}

impl Feature {
    /// A numeric or boolean feature.
    pub fn int(name: &str, value: i64) -> Feature {
        Feature { name: name.to_owned(), value: FeatureValue::Int(value) }
    }
    /// A text feature; double quotes in `value` become single ones.
    pub fn text(name: &str, value: &str) -> Feature {
        Feature { name: name.to_owned(), value: FeatureValue::Text(value.replace('"', "'")) }
    }
}

/// A line of thinking output.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Thinking {
    /// The depth in plies.
    pub ply: u32,
    /// The score in centipawns, mates as ±(100000 + moves) (see [`ScoreInfo::to_cecp`](crate::ScoreInfo::to_cecp)).
    pub score: i32,
    /// Time searched, in centiseconds.
    pub centis: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation, as free text.
    pub pv: String,
}

/// The fields of a `stat01` line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stat01 {
    /// Time searched, in centiseconds.
    pub centis: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// The depth in plies.
    pub ply: u32,
    /// Root moves left to search at this depth.
    pub moves_left: u32,
    /// Root moves in all.
    pub moves_total: u32,
    /// The root move being searched, if known.
    pub current: Option<String>,
}

/// Why a line is not a CECP engine message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid CECP engine message {line:?}: {reason}")]
pub struct XbMessageError {
    /// The line.
    pub line: String,
    /// What is wrong.
    pub reason: &'static str,
}

impl fmt::Display for FeatureValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FeatureValue::Int(n) => write!(f, "{n}"),
            FeatureValue::Text(text) => write!(f, "\"{text}\""),
        }
    }
}

impl fmt::Display for XbMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XbMessage::Feature(features) => {
                f.write_str("feature")?;
                for feature in features {
                    write!(f, " {}={}", feature.name, feature.value)?;
                }
                Ok(())
            }
            XbMessage::Move(m) => write!(f, "move {m}"),
            XbMessage::Pong(n) => write!(f, "pong {n}"),
            XbMessage::Thinking(t) => {
                write!(f, "{} {} {} {}", t.ply, t.score, t.centis, t.nodes)?;
                if !t.pv.is_empty() {
                    write!(f, " {}", t.pv)?;
                }
                Ok(())
            }
            XbMessage::Result { result, comment } => write!(f, "{result} {{{comment}}}"),
            XbMessage::Resign => f.write_str("resign"),
            XbMessage::OfferDraw => f.write_str("offer draw"),
            XbMessage::IllegalMove { text, reason: None } => write!(f, "Illegal move: {text}"),
            XbMessage::IllegalMove { text, reason: Some(reason) } => write!(f, "Illegal move ({reason}): {text}"),
            XbMessage::Error { kind, command } => write!(f, "Error ({kind}): {command}"),
            XbMessage::Hint(m) => write!(f, "Hint: {m}"),
            XbMessage::TellUser(text) => write!(f, "telluser {text}"),
            XbMessage::Comment(text) => write!(f, "# {text}"),
            XbMessage::Stat01(s) => {
                write!(f, "stat01: {} {} {} {} {}", s.centis, s.nodes, s.ply, s.moves_left, s.moves_total)?;
                match &s.current {
                    Some(m) => write!(f, " {m}"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl FromStr for XbMessage {
    type Err = XbMessageError;
    fn from_str(line: &str) -> Result<XbMessage, XbMessageError> {
        let err = |reason| XbMessageError { line: line.to_owned(), reason };
        let all = words(line);
        let word = |i: usize| all.get(i).map(|w| w.text);
        let first = word(0).ok_or(err("empty line"))?;
        let text_from = |i: usize| rest(line, &all, i).to_owned();
        // "Illegal move: e2e5", "Illegal move (in check): e2e5", "Error (unknown command): foo".
        let labelled = |prefix: &str| -> Option<(Option<String>, String)> {
            let tail = line.trim().strip_prefix(prefix)?.trim_start();
            match tail.strip_prefix('(') {
                Some(inside) => {
                    let (label, text) = inside.split_once("):")?;
                    Some((Some(label.to_owned()), text.trim().to_owned()))
                }
                None => Some((None, tail.strip_prefix(':')?.trim().to_owned())),
            }
        };
        Ok(match first {
            "feature" => XbMessage::Feature(parse_features(&text_from(1)).ok_or(err("bad feature list"))?),
            "move" => XbMessage::Move(word(1).ok_or(err("move without a move"))?.parse().map_err(|_| err("bad move"))?),
            "pong" => XbMessage::Pong(word(1).and_then(|n| n.parse().ok()).ok_or(err("bad pong"))?),
            "resign" => XbMessage::Resign,
            "offer" if word(1) == Some("draw") => XbMessage::OfferDraw,
            "Hint:" => {
                XbMessage::Hint(word(1).ok_or(err("hint without a move"))?.parse().map_err(|_| err("bad move"))?)
            }
            "telluser" => XbMessage::TellUser(text_from(1)),
            "#" => XbMessage::Comment(text_from(1)),
            "stat01:" => {
                let num = |i| word(i).and_then(|n| n.parse::<u64>().ok()).ok_or(err("bad stat01 field"));
                XbMessage::Stat01(Stat01 {
                    centis: num(1)?,
                    nodes: num(2)?,
                    ply: num(3)? as u32,
                    moves_left: num(4)? as u32,
                    moves_total: num(5)? as u32,
                    current: word(6).map(|_| text_from(6)),
                })
            }
            "Illegal" => {
                let (reason, text) = labelled("Illegal move").ok_or(err("bad Illegal move message"))?;
                XbMessage::IllegalMove { text, reason }
            }
            "Error" => match labelled("Error").ok_or(err("bad Error message"))? {
                (Some(kind), command) => XbMessage::Error { kind, command },
                (None, _) => return Err(err("Error without a kind")),
            },
            _ => {
                if let Ok(result) = first.parse::<GameResult>() {
                    let comment = text_from(1);
                    let comment =
                        comment.strip_prefix('{').and_then(|c| c.strip_suffix('}')).ok_or(err("bad result"))?;
                    return Ok(XbMessage::Result { result, comment: comment.to_owned() });
                }
                let num = |i: usize| word(i).and_then(|n| n.parse::<i64>().ok()).ok_or(err("unknown message"));
                XbMessage::Thinking(Thinking {
                    ply: num(0)? as u32,
                    score: num(1)? as i32,
                    centis: num(2)? as u64,
                    nodes: num(3)? as u64,
                    pv: text_from(4),
                })
            }
        })
    }
}

/// `name=1 name="text" ...` as features; `None` if malformed.
fn parse_features(text: &str) -> Option<Vec<Feature>> {
    let mut features = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let (name, after) = rest.split_once('=')?;
        if name.is_empty() || name.contains(char::is_whitespace) {
            return None;
        }
        let (value, after) = if let Some(quoted) = after.strip_prefix('"') {
            let (value, after) = quoted.split_once('"')?;
            (FeatureValue::Text(value.to_owned()), after)
        } else {
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            (FeatureValue::Int(after[..end].parse().ok()?), &after[end..])
        };
        features.push(Feature { name: name.to_owned(), value });
        rest = after.trim_start();
    }
    Some(features)
}
