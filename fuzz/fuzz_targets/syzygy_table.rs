//! Any bytes as a Syzygy table file (the first byte picks which table and
//! whether WDL or DTZ), beside the intact test tables: probing positions of
//! that material (WDL, DTZ, root ranking) never panics and never reads past
//! the end. Seeded with the test tables themselves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_movegen::Position;
use ox88_syzygy::{TableKind, Tablebase};

/// Each table the fuzzer may replace, with positions of its material.
const TABLES: [(&str, [&str; 3]); 4] = [
    ("KRvK", ["8/8/8/8/8/2k5/8/R3K3 w - - 0 1", "8/8/8/8/8/2k5/8/R3K3 b - - 0 1", "k7/8/1K6/8/8/8/8/7R w - - 0 1"]),
    ("KPvK", ["8/8/4k3/8/8/8/4P3/4K3 w - - 0 1", "8/8/4k3/8/8/8/4P3/4K3 b - - 0 1", "8/1P6/8/8/8/2k5/8/K7 w - - 0 1"]),
    ("KRRvK", ["8/8/8/4k3/8/8/8/RR2K3 w - - 0 1", "8/8/8/4k3/8/8/8/RR2K3 b - - 0 1", "4k3/R7/1R6/8/8/8/8/4K3 w - - 0 1"]),
    ("KPvKP", ["7k/8/8/8/3pP3/8/8/K7 b - e3 0 1", "4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1", "8/8/8/2k5/8/8/5Pp1/6K1 b - - 0 1"]),
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else { return };
    let (name, fens) = TABLES[usize::from(pick & 0x7f) % TABLES.len()];
    let kind = if pick & 0x80 == 0 { TableKind::Wdl } else { TableKind::Dtz };
    let mut tables = Tablebase::new();
    assert!(tables.add_bytes(name, kind, bytes.to_vec()));
    tables
        .add_directory(concat!(env!("CARGO_MANIFEST_DIR"), "/../crates/syzygy/tests/data"))
        .expect("the test tables");
    for fen in fens {
        let position: Position = fen.parse().expect("valid FEN");
        let _ = tables.probe_wdl(&position);
        let _ = tables.probe_dtz(&position);
        let _ = tables.rank_root_moves(&position);
    }
});
