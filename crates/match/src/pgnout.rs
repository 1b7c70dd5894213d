//! `-pgnout`: every game written through ox88-pgn as it ends, in export
//! format, with the engines' scores, depths and times as comments (as
//! cutechess writes them: `{+0.35/12 0.210s}`) and the reason it ended.

use crate::cli::Config;
use crate::game::GameRecord;
use crate::schedule::Job;
use ox88_board::{Board, Color};
use ox88_client::GameResult as ProtocolResult;
use ox88_pgn::{GameResult, Headers, Writer};
use std::fs::{File, OpenOptions};
use std::io::BufWriter;
use std::path::Path;
use std::time::SystemTime;

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
        Ok(PgnOut { writer: Writer::new(BufWriter::new(file)), date: today() })
    }

    /// Writes one finished game and flushes it, so the file holds every
    /// game that ended even if the match is cut short.
    pub fn write(&mut self, config: &Config, job: &Job, record: &GameRecord) -> std::io::Result<()> {
        let opening = &record.opening.position;
        let (start, book, chess960) = (opening.start(), opening.moves(), opening.is_chess960());
        let mut headers = Headers::new();
        headers.set("Event", config.event.clone());
        headers.set("Site", "?");
        headers.set("Date", self.date.clone());
        headers.set("Round", format!("{}.{}", job.round + 1, job.game + 1));
        headers.set("White", record.white.clone());
        headers.set("Black", record.black.clone());
        headers.set("Result", result(record.result).as_str());
        if *start != Board::startpos() || chess960 {
            headers.set("SetUp", "1");
            headers.set("FEN", if chess960 { start.shredder_fen() } else { start.fen() });
        }
        if chess960 {
            headers.set("Variant", "Chess960");
        }
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
        self.writer.tags(&headers)?;
        let mut board = start.clone();
        self.writer.begin_movetext(&board);
        for (index, &m) in book.iter().enumerate() {
            self.writer.play(&board, m)?;
            board.make_move_unchecked(m);
            if index + 1 == book.len() {
                self.writer.comment("book")?;
            }
        }
        for (&m, comment) in record.moves.iter().zip(&record.comments) {
            self.writer.play(&board, m)?;
            board.make_move_unchecked(m);
            self.writer.comment(comment)?;
        }
        self.writer.comment(&record.reason)?;
        self.writer.end_game(result(record.result))?;
        self.writer.flush()
    }
}

/// The protocol's game result as PGN's.
fn result(result: ProtocolResult) -> GameResult {
    match result {
        ProtocolResult::WhiteWins => GameResult::Win(Color::White),
        ProtocolResult::BlackWins => GameResult::Win(Color::Black),
        ProtocolResult::Draw => GameResult::Draw,
        ProtocolResult::Unknown => GameResult::Unknown,
    }
}

/// Today's date as PGN writes it ("2026.11.23"), in UTC.
fn today() -> String {
    let days = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400);
    let (year, month, day) = civil_date(days as i64);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_415), (2025, 11, 23));
    }
}
