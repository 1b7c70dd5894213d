//! The `ox88-db` command as a person meets it: help, and one-line errors
//! with exit code 2 for a bad command line and 1 for a file it cannot read.

use std::process::{Command, Output};

fn ox88_db(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ox88-db")).args(args).output().expect("ox88-db runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn help_lists_the_commands() {
    let output = ox88_db(&["--help"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    for command in ["import", "explorer"] {
        assert!(text.contains(command), "--help names {command}: {text}");
    }
}

#[test]
fn a_bad_command_line_is_one_line_naming_the_bad_argument() {
    for (args, named) in [
        (&["import", "--bogus", "x.pgn"][..], "--bogus"),
        (&["frobnicate"][..], "frobnicate"),
        (&["import", "x.pgn", "--threads", "many"][..], "many"),
    ] {
        let output = ox88_db(args);
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {text}");
        assert_eq!(text.lines().count(), 1, "{args:?}: one line, got {text:?}");
        assert!(text.starts_with("ox88-db: ") && text.contains(named), "{args:?}: {text}");
    }
}

#[test]
fn a_missing_file_is_one_line_naming_it() {
    let out = std::env::temp_dir().join(format!("ox88-db-cli-{}", std::process::id()));
    let output = ox88_db(&["import", "no-such-file.pgn", "-o", out.to_str().expect("utf-8")]);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert_eq!(text.lines().count(), 1, "one line, got {text:?}");
    assert!(text.contains("no-such-file.pgn"), "{text}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn explorers_added_apart_combine_into_the_one_a_single_addition_makes() {
    let dir = std::env::temp_dir().join(format!("ox88-db-cli-combine-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let pgn = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/pgn");
    let files = [pgn.join("lichess_db_1000k.pgn"), pgn.join("twic1599_1000k.pgn")];
    let path = |name: &str| dir.join(name).to_str().expect("utf-8").to_owned();
    let text = |p: &std::path::Path| p.to_str().expect("utf-8").to_owned();
    let run = |args: &[String]| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = ox88_db(&args);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    };
    let add = |explorer: &str, files: &[std::path::PathBuf]| {
        let mut args = vec!["explorer".to_owned(), "add".to_owned(), path(explorer), "--threads".into(), "1".into()];
        args.extend(files.iter().map(|f| text(f)));
        args.push("--compact".into());
        run(&args);
    };
    add("whole", &files);
    add("a", &files[..1]);
    add("b", &files[1..]);
    run(&["explorer".into(), "combine".into(), path("joined"), path("a"), path("b")]);
    for file in ["manifest", "games.dat", "games.idx", "run-00000.run"] {
        let read = |explorer: &str| std::fs::read(dir.join(explorer).join(file)).expect("a file of the explorer");
        assert!(read("joined") == read("whole"), "{file} differs");
    }
    // A folder that holds an explorer already is refused, in one line.
    let output = ox88_db(&["explorer", "combine", &path("joined"), &path("a")]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
    std::fs::remove_dir_all(&dir).unwrap();
}
