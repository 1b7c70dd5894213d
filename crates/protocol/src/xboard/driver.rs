//! The CECP driver: runs an [`Engine`] for a GUI that speaks the XBoard
//! protocol (version 2).

mod search;
mod setup;

use super::state::{centis, features, EditBoard, TimeSettings};
use super::{ParseXbCommandError, XbCommand, XbMessage, XbMove};
use crate::event_loop::{poll_events, run_events, EventHandler};
use crate::moves::LastLine;
use crate::worker::{Event, SearchEnd, Worker};
use crate::{Engine, Flow, Report};
use ox88_board::{Board, CastlingMode, CastlingSide, Color, Move};
use ox88_movegen::Position;
use std::collections::VecDeque;
use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::time::Duration;

/// What the running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// Thinking on the engine's move: its result is played.
    Move,
    /// Pondering on the opponent's time after guessing this reply.
    Ponder(Move),
    /// Analysis mode: runs until stopped, nothing is played.
    Analyze,
}

struct Running {
    /// Counts the searches, so that waiting for one is not waiting for the
    /// ponder search it starts.
    id: u64,
    purpose: Purpose,
    /// The root position of the search.
    board: Board,
    /// The result is thrown away (the search was aborted).
    discard: bool,
    /// How the search ended, once it has; when it ended early (pondering
    /// or analysing), its result waits here.
    ended: Option<SearchEnd>,
    /// The progress reported, for `.` (analysis status).
    progress: Progress,
    /// The move heading the last main line shown.
    last: LastLine,
}

/// How far the running search has come, from its reports.
#[derive(Clone, Copy, Debug, Default)]
struct Progress {
    depth: u32,
    nodes: u64,
    time: Duration,
    /// The root move being searched and its number, from 1.
    current: Option<(Move, u32)>,
}

/// Runs an [`Engine`] as an XBoard-protocol (CECP v2) engine; the UCI
/// driver's twin (see [`UciDriver`](crate::uci::UciDriver) for the threads
/// and output rules). Errors are answered with `Error (reason): command` or
/// `Illegal move: move` and change nothing.
///
/// ```no_run
/// # fn engine() -> ox88_protocol::testing::FirstLegal { Default::default() }
/// use ox88_protocol::xboard::XbDriver;
/// XbDriver::new(engine(), std::io::stdout()).run(std::io::BufReader::new(std::io::stdin()))?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct XbDriver<E, W> {
    worker: Worker<E>,
    out: W,
    game: Position,
    /// How castling is written: Chess960 after `variant fischerandom`.
    castling: CastlingMode,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Color>,
    analyzing: bool,
    edit: Option<EditBoard>,
    time: TimeSettings,
    post: bool,
    ponder: bool,
    move_overhead: Duration,
    /// Root moves excluded from the search (`exclude`).
    excluded: Vec<Move>,
    /// The game ended (the engine said so, or `result` came).
    game_over: bool,
    /// The reply the engine expected to its last move (for `hint`), with
    /// the key of the position it answers.
    hint: Option<(u64, Move)>,
    /// `ping`s that arrived while thinking on a move: answered after it.
    deferred_pongs: Vec<i64>,
    running: Option<Running>,
    searches: u64,
    pending: VecDeque<Event>,
}

impl<E: Engine + 'static, W: Write> XbDriver<E, W> {
    /// A driver for `engine`, writing to `out`, at the start of a new game
    /// with the engine playing black. Its searches run on a thread of their
    /// own; see [`inline`](Self::inline) for drivers that search on the
    /// calling thread.
    pub fn new(engine: E, out: W) -> XbDriver<E, W> {
        XbDriver {
            worker: Worker::new(engine),
            out,
            game: Position::startpos(),
            castling: CastlingMode::Standard,
            engine_side: Some(Color::Black),
            analyzing: false,
            edit: None,
            time: TimeSettings::default(),
            post: false,
            ponder: false,
            move_overhead: crate::DEFAULT_MOVE_OVERHEAD,
            excluded: Vec::new(),
            game_over: false,
            hint: None,
            deferred_pongs: Vec::new(),
            running: None,
            searches: 0,
            pending: VecDeque::new(),
        }
    }

    /// This driver, running each search on the calling thread, to its end,
    /// before it handles the next command: for engines that answer at once
    /// (tests, fuzzing: no thread is started), since `?`, `stop`-like
    /// commands and ponder hits cannot interrupt such a search. Its output
    /// is what a threaded driver writes when each search ends before the
    /// next command arrives.
    pub fn inline(mut self) -> XbDriver<E, W> {
        self.worker.run_inline();
        self
    }

    /// Reads commands from `input` until `quit` or the end of the input,
    /// then stops any search and returns the engine.
    pub fn run<R: BufRead + Send + 'static>(mut self, input: R) -> io::Result<E> {
        self.worker.read_input(input);
        run_events(&mut self)?;
        self.finish()
    }

    /// Handles the search's reports that have arrived, without waiting.
    pub fn poll(&mut self) -> io::Result<()> {
        poll_events(self)
    }

    /// Stops any search (a move being thought about is still played) and
    /// returns the engine.
    pub fn finish(mut self) -> io::Result<E> {
        if let Some(running) = &self.running {
            if running.purpose != Purpose::Move {
                self.abort()?;
            }
        }
        self.stop_and_wait()?;
        self.worker.into_engine().ok_or_else(|| io::Error::other("the engine was lost in a failed search thread"))
    }

    /// Handles one line of input: the entry point for tests and fuzzing.
    pub fn handle_line(&mut self, line: &str) -> io::Result<Flow> {
        if self.edit.is_some() {
            return self.edit_line(line).map(|()| Flow::Continue);
        }
        let command = match line.parse::<XbCommand>() {
            Ok(command) => command,
            Err(ParseXbCommandError::Empty) => return Ok(Flow::Continue),
            Err(err) => {
                return self.error(&err.reason(), line).map(|()| Flow::Continue);
            }
        };
        self.command(command, line)
    }

    fn command(&mut self, command: XbCommand, line: &str) -> io::Result<Flow> {
        use XbCommand as C;
        match command {
            C::Xboard | C::Accepted(_) | C::Rejected(_) | C::Random | C::Name(_) | C::Rating(..) | C::Ics(_) => {}
            C::EgtPath(text) => {
                // `egtpath syzygy PATH` sets the SyzygyPath option (when the
                // engine has it); other kinds of tables are not known here.
                if let Some((kind, path)) = text.trim().split_once(char::is_whitespace) {
                    if kind.eq_ignore_ascii_case("syzygy") {
                        self.set_engine_option(crate::SYZYGY_PATH, path.trim(), line, true)?;
                    }
                }
            }
            C::Computer | C::Draw | C::Pause | C::Resume => {}
            C::Protover(_) => self.features()?,
            C::New => {
                self.abort()?;
                self.game = Position::startpos();
                self.castling = CastlingMode::Standard;
                self.engine_side = Some(Color::Black);
                self.game_over = false;
                self.excluded.clear();
                // New clocks, wall-clock time and no depth limit; the time
                // control itself (level or st) stays.
                self.time = TimeSettings { level: self.time.level, st: self.time.st, ..TimeSettings::default() };
                if let Some(engine) = self.worker.engine() {
                    engine.new_game();
                }
                self.restart_analysis()?;
            }
            C::Variant(name) => match name.as_str() {
                "normal" | "fischerandom" => {
                    self.abort()?;
                    self.castling =
                        if name == "fischerandom" { CastlingMode::Chess960 } else { CastlingMode::Standard };
                }
                _ => self.error("unsupported variant", line)?,
            },
            C::Quit => {
                self.abort()?;
                return Ok(Flow::Quit);
            }
            C::Force => {
                self.abort()?;
                self.engine_side = None;
            }
            C::Go => {
                self.abort()?;
                self.engine_side = Some(self.game.board().side_to_move());
                self.think()?;
            }
            C::PlayOther => {
                self.abort()?;
                self.engine_side = Some(!self.game.board().side_to_move());
            }
            C::White | C::Black => {
                self.abort()?;
                let side = if command == C::White { Color::White } else { Color::Black };
                self.set_side_to_move(side, line)?;
                self.engine_side = Some(!side);
            }
            C::Level(level) => {
                self.time.level = level;
                self.time.st = None;
            }
            C::St(time) => self.time.st = Some(time),
            C::Sd(depth) => self.time.sd = Some(depth),
            C::Nps(nps) => self.time.nps = Some(nps),
            C::Time(cs) => self.time.own = Some(centis(cs)),
            C::Otim(cs) => self.time.opponent = Some(centis(cs)),
            C::UserMove(m) => self.user_move(m, line)?,
            C::MoveNow => {
                if self.running.as_ref().is_some_and(|r| r.purpose == Purpose::Move) {
                    self.stop_and_wait()?;
                }
            }
            C::Ping(n) => {
                if self.running.as_ref().is_some_and(|r| r.purpose == Purpose::Move) {
                    self.deferred_pongs.push(n);
                } else {
                    self.send(XbMessage::Pong(n))?;
                }
            }
            C::Result { .. } => {
                self.abort()?;
                self.game_over = true;
            }
            C::SetBoard(board) => {
                self.abort()?;
                self.game = Position::new(*board);
                self.game_over = false;
                self.excluded.clear();
                self.restart_analysis()?;
            }
            C::Edit => {
                self.abort()?;
                self.edit = Some(EditBoard::new(self.game.board()));
            }
            C::Hint => {
                // The reply the engine expects, while it is the opponent's move.
                let key = self.game.board().key();
                if let Some((_, m)) = self.hint.filter(|&(at, _)| at == key) {
                    let hint = self.xb_move(m);
                    self.send(XbMessage::Hint(hint))?;
                }
            }
            C::Bk => {
                self.send("\tno book moves")?;
                self.send("")?;
            }
            C::Undo | C::Remove => {
                self.abort()?;
                let plies = if command == C::Undo { 1 } else { 2 };
                for _ in 0..plies {
                    if self.game.undo().is_none() {
                        break;
                    }
                }
                self.game_over = false;
                self.excluded.clear();
                self.restart_analysis()?;
            }
            C::Hard => self.ponder = true,
            C::Easy => {
                self.ponder = false;
                if self.running.as_ref().is_some_and(|r| matches!(r.purpose, Purpose::Ponder(_))) {
                    self.abort()?;
                }
            }
            C::Post => self.post = true,
            C::NoPost => self.post = false,
            C::Analyze => {
                self.abort()?;
                self.analyzing = true;
                self.engine_side = None;
                self.restart_analysis()?;
            }
            C::Exit => {
                if self.analyzing {
                    self.analyzing = false;
                    self.abort()?;
                }
            }
            C::Status => self.status()?,
            C::Memory(mb) => self.set_engine_option(crate::HASH, &mb.to_string(), line, true)?,
            C::Cores(n) => self.set_engine_option(crate::THREADS, &n.to_string(), line, true)?,
            C::Option { name, value } => self.option(&name, value.as_deref(), line)?,
            C::Exclude(selection) | C::Include(selection) => {
                let exclude = matches!(command, C::Exclude(_));
                self.exclude(selection, exclude, line)?;
            }
        }
        Ok(Flow::Continue)
    }

    fn send(&mut self, message: impl Display) -> io::Result<()> {
        writeln!(self.out, "{message}")?;
        self.out.flush()
    }

    fn error(&mut self, reason: &str, command: &str) -> io::Result<()> {
        // GUIs find the reason between the first parentheses: keep it free of more.
        let kind = reason.replace('(', "[").replace(')', "]");
        self.send(XbMessage::Error { kind, command: command.trim().to_owned() })
    }

    fn features(&mut self) -> io::Result<()> {
        let Some(engine) = self.worker.engine() else { return Ok(()) };
        let name = engine.name();
        // "Move Overhead" is not announced: XBoard has no such convention, and
        // some clients split option names at spaces. `option Move Overhead=N`
        // still sets it.
        let options = engine.options();
        for message in features(&name, &options) {
            self.send(message)?;
        }
        Ok(())
    }

    fn xb_move(&self, m: Move) -> XbMove {
        match (self.castling, m.is_castle()) {
            (CastlingMode::Chess960, true) if m.castle_king_target().file() == ox88_board::File::G => {
                XbMove::Castle(CastlingSide::Short)
            }
            (CastlingMode::Chess960, true) => XbMove::Castle(CastlingSide::Long),
            _ => XbMove::Coord(m.to_uci(self.castling)),
        }
    }

    /// The legal move `m` names in the current position.
    fn resolve(&self, m: XbMove) -> Option<Move> {
        super::reading::resolve_xb_move(self.game.board(), m, self.castling)
    }

    fn user_move(&mut self, text: XbMove, line: &str) -> io::Result<()> {
        let shown = line.trim().strip_prefix("usermove").unwrap_or(line).trim().to_owned();
        if self.running.as_ref().is_some_and(|r| r.purpose == Purpose::Move) {
            return self.error("engine is thinking on its move", line);
        }
        let Some(m) = self.resolve(text) else {
            return self.send(XbMessage::IllegalMove { text: shown, reason: None });
        };
        if let Some(Purpose::Ponder(guess)) = self.running.as_ref().map(|r| r.purpose) {
            if guess == m {
                self.game.play(m).expect("resolved moves are legal");
                self.excluded.clear();
                if let Some(running) = &mut self.running {
                    running.purpose = Purpose::Move;
                }
                self.worker.stop_handle().ponderhit();
                return self.answer_if_allowed();
            }
        }
        self.abort()?;
        self.game.play(m).expect("resolved moves are legal");
        self.excluded.clear();
        if self.analyzing {
            return self.restart_analysis();
        }
        self.think()
    }
}

impl<E: Engine + 'static, W: Write> EventHandler for XbDriver<E, W> {
    type Engine = E;
    fn events(&mut self) -> (&Worker<E>, &mut VecDeque<Event>) {
        (&self.worker, &mut self.pending)
    }
    fn on_line(&mut self, line: &str) -> io::Result<Flow> {
        self.handle_line(line)
    }
    fn on_info(&mut self, report: Report) -> io::Result<()> {
        self.report(report)
    }
    fn on_done(&mut self, end: SearchEnd) -> io::Result<()> {
        self.search_done(end)
    }
}
