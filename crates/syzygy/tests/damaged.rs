//! Damaged tables: truncated, with wrong magic bytes, or with bytes changed
//! at random, they give errors (or some value), never a panic and never a
//! read past their end.

use ox88_movegen::Position;
use ox88_syzygy::{Damage, ProbeError, TableKind, Tablebase};
use proptest::prelude::*;
use std::path::PathBuf;

fn file(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Positions of the tables damaged below (KPvKP, KRPvK and their captures).
const POSITIONS: [&str; 6] = [
    "7k/8/8/8/3pP3/8/8/K7 b - e3 0 1",
    "8/8/4k3/8/8/8/4P3/4K3 w - - 0 1",
    "4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1",
    "8/8/8/2k5/8/8/5Pp1/6K1 b - - 0 1",
    "8/8/8/8/2k5/8/1P6/R3K3 w - - 0 1",
    "8/1k6/8/8/8/8/1P6/R3K3 b - - 0 1",
];

/// Tables where `name`'s files are `wdl` and `dtz`, and every other table
/// is intact.
fn with(name: &str, wdl: Vec<u8>, dtz: Vec<u8>) -> Tablebase {
    let mut tables = Tablebase::new();
    assert!(tables.add_bytes(name, TableKind::Wdl, wdl));
    assert!(tables.add_bytes(name, TableKind::Dtz, dtz));
    tables.add_directory(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")).unwrap();
    tables
}

fn probe_all(tables: &Tablebase) {
    for fen in POSITIONS {
        let position: Position = fen.parse().unwrap();
        let _ = tables.probe_wdl(&position);
        let _ = tables.probe_dtz(&position);
        let _ = tables.rank_root_moves(&position);
    }
}

#[test]
fn a_truncated_table_is_damaged_at_every_length() {
    let (wdl, dtz) = (file("KRPvK.rtbw"), file("KRPvK.rtbz"));
    let position: Position = POSITIONS[4].parse().unwrap();
    for length in (0..wdl.len()).step_by(7).chain([wdl.len() - 1]) {
        let tables = with("KRPvK", wdl[..length].to_vec(), dtz.clone());
        match tables.probe_wdl(&position) {
            Err(ProbeError::Damaged { damage, .. }) => {
                assert!(matches!(damage, Damage::Truncated { .. } | Damage::Magic { .. }), "{length}: {damage}");
            }
            other => panic!("{length} bytes of {}: {other:?}", wdl.len()),
        }
    }
}

#[test]
fn wrong_magic_bytes_are_named() {
    let mut wdl = file("KRPvK.rtbw");
    wdl[0] ^= 1;
    let tables = with("KRPvK", wdl, file("KRPvK.rtbz"));
    let error = tables.probe_wdl(&POSITIONS[4].parse().unwrap()).unwrap_err();
    assert!(error.to_string().starts_with("KRPvK.rtbw is damaged: magic bytes [70, e8, 23, 5d]"), "{error}");
    // The DTZ file's magic bytes are not the WDL file's.
    let tables = with("KRPvK", file("KRPvK.rtbz"), file("KRPvK.rtbz"));
    assert!(matches!(
        tables.probe_wdl(&POSITIONS[4].parse().unwrap()),
        Err(ProbeError::Damaged { damage: Damage::Magic { kind: TableKind::Wdl, .. }, .. })
    ));
}

#[test]
fn a_file_of_other_material_is_damaged() {
    // KPvKP's header under the name KRPvK: its pieces are not the name's.
    let tables = with("KRPvK", file("KPvKP.rtbw"), file("KPvKP.rtbz"));
    assert!(matches!(tables.probe_wdl(&POSITIONS[4].parse().unwrap()), Err(ProbeError::Damaged { .. })));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn changed_bytes_never_panic(
        changes in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        in_header in any::<bool>(),
        dtz_file in any::<bool>(),
    ) {
        let (mut wdl, mut dtz) = (file("KPvKP.rtbw"), file("KPvKP.rtbz"));
        let target = if dtz_file { &mut dtz } else { &mut wdl };
        // Half the cases change the first 256 bytes, where the headers are.
        let region = if in_header { 256.min(target.len()) } else { target.len() };
        for (index, byte) in changes {
            target[index.index(region)] = byte;
        }
        probe_all(&with("KPvKP", wdl, dtz));
    }

    #[test]
    fn truncated_anywhere_never_panics(cut in any::<prop::sample::Index>(), dtz_file in any::<bool>()) {
        let (mut wdl, mut dtz) = (file("KPvKP.rtbw"), file("KPvKP.rtbz"));
        let target = if dtz_file { &mut dtz } else { &mut wdl };
        let length = cut.index(target.len());
        target.truncate(length);
        probe_all(&with("KPvKP", wdl, dtz));
    }
}
