//! The `ox88-train` binary as a user runs it: help, bad arguments, a run
//! that resumes from its checkpoint exactly where it stopped, export,
//! verify, a run that starts from a network file, and validation positions
//! from their own file.

use ox88_board::{Board, Color};
use ox88_board::{CastlingMode, GameResult};
use ox88_eval::nnue::{KingBuckets, Network};
use ox88_eval::{Classical, Evaluator};
use ox88_train::data::{append_records, PackedPosition};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ox88-train")).args(args).output().expect("the binary runs")
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ox88-train-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A data file of the perft suites' 1,128 positions, labelled with the
/// classical evaluation.
fn data_file(dir: &Path) -> PathBuf {
    let mut classical = Classical::new();
    let mut records = Vec::new();
    for name in ["standard.epd", "special.epd", "chess960.epd"] {
        let path = format!("{}/../../tests/data/perft/{name}", env!("CARGO_MANIFEST_DIR"));
        for line in std::fs::read_to_string(&path).unwrap().lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let board: Board = line.split(';').next().unwrap().trim().parse().unwrap();
            let eval = classical.evaluate(&board).raw();
            let white = if board.side_to_move() == Color::White { eval } else { -eval };
            let result = if white > 50 { GameResult::Win(Color::White) } else { GameResult::Draw };
            let castling = if name == "chess960.epd" { CastlingMode::Chess960 } else { CastlingMode::Standard };
            records.push(PackedPosition::new(&board, white, result, castling));
        }
    }
    let path = dir.join("data.bin");
    append_records(&path, &records).unwrap();
    path
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

#[test]
fn help_and_bad_arguments() {
    let help = run(&["--help"]);
    assert!(help.status.success() && text(&help).contains("usage: ox88-train train"));
    for args in [&["train"][..], &["train", "--data", "x", "--epochs", "none"], &["fly"], &["train", "--bogus", "1"]] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", text(&output));
        assert_eq!(text(&output).lines().count(), 1, "{args:?}: one line");
    }
    let out = scratch("bad").join("never");
    let missing = run(&["train", "--data", "/nonexistent/data.bin", "--out", out.to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(1), "{}", text(&missing));
    assert!(!out.exists(), "no output directory for a run that cannot start");
}

#[test]
fn a_resumed_run_ends_exactly_where_an_uninterrupted_one_does() {
    let dir = scratch("resume");
    let data = data_file(&dir);
    let data = data.to_str().unwrap();
    let common = ["--batch", "128", "--validation", "100", "--threads", "2", "--scale", "150", "--lr", "0.01"];
    let train = |out: &Path, until: &str, resume: Option<&Path>| {
        let mut args = vec!["train", "--data", data, "--out", out.to_str().unwrap(), "--epochs", "4", "--until", until];
        args.extend(common);
        let checkpoint;
        if let Some(path) = resume {
            checkpoint = path.to_str().unwrap().to_owned();
            args.extend(["--resume", checkpoint.as_str()]);
        }
        let output = run(&args);
        assert!(output.status.success(), "{}", text(&output));
        text(&output)
    };
    let (whole, parts) = (dir.join("whole"), dir.join("parts"));
    let log = train(&whole, "4", None);
    assert_eq!(log.lines().filter(|l| l.starts_with("epoch")).count(), 4, "{log}");
    // The same run stopped after the second epoch and resumed from its
    // checkpoint must end exactly alike.
    let log = train(&parts, "2", None);
    assert!(log.contains("stopped (--until)"), "{log}");
    train(&parts, "4", Some(&parts.join("checkpoint.bin")));
    let read = |dir: &Path, file: &str| std::fs::read(dir.join(file)).unwrap();
    assert!(read(&whole, "checkpoint.bin") == read(&parts, "checkpoint.bin"), "checkpoints differ");
    assert!(read(&whole, "net.nnue") == read(&parts, "net.nnue"), "networks differ");

    // Export writes the same network; verify compares it with the float one.
    let exported = dir.join("exported.nnue");
    let checkpoint = whole.join("checkpoint.bin");
    let output = run(&["export", checkpoint.to_str().unwrap(), "--out", exported.to_str().unwrap()]);
    assert!(output.status.success(), "{}", text(&output));
    assert_eq!(std::fs::read(&exported).unwrap(), read(&whole, "net.nnue"));
    assert!(Network::load(&exported).is_ok());
    let output = run(&["verify", checkpoint.to_str().unwrap(), "--data", data, "--positions", "100"]);
    assert!(output.status.success() && text(&output).contains("100 positions"), "{}", text(&output));

    // A run from that network with a learning rate too small to move a
    // weight by a quantisation step exports the same file, at its scale.
    let tuned = dir.join("tuned");
    let net = whole.join("net.nnue");
    let mut args = vec!["train", "--data", data, "--out", tuned.to_str().unwrap(), "--epochs", "1"];
    args.extend(["--init", net.to_str().unwrap(), "--lr", "1e-9", "--lr-end", "1e-9", "--weight-decay", "0"]);
    let output = run(&args);
    let log = text(&output);
    assert!(output.status.success(), "{log}");
    assert!(log.contains("starting from") && log.contains("scale 150.0 cp"), "{log}");
    assert!(read(&tuned, "net.nnue") == read(&whole, "net.nnue"), "fine-tuning by nothing changed the network");
    // It starts a run: with --resume it is a usage error; a missing file is
    // an error of the run.
    let both = run(&[&args[..], &["--resume", checkpoint.to_str().unwrap()]].concat());
    assert_eq!(both.status.code(), Some(2), "{}", text(&both));
    let at = args.iter().position(|&a| a == "--init").unwrap() + 1;
    args[at] = "/nonexistent/net.nnue";
    assert_eq!(run(&args).status.code(), Some(1));

    // Validation positions from a file of their own, and the classical
    // evaluation's loss on them first.
    let out = dir.join("separate");
    let output = run(&[
        "train",
        "--data",
        data,
        "--validation-data",
        data,
        "--validation",
        "300",
        "--out",
        out.to_str().unwrap(),
        "--epochs",
        "1",
        "--batch",
        "256",
    ]);
    let log = text(&output);
    assert!(output.status.success(), "{log}");
    assert!(log.contains("validation 300 from") && log.contains("classical evaluation on the validation"), "{log}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `import-bullet`: bullet's file becomes a network file the engine loads;
/// a file of another layout is refused in one line, exit code 1.
#[test]
fn import_bullet_writes_a_network_or_names_the_problem() {
    let dir = scratch("import-bullet");
    let embedded = Network::embedded();
    let bullet = dir.join("quantised.bin");
    std::fs::write(&bullet, ox88_train::bullet_net::to_bullet(&embedded)).unwrap();
    let net = dir.join("net.nnue");
    let output = run(&["import-bullet", bullet.to_str().unwrap(), "--scale", "400", "--out", net.to_str().unwrap()]);
    assert!(output.status.success(), "{}", text(&output));
    let imported = Network::load(&net).unwrap();
    assert_eq!(imported.scale(), 400);
    assert_eq!(imported.feature_weights(), embedded.feature_weights());
    std::fs::write(&bullet, [0u8; 1000]).unwrap();
    let output = run(&["import-bullet", bullet.to_str().unwrap(), "--scale", "400", "--out", net.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("1000 bytes") && message.lines().count() == 1, "{message}");
    let output = run(&["import-bullet", bullet.to_str().unwrap(), "--out", net.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "--scale is required");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bucketed_run_starts_from_a_network_without_buckets_resumes_and_verifies() {
    let dir = scratch("king-buckets");
    let data = data_file(&dir);
    let data = data.to_str().unwrap();
    let common = ["--batch", "128", "--validation", "100", "--threads", "2", "--scale", "150", "--lr", "0.01"];
    let train = |out: &Path, extra: &[&str]| {
        let mut args = vec!["train", "--data", data, "--out", out.to_str().unwrap()];
        args.extend(common);
        args.extend(extra);
        run(&args)
    };
    let plain = dir.join("plain");
    assert!(train(&plain, &["--epochs", "1"]).status.success());
    let net = plain.join("net.nnue");
    let net = net.to_str().unwrap();
    let (whole, parts) = (dir.join("whole"), dir.join("parts"));
    let output = train(&whole, &["--epochs", "2", "--init", net, "--king-buckets", "4"]);
    assert!(output.status.success() && text(&output).contains("king buckets 4"), "{}", text(&output));
    let bucketed = Network::load(whole.join("net.nnue")).unwrap();
    assert_eq!(bucketed.king_buckets(), KingBuckets::named("4").unwrap());
    assert_eq!(std::fs::read(whole.join("net.nnue")).unwrap()[8], 3, "format 3");
    // Stopped and resumed (the checkpoint keeps the layout), it ends alike.
    assert!(train(&parts, &["--epochs", "2", "--until", "1", "--init", net, "--king-buckets", "4"]).status.success());
    let checkpoint = parts.join("checkpoint.bin");
    let checkpoint = checkpoint.to_str().unwrap();
    let output = train(&parts, &["--epochs", "2", "--resume", checkpoint]);
    assert!(output.status.success() && text(&output).contains("king buckets 4"), "{}", text(&output));
    let read = |dir: &Path, file: &str| std::fs::read(dir.join(file)).unwrap();
    assert!(read(&whole, "net.nnue") == read(&parts, "net.nnue"), "networks differ");
    let output = run(&["verify", checkpoint, "--data", data, "--positions", "100"]);
    assert!(output.status.success() && text(&output).contains("100 positions"), "{}", text(&output));
    // Another layout than the checkpoint's, or than a bucketed network's,
    // is refused; so is a layout with no name.
    let other = train(&parts, &["--epochs", "3", "--resume", checkpoint, "--king-buckets", "8"]);
    assert_eq!(other.status.code(), Some(1), "{}", text(&other));
    let from_bucketed = whole.join("net.nnue");
    let other = train(&dir.join("x"), &["--init", from_bucketed.to_str().unwrap(), "--king-buckets", "8"]);
    assert_eq!(other.status.code(), Some(1), "{}", text(&other));
    let unknown = train(&dir.join("y"), &["--king-buckets", "7"]);
    assert_eq!(unknown.status.code(), Some(2), "{}", text(&unknown));
    assert!(text(&unknown).contains("\"7\""), "{}", text(&unknown));
    let help = text(&run(&["--help"]));
    assert!(help.contains("--king-buckets LAYOUT") && help.contains("copied into every bucket"), "{help}");
    std::fs::remove_dir_all(&dir).unwrap();
}
