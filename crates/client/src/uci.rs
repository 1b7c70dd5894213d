//! The UCI side of the client: handshake, options, and searches as
//! `position` + `go`, read back from `info` and `bestmove`.

use crate::info::Root;
use crate::link::{Deadline, Link};
use crate::search::{Done, Event, Purpose, Request};
use crate::session::Session;
use crate::{EngineError, EngineId, Opponent, Protocol, Waiting};
use ox88_board::{Board, CastlingMode, Color, GameResult, Move, UciMove};
use ox88_protocol::uci::{Go, PositionStart, UciCommand, UciMessage};
use ox88_protocol::xboard::read_move;
use ox88_protocol::{Limits, OptionSpec, OptionValue, MULTIPV, PONDER, UCI_ANALYSE_MODE, UCI_CHESS960};
use std::time::{Duration, Instant};

/// The option through which a UCI engine hears of its opponent.
const UCI_OPPONENT: &str = "UCI_Opponent";

/// A UCI engine's session state.
pub(crate) struct UciSession {
    id: EngineId,
    options: Vec<OptionSpec>,
    /// The values of the options the client manages, as last sent.
    multipv: u32,
    chess960: bool,
    ponder: bool,
    analyse_mode: bool,
    /// `ucinewgame` has been sent at least once.
    game_started: bool,
    /// Something was sent that the engine may take time over (options, a new
    /// game): `isready` before the next search.
    needs_ready: bool,
    /// The root of the running search.
    search: Option<Root>,
}

impl UciSession {
    /// `uci` ... `uciok`, collecting the engine's name and options.
    pub(crate) fn handshake(link: &mut Link) -> Result<UciSession, EngineError> {
        link.send(UciCommand::Uci)?;
        let deadline = Deadline::after(link.timeouts.handshake);
        let mut id = EngineId::default();
        let mut options: Vec<OptionSpec> = Vec::new();
        loop {
            let (line, _) = link.recv(deadline, Waiting::Handshake)?;
            match line.parse::<UciMessage>() {
                Ok(UciMessage::IdName(name)) => id.name = name,
                Ok(UciMessage::IdAuthor(author)) => id.author = Some(author),
                Ok(UciMessage::Option(spec)) => {
                    options.retain(|o| !o.is_named(&spec.name));
                    options.push(spec);
                }
                Ok(UciMessage::UciOk) => break,
                Ok(_) => {}
                Err(err) if err.is_option() => link.warn(err.to_string()),
                Err(_) => {} // banners and other chatter, which UCI says to ignore
            }
        }
        let default = |name: &str| match options.iter().find(|o| o.is_named(name)).map(OptionSpec::default_value) {
            Some(OptionValue::Check(on)) => on,
            _ => false,
        };
        let (chess960, ponder, analyse_mode) = (default(UCI_CHESS960), default(PONDER), default(UCI_ANALYSE_MODE));
        Ok(UciSession {
            id,
            options,
            multipv: 1,
            chess960,
            ponder,
            analyse_mode,
            game_started: false,
            needs_ready: false,
            search: None,
        })
    }

    fn has(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.is_named(name))
    }

    fn set_managed(&mut self, link: &mut Link, name: &str, value: OptionValue) -> Result<(), EngineError> {
        match self.options.iter().find(|o| o.is_named(name)).cloned() {
            Some(spec) => self.set_option(link, &spec, &value),
            None => Ok(()),
        }
    }

    fn best_move(
        &mut self,
        link: &mut Link,
        root: &Root,
        best: UciMove,
        ponder: Option<UciMove>,
        at: Instant,
        line: &str,
    ) -> Result<Done, EngineError> {
        let board = &root.board;
        let legal = read_move(board, &best.to_string(), root.castling);
        let no_move = best == UciMove::Null && !ox88_movegen::MoveGen::has_legal_moves(board);
        let Some(best) = legal else {
            if no_move {
                return Ok(Done { at: Some(at), ..Done::default() });
            }
            return Err(EngineError::IllegalMove { text: best.to_string(), fen: board.fen().to_string() });
        };
        let ponder = ponder.and_then(|p| {
            let mut after = board.clone();
            after.make_move_unchecked(best);
            let checked = read_move(&after, &p.to_string(), root.castling);
            if checked.is_none() {
                link.warn(format!("illegal ponder move in {line:?}"));
            }
            checked
        });
        Ok(Done { best: Some(best), ponder, at: Some(at), ..Done::default() })
    }
}

impl Session for UciSession {
    fn protocol(&self) -> Protocol {
        Protocol::Uci
    }

    fn id(&self) -> &EngineId {
        &self.id
    }

    fn options(&self) -> &[OptionSpec] {
        &self.options
    }

    fn is_managed(&self, name: &str) -> bool {
        is_managed(name)
    }

    /// Checks that a search can be asked for, before anything is sent.
    fn check(&self, request: &Request<'_>) -> Result<(), EngineError> {
        if request.multipv > 1 && !self.has(MULTIPV) {
            return Err(EngineError::Unsupported(format!("{} has no MultiPV option", self.id.name)));
        }
        if request.root.castling == CastlingMode::Chess960 && !self.has(UCI_CHESS960) {
            return Err(EngineError::Unsupported(format!("{} has no UCI_Chess960 option", self.id.name)));
        }
        Ok(())
    }

    /// `setoption` with a checked value.
    fn set_option(&mut self, link: &mut Link, spec: &OptionSpec, value: &OptionValue) -> Result<(), EngineError> {
        link.send(UciCommand::SetOption { name: spec.name.clone(), value: value.text() })?;
        self.needs_ready = true;
        Ok(())
    }

    /// `ucinewgame`; the engine may take its time (clearing its hash), so
    /// the next search waits for `readyok` first.
    fn new_game(&mut self, link: &mut Link) -> Result<(), EngineError> {
        link.send(UciCommand::UciNewGame)?;
        self.game_started = true;
        self.needs_ready = true;
        Ok(())
    }

    /// `setoption name UCI_Opponent value ...`, if the engine has the option
    /// and the opponent a name; UCI has no rating of the engine's own.
    fn set_opponent(
        &mut self,
        link: &mut Link,
        opponent: &Opponent,
        _engine_rating: Option<i32>,
    ) -> Result<(), EngineError> {
        let spec = self.options.iter().find(|o| o.is_named(UCI_OPPONENT)).cloned();
        match (spec, opponent.uci_value()) {
            (Some(spec), Some(text)) => {
                let value = spec.parse_value(Some(&text))?;
                self.set_option(link, &spec, &value)
            }
            _ => Ok(()),
        }
    }

    /// UCI has no end-of-game message: nothing is sent.
    fn game_over(
        &mut self,
        _link: &mut Link,
        _start: &Board,
        _moves: &[Move],
        _castling: CastlingMode,
        _result: GameResult,
        _ending: &str,
    ) -> Result<(), EngineError> {
        Ok(())
    }

    /// `isready` ... `readyok`; lines before it are old news and dropped.
    fn sync(&mut self, link: &mut Link) -> Result<(), EngineError> {
        link.send(UciCommand::IsReady)?;
        let deadline = Deadline::after(link.timeouts.ready);
        loop {
            let (line, _) = link.recv(deadline, Waiting::Ready)?;
            if line.parse::<UciMessage>() == Ok(UciMessage::ReadyOk) {
                self.needs_ready = false;
                return Ok(());
            }
        }
    }

    /// Sends the position and `go`; returns when `go` was sent.
    fn start(&mut self, link: &mut Link, request: &Request<'_>) -> Result<Instant, EngineError> {
        self.check(request)?;
        link.drain_stale();
        if !self.game_started {
            self.new_game(link)?;
        }
        if request.multipv != self.multipv && self.has(MULTIPV) {
            self.set_managed(link, MULTIPV, OptionValue::Spin(i64::from(request.multipv)))?;
            self.multipv = request.multipv;
        }
        let chess960 = request.root.castling == CastlingMode::Chess960;
        if chess960 != self.chess960 {
            self.set_managed(link, UCI_CHESS960, OptionValue::Check(chess960))?;
            self.chess960 = chess960;
        }
        let analysing = request.purpose == Purpose::Analyse;
        if analysing != self.analyse_mode && self.has(UCI_ANALYSE_MODE) {
            self.set_managed(link, UCI_ANALYSE_MODE, OptionValue::Check(analysing))?;
            self.analyse_mode = analysing;
        }
        if request.purpose == Purpose::Ponder && !self.ponder {
            self.set_managed(link, PONDER, OptionValue::Check(true))?;
            self.ponder = true;
        }
        if self.needs_ready {
            self.sync(link)?;
        }
        let mode = request.root.castling;
        let start = if *request.start == Board::startpos() {
            PositionStart::StartPos
        } else {
            PositionStart::Fen(Box::new(request.start.clone()))
        };
        let moves = request.moves.iter().map(|m| m.to_uci(mode)).collect();
        link.send(UciCommand::Position { start, moves })?;
        link.send(UciCommand::Go(go(request.limits, request.purpose, mode)))?;
        self.search = Some(request.root.clone());
        Ok(Instant::now())
    }

    /// The next report or the end of the running search.
    fn next(
        &mut self,
        link: &mut Link,
        deadline: Deadline,
        waiting: Waiting,
        _stop: &dyn Fn() -> bool,
    ) -> Result<Event, EngineError> {
        let Some(root) = self.search.clone() else {
            return Err(EngineError::NotSearching);
        };
        loop {
            let (line, at) = link.recv(deadline, waiting)?;
            match line.parse::<UciMessage>() {
                Ok(UciMessage::Info(info)) => {
                    let (report, warning) = root.read_uci(info);
                    if let Some(warning) = warning {
                        link.warn(warning);
                    }
                    if let Some(report) = report {
                        return Ok(Event::Report(report));
                    }
                }
                Ok(UciMessage::BestMove { best, ponder }) => {
                    self.search = None;
                    return self.best_move(link, &root, best, ponder, at, &line).map(Event::Done);
                }
                Err(err) if err.is_best_move() => {
                    let err = EngineError::Protocol { waiting, line: line.clone(), reason: err.reason.to_owned() };
                    return Err(link.fail(err));
                }
                Err(err) if err.is_info() => link.warn(err.to_string()),
                _ => {} // anything else is chatter UCI says to ignore
            }
        }
    }

    /// `stop`.
    fn stop(&mut self, link: &mut Link) -> Result<(), EngineError> {
        link.send(UciCommand::Stop)
    }

    /// `ponderhit`: the pondering search becomes the search for the move.
    fn ponderhit(&mut self, link: &mut Link, root: Root) -> Result<(), EngineError> {
        self.search = Some(root);
        link.send(UciCommand::PonderHit)
    }

    /// The line that stops a search, for stopping from another thread.
    fn stop_line(&self) -> Option<String> {
        Some(UciCommand::Stop.to_string())
    }

    /// `quit`.
    fn quit(&mut self, link: &mut Link) {
        let _ = link.send(UciCommand::Quit);
    }
}

/// Whether the client sets this option itself, per search.
fn is_managed(name: &str) -> bool {
    [MULTIPV, UCI_CHESS960, PONDER, UCI_ANALYSE_MODE].iter().any(|m| m.eq_ignore_ascii_case(name.trim()))
}

/// `go` for `limits`.
fn go(limits: &Limits, purpose: Purpose, mode: CastlingMode) -> Go {
    let ms = |d: Duration| d.as_millis().min(i64::MAX as u128) as i64;
    let clock = limits.clock.as_ref();
    Go {
        searchmoves: limits.searchmoves.iter().map(|m| m.to_uci(mode)).collect(),
        ponder: purpose == Purpose::Ponder,
        wtime: clock.map(|c| ms(c.remaining[Color::White])),
        btime: clock.map(|c| ms(c.remaining[Color::Black])),
        winc: clock.map(|c| ms(c.increment[Color::White])).filter(|&i| i > 0),
        binc: clock.map(|c| ms(c.increment[Color::Black])).filter(|&i| i > 0),
        movestogo: clock.and_then(|c| c.moves_to_go),
        depth: limits.depth,
        nodes: limits.nodes,
        mate: limits.mate,
        movetime: limits.movetime.map(ms),
        infinite: limits.infinite,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::ByColor;
    use ox88_protocol::TimeLeft;

    #[test]
    fn go_says_every_limit() {
        let ms = Duration::from_millis;
        let clock = TimeLeft {
            remaining: ByColor::new(ms(60_000), ms(59_500)),
            increment: ByColor::new(ms(1000), ms(1000)),
            moves_to_go: Some(20),
        };
        let limits = Limits { clock: Some(clock), depth: Some(12), ..Limits::default() };
        let text = UciCommand::Go(go(&limits, Purpose::Ponder, CastlingMode::Standard)).to_string();
        assert_eq!(text, "go ponder wtime 60000 btime 59500 winc 1000 binc 1000 movestogo 20 depth 12");
        let limits = Limits { movetime: Some(ms(250)), nodes: Some(5000), ..Limits::default() };
        let text = UciCommand::Go(go(&limits, Purpose::Play, CastlingMode::Standard)).to_string();
        assert_eq!(text, "go movetime 250 nodes 5000");
    }

    #[test]
    fn managed_options() {
        assert!(is_managed("multipv") && is_managed("UCI_Chess960"));
        assert!(!is_managed("Hash"));
    }
}
