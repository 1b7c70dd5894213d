//! The `ox88` program (`cargo install --path .`): its command line, and the
//! engine in both protocols, told apart by the first command.

mod common;

use common::Process;
use std::process::{Command, Output};
use std::time::Duration;

fn run(args: &[&str]) -> Output {
    Command::new(common::binary()).args(args).output().expect("ox88 runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn help_and_version_succeed() {
    let help = run(&["--help"]);
    assert!(help.status.success() && text(&help.stdout).contains("usage: ox88"), "{help:?}");
    let version = run(&["--version"]);
    assert!(version.status.success());
    assert_eq!(text(&version.stdout), format!("ox88 {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn bad_arguments_get_one_line_and_a_failure() {
    let bad: [&[&str]; 8] = [
        &["--bogus"],
        &["--hash"],
        &["--hash", "0"],
        &["--threads", "many"],
        &["bench", "x"],
        &["bench", "3", "--frob"],
        &["bench", "3", "4"],
        &["bench", "bench"],
    ];
    for args in bad {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let error = text(&output.stderr);
        assert!(error.starts_with("ox88: ") && error.lines().count() == 1, "{args:?}: {error:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    assert_eq!(text(&run(&["bench", "--frob"]).stderr), "ox88: unknown option \"--frob\" (see --help)\n");
    let missing = run(&["--book", "/nonexistent/book.bin"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(text(&missing.stderr).starts_with("ox88: ") && text(&missing.stderr).lines().count() == 1);
}

/// OpenBench's client runs `NAME bench` and reads its output from the last
/// line up: after turning every character other than a letter or a digit
/// into a space, the first number beside the word `nodes` is the bench
/// signature and the first beside `nps` the speed. Numbers with thousands
/// separators, or another line naming nodes after the count, would be
/// misread.
#[test]
fn bench_prints_what_openbench_reads() {
    let output = run(&["bench", "2"]);
    assert!(output.status.success(), "{output:?}");
    let stdout = text(&output.stdout);
    let beside = |word: &str| {
        stdout.lines().rev().find_map(|line| {
            let words: Vec<String> = line
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
                .collect::<String>()
                .split_whitespace()
                .map(str::to_ascii_lowercase)
                .collect();
            let at = words.iter().position(|w| w == word)?;
            [at + 1, at.wrapping_sub(1)].iter().find_map(|&i| words.get(i)?.parse::<u64>().ok())
        })
    };
    let count = stdout.lines().find_map(|l| l.strip_prefix("nodes ")).and_then(|n| n.parse::<u64>().ok());
    assert!(count.is_some() && beside("nodes") == count, "{stdout}");
    let nps = stdout.lines().find_map(|l| l.strip_prefix("nps ")).and_then(|n| n.parse::<u64>().ok());
    assert!(nps.is_some() && beside("nps") == nps, "{stdout}");
}

#[test]
fn bench_prints_the_node_count_of_the_evaluation_chosen() {
    let nodes = |args: &[&str]| {
        let output = run(args);
        assert!(output.status.success(), "{args:?}: {output:?}");
        let stdout = text(&output.stdout);
        assert!(stdout.contains("positions 42"), "{stdout}");
        let nodes = stdout.lines().find_map(|l| l.strip_prefix("nodes ")).expect("a node count");
        nodes.parse::<u64>().unwrap_or_else(|_| panic!("{stdout}"))
    };
    // With the classical evaluation, the search's signature at that depth.
    let signature = ox88::search::bench(ox88::eval::Classical::new(), 3, 1).nodes;
    assert_eq!(nodes(&["--eval", "classical", "bench", "3"]), signature);
    // Options may follow the command, too.
    assert_eq!(nodes(&["bench", "3", "--eval", "classical"]), signature);
    let network = nodes(&["--eval", "nnue", "bench", "3"]);
    assert_ne!(network, signature);
    assert_eq!(nodes(&["bench", "3"]), network, "the network is the default");
    let missing = run(&["--eval-file", "/nonexistent/net.nnue", "bench", "3"]);
    assert_eq!(missing.status.code(), Some(1), "{missing:?}");
    assert!(text(&missing.stderr).starts_with("ox88: ") && text(&missing.stderr).lines().count() == 1);
}

#[test]
fn uci_when_the_first_command_says_uci_with_only_the_options_players_expect() {
    let mut ox88 = Process::spawn_binary(&["--hash", "8", "--threads", "2"]);
    ox88.send("uci");
    let mut options = Vec::new();
    loop {
        let line = ox88.expect("an option or uciok", |l| l.starts_with("option") || l == "uciok");
        if line == "uciok" {
            break;
        }
        options.push(line);
    }
    let names: Vec<&str> =
        options.iter().map(|l| l.trim_start_matches("option name ").split(" type ").next().unwrap()).collect();
    let expected = ["Ponder", "UCI_Chess960", "Move Overhead", "Hash", "Threads", "MultiPV", "Clear Hash", "OwnBook"];
    let mut expected = expected.to_vec();
    expected.extend(["BookFile", "Eval", "EvalFile", "SyzygyPath", "SyzygyProbeDepth", "Syzygy50MoveRule"]);
    if cfg!(feature = "tuning") {
        expected.extend(["EvalOff", "SearchOff", "EvalWeights"]);
    }
    assert_eq!(names, expected);
    // The command line's settings are the options' defaults.
    assert!(options.contains(&"option name Hash type spin default 8 min 1 max 65536".to_owned()), "{options:?}");
    assert!(options.iter().any(|o| o.starts_with("option name Threads type spin default 2 ")), "{options:?}");
    ox88.send("position startpos moves e2e4");
    ox88.send("go depth 4");
    ox88.expect_prefix("bestmove ");
    ox88.send("quit");
    assert!(ox88.wait(Duration::from_secs(10)).success());
}

#[test]
fn cecp_when_the_first_command_is_xboard() {
    let mut ox88 = Process::spawn_binary(&[]);
    for line in ["xboard", "protover 2"] {
        ox88.send(line);
    }
    ox88.expect("feature done=1", |l| l == "feature done=1");
    for line in ["new", "sd 3", "usermove e2e4"] {
        ox88.send(line);
    }
    ox88.expect_prefix("move ");
    ox88.close_stdin();
    assert!(ox88.wait(Duration::from_secs(10)).success());
}
