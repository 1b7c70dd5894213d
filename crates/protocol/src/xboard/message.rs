//! Engine-to-GUI CECP messages: [`XbMessage`] formatted for the wire and
//! parsed back.

use crate::words::{rest, words};
use crate::xboard::XbMove;
use ox88_board::GameResult;
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
pub struct ParseXbMessageError {
    /// The line.
    pub line: String,
    /// What is wrong.
    pub reason: &'static str,
}

impl ParseXbMessageError {
    /// Whether the line was meant as `feature` (malformed pairs).
    pub fn is_feature(&self) -> bool {
        without_prompt(&self.line).split_whitespace().next() == Some("feature")
    }
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
    type Err = ParseXbMessageError;
    fn from_str(full: &str) -> Result<XbMessage, ParseXbMessageError> {
        let err = |reason| ParseXbMessageError { line: full.to_owned(), reason };
        let line = without_prompt(full);
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
            // Older engines announce their move as "12. ... e7e5" (GNU Chess 6 also as
            // "My move is : e7e5"): read as `move`, written back in today's form.
            _ if first != "move" && announced_move(line).is_some() => {
                XbMessage::Move(announced_move(line).unwrap_or_default().parse().map_err(|_| err("bad move"))?)
            }
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

/// The move of an engine's move announcement, in any of the forms engines
/// use: "move e2e4", the older "12. ... e2e4", and GNU Chess 6's "My move is :
/// e2e4" (after its prompt, see below). The text is returned as written, for
/// engines that announce moves in SAN, which [`XbMove`] does not read; see
/// [`read_move`](crate::xboard::read_move).
///
/// ```
/// use ox88_protocol::xboard::announced_move;
/// assert_eq!(announced_move("move Nf3"), Some("Nf3"));
/// assert_eq!(announced_move("7. ... Bb4+"), Some("Bb4+"));
/// assert_eq!(announced_move("White (3) : My move is : Nc3"), Some("Nc3"));
/// assert_eq!(announced_move("1. e2e4"), None);
/// ```
pub fn announced_move(line: &str) -> Option<&str> {
    let line = without_prompt(line).trim();
    if let Some(text) = line.strip_prefix("My move is") {
        let text = text.trim_start().trim_start_matches(':').trim();
        return (!text.is_empty() && !text.contains(char::is_whitespace)).then_some(text);
    }
    let all: Vec<&str> = line.split_whitespace().collect();
    match all[..] {
        ["move", text] => Some(text),
        [number, "...", text]
            if number.ends_with('.') && number[..number.len() - 1].bytes().all(|b| b.is_ascii_digit()) =>
        {
            Some(text)
        }
        _ => None,
    }
}

/// `line` without the prompt GNU Chess 6 puts before its output once it
/// has left analysis mode ("White (3) : pong 6"); any other line as it is.
/// [`XbMessage`]'s parser and [`announced_move`] strip it already: this is
/// for a reader that looks at the line's words itself.
///
/// ```
/// use ox88_protocol::xboard::without_prompt;
/// assert_eq!(without_prompt("White (3) : move e7e5"), "move e7e5");
/// assert_eq!(without_prompt("Black (12) : pong 6"), "pong 6");
/// assert_eq!(without_prompt("White (x) : move e7e5"), "White (x) : move e7e5");
/// assert_eq!(without_prompt("move e2e4"), "move e2e4");
/// ```
pub fn without_prompt(line: &str) -> &str {
    let trimmed = line.trim_start();
    let after_side = trimmed.strip_prefix("White (").or_else(|| trimmed.strip_prefix("Black ("));
    let rest = after_side.and_then(|r| r.split_once(") : ")).filter(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()));
    rest.map_or(line, |(_, text)| text)
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
