//! Engine-to-GUI UCI messages: [`UciMessage`] formatted for the wire and
//! parsed back (for tests, and for programs that drive UCI engines).

use crate::options::EMPTY_STRING;
use crate::words::{rest, span, words, Word};
use crate::{Bound, OptionKind, OptionSpec, ScoreInfo};
use ox88_board::UciMove;
use std::fmt;
use std::str::FromStr;

/// A message from a UCI engine to the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciMessage {
    /// `id name NAME`.
    IdName(String),
    /// `id author AUTHOR`.
    IdAuthor(String),
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `bestmove MOVE [ponder MOVE]`; `0000` when there is no legal move.
    BestMove {
        /// The move to play.
        best: UciMove,
        /// The expected reply.
        ponder: Option<UciMove>,
    },
    /// `info ...`.
    Info(UciInfo),
    /// `option name NAME type ...`.
    Option(OptionSpec),
}

/// The fields of an `info` line; absent fields are not written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UciInfo {
    /// `depth`.
    pub depth: Option<u32>,
    /// `seldepth`.
    pub seldepth: Option<u32>,
    /// `multipv`.
    pub multipv: Option<u32>,
    /// `score cp|mate N`.
    pub score: Option<ScoreInfo>,
    /// `lowerbound` / `upperbound` after the score.
    pub bound: Bound,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `nps`.
    pub nps: Option<u64>,
    /// `hashfull`, in permille.
    pub hashfull: Option<u32>,
    /// `tbhits`.
    pub tbhits: Option<u64>,
    /// `time`, in milliseconds.
    pub time: Option<u64>,
    /// `pv`.
    pub pv: Vec<UciMove>,
    /// `currmove`.
    pub currmove: Option<UciMove>,
    /// `currmovenumber`.
    pub currmovenumber: Option<u32>,
    /// `string`: the rest of the line.
    pub string: Option<String>,
}

impl UciInfo {
    /// An `info string TEXT` line (line breaks in `text` become spaces, so
    /// it stays one line).
    pub fn string(text: &str) -> UciInfo {
        UciInfo { string: Some(one_line(text)), ..UciInfo::default() }
    }
}

/// `text` with every line break replaced by a space.
pub(crate) fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

/// Why a line is not a UCI engine message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid UCI engine message {line:?}: {reason}")]
pub struct ParseUciMessageError {
    /// The line.
    pub line: String,
    /// What is wrong.
    pub reason: &'static str,
}

impl ParseUciMessageError {
    /// Whether the line was meant as `bestmove` (a move the engine played,
    /// malformed).
    pub fn is_best_move(&self) -> bool {
        self.first_word() == Some("bestmove")
    }
    /// Whether the line was meant as `info`.
    pub fn is_info(&self) -> bool {
        self.first_word() == Some("info")
    }
    /// Whether the line was meant as `option`.
    pub fn is_option(&self) -> bool {
        self.first_word() == Some("option")
    }
    fn first_word(&self) -> Option<&str> {
        self.line.split_whitespace().next()
    }
}

impl fmt::Display for UciMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMessage::IdName(name) => write!(f, "id name {name}"),
            UciMessage::IdAuthor(author) => write!(f, "id author {author}"),
            UciMessage::UciOk => f.write_str("uciok"),
            UciMessage::ReadyOk => f.write_str("readyok"),
            UciMessage::BestMove { best, ponder } => {
                write!(f, "bestmove {best}")?;
                match ponder {
                    Some(p) => write!(f, " ponder {p}"),
                    None => Ok(()),
                }
            }
            UciMessage::Info(info) => write!(f, "info{info}"),
            UciMessage::Option(spec) => write!(f, "option name {} type {}", spec.name, UciOptionKind(&spec.kind)),
        }
    }
}

/// The fields, each preceded by a space; `string` last, as it takes the
/// rest of the line.
impl fmt::Display for UciInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let numbers = [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("multipv", self.multipv.map(u64::from)),
        ];
        for (key, value) in numbers {
            if let Some(v) = value {
                write!(f, " {key} {v}")?;
            }
        }
        if let Some(score) = self.score {
            write!(f, " score {score}")?;
            match self.bound {
                Bound::Exact => {}
                Bound::Lower => f.write_str(" lowerbound")?,
                Bound::Upper => f.write_str(" upperbound")?,
            }
        }
        let numbers = [
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("hashfull", self.hashfull.map(u64::from)),
            ("tbhits", self.tbhits),
            ("time", self.time),
        ];
        for (key, value) in numbers {
            if let Some(v) = value {
                write!(f, " {key} {v}")?;
            }
        }
        if let Some(m) = self.currmove {
            write!(f, " currmove {m}")?;
        }
        if let Some(n) = self.currmovenumber {
            write!(f, " currmovenumber {n}")?;
        }
        if !self.pv.is_empty() {
            f.write_str(" pv")?;
            for m in &self.pv {
                write!(f, " {m}")?;
            }
        }
        if let Some(text) = &self.string {
            write!(f, " string {text}")?;
        }
        Ok(())
    }
}

struct UciOptionKind<'a>(&'a OptionKind);

impl fmt::Display for UciOptionKind<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Spin { default, min, max } => write!(f, "spin default {default} min {min} max {max}"),
            OptionKind::Combo { default, choices } => {
                write!(f, "combo default {default}")?;
                for choice in choices {
                    write!(f, " var {choice}")?;
                }
                Ok(())
            }
            OptionKind::Button => f.write_str("button"),
            OptionKind::String { default } if default.is_empty() => write!(f, "string default {EMPTY_STRING}"),
            OptionKind::String { default } => write!(f, "string default {default}"),
        }
    }
}

impl FromStr for UciMessage {
    type Err = ParseUciMessageError;
    fn from_str(line: &str) -> Result<UciMessage, ParseUciMessageError> {
        let err = |reason| ParseUciMessageError { line: line.to_owned(), reason };
        let all = words(line);
        let word = |i: usize| all.get(i).map(|w| w.text);
        match word(0) {
            Some("id") => match word(1) {
                Some("name") => Ok(UciMessage::IdName(rest(line, &all, 2).to_owned())),
                Some("author") => Ok(UciMessage::IdAuthor(rest(line, &all, 2).to_owned())),
                _ => Err(err("id takes name or author")),
            },
            Some("uciok") => Ok(UciMessage::UciOk),
            Some("readyok") => Ok(UciMessage::ReadyOk),
            Some("bestmove") => {
                // Engines without a legal move write "(none)" (Stockfish) or "0000".
                let best = match word(1).ok_or(err("bestmove without a move"))? {
                    "(none)" => UciMove::Null,
                    text => text.parse().map_err(|_| err("bad best move"))?,
                };
                let ponder = match (word(2), word(3)) {
                    (Some("ponder"), Some(m)) => Some(m.parse().map_err(|_| err("bad ponder move"))?),
                    (None, _) => None,
                    _ => return Err(err("expected ponder MOVE")),
                };
                Ok(UciMessage::BestMove { best, ponder })
            }
            Some("info") => parse_info(line, &all[1..]).map(UciMessage::Info).map_err(err),
            Some("option") => parse_option(line, &all[1..]).map(UciMessage::Option).map_err(err),
            _ => Err(err("unknown message")),
        }
    }
}

fn parse_info(line: &str, args: &[Word<'_>]) -> Result<UciInfo, &'static str> {
    let mut info = UciInfo::default();
    let mut i = 0;
    let num = |i: usize| args.get(i).and_then(|w| w.text.parse::<u64>().ok()).ok_or("bad number");
    while i < args.len() {
        let key = args[i].text;
        i += 1;
        match key {
            "depth" => info.depth = Some(num(i)? as u32),
            "seldepth" => info.seldepth = Some(num(i)? as u32),
            "multipv" => info.multipv = Some(num(i)? as u32),
            "hashfull" => info.hashfull = Some(num(i)? as u32),
            "currmovenumber" => info.currmovenumber = Some(num(i)? as u32),
            "nodes" => info.nodes = Some(num(i)?),
            "nps" => info.nps = Some(num(i)?),
            "tbhits" => info.tbhits = Some(num(i)?),
            "time" => info.time = Some(num(i)?),
            "currmove" => info.currmove = Some(args.get(i).ok_or("no move")?.text.parse().map_err(|_| "bad move")?),
            "score" => {
                let value = args.get(i + 1).and_then(|w| w.text.parse::<i32>().ok()).ok_or("bad score")?;
                info.score = Some(match args[i].text {
                    "cp" => ScoreInfo::Cp(value),
                    "mate" => ScoreInfo::Mate(value),
                    _ => return Err("score takes cp or mate"),
                });
                i += 2;
                info.bound = match args.get(i).map(|w| w.text) {
                    Some("lowerbound") => Bound::Lower,
                    Some("upperbound") => Bound::Upper,
                    _ => continue,
                };
            }
            "pv" => {
                while let Some(Ok(m)) = args.get(i).map(|w| w.text.parse::<UciMove>()) {
                    info.pv.push(m);
                    i += 1;
                }
                continue;
            }
            "string" => {
                info.string = Some(rest(line, args, i).to_owned());
                break;
            }
            _ => continue, // fields this type does not model (cpuload, refutation...) are skipped
        }
        i += 1;
    }
    Ok(info)
}

fn parse_option(line: &str, args: &[Word<'_>]) -> Result<OptionSpec, &'static str> {
    let type_at = args.iter().position(|w| w.text == "type").ok_or("option without type")?;
    if args.first().map(|w| w.text) != Some("name") || type_at < 2 {
        return Err("option without name");
    }
    let name = span(line, args, 1, type_at).to_owned();
    // "option name X type" with nothing after: no fields (and no type).
    let fields = args.get(type_at + 2..).unwrap_or_default();
    // The text after keyword `key` up to the next keyword.
    let keywords = ["default", "min", "max", "var"];
    let field = |key: &str| -> Option<String> {
        let at = fields.iter().position(|w| w.text == key)?;
        let end = fields[at + 1..].iter().position(|w| keywords.contains(&w.text)).map_or(fields.len(), |e| at + 1 + e);
        Some(span(line, fields, at + 1, end).to_owned())
    };
    let int = |key: &str| field(key).and_then(|v| v.parse::<i64>().ok()).ok_or("bad spin field");
    let kind = match args.get(type_at + 1).map(|w| w.text) {
        Some("check") => OptionKind::Check {
            default: match field("default").as_deref() {
                Some("true") => true,
                Some("false") => false,
                _ => return Err("check default must be true or false"),
            },
        },
        Some("spin") => OptionKind::Spin { default: int("default")?, min: int("min")?, max: int("max")? },
        Some("button") => OptionKind::Button,
        Some("string") => {
            let at = fields.iter().position(|w| w.text == "default").ok_or("string without default")?;
            let default = rest(line, fields, at + 1);
            OptionKind::String { default: if default == EMPTY_STRING { String::new() } else { default.to_owned() } }
        }
        Some("combo") => {
            let mut choices = Vec::new();
            for (at, _) in fields.iter().enumerate().filter(|(_, w)| w.text == "var") {
                let end = fields[at + 1..]
                    .iter()
                    .position(|w| keywords.contains(&w.text))
                    .map_or(fields.len(), |e| at + 1 + e);
                choices.push(span(line, fields, at + 1, end).to_owned());
            }
            OptionKind::Combo { default: field("default").ok_or("combo without default")?, choices }
        }
        _ => return Err("unknown option type"),
    };
    Ok(OptionSpec { name, kind })
}
