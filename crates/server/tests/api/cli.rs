//! The `ox88-server` command as a person meets it: help, and one-line errors
//! with exit code 2 for a bad command line and 1 when it cannot serve.

use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

fn ox88_server(args: &[&str]) -> Output {
    // The friend games' store (feature `web`) in a scratch file, never beside the sources.
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    let games = std::env::temp_dir().join(format!("ox88-server-cli-{}-{run}.sqlite", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_ox88-server"))
        .args(args)
        .env_remove("RUST_LOG")
        .env("OX88_GAMES_DB", &games)
        .output()
        .expect("ox88-server runs");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", games.display()));
    }
    output
}

#[test]
fn help_names_the_settings() {
    let output = ox88_server(&["--help"]);
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("--port"));
}

#[test]
fn a_bad_command_line_is_one_line_naming_the_bad_argument() {
    for (args, named) in [(&["--bogus"][..], "--bogus"), (&["--port", "eighty"][..], "eighty")] {
        let output = ox88_server(args);
        let text = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {text}");
        assert_eq!(text.lines().count(), 1, "{args:?}: one line, got {text:?}");
        assert!(text.starts_with("ox88-server: ") && text.contains(named), "{args:?}: {text}");
    }
}

#[test]
fn a_port_in_use_is_one_line_naming_the_address() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = taken.local_addr().expect("bound").port().to_string();
    let output = ox88_server(&["--host", "127.0.0.1", "--port", &port]);
    let text = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{text}");
    let error: Vec<&str> = text.lines().filter(|line| line.starts_with("ox88-server: ")).collect();
    assert_eq!(error.len(), 1, "{text}");
    assert!(error[0].contains(&port), "{text}");
}
