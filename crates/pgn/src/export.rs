//! Writing a whole [`Game`] in export format.

use crate::{Game, Line, SetupTags, Writer};
use ox88_board::Board;
use std::fmt;
use std::io::{self, Write};

impl<W: Write> Writer<W> {
    /// Writes `game` in export format: its tags (its `Result` tag from its
    /// result when it has none), its moves with their comments, NAGs and
    /// variations, and its termination marker (its `result`, else the
    /// `Result` tag's).
    ///
    /// Move numbers count from the `FEN` tag's position, if it has one that
    /// reads; the moves are written as they are, not checked.
    pub fn write_game(&mut self, game: &Game) -> io::Result<()> {
        let result = game.outcome();
        if game.headers.get("Result").is_none() {
            let mut headers = game.headers.clone();
            headers.set("Result", result.as_str());
            self.tags(&headers)?;
        } else {
            self.tags(&game.headers)?;
        }
        self.begin_movetext(&start(game));
        self.write_line(&game.moves, true)?;
        self.end_game(result)
    }

    fn write_line(&mut self, line: &Line, main: bool) -> io::Result<()> {
        if !main {
            self.begin_variation()?;
        }
        for node in &line.nodes {
            if let Some(comment) = &node.comment_before {
                self.comment(comment)?;
            }
            self.move_token(node.san)?;
            for &nag in &node.nags {
                self.nag(nag)?;
            }
            if let Some(comment) = &node.comment {
                self.comment(comment)?;
            }
            for variation in &node.variations {
                self.write_line(variation, false)?;
            }
        }
        if let Some(comment) = &line.comment {
            self.comment(comment)?;
        }
        if !main {
            self.end_variation()?;
        }
        Ok(())
    }
}

/// The position a game's moves are numbered from: its tags as they are
/// written, so that the text read back numbers them alike.
fn start(game: &Game) -> Board {
    let mut setup = SetupTags::new();
    for (name, value) in game.headers.iter() {
        // A tag that does not read numbers the moves from the start.
        let _ = setup.set(name, &crate::writer::value_as_written(value));
    }
    setup.board()
}

/// The game in export format, as [`Writer::write_game`] writes it.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut writer = Writer::new(Vec::new());
        writer.write_game(self).map_err(|_| fmt::Error)?;
        let bytes = writer.into_inner().map_err(|_| fmt::Error)?;
        f.write_str(&String::from_utf8_lossy(&bytes))
    }
}
