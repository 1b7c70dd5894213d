//! Telling an engine about its game: who it plays
//! ([`ExternalEngine::set_opponent`]) and how a game ended
//! ([`ExternalEngine::game_over`]: CECP's `result`; UCI has no such message).

use crate::{EngineError, ExternalEngine, Opponent};
use ox88_board::GameResult;
use ox88_movegen::Position;

impl ExternalEngine {
    /// Tells the engine who it plays, before a game's first move, and (CECP
    /// only) its own rating.
    ///
    /// A UCI engine with a `UCI_Opponent` option is sent `setoption name
    /// UCI_Opponent value TITLE RATING computer|human NAME` at once (an
    /// engine without the option, or an opponent without a name, is sent
    /// nothing). A CECP engine is sent `name` (unless it asked for none with
    /// `feature name=0`), `rating ENGINE OPPONENT` and `computer` when the
    /// next game begins (`new`); told of another opponent during a game, it
    /// begins the game anew (its moves sent again) at the next search.
    pub fn set_opponent(&mut self, opponent: &Opponent, engine_rating: Option<i32>) -> Result<(), EngineError> {
        self.link.check_alive()?;
        self.stop_pondering()?;
        self.session.set_opponent(&mut self.link, opponent, engine_rating)
    }

    /// Tells the engine that the game on `position` ended with `result`, and
    /// why (`ending`: "White mates", "Time forfeiture", ..., or empty).
    ///
    /// A CECP engine is first sent the game's moves it has not seen, then
    /// `result RESULT {ENDING}`; its next search begins a new game. UCI has
    /// no such message: a UCI engine is sent nothing (a pondering search is
    /// stopped). To a CECP engine an ending with braces or a line break, which
    /// the line cannot carry, is an error and nothing is sent.
    pub fn game_over(&mut self, position: &Position, result: GameResult, ending: &str) -> Result<(), EngineError> {
        self.link.check_alive()?;
        self.stop_pondering()?;
        let root = self.root(position);
        self.session.game_over(&mut self.link, position.start(), position.moves(), root.castling, result, ending)
    }
}
