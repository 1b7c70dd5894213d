//! Helpers shared by the movegen tests: the workspace's test data, read
//! with the crate's own EPD reader.

#![allow(dead_code)]

use ox88_movegen::Epd;

/// The text of a file under the workspace's `tests/data`.
pub fn data(path: &str) -> String {
    let full = format!("{}/../../tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// The lines of an EPD file under `tests/data`, with their line numbers.
pub fn epd_lines(path: &str) -> Vec<(usize, Epd)> {
    Epd::read_lines(&data(path))
        .map(|(number, epd)| (number, epd.unwrap_or_else(|e| panic!("{path}:{number}: {e}"))))
        .collect()
}

/// The positions of a perft suite (`tests/data/perft/NAME`).
pub fn perft_positions(name: &str) -> Vec<ox88_board::Board> {
    epd_lines(&format!("perft/{name}")).into_iter().map(|(_, epd)| epd.board).collect()
}

/// The positions of the three perft suites (standard, Chess960, special),
/// read once: where the random games of the property tests start.
pub fn suite_positions() -> &'static [ox88_board::Board] {
    static POSITIONS: std::sync::OnceLock<Vec<ox88_board::Board>> = std::sync::OnceLock::new();
    POSITIONS.get_or_init(|| {
        ["standard.epd", "chess960.epd", "special.epd"].iter().flat_map(|n| perft_positions(n)).collect()
    })
}
