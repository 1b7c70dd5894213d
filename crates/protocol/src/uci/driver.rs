//! The UCI driver: runs an [`Engine`] for a GUI that speaks UCI.

use crate::event_loop::{poll_events, run_events, EventHandler};
use crate::moves::{check_best_move, resolve_uci, LastLine};
use crate::options::{driver_options, MOVE_OVERHEAD, PONDER, UCI_CHESS960};
use crate::uci::{one_line, Go, ParseUciCommandError, PositionStart, UciCommand, UciInfo, UciMessage};
use crate::worker::{Event, SearchEnd, Worker};
use crate::{Engine, Flow, Limits, LineReport, OptionValue, Report, ScoreInfo, SearchResult, TimeLeft};
use ox88_board::{Board, ByColor, CastlingMode, Color, UciMove};
use ox88_movegen::{divide, MoveGen, Position};
use std::collections::VecDeque;
use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

/// The search in progress, as the driver sees it.
struct Running {
    /// The position searched, to check and write the engine's moves.
    board: Board,
    /// `go infinite`: the best move waits for `stop`.
    infinite: bool,
    /// `go ponder` before its `ponderhit`: the best move waits too.
    pondering: bool,
    /// `stop` was sent.
    stopped: bool,
    /// How the search ended, once it has: its answer may still have to
    /// wait (infinite or pondering, until `stop` or `ponderhit`).
    ended: Option<SearchEnd>,
    /// The move heading the last main line shown.
    last: LastLine,
}

/// Runs an [`Engine`] as a UCI engine.
///
/// Reads commands with [`run`](Self::run) (from a thread of its own, so
/// `isready`, `stop` and `ponderhit` are handled while the engine searches
/// on another), or one at a time with [`handle_line`](Self::handle_line).
/// Writes only protocol output to `out`, flushing every line. Bad input is
/// answered with `info string` and changes nothing.
///
/// ```no_run
/// # fn engine() -> ox88_protocol::testing::FirstLegal { Default::default() }
/// use ox88_protocol::uci::UciDriver;
/// let driver = UciDriver::new(engine(), std::io::stdout());
/// driver.run(std::io::BufReader::new(std::io::stdin()))?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct UciDriver<E, W> {
    worker: Worker<E>,
    out: W,
    game: Position,
    /// How castling is written: `UCI_Chess960`.
    castling: CastlingMode,
    move_overhead: Duration,
    debug: bool,
    running: Option<Running>,
    /// Input that arrived while the driver waited for a search to end.
    pending: VecDeque<Event>,
}

impl<E: Engine + 'static, W: Write> UciDriver<E, W> {
    /// A driver for `engine`, writing to `out`, at the start position. Its
    /// searches run on a thread of their own; see [`inline`](Self::inline)
    /// for drivers that search on the calling thread.
    pub fn new(engine: E, out: W) -> UciDriver<E, W> {
        UciDriver {
            worker: Worker::new(engine),
            out,
            game: Position::startpos(),
            castling: CastlingMode::Standard,
            move_overhead: crate::DEFAULT_MOVE_OVERHEAD,
            debug: false,
            running: None,
            pending: VecDeque::new(),
        }
    }

    /// This driver, running each search on the calling thread, to its end,
    /// before it handles the next command: for engines that answer at once
    /// (tests, fuzzing: no thread is started), since `stop` and `ponderhit`
    /// cannot interrupt such a search. Its output is what a threaded driver
    /// writes when each search ends before the next command arrives.
    ///
    /// ```
    /// use ox88_protocol::testing::{FirstLegal, SharedBuffer};
    /// use ox88_protocol::uci::UciDriver;
    /// let out = SharedBuffer::default();
    /// let mut driver = UciDriver::new(FirstLegal::default(), out.clone()).inline();
    /// driver.handle_line("go depth 1")?; // the search has ended here
    /// driver.poll()?; // and one poll writes its move, no thread started
    /// assert!(out.text().contains("bestmove "));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn inline(mut self) -> UciDriver<E, W> {
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

    /// Stops any search, writes its best move, and returns the engine.
    pub fn finish(mut self) -> io::Result<E> {
        self.stop_and_wait()?;
        self.worker.into_engine().ok_or_else(|| io::Error::other("the engine was lost in a failed search thread"))
    }

    /// Handles one line of input: the entry point for tests and fuzzing.
    /// Searches run on their own thread; their output appears through
    /// [`poll`](Self::poll), [`run`](Self::run) or [`finish`](Self::finish).
    pub fn handle_line(&mut self, line: &str) -> io::Result<Flow> {
        let command = match line.parse::<UciCommand>() {
            Ok(command) => command,
            Err(ParseUciCommandError::Empty) => return Ok(Flow::Continue),
            Err(err) => return self.info_string(format!("error: {err}")).map(|()| Flow::Continue),
        };
        match command {
            UciCommand::Uci => self.identify()?,
            UciCommand::Debug(on) => self.debug = on,
            UciCommand::IsReady => self.send(UciMessage::ReadyOk)?,
            UciCommand::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            UciCommand::Register => {}
            UciCommand::UciNewGame => {
                self.settle()?;
                self.game = Position::startpos();
                if let Some(engine) = self.worker.engine() {
                    engine.new_game();
                }
            }
            UciCommand::Position { start, moves } => self.set_position(start, &moves)?,
            UciCommand::Go(go) => self.go(&go)?,
            UciCommand::Perft(depth) => self.perft(depth)?,
            UciCommand::Stop => self.stop()?,
            UciCommand::PonderHit => self.ponderhit()?,
            UciCommand::Quit => {
                self.stop_and_wait()?;
                return Ok(Flow::Quit);
            }
            UciCommand::Display => self.display()?,
            UciCommand::Eval => self.eval()?,
            UciCommand::Bench(depth) => self.bench(depth)?,
        }
        Ok(Flow::Continue)
    }

    fn send(&mut self, message: impl Display) -> io::Result<()> {
        writeln!(self.out, "{message}")?;
        self.out.flush()
    }

    fn info_string(&mut self, text: impl Display) -> io::Result<()> {
        self.send(UciMessage::Info(UciInfo::string(&text.to_string())))
    }

    fn identify(&mut self) -> io::Result<()> {
        self.settle()?;
        let Some(engine) = self.worker.engine() else { return Ok(()) };
        let (name, author, options) = (engine.name(), engine.author(), engine.options());
        self.send(UciMessage::IdName(one_line(&name)))?;
        self.send(UciMessage::IdAuthor(one_line(&author)))?;
        for spec in driver_options().into_iter().chain(options) {
            self.send(UciMessage::Option(spec))?;
        }
        self.send(UciMessage::UciOk)
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> io::Result<()> {
        if let Some(spec) = driver_options().into_iter().find(|s| s.is_named(name)) {
            match spec.parse_value(value) {
                Ok(OptionValue::Check(on)) if spec.is_named(UCI_CHESS960) => {
                    self.castling = if on { CastlingMode::Chess960 } else { CastlingMode::Standard }
                }
                Ok(OptionValue::Spin(ms)) if spec.is_named(MOVE_OVERHEAD) => {
                    self.move_overhead = Duration::from_millis(ms.unsigned_abs())
                }
                Ok(_) => debug_assert!(spec.is_named(PONDER)), // the GUI's business: nothing to do
                Err(err) => self.info_string(format!("error: {err}"))?,
            }
            return Ok(());
        }
        self.settle()?;
        let Some(engine) = self.worker.engine() else { return Ok(()) };
        let result = match engine.options().into_iter().find(|s| s.is_named(name)) {
            Some(spec) => spec.parse_value(value).and_then(|value| engine.set_option(&spec.name, &value)),
            None => Err(crate::OptionError::Unknown { name: name.to_owned() }),
        };
        if let Err(err) = result {
            self.info_string(format!("error: {err}"))?;
        }
        Ok(())
    }

    fn set_position(&mut self, start: PositionStart, moves: &[UciMove]) -> io::Result<()> {
        let board = match start {
            PositionStart::StartPos => Board::startpos(),
            PositionStart::Fen(board) => *board,
        };
        let mut game = Position::new(board);
        for &uci in moves {
            match resolve_uci(game.board(), uci, self.castling) {
                Ok(m) => game.play(m).expect("resolve_uci returns legal moves"),
                Err(err) => return self.info_string(format!("error: {err}; position unchanged")),
            }
        }
        self.game = game;
        Ok(())
    }

    fn limits(&mut self, go: &Go) -> io::Result<Limits> {
        let ms = |t: Option<i64>| Duration::from_millis(t.unwrap_or(0).max(0).unsigned_abs());
        let clock = (go.wtime.is_some() || go.btime.is_some()).then(|| TimeLeft {
            remaining: ByColor::new(ms(go.wtime), ms(go.btime)),
            increment: ByColor::new(ms(go.winc), ms(go.binc)),
            moves_to_go: go.movestogo.filter(|&n| n > 0),
        });
        let mut searchmoves = Vec::new();
        for &uci in &go.searchmoves {
            match resolve_uci(self.game.board(), uci, self.castling) {
                Ok(m) => searchmoves.push(m),
                Err(err) => self.info_string(format!("error: searchmoves: {err}; ignored"))?,
            }
        }
        Ok(Limits {
            clock,
            movetime: go.movetime.map(|t| ms(Some(t))),
            depth: go.depth,
            nodes: go.nodes,
            mate: go.mate,
            infinite: go.infinite,
            ponder: go.ponder,
            searchmoves,
            move_overhead: self.move_overhead,
            ..Limits::default()
        })
    }

    fn go(&mut self, go: &Go) -> io::Result<()> {
        self.settle()?;
        let limits = self.limits(go)?;
        if self.debug {
            self.info_string(format!("limits {limits:?}"))?;
        }
        let board = self.game.board().clone();
        let mut running = Running {
            board,
            infinite: limits.infinite,
            pondering: limits.ponder,
            stopped: false,
            ended: None,
            last: LastLine::default(),
        };
        if !running.board.has_legal_moves() {
            let score = if running.board.in_check() { ScoreInfo::Mate(0) } else { ScoreInfo::Cp(0) };
            self.send(UciMessage::Info(UciInfo { depth: Some(0), score: Some(score), ..UciInfo::default() }))?;
            running.ended = Some(SearchEnd::Finished(SearchResult::default()));
            self.running = Some(running);
            return self.answer_if_allowed();
        }
        self.running = Some(running);
        self.worker.start(self.game.clone(), limits);
        Ok(())
    }

    fn stop(&mut self) -> io::Result<()> {
        if let Some(running) = &mut self.running {
            running.stopped = true;
            self.worker.stop_handle().stop();
            self.answer_if_allowed()?;
        }
        Ok(())
    }

    fn ponderhit(&mut self) -> io::Result<()> {
        if let Some(running) = &mut self.running {
            running.pondering = false;
            self.worker.stop_handle().ponderhit();
            self.answer_if_allowed()?;
        }
        Ok(())
    }

    /// Stops the search, if any, and waits for its best move.
    fn stop_and_wait(&mut self) -> io::Result<()> {
        self.stop()?;
        self.wait()
    }

    /// Before a command that needs the engine: lets a search with limits
    /// finish, and stops one that would never end by itself (infinite or
    /// pondering: the GUI should have sent `stop`).
    fn settle(&mut self) -> io::Result<()> {
        if self.running.as_ref().is_some_and(|r| r.infinite || r.pondering) {
            self.stop()?;
        }
        self.wait()
    }

    /// Waits for the search to end and its best move to be written.
    fn wait(&mut self) -> io::Result<()> {
        while self.running.is_some() {
            match self.worker.recv() {
                Event::Info(report) => self.report(report)?,
                Event::Done(result) => self.search_done(result)?,
                other => self.pending.push_back(other),
            }
        }
        Ok(())
    }

    fn search_done(&mut self, end: SearchEnd) -> io::Result<()> {
        self.worker.join();
        if let Some(running) = &mut self.running {
            running.ended = Some(end);
        }
        self.answer_if_allowed()
    }

    /// Writes the held best move unless the search must still look busy
    /// (infinite or pondering, and not stopped).
    fn answer_if_allowed(&mut self) -> io::Result<()> {
        let Some(running) = &self.running else { return Ok(()) };
        let Some(end) = &running.ended else { return Ok(()) };
        if (running.infinite || running.pondering) && !running.stopped {
            return Ok(());
        }
        let checked = check_best_move(&running.board, end.clone());
        let (last, turn) = (running.last, running.board.side_to_move());
        self.running = None;
        if let Some(complaint) = checked.complaint {
            self.info_string(complaint)?;
        }
        // The move played heads the last main line shown (issue 20).
        if let Some(best) = checked.best.filter(|&m| last.needs_line_for(m)) {
            match checked.line {
                Some(line) => self.send_line(&line, turn)?,
                None if last.any() => {
                    let pv = vec![best.to_uci(self.castling)];
                    self.send(UciMessage::Info(UciInfo { pv, ..UciInfo::default() }))?
                }
                None => {}
            }
        }
        let mode = self.castling;
        let best = checked.best.map_or(UciMove::Null, |m| m.to_uci(mode));
        let ponder = checked.ponder.map(|m| m.to_uci(mode));
        self.send(UciMessage::BestMove { best, ponder })
    }

    fn report(&mut self, report: Report) -> io::Result<()> {
        let mode = self.castling;
        match report {
            Report::Line(line) => {
                let mut turn = self.game.board().side_to_move();
                if let Some(running) = &mut self.running {
                    running.last.shown(&line);
                    turn = running.board.side_to_move();
                }
                self.send_line(&line, turn)
            }
            Report::CurrentMove { depth, mv, number } => self.send(UciMessage::Info(UciInfo {
                depth: Some(depth),
                currmove: Some(mv.to_uci(mode)),
                currmovenumber: Some(number),
                ..UciInfo::default()
            })),
            Report::Text(text) => self.info_string(text),
        }
    }

    /// Writes a line as `info depth ... pv ...`, its score from the side to
    /// move at the root (`turn`), as UCI has it.
    fn send_line(&mut self, line: &LineReport, turn: Color) -> io::Result<()> {
        let mode = self.castling;
        let message = UciInfo {
            depth: Some(line.depth),
            seldepth: line.seldepth,
            multipv: (line.multipv > 0).then_some(line.multipv),
            score: Some(line.score.pov(turn).into()),
            bound: line.bound,
            nodes: Some(line.nodes),
            nps: Some(line.nps()),
            hashfull: line.hashfull,
            tbhits: line.tbhits,
            time: Some(line.time.as_millis() as u64),
            pv: line.pv.iter().map(|m| m.to_uci(mode)).collect(),
            ..UciInfo::default()
        };
        self.send(UciMessage::Info(message))
    }

    fn perft(&mut self, depth: u32) -> io::Result<()> {
        let mode = self.castling;
        let start = Instant::now();
        let mut board = self.game.board().clone();
        // Depth 0 counts the position itself; there are no moves to list.
        let counts = if depth == 0 { Vec::new() } else { divide(&mut board, depth) };
        for (m, count) in &counts {
            self.send(format_args!("{}: {count}", m.to_uci(mode)))?;
        }
        let total: u64 = if depth == 0 { 1 } else { counts.iter().map(|(_, n)| n).sum() };
        self.send("")?;
        self.send(format_args!("Nodes searched: {total}"))?;
        self.info_string(format_args!("perft {depth}: {total} nodes in {} ms", start.elapsed().as_millis()))
    }

    fn display(&mut self) -> io::Result<()> {
        let board = self.game.board();
        let checkers: Vec<String> = board.checkers().iter().map(ToString::to_string).collect();
        let text = format!("{}\nCheckers: {}", board.diagram(), checkers.join(" "));
        for line in text.lines() {
            self.send(line)?;
        }
        Ok(())
    }

    fn eval(&mut self) -> io::Result<()> {
        self.settle()?;
        let board = self.game.board().clone();
        let explanation = self.worker.engine().and_then(|engine| engine.explain(&board));
        match explanation {
            Some(text) => text.lines().try_for_each(|line| self.send(line)),
            None => self.info_string("this engine offers no evaluation explanation"),
        }
    }

    fn bench(&mut self, depth: Option<u32>) -> io::Result<()> {
        self.settle()?;
        match self.worker.engine().and_then(|engine| engine.bench(depth)) {
            Some(report) => {
                let ms = report.time.as_millis().max(1);
                self.send(format_args!("Total time (ms) : {ms}"))?;
                self.send(format_args!("Nodes searched  : {}", report.nodes))?;
                self.send(format_args!("Nodes/second    : {}", u128::from(report.nodes) * 1000 / ms))
            }
            None => self.info_string("this engine has no benchmark"),
        }
    }
}

impl<E: Engine + 'static, W: Write> EventHandler for UciDriver<E, W> {
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
