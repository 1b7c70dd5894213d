//! GUI-to-engine UCI commands: [`UciCommand`] parsed from a line and
//! formatted back.

use crate::words::{rest, span, words, Word};
use ox88_board::{Board, FenError, ParseUciMoveError, UciMove};
use std::fmt;
use std::str::FromStr;

/// A command from the GUI to a UCI engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciCommand {
    /// `uci`: identify yourself and list your options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok` (at once, even while searching).
    IsReady,
    /// `setoption name NAME [value VALUE]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// The value text, absent for buttons.
        value: Option<String>,
    },
    /// `register ...`: accepted and ignored (ox88 engines need no registration).
    Register,
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos|fen FEN [moves M...]`.
    Position {
        /// The start position.
        start: PositionStart,
        /// Moves played from it, not yet checked for legality.
        moves: Vec<UciMove>,
    },
    /// `go ...`: start searching.
    Go(Go),
    /// `go perft N`: count leaf nodes to depth `N`, per root move.
    Perft(u32),
    /// `stop`.
    Stop,
    /// `ponderhit`: the opponent played the pondered move.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: show the position (a de-facto extension).
    Display,
    /// `eval`: explain the static evaluation (a de-facto extension).
    Eval,
    /// `bench [DEPTH]`: run the engine's benchmark (a de-facto extension).
    Bench(Option<u32>),
}

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionStart {
    /// `startpos`.
    StartPos,
    /// `fen FEN`, already read into a board.
    Fen(Box<Board>),
}

/// The parameters of `go`. Times are in milliseconds and kept signed, as some
/// GUIs send negative clock times; the driver clamps them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `searchmoves`: restrict the search to these root moves.
    pub searchmoves: Vec<UciMove>,
    /// `ponder`: search in ponder mode.
    pub ponder: bool,
    /// `wtime`: white's clock.
    pub wtime: Option<i64>,
    /// `btime`: black's clock.
    pub btime: Option<i64>,
    /// `winc`: white's increment.
    pub winc: Option<i64>,
    /// `binc`: black's increment.
    pub binc: Option<i64>,
    /// `movestogo`: moves to the next time control.
    pub movestogo: Option<u32>,
    /// `depth`: maximum depth in plies.
    pub depth: Option<u32>,
    /// `nodes`: maximum nodes.
    pub nodes: Option<u64>,
    /// `mate`: search for a mate in this many moves.
    pub mate: Option<u32>,
    /// `movetime`: search exactly this long.
    pub movetime: Option<i64>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

/// Why a line is not a UCI command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseUciCommandError {
    /// The line has no words.
    #[error("empty line")]
    Empty,
    /// No word of the line is a command.
    #[error("unknown command: {line}")]
    UnknownCommand {
        /// The line as sent.
        line: String,
    },
    /// A parameter that needs a value has none.
    #[error("{command}: missing value for {field}")]
    MissingValue {
        /// The command.
        command: &'static str,
        /// The parameter.
        field: &'static str,
    },
    /// A value is not what its parameter takes.
    #[error("{command}: invalid {field} {value:?}")]
    InvalidValue {
        /// The command.
        command: &'static str,
        /// The parameter.
        field: &'static str,
        /// The value as sent.
        value: String,
    },
    /// A `position` FEN does not describe a playable position.
    #[error("position: invalid FEN: {0}")]
    Fen(#[from] FenError),
    /// A move is not UCI move text.
    #[error("{0}")]
    Move(#[from] ParseUciMoveError),
}

const COMMANDS: [&str; 15] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "eval",
    "bench",
    "perft",
];

impl FromStr for UciCommand {
    type Err = ParseUciCommandError;
    /// Reads one line. As the UCI specification asks, unknown words before
    /// the command are skipped ("joho debug on" is `debug on`); unknown
    /// words inside `go` are skipped too, while a known parameter with a bad
    /// value is an error.
    fn from_str(line: &str) -> Result<UciCommand, ParseUciCommandError> {
        let all = words(line);
        if all.is_empty() {
            return Err(ParseUciCommandError::Empty);
        }
        let Some(at) = all.iter().position(|w| COMMANDS.contains(&w.text)) else {
            return Err(ParseUciCommandError::UnknownCommand { line: line.trim().to_owned() });
        };
        let args = &all[at + 1..];
        let arg = |i: usize| args.get(i).map(|w| w.text);
        Ok(match all[at].text {
            "uci" => UciCommand::Uci,
            "isready" => UciCommand::IsReady,
            "register" => UciCommand::Register,
            "ucinewgame" => UciCommand::UciNewGame,
            "stop" => UciCommand::Stop,
            "ponderhit" => UciCommand::PonderHit,
            "quit" => UciCommand::Quit,
            "d" => UciCommand::Display,
            "eval" => UciCommand::Eval,
            "debug" => match arg(0) {
                Some("on") => UciCommand::Debug(true),
                Some("off") => UciCommand::Debug(false),
                None => return Err(ParseUciCommandError::MissingValue { command: "debug", field: "on|off" }),
                Some(v) => return Err(invalid("debug", "on|off", v)),
            },
            "bench" => UciCommand::Bench(arg(0).map(|v| number("bench", "depth", v)).transpose()?),
            "perft" => UciCommand::Perft(required("perft", "depth", arg(0))?),
            "setoption" => parse_setoption(line, args)?,
            "position" => parse_position(line, args)?,
            _ => parse_go(args)?,
        })
    }
}

fn invalid(command: &'static str, field: &'static str, value: &str) -> ParseUciCommandError {
    ParseUciCommandError::InvalidValue { command, field, value: value.to_owned() }
}

fn number<T: FromStr>(command: &'static str, field: &'static str, value: &str) -> Result<T, ParseUciCommandError> {
    value.parse().map_err(|_| invalid(command, field, value))
}

fn required<T: FromStr>(
    command: &'static str,
    field: &'static str,
    value: Option<&str>,
) -> Result<T, ParseUciCommandError> {
    number(command, field, value.ok_or(ParseUciCommandError::MissingValue { command, field })?)
}

fn parse_setoption(line: &str, args: &[Word<'_>]) -> Result<UciCommand, ParseUciCommandError> {
    if args.first().map(|w| w.text) != Some("name") || args.len() < 2 {
        return Err(ParseUciCommandError::MissingValue { command: "setoption", field: "name" });
    }
    let value_at = args.iter().position(|w| w.text == "value");
    let name = span(line, args, 1, value_at.unwrap_or(args.len())).to_owned();
    if name.is_empty() {
        return Err(ParseUciCommandError::MissingValue { command: "setoption", field: "name" });
    }
    let value = value_at.map(|i| rest(line, args, i + 1).to_owned());
    Ok(UciCommand::SetOption { name, value })
}

fn parse_position(line: &str, args: &[Word<'_>]) -> Result<UciCommand, ParseUciCommandError> {
    let moves_at = args.iter().position(|w| w.text == "moves").unwrap_or(args.len());
    let start = match args.first().map(|w| w.text) {
        Some("startpos") if moves_at == 1 => PositionStart::StartPos,
        Some("startpos") => return Err(invalid("position", "moves keyword", args[1].text)),
        Some("fen") => PositionStart::Fen(Box::new(Board::from_fen(span(line, args, 1, moves_at))?)),
        Some(other) => return Err(invalid("position", "start (startpos or fen)", other)),
        None => return Err(ParseUciCommandError::MissingValue { command: "position", field: "startpos or fen" }),
    };
    let moves = args.get(moves_at + 1..).unwrap_or(&[]).iter().map(|w| w.text.parse()).collect::<Result<_, _>>()?;
    Ok(UciCommand::Position { start, moves })
}

fn parse_go(args: &[Word<'_>]) -> Result<UciCommand, ParseUciCommandError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < args.len() {
        let key = args[i].text;
        let value = args.get(i + 1).map(|w| w.text);
        i += 1;
        match key {
            "ponder" => go.ponder = true,
            "infinite" => go.infinite = true,
            "searchmoves" => {
                while let Some(Ok(m)) = args.get(i).map(|w| w.text.parse::<UciMove>()) {
                    go.searchmoves.push(m);
                    i += 1;
                }
            }
            "perft" => return Ok(UciCommand::Perft(required("go perft", "depth", value)?)),
            "wtime" | "btime" | "winc" | "binc" | "movetime" => {
                let field = match key {
                    "wtime" => &mut go.wtime,
                    "btime" => &mut go.btime,
                    "winc" => &mut go.winc,
                    "binc" => &mut go.binc,
                    _ => &mut go.movetime,
                };
                *field = Some(required("go", time_name(key), value)?);
                i += 1;
            }
            "movestogo" => (go.movestogo, i) = (Some(required("go", "movestogo", value)?), i + 1),
            "depth" => (go.depth, i) = (Some(required("go", "depth", value)?), i + 1),
            "mate" => (go.mate, i) = (Some(required("go", "mate", value)?), i + 1),
            "nodes" => (go.nodes, i) = (Some(required("go", "nodes", value)?), i + 1),
            _ => {} // unknown words are skipped, as the specification asks
        }
    }
    Ok(UciCommand::Go(go))
}

fn time_name(key: &str) -> &'static str {
    match key {
        "wtime" => "wtime",
        "btime" => "btime",
        "winc" => "winc",
        "binc" => "binc",
        _ => "movetime",
    }
}

impl fmt::Display for UciCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciCommand::Uci => f.write_str("uci"),
            UciCommand::Debug(on) => write!(f, "debug {}", if *on { "on" } else { "off" }),
            UciCommand::IsReady => f.write_str("isready"),
            UciCommand::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(value) => write!(f, " value {value}"),
                    None => Ok(()),
                }
            }
            UciCommand::Register => f.write_str("register later"),
            UciCommand::UciNewGame => f.write_str("ucinewgame"),
            UciCommand::Position { start, moves } => {
                match start {
                    PositionStart::StartPos => f.write_str("position startpos")?,
                    PositionStart::Fen(board) => write!(f, "position fen {}", board.fen())?,
                }
                if !moves.is_empty() {
                    f.write_str(" moves")?;
                    for m in moves {
                        write!(f, " {m}")?;
                    }
                }
                Ok(())
            }
            UciCommand::Go(go) => write!(f, "go{go}"),
            UciCommand::Perft(depth) => write!(f, "go perft {depth}"),
            UciCommand::Stop => f.write_str("stop"),
            UciCommand::PonderHit => f.write_str("ponderhit"),
            UciCommand::Quit => f.write_str("quit"),
            UciCommand::Display => f.write_str("d"),
            UciCommand::Eval => f.write_str("eval"),
            UciCommand::Bench(None) => f.write_str("bench"),
            UciCommand::Bench(Some(depth)) => write!(f, "bench {depth}"),
        }
    }
}

/// The parameters, each preceded by a space (so `go` alone is `""`).
impl fmt::Display for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ponder {
            f.write_str(" ponder")?;
        }
        let numbers = [
            ("wtime", self.wtime),
            ("btime", self.btime),
            ("winc", self.winc),
            ("binc", self.binc),
            ("movestogo", self.movestogo.map(i64::from)),
            ("depth", self.depth.map(i64::from)),
            ("mate", self.mate.map(i64::from)),
            ("movetime", self.movetime),
        ];
        for (key, value) in numbers {
            if let Some(v) = value {
                write!(f, " {key} {v}")?;
            }
        }
        if let Some(nodes) = self.nodes {
            write!(f, " nodes {nodes}")?;
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        if !self.searchmoves.is_empty() {
            f.write_str(" searchmoves")?;
            for m in &self.searchmoves {
                write!(f, " {m}")?;
            }
        }
        Ok(())
    }
}
