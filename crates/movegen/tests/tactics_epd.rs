//! Every line of the tactical suites (`tests/data/tactics`) reads as EPD,
//! with its `bm`/`am` moves resolved, and survives writing back.

mod common;

use ox88_movegen::{Epd, MoveGen, Notation, Operation};

fn check_suite(name: &str, lines: usize) {
    let text = common::data(&format!("tactics/{name}"));
    let text_lines: Vec<&str> = text.lines().collect();
    let mut exact = 0;
    let mut count = 0;
    for (number, epd) in common::epd_lines(&format!("tactics/{name}")) {
        let line = text_lines[number - 1];
        assert!(epd.id().is_some(), "{name}:{number}: no id");
        let moves = epd.best_moves().or(epd.avoid_moves()).unwrap_or_else(|| panic!("{name}:{number}: no bm/am"));
        assert!(!moves.is_empty());
        assert!(moves.iter().all(|&m| epd.board.is_legal(m)));
        // Written back, the line reads as the same position and operations.
        let written = epd.to_string();
        let again: Epd = written.parse().unwrap_or_else(|e| panic!("{name}:{number}: {e}\n{written}"));
        assert_eq!(again, epd, "{written}");
        exact += usize::from(written == line.trim());
        count += 1;
    }
    assert_eq!(count, lines);
    // Lines whose moves are written in canonical SAN come back verbatim.
    assert!(exact * 10 >= count * 9, "{name}: only {exact} of {count} lines written back verbatim");
}

#[test]
fn win_at_chess() {
    check_suite("wac.epd", 300);
}

#[test]
fn bratko_kopec() {
    check_suite("bk.epd", 24);
}

#[test]
fn wac_001_details() {
    let (_, epd) = common::epd_lines("tactics/wac.epd").into_iter().next().expect("a first line");
    assert_eq!(epd.id(), Some("WAC.001"));
    let [Operation::BestMoves(bm), Operation::Id(_)] = epd.operations.as_slice() else {
        panic!("unexpected operations {:?}", epd.operations)
    };
    assert_eq!(epd.board.san(bm[0]).to_string(), "Qg6");
    assert_eq!(epd.board.legal_moves().len(), 59); // as python-chess counts them
}
