//! `ox88-train datagen` run as a process: shuffle with held-out games, and
//! generate with either evaluation, resuming from its files.

use ox88_board::Board;
use ox88_movegen::MoveGen;
use ox88_train::data::{append_records, read_records, GameResult, PackedPosition};
use std::process::{Command, Output};

/// Runs `ox88-train datagen` with `args`.
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ox88-train")).arg("datagen").args(args).output().expect("ox88-train runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `datagen shuffle --hold-out`: whole games from the end of each input go
/// to the hold-out file, and no position is in both files.
#[test]
fn datagen_shuffle_holds_out_whole_games() {
    let dir = std::env::temp_dir().join(format!("ox88-datagen-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Two files of four games each: game g plays its own first move, then
    // the first legal move each time; every position is recorded.
    let mut games = Vec::new();
    for g in 0..8 {
        let mut board = Board::startpos();
        let first = board.legal_moves()[g];
        board.make_move_unchecked(first);
        let mut records = Vec::new();
        for _ in 0..30 {
            records.push(PackedPosition::new(&board, g as i32, GameResult::Draw, false));
            let m = board.legal_moves()[0];
            board.make_move_unchecked(m);
        }
        games.push(records);
    }
    let inputs = [dir.join("t0.bin"), dir.join("t1.bin")];
    for (i, input) in inputs.iter().enumerate() {
        for game in &games[4 * i..4 * i + 4] {
            append_records(input, game).unwrap();
        }
    }
    let (train, held) = (dir.join("train.bin"), dir.join("held.bin"));
    let path = |p: &std::path::PathBuf| p.to_str().unwrap().to_owned();
    let args = [
        "shuffle",
        "--seed",
        "3",
        "--out",
        &path(&train),
        "--hold-out",
        &path(&held),
        "--hold-out-positions",
        "50",
        &path(&inputs[0]),
        &path(&inputs[1]),
    ];
    let out = run(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (train, held) = (read_records(&train).unwrap(), read_records(&held).unwrap());
    let keys = |records: &[PackedPosition]| {
        records.iter().map(|r| r.position_bytes().to_vec()).collect::<std::collections::HashSet<_>>()
    };
    // 25 positions from each file's end lie in its last game: those two
    // games are held out, less what the training file holds.
    let last_games = keys(&[games[3].clone(), games[7].clone()].concat());
    let (train, held) = (keys(&train), keys(&held));
    assert!(!held.is_empty() && held.is_subset(&last_games));
    assert!(train.is_disjoint(&held));
    let others = keys(&[&games[..3], &games[4..7]].concat().concat());
    assert!(others.is_subset(&train), "the other games are trained on");
    // No position of a held-out game is trained on, unless another game
    // reached it too.
    assert!(last_games.difference(&others).all(|k| held.contains(k) && !train.contains(k)));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `datagen generate` with either evaluation: quiet, legal positions with
/// scores and results; run again, it goes on from what its files hold;
/// bad arguments are one-line usage errors.
#[test]
fn datagen_generates_quiet_positions_and_resumes() {
    let dir = std::env::temp_dir().join(format!("ox88-datagen-generate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for eval in ["classical", "nnue"] {
        let out = dir.join(eval);
        let out_arg = out.to_str().unwrap();
        let args = |positions| {
            ["generate", "--out", out_arg, "--threads", "1", "--nodes", "300", "--seed", "5", "--eval", eval]
                .into_iter()
                .chain(["--positions", positions])
                .collect::<Vec<_>>()
        };
        let first = args("200");
        let output = run(&first);
        assert!(output.status.success(), "{eval}: {}", text(&output.stderr));
        let records = read_records(&out.join("ox88-t0.bin")).unwrap();
        assert!(records.len() >= 200, "{eval}: {} positions", records.len());
        for record in &records {
            let board = record.to_board().expect("a legal position");
            assert!(!board.in_check(), "{eval}: {:?} is in check", record.fen());
            assert!(record.result().is_some() && i32::from(record.score()).abs() < 20_000);
        }
        // Asked for no more than the files hold, it stops at once; asked for
        // more, it appends.
        let again = run(&first);
        assert!(text(&again.stderr).contains(&format!("holds {} positions", records.len())));
        assert_eq!(read_records(&out.join("ox88-t0.bin")).unwrap().len(), records.len());
        let output = run(&args("400"));
        assert!(output.status.success(), "{eval}: {}", text(&output.stderr));
        let grown = read_records(&out.join("ox88-t0.bin")).unwrap();
        assert!(grown.len() >= 400 && grown[..records.len()] == records[..], "{eval}: the old games stay first");
    }
    for bad in [&["generate", "--eval", "both"][..], &["generate", "--net", "x.nnue"], &["generate", "--nodes", "0"]] {
        let output = run(bad);
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
        assert_eq!(text(&output.stderr).lines().count(), 1, "{bad:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
