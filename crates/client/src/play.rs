//! [`ExternalEngine::search`]: ask for a move, and ponder on the expected reply
//! between moves (UCI `go ponder` with `ponderhit` or a stop on a miss; CECP
//! `hard`, the engine pondering by itself).

use crate::engine::Pondering;
use crate::info::{Lines, Root};
use crate::search::{self, Event, Purpose, Request};
use crate::{EngineError, ExternalEngine, Protocol, SearchReply, Waiting};
use ox88_board::Move;
use ox88_movegen::Position;
use ox88_protocol::{Limits, Report, SearchResult};
use std::time::{Duration, Instant};

impl ExternalEngine {
    /// The engine's move in `position` (the game so far: its start and
    /// moves, so the engine sees repetitions) within `limits`: a clock
    /// (`limits.clock`: UCI `wtime`/`btime`/`winc`/`binc`/`movestogo`, CECP
    /// `level`/`time`/`otim`), a move time, a depth or a node limit.
    ///
    /// The move comes back checked legal, with the expected reply and the
    /// engine's last line (score, depth, PV). The wait ends after the time
    /// the limits allow plus [`Timeouts::search_margin`](crate::Timeouts::search_margin)
    /// (or [`Timeouts::unbounded_search`](crate::Timeouts::unbounded_search)
    /// for depth and node limits).
    ///
    /// With [`set_ponder`](Self::set_ponder) on, the engine ponders on the
    /// expected reply after answering; if the next call's position is the
    /// one it ponders on, that search goes on as the real one (a ponder hit),
    /// otherwise it is stopped first (a miss).
    ///
    /// ```no_run
    /// use ox88_client::{EngineCommand, Limits, Position};
    /// use std::time::Duration;
    /// let mut engine = EngineCommand::uci("stockfish").spawn()?;
    /// let result = engine.search(&Position::startpos(), &Limits::movetime(Duration::from_millis(100)))?;
    /// println!("{:?} scores {:?}", result.search.best, result.search.score());
    /// # Ok::<(), ox88_client::EngineError>(())
    /// ```
    pub fn search(&mut self, position: &Position, limits: &Limits) -> Result<SearchReply, EngineError> {
        self.link.check_alive()?;
        let root = self.root(position);
        let request = Request {
            start: position.start(),
            moves: position.moves(),
            root: root.clone(),
            limits,
            multipv: 1,
            purpose: Purpose::Play,
        };
        self.session.check(&request)?;
        let (started, ponder_hit) = match self.pondering.take() {
            Some(p) if p.start == *position.start() && p.moves == position.moves() => {
                self.session.ponderhit(&mut self.link, root.clone())?;
                (Instant::now(), Some(true))
            }
            Some(p) => {
                self.pondering = Some(p);
                self.stop_pondering()?;
                (self.session.start(&mut self.link, &request)?, Some(false))
            }
            None => (self.session.start(&mut self.link, &request)?, None),
        };
        let side = root.board.side_to_move();
        let deadline = search::deadline(limits, side, &self.link.timeouts);
        let mut lines = Lines::default();
        let done = loop {
            match self.session.next(&mut self.link, deadline, Waiting::Move, &|| false)? {
                Event::Report(Report::Line(line)) => lines.add(line),
                Event::Report(_) => {}
                Event::Done(done) => break done,
            }
        };
        let elapsed = done.at.unwrap_or_else(Instant::now).saturating_duration_since(started);
        let result = SearchReply {
            search: SearchResult { best: done.best, ponder: done.ponder, line: lines.main() },
            elapsed,
            ponder_hit,
            resigned: done.resigned,
            draw_offered: done.draw_offered,
            claim: done.claim,
        };
        if let (true, Protocol::Uci, Some(best), Some(reply)) =
            (self.ponder, self.protocol(), result.search.best, result.search.ponder)
        {
            self.start_pondering(position, best, reply, limits, elapsed)?;
        }
        Ok(result)
    }

    /// UCI: `go ponder` on the position after `best` and `reply`, with the
    /// clock as it stands after the engine's move.
    fn start_pondering(
        &mut self,
        position: &Position,
        best: Move,
        reply: Move,
        limits: &Limits,
        elapsed: Duration,
    ) -> Result<(), EngineError> {
        let mut moves = position.moves().to_vec();
        moves.extend([best, reply]);
        let mut board = position.board().clone();
        board.make_move_unchecked(best);
        board.make_move_unchecked(reply);
        let mover = position.board().side_to_move();
        let mut limits = limits.clone();
        if let Some(clock) = &mut limits.clock {
            clock.remaining[mover] = clock.remaining[mover].saturating_sub(elapsed) + clock.increment[mover];
            clock.moves_to_go = clock.moves_to_go.map(|n| n.saturating_sub(1).max(1));
        }
        let root = Root { board, castling: position.castling_mode() };
        let request = Request {
            start: position.start(),
            moves: &moves,
            root,
            limits: &limits,
            multipv: 1,
            purpose: Purpose::Ponder,
        };
        self.session.start(&mut self.link, &request)?;
        self.pondering = Some(Pondering { start: position.start().clone(), moves });
        Ok(())
    }
}
