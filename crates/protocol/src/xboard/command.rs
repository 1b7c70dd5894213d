//! GUI-to-engine CECP (XBoard protocol version 2) commands: [`XbCommand`]
//! parsed from a line and formatted back.

use crate::words::{rest, words};
use crate::xboard::XbMove;
use crate::TimeControl;
use ox88_board::GameResult;
use ox88_board::{Board, FenError};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A command from an XBoard-protocol GUI to the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XbCommand {
    /// `xboard`: switch to XBoard mode.
    Xboard,
    /// `protover N`: answer with `feature ...`.
    Protover(u32),
    /// `accepted FEATURE`.
    Accepted(String),
    /// `rejected FEATURE`.
    Rejected(String),
    /// `new`: a new game from the start position, engine plays black.
    New,
    /// `variant NAME`.
    Variant(String),
    /// `quit`.
    Quit,
    /// `random`: accepted and ignored.
    Random,
    /// `force`: the engine plays neither side.
    Force,
    /// `go`: the engine plays the side to move and starts thinking.
    Go,
    /// `playother`: the engine plays the side not to move.
    PlayOther,
    /// `white`: white to move, engine plays black (old protocol).
    White,
    /// `black`: black to move, engine plays white (old protocol).
    Black,
    /// `level MPS BASE INC`.
    Level(TimeControl),
    /// `st TIME`: a fixed time per move.
    St(Duration),
    /// `sd DEPTH`: a depth limit.
    Sd(u32),
    /// `nps N`: count time by nodes.
    Nps(u64),
    /// `time N`: the engine's clock, in centiseconds.
    Time(i64),
    /// `otim N`: the opponent's clock, in centiseconds.
    Otim(i64),
    /// `usermove MOVE` (or a bare move): the opponent's move.
    UserMove(XbMove),
    /// `?`: move now.
    MoveNow,
    /// `ping N`.
    Ping(i64),
    /// `draw`: the opponent offers a draw.
    Draw,
    /// `result RESULT {COMMENT}`: the game is over.
    Result {
        /// The result.
        result: GameResult,
        /// The comment, without braces.
        comment: String,
    },
    /// `setboard FEN`.
    SetBoard(Box<Board>),
    /// `edit`: enter edit mode (the following lines are [`EditCommand`](crate::xboard::EditCommand)s).
    Edit,
    /// `hint`.
    Hint,
    /// `bk`: book moves (the engine has none).
    Bk,
    /// `undo`: take back one ply.
    Undo,
    /// `remove`: take back two plies.
    Remove,
    /// `hard`: pondering on.
    Hard,
    /// `easy`: pondering off.
    Easy,
    /// `post`: show thinking.
    Post,
    /// `nopost`: do not show thinking.
    NoPost,
    /// `analyze`: enter analysis mode.
    Analyze,
    /// `exit`: leave analysis mode.
    Exit,
    /// `.`: send an analysis status line.
    Status,
    /// `name X`: the opponent's name.
    Name(String),
    /// `rating ENGINE OPPONENT`.
    Rating(i32, i32),
    /// `ics HOST`.
    Ics(String),
    /// `computer`: the opponent is a computer.
    Computer,
    /// `pause`.
    Pause,
    /// `resume`.
    Resume,
    /// `memory MB`: the hash size.
    Memory(u64),
    /// `cores N`: the number of threads.
    Cores(u32),
    /// `egtpath TYPE PATH`.
    EgtPath(String),
    /// `option NAME[=VALUE]`.
    Option {
        /// The option's name.
        name: String,
        /// The value, absent for buttons.
        value: Option<String>,
    },
    /// `exclude MOVE|all`.
    Exclude(MoveSelection),
    /// `include MOVE|all`.
    Include(MoveSelection),
}

/// The moves an `exclude` or `include` command names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSelection {
    /// `all`.
    All,
    /// One move.
    Move(XbMove),
}

/// The old name of the time control a `level` command carries, now the
/// workspace's one [`TimeControl`] (the same three fields), kept for one
/// release.
#[deprecated(note = "replaced by TimeControl (ox88-control's, re-exported by ox88-protocol)")]
pub type Level = TimeControl;

/// Why a line is not a CECP command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseXbCommandError {
    /// The line has no words.
    #[error("empty line")]
    Empty,
    /// Neither a command nor a move.
    #[error("unknown command")]
    UnknownCommand,
    /// A command is missing a parameter.
    #[error("{command} needs {field}")]
    MissingValue {
        /// The command.
        command: &'static str,
        /// The parameter.
        field: &'static str,
    },
    /// A parameter has a bad value.
    #[error("invalid {field} {value:?}")]
    InvalidValue {
        /// The parameter.
        field: &'static str,
        /// The value as sent.
        value: String,
    },
    /// `setboard` with a bad FEN.
    #[error("bad FEN: {0}")]
    Fen(#[from] FenError),
}

impl ParseXbCommandError {
    /// The reason XBoard shows in `Error (REASON): COMMAND`.
    pub fn reason(&self) -> String {
        self.to_string()
    }
}

fn invalid(field: &'static str, value: &str) -> ParseXbCommandError {
    ParseXbCommandError::InvalidValue { field, value: value.to_owned() }
}

fn required<T: FromStr>(
    command: &'static str,
    field: &'static str,
    value: Option<&str>,
) -> Result<T, ParseXbCommandError> {
    let value = value.ok_or(ParseXbCommandError::MissingValue { command, field })?;
    value.parse().map_err(|_| invalid(field, value))
}

/// Seconds with an optional fraction ("5", "0.5") as a duration, to the
/// millisecond.
fn seconds(field: &'static str, text: &str) -> Result<Duration, ParseXbCommandError> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..1e9).contains(&s) => Ok(Duration::from_millis((s * 1000.0).round() as u64)),
        _ => Err(invalid(field, text)),
    }
}

/// A level's base time: "5" (minutes) or "5:30" (minutes:seconds).
fn base_time(text: &str) -> Result<Duration, ParseXbCommandError> {
    let (minutes, secs) = text.split_once(':').unwrap_or((text, "0"));
    match (minutes.parse::<u64>(), secs.parse::<u64>()) {
        (Ok(m), Ok(s)) if m < 1_000_000 && s < 60 => Ok(Duration::from_secs(m * 60 + s)),
        _ => Err(invalid("base time", text)),
    }
}

impl FromStr for XbCommand {
    type Err = ParseXbCommandError;
    fn from_str(line: &str) -> Result<XbCommand, ParseXbCommandError> {
        let all = words(line);
        let Some(first) = all.first() else { return Err(ParseXbCommandError::Empty) };
        let arg = |i: usize| all.get(i).map(|w| w.text);
        let text_from = |i: usize| rest(line, &all, i).to_owned();
        Ok(match first.text {
            "xboard" => XbCommand::Xboard,
            "protover" => XbCommand::Protover(required("protover", "version", arg(1))?),
            "accepted" => XbCommand::Accepted(text_from(1)),
            "rejected" => XbCommand::Rejected(text_from(1)),
            "new" => XbCommand::New,
            "variant" => XbCommand::Variant(required("variant", "a variant name", arg(1))?),
            "quit" => XbCommand::Quit,
            "random" => XbCommand::Random,
            "force" => XbCommand::Force,
            "go" => XbCommand::Go,
            "playother" => XbCommand::PlayOther,
            "white" => XbCommand::White,
            "black" => XbCommand::Black,
            "level" => {
                let field = |i, name| arg(i).ok_or(ParseXbCommandError::MissingValue { command: "level", field: name });
                XbCommand::Level(TimeControl::per_moves(
                    required("level", "moves per session", arg(1))?,
                    base_time(field(2, "base time")?)?,
                    seconds("increment", field(3, "increment")?)?,
                ))
            }
            "st" => XbCommand::St(seconds(
                "time",
                arg(1).ok_or(ParseXbCommandError::MissingValue { command: "st", field: "time" })?,
            )?),
            "sd" => XbCommand::Sd(required("sd", "depth", arg(1))?),
            "nps" => XbCommand::Nps(required("nps", "node rate", arg(1))?),
            "time" => XbCommand::Time(required("time", "centiseconds", arg(1))?),
            "otim" => XbCommand::Otim(required("otim", "centiseconds", arg(1))?),
            "usermove" => XbCommand::UserMove(required("usermove", "a move", arg(1))?),
            "?" => XbCommand::MoveNow,
            "ping" => XbCommand::Ping(required("ping", "a number", arg(1))?),
            "draw" => XbCommand::Draw,
            "result" => {
                let result = required("result", "a result", arg(1))?;
                let comment = rest(line, &all, 2);
                let comment = comment.strip_prefix('{').and_then(|c| c.strip_suffix('}')).unwrap_or(comment);
                XbCommand::Result { result, comment: comment.trim().to_owned() }
            }
            "setboard" => XbCommand::SetBoard(Box::new(Board::from_fen(&text_from(1))?)),
            "edit" => XbCommand::Edit,
            "hint" => XbCommand::Hint,
            "bk" => XbCommand::Bk,
            "undo" => XbCommand::Undo,
            "remove" => XbCommand::Remove,
            "hard" => XbCommand::Hard,
            "easy" => XbCommand::Easy,
            "post" => XbCommand::Post,
            "nopost" => XbCommand::NoPost,
            "analyze" => XbCommand::Analyze,
            "exit" => XbCommand::Exit,
            "." => XbCommand::Status,
            "name" => XbCommand::Name(text_from(1)),
            "rating" => XbCommand::Rating(
                required("rating", "engine rating", arg(1))?,
                required("rating", "opponent rating", arg(2))?,
            ),
            "ics" => XbCommand::Ics(text_from(1)),
            "computer" => XbCommand::Computer,
            "pause" => XbCommand::Pause,
            "resume" => XbCommand::Resume,
            "memory" => XbCommand::Memory(required("memory", "megabytes", arg(1))?),
            "cores" => XbCommand::Cores(required("cores", "a number", arg(1))?),
            "egtpath" => XbCommand::EgtPath(text_from(1)),
            "option" => {
                let text = text_from(1);
                if text.is_empty() {
                    return Err(ParseXbCommandError::MissingValue { command: "option", field: "a name" });
                }
                match text.split_once('=') {
                    Some((name, value)) => {
                        XbCommand::Option { name: name.trim().to_owned(), value: Some(value.trim().to_owned()) }
                    }
                    None => XbCommand::Option { name: text, value: None },
                }
            }
            "exclude" | "include" => {
                let exclude = first.text == "exclude";
                let command = if exclude { "exclude" } else { "include" };
                let selection = match arg(1) {
                    Some("all") => MoveSelection::All,
                    other => MoveSelection::Move(required(command, "a move", other)?),
                };
                if exclude {
                    XbCommand::Exclude(selection)
                } else {
                    XbCommand::Include(selection)
                }
            }
            word => match (word.parse::<XbMove>(), all.len()) {
                (Ok(m), 1) => XbCommand::UserMove(m),
                _ => return Err(ParseXbCommandError::UnknownCommand),
            },
        })
    }
}

/// A time control as the `level` command's arguments: `MPS BASE INC`, the
/// base in minutes (or minutes:seconds), the increment in seconds.
struct LevelArguments<'a>(&'a TimeControl);

impl fmt::Display for LevelArguments<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.0.base.as_secs();
        write!(f, "{} {}", self.0.moves, secs / 60)?;
        if secs % 60 != 0 {
            write!(f, ":{:02}", secs % 60)?;
        }
        write!(f, " {}", Seconds(self.0.increment))
    }
}

/// A duration in seconds with as many decimals as it needs (to the millisecond).
pub(crate) struct Seconds(pub(crate) Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0.as_millis();
        write!(f, "{}", ms / 1000)?;
        if ms % 1000 != 0 {
            let fraction = format!("{:03}", ms % 1000);
            write!(f, ".{}", fraction.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

impl fmt::Display for MoveSelection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveSelection::All => f.write_str("all"),
            MoveSelection::Move(m) => write!(f, "{m}"),
        }
    }
}

impl fmt::Display for XbCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use XbCommand as C;
        match self {
            C::Xboard => f.write_str("xboard"),
            C::Protover(n) => write!(f, "protover {n}"),
            C::Accepted(feature) => write!(f, "accepted {feature}"),
            C::Rejected(feature) => write!(f, "rejected {feature}"),
            C::New => f.write_str("new"),
            C::Variant(name) => write!(f, "variant {name}"),
            C::Quit => f.write_str("quit"),
            C::Random => f.write_str("random"),
            C::Force => f.write_str("force"),
            C::Go => f.write_str("go"),
            C::PlayOther => f.write_str("playother"),
            C::White => f.write_str("white"),
            C::Black => f.write_str("black"),
            C::Level(level) => write!(f, "level {}", LevelArguments(level)),
            C::St(time) => write!(f, "st {}", Seconds(*time)),
            C::Sd(depth) => write!(f, "sd {depth}"),
            C::Nps(nps) => write!(f, "nps {nps}"),
            C::Time(cs) => write!(f, "time {cs}"),
            C::Otim(cs) => write!(f, "otim {cs}"),
            C::UserMove(m) => write!(f, "usermove {m}"),
            C::MoveNow => f.write_str("?"),
            C::Ping(n) => write!(f, "ping {n}"),
            C::Draw => f.write_str("draw"),
            C::Result { result, comment } if comment.is_empty() => write!(f, "result {result}"),
            C::Result { result, comment } => write!(f, "result {result} {{{comment}}}"),
            C::SetBoard(board) => write!(f, "setboard {}", board.fen()),
            C::Edit => f.write_str("edit"),
            C::Hint => f.write_str("hint"),
            C::Bk => f.write_str("bk"),
            C::Undo => f.write_str("undo"),
            C::Remove => f.write_str("remove"),
            C::Hard => f.write_str("hard"),
            C::Easy => f.write_str("easy"),
            C::Post => f.write_str("post"),
            C::NoPost => f.write_str("nopost"),
            C::Analyze => f.write_str("analyze"),
            C::Exit => f.write_str("exit"),
            C::Status => f.write_str("."),
            C::Name(name) => write!(f, "name {name}"),
            C::Rating(engine, opponent) => write!(f, "rating {engine} {opponent}"),
            C::Ics(host) => write!(f, "ics {host}"),
            C::Computer => f.write_str("computer"),
            C::Pause => f.write_str("pause"),
            C::Resume => f.write_str("resume"),
            C::Memory(mb) => write!(f, "memory {mb}"),
            C::Cores(n) => write!(f, "cores {n}"),
            C::EgtPath(text) => write!(f, "egtpath {text}"),
            C::Option { name, value: Some(value) } => write!(f, "option {name}={value}"),
            C::Option { name, value: None } => write!(f, "option {name}"),
            C::Exclude(selection) => write!(f, "exclude {selection}"),
            C::Include(selection) => write!(f, "include {selection}"),
        }
    }
}
