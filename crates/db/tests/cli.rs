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
