//! The import of the repository's real PGN files, read back from Parquet and
//! compared with ox88-pgn's own reading of the same files.

use arrow_array::cast::AsArray;
use arrow_array::types::{Float32Type, Int32Type, Int64Type};
use arrow_array::{Array, RecordBatch};
use ox88_db::{import, Columns, ImportError, ImportOptions};
use ox88_movegen::move_at_index;
use ox88_pgn::{GameTree, Reader};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use std::fs::File;
use std::path::{Path, PathBuf};

fn real_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/pgn");
    ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"].iter().map(|f| dir.join(f)).collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ox88-db-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Every row of the dataset folder `dir`, in part order.
fn read_dataset(dir: &Path) -> Vec<RecordBatch> {
    let mut parts: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    parts.sort();
    parts
        .iter()
        .flat_map(|part| {
            let reader = ParquetRecordBatchReaderBuilder::try_new(File::open(part).unwrap()).unwrap().build().unwrap();
            reader.map(Result::unwrap).collect::<Vec<_>>()
        })
        .collect()
}

fn text(batch: &RecordBatch, column: &str, row: usize) -> Option<String> {
    let array = batch.column_by_name(column).unwrap().as_string::<i32>();
    array.is_valid(row).then(|| array.value(row).to_owned())
}

fn int(batch: &RecordBatch, column: &str, row: usize) -> Option<i32> {
    let array = batch.column_by_name(column).unwrap().as_primitive::<Int32Type>();
    array.is_valid(row).then(|| array.value(row))
}

#[test]
fn the_real_files_read_back_as_ox88_pgn_reads_them() {
    let out = scratch("real");
    let positions = scratch("real-positions");
    let options = ImportOptions {
        columns: Columns { san: true, ..Columns::default() },
        positions: Some(positions.clone()),
        threads: 2,
        row_group_games: 500,
        ..ImportOptions::default()
    };
    let summary = import(&real_files(), &out, &options, |_| {}).unwrap();
    assert_eq!((summary.games, summary.errors), (438 + 1110, 0));
    let batches = read_dataset(&out);
    assert_eq!(batches.iter().map(RecordBatch::num_rows).sum::<usize>(), 1548);

    // The same games as ox88-pgn's game trees give them, field by field.
    let mut expected = Vec::new();
    for path in real_files() {
        let bytes = std::fs::read(&path).unwrap();
        for game in Reader::from_bytes(&bytes).games() {
            expected.push((path.to_string_lossy().into_owned(), game.unwrap()));
        }
    }
    let rows = batches.iter().flat_map(|b| (0..b.num_rows()).map(move |row| (b, row)));
    let mut plies = 0;
    for (i, ((batch, row), (file, game))) in rows.zip(&expected).enumerate() {
        let ids = batch.column_by_name("id").unwrap().as_primitive::<Int64Type>();
        assert_eq!(ids.value(row), i as i64 + 1);
        assert_eq!(text(batch, "file", row).as_deref(), Some(file.as_str()));
        assert_eq!(text(batch, "white", row).as_deref(), game.headers.get("White"));
        assert_eq!(text(batch, "opening", row).as_deref(), game.headers.get("Opening"));
        let elo = game.headers.get("WhiteElo").and_then(|e| e.parse().ok());
        assert_eq!(int(batch, "white_elo", row), elo);
        assert_eq!(text(batch, "result", row).as_deref(), Some(game.outcome().as_str()));
        assert_eq!(text(batch, "error", row), None);

        let tree: GameTree = game.tree().unwrap();
        let nodes: Vec<_> = tree.root().mainline().collect();
        let mut position = game.start_position().unwrap();
        let uci: Vec<String> = game.mainline_moves().unwrap().iter().map(|&m| position.uci(m).to_string()).collect();
        assert_eq!(text(batch, "uci", row).unwrap(), uci.join(" "));
        assert_eq!(int(batch, "ply_count", row), Some(uci.len() as i32));
        plies += uci.len();

        // The indices decode to the same moves, and SAN is the position's.
        let indices = batch.column_by_name("move_indices").unwrap().as_binary::<i32>().value(row);
        let mut san = Vec::new();
        for (&index, node) in indices.iter().zip(&nodes) {
            let m = move_at_index(position.board(), index).expect("an index of a legal move");
            assert_eq!(Some(m), node.mv());
            san.push(position.san(m).unwrap().to_string());
            position.play(m).unwrap();
        }
        assert_eq!(text(batch, "san", row).unwrap(), san.join(" "));

        // Clocks as the tree's nodes read them.
        let clocks = batch.column_by_name("clocks").unwrap().as_list::<i32>();
        let expected: Vec<Option<f32>> = nodes.iter().map(|n| n.clock().map(|c| c.as_secs_f32())).collect();
        if expected.iter().all(Option::is_none) {
            assert!(clocks.is_null(row));
        } else {
            let list = clocks.value(row);
            let got: Vec<Option<f32>> = list.as_primitive::<Float32Type>().iter().collect();
            assert_eq!(got, expected);
        }
    }
    assert_eq!(plies as u64, summary.plies);

    // The positions table: a row per move.
    let rows: usize = read_dataset(&positions).iter().map(RecordBatch::num_rows).sum();
    assert_eq!(rows, plies);
    std::fs::remove_dir_all(&out).unwrap();
    std::fs::remove_dir_all(&positions).unwrap();
}

/// The batches written on a thread behind the hand-over (more than one
/// thread) make the same files, byte for byte, as written on the calling
/// thread (one thread).
#[test]
fn the_writing_thread_writes_what_the_calling_thread_writes() {
    let mut parts = Vec::new();
    for threads in [1, 2] {
        let (out, positions) = (scratch(&format!("writer-{threads}")), scratch(&format!("writer-{threads}-positions")));
        let options = ImportOptions {
            columns: Columns { san: true, ..Columns::default() },
            positions: Some(positions.clone()),
            threads,
            row_group_games: 300,
            ..ImportOptions::default()
        };
        let summary = import(&real_files(), &out, &options, |_| {}).unwrap();
        let positions_part = summary.positions_part.unwrap();
        parts.push([std::fs::read(&summary.part).unwrap(), std::fs::read(&positions_part).unwrap()]);
        std::fs::remove_dir_all(&out).unwrap();
        std::fs::remove_dir_all(&positions).unwrap();
    }
    assert!(parts[0] == parts[1], "the parts differ");
}

#[test]
fn errors_are_kept_and_append_numbers_on() {
    let dir = scratch("append");
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("bad.pgn");
    std::fs::write(&pgn, "[White \"A\"]\n\n1. e4 e5 2. Nf9 *\n\n[White \"B\"]\n\n1. d4 d5 1-0\n").unwrap();
    let out = dir.join("games.parquet");
    let options = ImportOptions { threads: 1, ..ImportOptions::default() };
    let first = import(std::slice::from_ref(&pgn), &out, &options, |_| {}).unwrap();
    assert_eq!((first.games, first.errors), (2, 1));
    let refused = import(std::slice::from_ref(&pgn), &out, &options, |_| {});
    assert!(matches!(refused, Err(ImportError::Exists { .. })), "{refused:?}");
    let append = ImportOptions { append: true, ..options.clone() };
    let second = import(std::slice::from_ref(&pgn), &out, &append, |_| {}).unwrap();
    assert_eq!(second.part.file_name().unwrap(), "part-00001.parquet");
    let other = ImportOptions { columns: Columns { san: true, ..Columns::default() }, ..append };
    assert!(matches!(import(&[pgn], &out, &other, |_| {}), Err(ImportError::Schema { .. })));

    let batches = read_dataset(&out);
    assert_eq!(batches.len(), 2);
    let ids: Vec<i64> =
        batches.iter().flat_map(|b| b.column(0).as_primitive::<Int64Type>().values().to_vec()).collect();
    assert_eq!(ids, [1, 2, 3, 4]);
    let error = text(&batches[0], "error", 0).unwrap();
    assert!(error.contains("game 1 (A - ?)") && error.contains("Nf9"), "{error}");
    assert_eq!(text(&batches[0], "white", 0).as_deref(), Some("A"));
    assert_eq!(text(&batches[0], "uci", 0), None);
    assert_eq!(text(&batches[0], "uci", 1).as_deref(), Some("d2d4 d7d5"));
    assert_eq!(text(&batches[0], "result", 1).as_deref(), Some("1-0"));
    assert!(import(&[dir.join("missing.pgn")], &dir.join("other"), &options, |_| {}).is_err());
    assert!(!dir.join("other").join("part-00000.parquet").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn counts_and_first_ids_let_shards_be_imported_apart() {
    let dir = scratch("shards");
    std::fs::create_dir_all(&dir).unwrap();
    // Games that fail in their moves and in their syntax are rows too, and counted.
    let bad = dir.join("bad.pgn");
    let text =
        "[White \"A\"]\n\n1. e4 e5 2. Nf9 *\n\n[White \"B\"\n\n1. d4 d5 1-0\n\n[White \"C\"]\n\n1. c4 {open 1-0\n";
    std::fs::write(&bad, text).unwrap();
    let mut files = real_files();
    files.push(bad.clone());
    let options = ImportOptions { threads: 2, ..ImportOptions::default() };
    let mut first_id = 1;
    for (index, file) in files.iter().enumerate() {
        let counted = ox88_db::count_games(std::slice::from_ref(file), 2).unwrap();
        let out = dir.join(format!("shard-{index}"));
        let shard = ImportOptions { first_id, ..options.clone() };
        let summary = import(std::slice::from_ref(file), &out, &shard, |_| {}).unwrap();
        assert_eq!(summary.games, counted, "{}", file.display());
        let ids: Vec<i64> = read_dataset(&out)
            .iter()
            .flat_map(|b| b.column_by_name("id").unwrap().as_primitive::<Int64Type>().values().to_vec())
            .collect();
        assert_eq!(ids, (first_id..first_id + counted as i64).collect::<Vec<_>>());
        first_id += counted as i64;
    }
    assert_eq!(first_id - 1, 1548 + ox88_db::count_games(&[bad], 1).unwrap() as i64);
    assert!(first_id - 1 > 1548);
    // An existing dataset's ids still win over a smaller first id.
    let append = ImportOptions { append: true, first_id: 2, ..options };
    let again = import(&files[2..], &dir.join("shard-2"), &append, |_| {}).unwrap();
    let last = read_dataset(&dir.join("shard-2")).last().unwrap().column_by_name("id").unwrap().clone();
    assert_eq!(*last.as_primitive::<Int64Type>().values().last().unwrap(), first_id - 1 + again.games as i64);
    assert!(ox88_db::count_games(&[dir.join("missing.pgn")], 1).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_local_copy_is_named_by_its_original() {
    let dir = scratch("names");
    std::fs::create_dir_all(&dir).unwrap();
    let (copy, other) = (dir.join("copy.pgn"), dir.join("other.pgn"));
    std::fs::write(&copy, "[White \"A\"]\n\n1. e4 e5 1-0\n\n[White \"B\"]\n\n1. d4 *\n").unwrap();
    std::fs::write(&other, "[White \"C\"]\n\n1. c4 0-1\n").unwrap();
    // Named: the first input; the second, beyond the names given, keeps its path.
    let uri = "s3://games/2024-01/shard-00007.pgn.zst";
    let options = ImportOptions { threads: 1, file_names: vec![uri.to_owned()], ..ImportOptions::default() };
    let summary = import(&[copy, other.clone()], &dir.join("games"), &options, |_| {}).unwrap();
    assert_eq!(summary.games, 3);
    let batches = read_dataset(&dir.join("games"));
    let files: Vec<Option<String>> = (0..3).map(|row| text(&batches[0], "file", row)).collect();
    let other = other.to_string_lossy().into_owned();
    assert_eq!(files, [Some(uri.to_owned()), Some(uri.to_owned()), Some(other)]);
    let numbers: Vec<i64> = batches[0].column_by_name("number").unwrap().as_primitive::<Int64Type>().values().to_vec();
    assert_eq!(numbers, [1, 2, 1]);
    std::fs::remove_dir_all(&dir).unwrap();
}
