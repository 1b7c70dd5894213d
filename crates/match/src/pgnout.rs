//! `-pgnout`: every game written through ox88-pgn as it ends, in export
//! format, with the engines' scores, depths and times as comments (as
//! cutechess writes them: `{+0.35/12 0.210s}`) and the reason it ended.

use crate::config::Config;
use crate::game::PlayedGame;
use crate::schedule::Job;
use ox88_movegen::Position;
use ox88_pgn::{Date, Game, Writer};
use std::fs::{File, OpenOptions};
use std::io::BufWriter;
use std::path::Path;

/// The PGN file of a match.
pub struct PgnOut {
    writer: Writer<BufWriter<File>>,
    date: String,
}

impl PgnOut {
    /// Opens `path`, appending to what it holds (as fastchess does).
    pub fn open(path: &Path) -> Result<PgnOut, String> {
        let file =
            OpenOptions::new().create(true).append(true).open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(PgnOut { writer: Writer::new(BufWriter::new(file)), date: Date::today().to_string() })
    }

    /// Writes one finished game and flushes it, so the file holds every
    /// game that ended even if the match is cut short.
    pub fn write(&mut self, config: &Config, job: &Job, record: &PlayedGame) -> std::io::Result<()> {
        let opening = &record.opening.position;
        let (start, book) = (opening.start(), opening.moves());
        // The start's tags (SetUp, FEN, Variant) as ox88-pgn writes them.
        let mut first = Position::new(start.clone());
        first.set_castling_mode(opening.castling_mode());
        let mut game = Game::new();
        game.set_start(&first);
        let headers = &mut game.headers;
        headers.set("Event", config.event.clone());
        headers.set("Site", "?");
        headers.set("Date", self.date.clone());
        headers.set("Round", format!("{}.{}", job.round + 1, job.game + 1));
        headers.set("White", record.white.clone());
        headers.set("Black", record.black.clone());
        headers.set("Result", record.result.as_str());
        if let Some(name) = &record.opening.name {
            headers.set("Opening", name.clone());
        }
        let white = &config.engines[job.white].budget;
        let black = &config.engines[job.black].budget;
        if white == black {
            headers.set("TimeControl", white.pgn());
        } else {
            headers.set("WhiteTimeControl", white.pgn());
            headers.set("BlackTimeControl", black.pgn());
        }
        headers.set("Termination", record.termination);
        headers.set("PlyCount", (book.len() + record.moves.len()).to_string());
        headers.set("GameDuration", format!("{:.1}s", record.duration.as_secs_f64()));
        self.writer.tags(headers)?;
        let mut board = start.clone();
        self.writer.begin_movetext(&board);
        for (index, &m) in book.iter().enumerate() {
            self.writer.write_move(&board, m)?;
            board.make_move_unchecked(m);
            if index + 1 == book.len() {
                self.writer.comment("book")?;
            }
        }
        for (&m, comment) in record.moves.iter().zip(&record.comments) {
            self.writer.write_move(&board, m)?;
            board.make_move_unchecked(m);
            self.writer.comment(comment)?;
        }
        self.writer.comment(&record.reason)?;
        self.writer.end_game(record.result)?;
        self.writer.flush()
    }
}
