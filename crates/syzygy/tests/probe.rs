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

/// `fen` with the UCI moves `moves` played: a game with a history.
fn game(fen: &str, moves: &[&str]) -> Position {
    let mut game = position(fen);
    for uci in moves {
        game.play_uci(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    }
    game
}

/// The ranked move `uci` of `game`: its DTZ and result.
fn ranked_move(tables: &Tablebase, game: &Position, uci: &str) -> (i32, Wdl) {
    let ranked = tables.rank_root_moves(game).unwrap();
    assert!(ranked.windows(2).all(|w| w[0].rank >= w[1].rank));
    let found = ranked.iter().find(|m| game.uci(m.mv).to_string() == uci).expect("a legal move");
    (found.dtz, found.wdl)
}

#[test]
fn a_move_to_a_threefold_repetition_is_a_draw() {
    let tables = tables();
    const KRK: &str = "8/8/8/8/8/2k5/8/R3K3 b - - 0 1";
    let cycle = ["c3d3", "a1a2", "d3c3", "a2a1"];
    // The start position twice, then once more but for White's last move:
    // a2a1 would bring it about a third time.
    let third = game(KRK, &[&cycle[..], &cycle[..3]].concat());
    assert_eq!(ranked_move(&tables, &third, "a2a1"), (0, Wdl::Draw));
    let ranked = tables.rank_root_moves(&third).unwrap();
    assert_eq!(ranked[0].wdl, Wdl::Win, "the winner keeps other winning moves");
    // The same board without its game: a2a1 wins, and nothing else changes
    // (Rb2 and Rc2 hang the rook in both).
    let bare = position(&third.fen());
    assert!(matches!(ranked_move(&tables, &bare, "a2a1"), (dtz, Wdl::Win) if dtz > 0));
    let bare_ranked = tables.rank_root_moves(&bare).unwrap();
    let differing: Vec<_> =
        ranked.iter().filter(|m| !bare_ranked.contains(m)).map(|m| third.uci(m.mv).to_string()).collect();
    assert_eq!(differing, ["a2a1"]);
    // Seen once before only: no draw yet.
    let second = game(KRK, &cycle[..3]);
    assert!(matches!(ranked_move(&tables, &second, "a2a1"), (dtz, Wdl::Win) if dtz > 0));

    // The losing side takes the draw: d3c3 is its best move, the others lose.
    let losing = game("8/8/8/8/8/2k5/8/R3K3 w - - 0 1", &["a1a2", "c3d3", "a2a1", "d3c3", "a1a2", "c3d3", "a2a1"]);
    let ranked = tables.rank_root_moves(&losing).unwrap();
    assert_eq!(losing.uci(ranked[0].mv).to_string(), "d3c3");
    assert_eq!((ranked[0].dtz, ranked[0].wdl), (0, Wdl::Draw));
    assert!(ranked[1..].iter().all(|m| m.wdl == Wdl::Loss), "{ranked:?}");
    // A capture or pawn move since then makes the earlier positions unreachable.
    let board_only = tables.rank_root_moves_board(losing.board(), &[]).unwrap();
    assert!(board_only.iter().all(|m| m.wdl == Wdl::Loss));
    assert_eq!(tables.rank_root_moves_board(losing.board(), losing.history().keys()).unwrap(), ranked);
}

#[test]
fn captures_that_under_promote_count() {
    let tables = tables();
    // axb8=Q stalemates, axb8=R wins (KRvK): a win found before the
    // position's own table (KPvKR, not among the test tables) is needed,
    // as python-chess finds it (WDL 2, DTZ 1).
    let rook = position("1r6/P7/8/8/8/8/8/5K1k w - - 0 1");
    assert_eq!(tables.probe_wdl(&rook), Ok(Wdl::Win));
    assert_eq!(tables.probe_dtz(&rook).map(|d| d.plies()), Ok(1));
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
