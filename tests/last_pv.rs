//! Issue 20 with the real engine, in both protocols, in-process: the move
//! sent (`bestmove`, CECP `move`) is always the first move of the last main
//! line the engine showed for that search, on one thread and two: over many
//! short searches (which stop inside an iteration, where the best move may
//! have changed since the last line), and when the search is stopped right
//! after a failed aspiration window's report.

use ox88::board::{Board, Move};
use ox88::movegen::{Notation, Position};
use ox88::protocol::testing::SharedBuffer;
use ox88::protocol::uci::{UciDriver, UciMessage};
use ox88::protocol::xboard::{XbDriver, XbMessage, XbMove};
use ox88::protocol::{Bound, Engine, Limits, OptionError, OptionSpec, OptionValue, Report, SearchResult, StopHandle};
use ox88::Ox88;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Win At Chess positions (FEN without the operations).
fn positions(count: usize) -> Vec<Board> {
    let suite = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tactics/wac.epd"))
        .expect("the WAC suite");
    suite.lines().take(count).map(|line| line.parse::<ox88::movegen::Epd>().expect("valid EPD").board).collect()
}

/// Ox88, stopping its own search right after it reports a line whose score
/// is only a bound (as a GUI that sends `stop` the moment it reads one).
struct StopAfterBound {
    engine: Ox88,
    stops: Arc<AtomicUsize>,
}

impl Engine for StopAfterBound {
    fn name(&self) -> String {
        self.engine.name()
    }
    fn author(&self) -> String {
        self.engine.author()
    }
    fn options(&self) -> Vec<OptionSpec> {
        self.engine.options()
    }
    fn set_option(&mut self, name: &str, value: &OptionValue) -> Result<(), OptionError> {
        self.engine.set_option(name, value)
    }
    fn new_game(&mut self) {
        self.engine.new_game();
    }
    fn search(&mut self, game: &Position, limits: &Limits, reporter: &mut dyn FnMut(&Report)) -> SearchResult {
        let (handle, stops) = (self.engine.stop_handle(), self.stops.clone());
        self.engine.search(game, limits, &mut |report: &Report| {
            reporter(report);
            if report.line().is_some_and(|line| line.bound != Bound::Exact) && !handle.is_stopped() {
                handle.stop();
                stops.fetch_add(1, Ordering::SeqCst);
            }
        })
    }
    fn stop_handle(&self) -> StopHandle {
        self.engine.stop_handle()
    }
}

fn engine(threads: usize) -> Ox88 {
    Ox88::with_settings(ox88::Settings { threads, ..ox88::Settings::default() }).expect("no book to load")
}

/// Runs one search per position through the UCI driver (`go` as given) and
/// checks every `bestmove` against the last main `info ... pv` before it.
/// Returns the number of searches.
fn uci_searches(engine: impl Engine + 'static, boards: &[Board], go: &str) -> usize {
    let out = SharedBuffer::default();
    let mut driver = UciDriver::new(engine, out.clone());
    for (done, board) in boards.iter().enumerate() {
        driver.handle_line(&format!("position fen {}", board.fen())).unwrap();
        driver.handle_line(go).unwrap();
        wait_for(&mut || driver.poll().unwrap(), &out, "bestmove", done + 1);
    }
    driver.finish().unwrap();
    let (mut last_head, mut searches) = (None, 0);
    for line in out.text().lines() {
        match line.parse::<UciMessage>() {
            Ok(UciMessage::Info(info)) if !info.pv.is_empty() && info.multipv.is_none_or(|n| n == 1) => {
                last_head = Some(info.pv[0]);
            }
            Ok(UciMessage::BestMove { best, .. }) => {
                assert_eq!(last_head.take(), Some(best), "bestmove {best} after another line:\n{}", out.text());
                searches += 1;
            }
            _ => {}
        }
    }
    searches
}

/// The same through the CECP driver (thinking output on, `setboard`, the
/// time control as given, `go`): every `move` heads the last thinking line.
fn cecp_searches(engine: impl Engine + 'static, boards: &[Board], time_control: &str) -> usize {
    let out = SharedBuffer::default();
    let mut driver = XbDriver::new(engine, out.clone());
    for line in ["xboard", "protover 2", "post"] {
        driver.handle_line(line).unwrap();
    }
    let mut searches = 0;
    for board in boards {
        for line in ["new", "force", &format!("setboard {}", board.fen()), time_control, "go"] {
            driver.handle_line(line).unwrap();
        }
        wait_for(&mut || driver.poll().unwrap(), &out, "move ", searches + 1);
        // The last thinking line and the move of this search.
        let text = out.text();
        let mut lines = text.lines().rev();
        let played = match lines.next().map(str::parse) {
            Some(Ok(XbMessage::Move(XbMove::Coord(uci)))) => uci,
            other => panic!("a move, not {other:?}"),
        };
        let m: Move = board.parse_uci(&played.to_string(), ox88::board::CastlingMode::Standard).expect("legal move");
        let thinking = lines.find_map(|line| match line.parse() {
            Ok(XbMessage::Thinking(thinking)) => Some(thinking),
            _ => None,
        });
        let head = thinking.as_ref().and_then(|t| t.pv.split_whitespace().next().map(str::to_owned));
        assert_eq!(head, Some(board.san(m).to_string()), "move {played} after {thinking:?}:\n{text}");
        searches += 1;
    }
    driver.finish().unwrap();
    searches
}

/// Polls until `out` holds `count` lines starting with `prefix`.
fn wait_for(poll: &mut dyn FnMut(), out: &SharedBuffer, prefix: &str, count: usize) {
    let started = Instant::now();
    while out.text().lines().filter(|l| l.starts_with(prefix)).count() < count {
        assert!(started.elapsed() < Duration::from_secs(30), "waiting for {prefix:?}:\n{}", out.text());
        poll();
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn many_short_searches_play_the_head_of_the_last_line_shown() {
    let boards = positions(40);
    for threads in [1, 2] {
        assert_eq!(uci_searches(engine(threads), &boards, "go movetime 25"), boards.len());
        assert_eq!(cecp_searches(engine(threads), &boards, "st 0.025"), boards.len());
    }
}

#[test]
fn a_search_stopped_right_after_a_fail_high_or_low_plays_the_head_of_the_last_line_shown() {
    // Positions whose search reports failed aspiration windows again and
    // again from the second that bound reports wait for to the fourth, on
    // one thread and on two, so that a busy machine (the tests beside this
    // one) still sees them.
    let wac = positions(45);
    let boards: Vec<Board> = [1, 7, 14, 20, 24, 32].iter().map(|&i| wac[i].clone()).collect();
    for threads in [1, 2] {
        let stops = Arc::new(AtomicUsize::new(0));
        let stopper = || StopAfterBound { engine: engine(threads), stops: stops.clone() };
        assert_eq!(uci_searches(stopper(), &boards[..3], "go movetime 4000"), 3);
        assert_eq!(cecp_searches(stopper(), &boards[3..], "st 4"), 3);
        // Most of them were stopped by a bound report (the others ran out of time).
        assert!(stops.load(Ordering::SeqCst) >= 3, "{threads} threads: {} stops", stops.load(Ordering::SeqCst));
    }
}
