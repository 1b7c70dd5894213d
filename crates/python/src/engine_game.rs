//! `SimpleEngine`'s words about the game around the searches: `ping`, who the engine plays
//! (`send_opponent_information`) and how the game ended (`send_game_result`), on ox88-client.

use crate::board::BoardCore;
use crate::engine::{EngineCore, EngineError};
use ox88_board::GameResult;
use ox88_client::Opponent;
use pyo3::prelude::*;

#[pymethods]
impl EngineCore {
    /// Waits until the engine has dealt with everything sent so far (UCI `isready`, CECP `ping`).
    fn ping(&self, py: Python<'_>) -> PyResult<()> {
        self.with(py, |engine| engine.ping().map(|_| ()))
    }
    /// Tells the engine who it plays: UCI's `UCI_Opponent` option (if the engine has it), CECP's `name`,
    /// `rating` and `computer` when the next game begins.
    #[pyo3(signature = (name, title, rating, is_engine, engine_rating))]
    fn set_opponent(
        &self,
        py: Python<'_>,
        name: Option<String>,
        title: Option<String>,
        rating: Option<i32>,
        is_engine: bool,
        engine_rating: Option<i32>,
    ) -> PyResult<()> {
        let opponent = Opponent { name, title, rating, is_engine };
        self.with(py, |engine| engine.set_opponent(&opponent, engine_rating))
    }
    /// Tells the engine how the board's game ended: `result` ("1-0", "0-1", "1/2-1/2" or "*") and why (CECP
    /// `result`, after the moves the engine has not seen; UCI engines are sent nothing).
    fn game_over(&self, py: Python<'_>, board: PyRef<'_, BoardCore>, result: &str, ending: &str) -> PyResult<()> {
        board.ready()?;
        let pos = board.pos().clone();
        drop(board);
        let result: GameResult = result.parse().map_err(|e| EngineError::new_err(format!("{e}")))?;
        self.with(py, |engine| engine.game_over(&pos, result, ending))
    }
}
