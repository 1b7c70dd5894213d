//! The openings of a match: positions from an EPD file, or the moves of
//! PGN games; in file order or shuffled by a seeded generator; Chess960
//! start positions when the variant is asked for without a book.

use crate::cli::{OpeningFormat, OpeningsSpec};
use ox88::board::{Board, CastlingMode, Move};
use ox88::movegen::{Epd, Position};
use ox88::pgn::Reader;

/// Where a game starts: a position and the moves played from it before the
/// engines take over; a Chess960 game when the variant is.
#[derive(Clone, Debug)]
pub struct Opening {
    pub start: Board,
    pub moves: Vec<Move>,
    pub chess960: bool,
    /// Its name (the EPD `id`, the PGN game's `Opening` or `Event` tag).
    pub name: Option<String>,
}

impl Opening {
    /// The game so far.
    pub fn position(&self) -> Position {
        let mut position = Position::new(self.start.clone());
        if self.chess960 {
            position.set_castling_mode(CastlingMode::Chess960);
        }
        for &m in &self.moves {
            position.play(m).expect("opening moves were checked when read");
        }
        position
    }
}

/// A small seeded generator (SplitMix64): shuffles need no more.
pub struct Random(u64);

impl Random {
    pub fn new(seed: u64) -> Random {
        Random(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The openings for `rounds` rounds, one per round.
pub fn for_rounds(
    spec: Option<&OpeningsSpec>,
    chess960: bool,
    rounds: usize,
    seed: u64,
) -> Result<Vec<Opening>, String> {
    let mut random = Random::new(seed);
    let Some(spec) = spec else {
        let start = |random: &mut Random| {
            if chess960 {
                let n = random.below(960) as u16;
                let start = Board::chess960(n).expect("0..960 is a Chess960 number");
                Opening { start, moves: Vec::new(), chess960, name: Some(format!("Chess960 #{n}")) }
            } else {
                Opening { start: Board::startpos(), moves: Vec::new(), chess960, name: None }
            }
        };
        return Ok((0..rounds).map(|_| start(&mut random)).collect());
    };
    let mut book = read(spec)?;
    for opening in &mut book {
        opening.chess960 |= chess960;
    }
    if book.is_empty() {
        return Err(format!("{}: no openings", spec.file.display()));
    }
    if spec.random {
        for i in (1..book.len()).rev() {
            book.swap(i, random.below(i + 1));
        }
    }
    let first = (spec.start - 1) % book.len();
    Ok((0..rounds).map(|r| book[(first + r) % book.len()].clone()).collect())
}

fn read(spec: &OpeningsSpec) -> Result<Vec<Opening>, String> {
    let text = std::fs::read(&spec.file).map_err(|e| format!("{}: {e}", spec.file.display()))?;
    let file = spec.file.display().to_string();
    match spec.format {
        OpeningFormat::Epd => read_epd(&String::from_utf8_lossy(&text), &file),
        OpeningFormat::Pgn => read_pgn(&text, &file, spec.plies),
    }
}

/// The main line of every game, cut to `plies` if given, from the game's
/// start (its `FEN` tag, Chess960 by its `Variant` tag); named by its
/// `Opening` tag, else its `Event`.
pub fn read_pgn(text: &[u8], file: &str, plies: Option<usize>) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for game in Reader::from_bytes(text).games() {
        let game = game.map_err(|e| format!("{file}: {e}"))?;
        let start = game.start_board().map_err(|e| format!("{file}: {e}"))?;
        let chess960 = game.castling_mode().map_err(|e| format!("{file}: {e}"))? == CastlingMode::Chess960;
        let mut moves = game.mainline_moves().map_err(|e| format!("{file}: {e}"))?;
        moves.truncate(plies.unwrap_or(usize::MAX));
        let name = game.headers.get("Opening").or_else(|| game.headers.get("Event")).map(str::to_owned);
        let opening = Opening { start, moves, chess960, name };
        if opening.position().outcome().is_some() {
            return Err(format!("{file}: game {}: the game is over at the end of the opening", game.number));
        }
        openings.push(opening);
    }
    Ok(openings)
}

/// One position per line (`#` lines and blank lines skipped).
pub fn read_epd(text: &str, file: &str) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (number, epd) in Epd::read_lines(text) {
        let epd = epd.map_err(|e| format!("{file}:{number}: {e}"))?;
        if Position::new(epd.board.clone()).outcome().is_some() {
            return Err(format!("{file}:{number}: the game is already over in this position"));
        }
        let name = epd.id().map(str::to_owned);
        openings.push(Opening { start: epd.board, moves: Vec::new(), chess960: false, name });
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_lines_become_openings() {
        let text = "# balanced\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n\
                    rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\n";
        let book = read_epd(text, "book.epd").unwrap();
        assert_eq!(book.len(), 2);
        assert_ne!(book[0].start, book[1].start);
        assert!(read_epd("not a fen\n", "x").unwrap_err().starts_with("x:1:"));
        assert!(read_epd("7k/5QQ1/8/8/8/8/8/K7 b - -\n", "x").unwrap_err().contains("over"));
    }

    #[test]
    fn pgn_games_become_openings() {
        let pgn = b"[Event \"Open\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n\
                    [Opening \"Chess960 #518\"]\n[Variant \"Chess960\"]\n\n1. d4 d5 *\n";
        let book = read_pgn(pgn, "book.pgn", Some(4)).unwrap();
        assert_eq!(book.len(), 2);
        assert_eq!((book[0].moves.len(), book[0].name.as_deref(), book[0].chess960), (4, Some("Open"), false));
        assert_eq!((book[1].moves.len(), book[1].chess960), (2, true));
        assert!(book[1].position().is_chess960());
        assert!(read_pgn(b"1. e4 e6 2. Ke3 Ke7 3. Kd5 *", "bad.pgn", None).unwrap_err().starts_with("bad.pgn: "));
        let mate = b"1. f3 e5 2. g4 Qh4# 0-1";
        assert!(read_pgn(mate, "mate.pgn", None).unwrap_err().contains("over"));
    }

    #[test]
    fn rounds_cycle_through_the_book() {
        let rounds = for_rounds(None, false, 3, 1).unwrap();
        assert!(rounds.iter().all(|o| o.start == Board::startpos()));
        let frc = for_rounds(None, true, 20, 7).unwrap();
        assert!(frc.iter().any(|o| o.start != frc[0].start));
        let mut a = Random::new(5);
        let mut b = Random::new(5);
        assert_eq!((0..10).map(|_| a.next()).collect::<Vec<_>>(), (0..10).map(|_| b.next()).collect::<Vec<_>>());
    }
}
