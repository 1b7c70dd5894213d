//! Engines and helpers for testing drivers and the programs built on them
//! (fuzz targets, scripted sessions): not for playing.

use crate::{Engine, Limits, LineReport, OptionError, OptionSpec, OptionValue, Report, SearchResult, StopHandle};
use ox88_movegen::{MoveGen, Position};
use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

/// An engine that plays the first legal move (the first allowed one, with
/// `searchmoves`) at once, after one progress report. It offers the standard
/// options and accepts any value for them.
///
/// ```
/// use ox88_board::Board;
/// use ox88_movegen::MoveGen;
/// use ox88_protocol::testing::{FirstLegal, SharedBuffer};
/// use ox88_protocol::uci::UciDriver;
/// let out = SharedBuffer::default();
/// let mut driver = UciDriver::new(FirstLegal::default(), out.clone());
/// driver.handle_line("go depth 1")?;
/// driver.finish()?;
/// let first = Board::startpos().legal_moves()[0];
/// assert!(out.text().lines().last().unwrap().starts_with(&format!("bestmove {first} ponder")));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct FirstLegal {
    stop: StopHandle,
}

impl Engine for FirstLegal {
    fn name(&self) -> String {
        "FirstLegal".into()
    }
    fn author(&self) -> String {
        "ox88-protocol".into()
    }
    fn options(&self) -> Vec<OptionSpec> {
        vec![OptionSpec::hash(16, 1024), OptionSpec::threads(4), OptionSpec::multipv(4), OptionSpec::clear_hash()]
    }
    fn set_option(&mut self, _name: &str, _value: &OptionValue) -> Result<(), OptionError> {
        Ok(())
    }
    fn new_game(&mut self) {}
    fn search(&mut self, game: &Position, limits: &Limits, reporter: &mut dyn FnMut(&Report)) -> SearchResult {
        let mut board = game.board().clone();
        let best = limits.searchmoves.first().copied().or_else(|| board.legal_moves().first().copied());
        let ponder = best.and_then(|m| {
            board.make_move_unchecked(m);
            board.legal_moves().first().copied()
        });
        let line =
            LineReport { depth: 1, multipv: 1, nodes: 1, pv: best.into_iter().collect(), ..LineReport::default() };
        reporter(&Report::Line(line.clone()));
        SearchResult { best, ponder, line: Some(line) }
    }
    fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }
}

/// A writer whose bytes stay readable after a driver takes it: clones share
/// one buffer.
#[derive(Clone, Debug, Default)]
pub struct SharedBuffer(Rc<RefCell<Vec<u8>>>);

impl SharedBuffer {
    /// Everything written so far, as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.borrow()).into_owned()
    }
}

impl Write for SharedBuffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
