//! Probes of the committed tables (tests/data, see its README) against the
//! values python-chess's `chess.syzygy` gives for the same positions, and
//! the errors for what no table holds.

use ox88_movegen::Position;
use ox88_syzygy::{ProbeError, Storage, TableKind, Tablebase, Wdl};
use std::path::PathBuf;

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

fn tables() -> Tablebase {
    Tablebase::open(data()).expect("the test tables")
}

fn position(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// (FEN, WDL, DTZ) as python-chess 1.11.2 probes them in these tables.
const KNOWN: [(&str, i32, i32); 14] = [
    ("7k/8/8/8/3pP3/8/8/K7 b - e3 0 1", 2, 1),
    ("8/8/8/8/8/2k5/8/R3K3 w - - 0 1", 2, 21),
    ("8/8/8/8/8/2k5/8/R3K3 b - - 0 1", -2, -28),
    ("8/8/4k3/8/8/8/4P3/4K3 w - - 0 1", 0, 0),
    ("8/8/4k3/8/8/8/4P3/4K3 b - - 0 1", 0, 0),
    ("8/8/3r4/8/8/2k5/8/R3K3 b - - 0 1", 0, 0),
    ("8/8/3r4/8/8/2k5/8/R3K3 w - - 0 1", 0, 0),
    ("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", 0, 0),
    ("8/8/8/8/2k5/8/1P6/R3K3 w - - 0 1", 2, 1),
    ("8/8/8/2k5/8/8/5Pp1/6K1 b - - 0 1", -2, -1),
    ("1k6/8/1K6/8/8/8/8/1Q1q4 w - - 0 1", 2, 1),
    ("4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1", 2, 5),
    ("8/8/8/8/8/8/R7/k1K4R b - - 0 1", -2, -1),
    ("8/8/8/8/8/2k5/3PP3/4K3 b - - 0 1", -2, -2),
];

#[test]
fn probes_give_python_chess_values() {
    let tables = tables();
    for (fen, wdl, dtz) in KNOWN {
        let position = position(fen);
        assert_eq!(tables.probe_wdl(&position).map(Wdl::value), Ok(wdl), "{fen}");
        assert_eq!(tables.probe_dtz(&position).map(|d| d.plies()), Ok(dtz), "{fen}");
    }
}

#[test]
fn reading_files_answers_as_mapping_them() {
    let mut read = Tablebase::with_storage(Storage::Read);
    read.add_directory(data()).unwrap();
    let mapped = tables();
    for (fen, ..) in KNOWN {
        let position = position(fen);
        assert_eq!(read.probe_dtz(&position), mapped.probe_dtz(&position), "{fen}");
    }
    assert_eq!(read.file_count(), 26);
    assert_eq!(read.max_pieces(), 4);
}

#[test]
fn root_moves_keep_the_win_and_rank_mates_first() {
    let tables = tables();
    // Rh8 mates at once: DTZ 1, ranked first.
    let mate = position("k7/8/1K6/8/8/8/8/7R w - - 0 1");
    let ranked = tables.rank_root_moves(&mate).unwrap();
    assert_eq!(mate.uci(ranked[0].mv).to_string(), "h1h8");
    assert_eq!((ranked[0].dtz, ranked[0].wdl), (1, Wdl::Win));
    assert!(ranked.windows(2).all(|w| w[0].rank >= w[1].rank));
    // Every move keeps the win; the slowest (as python-chess counts it) comes last.
    assert!(ranked.iter().all(|m| m.wdl == Wdl::Win));
    assert_eq!(ranked.last().map(|m| m.dtz), Some(11));
}

#[test]
fn the_fifty_move_counter_turns_slow_wins_into_cursed_ones() {
    let tables = tables();
    // DTZ 21 for the side to move: with 85 halfmoves gone, every move wins
    // too late.
    let late = position("8/8/8/8/8/2k5/8/R3K3 w - - 85 60");
    let ranked = tables.rank_root_moves(&late).unwrap();
    assert!(ranked.iter().all(|m| m.wdl != Wdl::Win), "{ranked:?}");
    assert_eq!(ranked[0].wdl, Wdl::CursedWin);
    let loser = position("8/8/8/8/8/2k5/8/R3K3 b - - 85 60");
    assert!(tables.rank_root_moves(&loser).unwrap().iter().all(|m| m.wdl == Wdl::BlessedLoss));
}

#[test]
fn positions_no_table_holds_are_errors() {
    let tables = tables();
    let castling = position("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(tables.probe_wdl(&castling), Err(ProbeError::Castling));
    let five = position("4k3/8/8/8/8/8/8/RNB1K3 w - - 0 1");
    assert_eq!(tables.probe_dtz(&five), Err(ProbeError::TooManyPieces { count: 5, max: 4 }));
    let missing = position("4k3/3r4/8/8/8/8/8/3QK3 b - - 0 1");
    let error = tables.probe_wdl(&missing).unwrap_err();
    assert_eq!(error, ProbeError::MissingTable { name: "KQvKR".into(), kind: TableKind::Wdl });
    assert_eq!(error.to_string(), "no WDL table KQvKR (file KQvKR.rtbw)");
    // Two kings need no table.
    assert_eq!(tables.probe_dtz(&position("4k3/8/8/8/8/8/8/4K3 w - - 0 1")).map(|d| d.plies()), Ok(0));
    assert_eq!(Tablebase::new().probe_wdl(&castling), Err(ProbeError::Castling));
}

#[test]
fn an_unreadable_directory_is_an_error() {
    let error = Tablebase::open(data().join("no such directory")).unwrap_err();
    assert!(error.to_string().contains("no such directory"), "{error}");
}
