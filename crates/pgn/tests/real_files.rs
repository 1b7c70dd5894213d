//! The real files of `tests/data/pgn` (lichess games with clock comments,
//! TWIC tournament games): every game reads, every move is legal, reading
//! through `io::Read` agrees with reading in place, and writing every game
//! in export format then reading it back gives the same games.

use ox88_pgn::{Game, Reader};
use std::path::PathBuf;

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/pgn").join(name)
}

/// The files, with how many games and main-line moves each holds (as
/// python-chess counts them: `tests/python/cross_check.py`).
const FILES: [(&str, usize, usize); 2] =
    [("lichess_db_1000k.pgn", 438, 28_538), ("twic1599_1000k.pgn", 1_110, 101_487)];

fn read_all(bytes: &[u8]) -> Vec<Game> {
    Reader::from_bytes(bytes).games().collect::<Result<Vec<_>, _>>().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_game_reads_and_every_move_is_legal() {
    for (name, games, moves) in FILES {
        let bytes = std::fs::read(path(name)).expect("test data");
        let all = read_all(&bytes);
        assert_eq!(all.len(), games, "{name}");
        let mut total = 0;
        for game in &all {
            let mainline = game.mainline_moves().unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(mainline.len(), game.mainline().count());
            assert!(game.result.is_some() && game.headers.get("White").is_some(), "{name}: game {}", game.number);
            total += mainline.len();
        }
        assert_eq!(total, moves, "{name}");
        let file = std::fs::File::open(path(name)).expect("test data");
        let through_io: Vec<Game> =
            Reader::new(file).games().collect::<Result<_, _>>().unwrap_or_else(|e| panic!("{e}"));
        assert!(through_io == all, "{name}: io::Read and the slice disagree");
    }
}

#[test]
fn export_then_read_gives_the_same_games() {
    for (name, _, _) in FILES {
        let bytes = std::fs::read(path(name)).expect("test data");
        let all = read_all(&bytes);
        let exported: String = all.iter().map(|game| game.to_string()).collect();
        // Movetext lines (a tag pair takes the line it needs).
        for line in exported.lines().filter(|line| !line.starts_with('[')) {
            assert!(line.chars().count() < 80, "{name}: a line of {} characters: {line}", line.chars().count());
        }
        let again = read_all(exported.as_bytes());
        assert_eq!(again.len(), all.len(), "{name}");
        for (before, after) in all.iter().zip(&again) {
            assert_eq!(before.headers.export_order(), after.headers.export_order(), "{name}: game {}", before.number);
            assert_eq!(before.moves, after.moves, "{name}: game {}", before.number);
            assert_eq!(before.result, after.result, "{name}: game {}", before.number);
        }
        // Export format is a fixed point.
        let twice: String = again.iter().map(|game| game.to_string()).collect();
        assert!(twice == exported, "{name}: exporting again changed the text");
    }
}
