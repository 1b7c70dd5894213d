//! `ox88-match` run as a process on command lines that need no engine: its
//! help, and one-line errors with the exit codes it promises. (The games
//! themselves, with ox88's example engines as players, are the workspace's
//! `tests/match.rs`.)

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ox88-match")).args(args).output().expect("ox88-match runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn bad_command_lines_are_one_line_errors() {
    let output = run(&["-engine", "cmd=a", "-engine", "cmd=b", "-frobnicate"]);
    assert_eq!(output.status.code(), Some(2));
    let err = text(&output.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("ox88-match: unknown option -frobnicate"), "{err}");
    let output = run(&["-engine", "cmd=/nonexistent/engine", "-engine", "cmd=/nonexistent/other", "-rounds", "1"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("cannot start \"/nonexistent/"), "{}", text(&output.stderr));
}

#[test]
fn help_lists_the_options() {
    let help = run(&["-help"]);
    assert!(help.status.success() && text(&help.stdout).contains("-sprt elo0="));
    assert!(text(&help.stdout).contains("usage: ox88-match -engine"), "{}", text(&help.stdout));
}
