//! The openings of a match: positions from an EPD file, or the moves of
//! PGN games; in file order or shuffled by a seeded generator; Chess960
//! start positions when the variant is asked for without a book.

use crate::config::{OpeningFormat, OpeningsSpec};
use ox88_board::{CastlingMode, Random};
use ox88_movegen::{Epd, Notation, Position};
use ox88_pgn::{MoveToken, Reader};

/// Where a game starts: the position after the book's moves (its start and
/// moves are the position's own), and the book's name for it.
#[derive(Clone, Debug)]
pub struct Opening {
    /// The game so far: a start position, the book moves played from it,
    /// and whether castling is Chess960's.
    pub position: Position,
    /// Its name (the EPD `id`, the PGN game's `Opening` or `Event` tag).
    pub name: Option<String>,
}

/// The openings for `rounds` rounds, one per round. In
/// [`CastlingMode::Chess960`], the book's positions castle as Chess960, and
/// without a book each round starts from a random Chess960 arrangement.
pub fn for_rounds(
    spec: Option<&OpeningsSpec>,
    castling_mode: CastlingMode,
    rounds: usize,
    seed: u64,
) -> Result<Vec<Opening>, String> {
    let mut random = Random::new(seed);
    let Some(spec) = spec else {
        let start = |random: &mut Random| {
            if castling_mode == CastlingMode::Chess960 {
                let n = random.below(960) as u16;
                let mut position = Position::chess960(n).expect("0..960 is a Chess960 number");
                position.set_castling_mode(CastlingMode::Chess960);
                Opening { position, name: Some(format!("Chess960 #{n}")) }
            } else {
                Opening { position: Position::startpos(), name: None }
            }
        };
        return Ok((0..rounds).map(|_| start(&mut random)).collect());
    };
    let mut book = read(spec)?;
    if castling_mode == CastlingMode::Chess960 {
        for opening in &mut book {
            opening.position.set_castling_mode(castling_mode);
        }
    }
    if book.is_empty() {
        return Err(format!("{}: no openings", spec.file.display()));
    }
    if spec.random {
        random.shuffle(&mut book);
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
/// start (its `FEN` tag, Chess960 by its `Variant` tag, each read once);
/// named by its `Opening` tag, else its `Event`.
pub fn read_pgn(text: &[u8], file: &str, plies: Option<usize>) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for game in Reader::from_bytes(text).games() {
        let game = game.map_err(|e| format!("{file}: {e}"))?;
        let mut position = game.start_position().map_err(|e| format!("{file}: {e}"))?;
        for node in game.moves.nodes.iter().take(plies.unwrap_or(usize::MAX)) {
            let illegal = |reason: String| format!("{file}: game {}: {}: {reason}", game.number, node.san);
            let MoveToken::San(san) = node.san else { return Err(illegal("a null move".into())) };
            let m = position.board().resolve_san(san.san).map_err(|e| illegal(e.to_string()))?;
            position.play(m).map_err(|e| illegal(e.to_string()))?;
        }
        let name = game.headers.get("Opening").or_else(|| game.headers.get("Event")).map(str::to_owned);
        if position.outcome().is_some() {
            return Err(format!("{file}: game {}: the game is over at the end of the opening", game.number));
        }
        openings.push(Opening { position, name });
    }
    Ok(openings)
}

/// One position per line (`#` lines and blank lines skipped).
pub fn read_epd(text: &str, file: &str) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (number, epd) in Epd::read_lines(text) {
        let epd = epd.map_err(|e| format!("{file}:{number}: {e}"))?;
        let name = epd.id().map(str::to_owned);
        let position = Position::new(epd.board);
        if position.outcome().is_some() {
            return Err(format!("{file}:{number}: the game is already over in this position"));
        }
        openings.push(Opening { position, name });
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::Board;

    #[test]
    fn epd_lines_become_openings() {
        let text = "# balanced\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n\
                    rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\n";
        let book = read_epd(text, "book.epd").unwrap();
        assert_eq!(book.len(), 2);
        assert_ne!(book[0].position.board(), book[1].position.board());
        assert!(read_epd("not a fen\n", "x").unwrap_err().starts_with("x:1:"));
        assert!(read_epd("7k/5QQ1/8/8/8/8/8/K7 b - -\n", "x").unwrap_err().contains("over"));
    }

    #[test]
    fn pgn_games_become_openings() {
        let pgn = b"[Event \"Open\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n\
                    [Opening \"Chess960 #518\"]\n[Variant \"Chess960\"]\n\n1. d4 d5 *\n";
        let book = read_pgn(pgn, "book.pgn", Some(4)).unwrap();
        assert_eq!(book.len(), 2);
        let first = &book[0].position;
        assert_eq!((first.moves().len(), book[0].name.as_deref(), first.is_chess960()), (4, Some("Open"), false));
        assert_eq!((book[1].position.moves().len(), book[1].position.is_chess960()), (2, true));
        assert!(read_pgn(b"1. e4 e6 2. Ke3 Ke7 3. Kd5 *", "bad.pgn", None).unwrap_err().starts_with("bad.pgn: "));
        let mate = b"1. f3 e5 2. g4 Qh4# 0-1";
        assert!(read_pgn(mate, "mate.pgn", None).unwrap_err().contains("over"));
    }

    #[test]
    fn rounds_cycle_through_the_book() {
        let rounds = for_rounds(None, CastlingMode::Standard, 3, 1).unwrap();
        assert!(rounds.iter().all(|o| *o.position.board() == Board::startpos() && !o.position.is_chess960()));
        let frc = for_rounds(None, CastlingMode::Chess960, 20, 7).unwrap();
        assert!(frc.iter().all(|o| o.position.is_chess960()));
        assert!(frc.iter().any(|o| o.position.start() != frc[0].position.start()));
        let again = for_rounds(None, CastlingMode::Chess960, 20, 7).unwrap();
        assert!(frc.iter().zip(&again).all(|(a, b)| a.position.start() == b.position.start()), "seeded");
    }
}
