//! The engine with Syzygy tables (the test tables of ox88-syzygy): its UCI
//! options, `tbhits` in its `info`, root moves kept to the tables' best
//! result, and CECP's `egtpath syzygy`.

mod common;

use common::Process;
use ox88::movegen::Position;
use ox88::protocol::{Limits, Report};
use ox88::syzygy::{Tablebase, Wdl};
use ox88::{Ox88, Settings};
use std::path::PathBuf;

fn tables_dir() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("crates/syzygy/tests/data").display().to_string()
}

/// King and rook against king, 75 halfmoves since the last capture: DTZ 21
/// after Ra4, 27 or more after any other move, so Ra4 alone still wins
/// under the fifty-move rule.
const KRK_LATE: &str = "8/8/8/8/8/2k5/8/R3K3 w - - 75 60";

#[test]
fn the_engine_plays_a_move_that_keeps_the_win_and_counts_its_probes() {
    let settings = Settings { syzygy_path: Some(tables_dir()), ..Settings::default() };
    let mut engine = Ox88::with_settings(settings).unwrap();
    let game: Position = KRK_LATE.parse().unwrap();
    let mut tbhits = None;
    let result = engine.search(&game, &Limits::depth(3), &mut |report: &Report| {
        if let Report::Line(line) = report {
            tbhits = line.tbhits;
        }
    });
    let best = result.best.expect("a move");
    let tables = Tablebase::open(tables_dir()).unwrap();
    let ranked = tables.rank_root_moves(&game).unwrap();
    let chosen = ranked.iter().find(|m| m.mv == best).expect("a legal move");
    assert_eq!(chosen.wdl, Wdl::Win, "{best}: {ranked:?}");
    assert_eq!(game.uci(best).to_string(), "a1a4");
    assert!(tbhits.is_some_and(|hits| hits >= ranked.len() as u64), "{tbhits:?}");
    // Without tables nothing is counted.
    let mut plain = Ox88::new();
    let result = plain.search(&game, &Limits::depth(2), &mut |report: &Report| {
        if let Report::Line(line) = report {
            assert_eq!(line.tbhits, None);
        }
    });
    assert!(result.best.is_some());
}

/// King and rook against king after `moves` from `fen`: the start position
/// of the test twice, and a third time with the next move.
fn repeating_game(fen: &str, moves: &[&str]) -> Position {
    let mut game: Position = fen.parse().unwrap();
    for uci in moves {
        game.play_uci(uci).unwrap();
    }
    game
}

#[test]
fn root_moves_to_a_threefold_repetition_count_as_draws() {
    let settings = Settings { syzygy_path: Some(tables_dir()), multipv: 64, ..Settings::default() };
    let mut engine = Ox88::with_settings(settings).unwrap();
    // White wins, and Ra4 zeroes soonest (DTZ 21), but Ra4 would now bring
    // about the position after it a third time. After a repetition the
    // root keeps the winning moves that zero soonest: Ra4 is not one of
    // them now (MultiPV shows every move searched).
    let cycle = ["a1a4", "c3d3", "a4a1", "d3c3"];
    let winning = repeating_game("8/8/8/8/8/2k5/8/R3K3 w - - 0 1", &[&cycle[..], &cycle[..]].concat());
    let mut searched = std::collections::BTreeSet::new();
    engine.search(&winning, &Limits::depth(2), &mut |report: &Report| {
        if let Report::Line(line) = report {
            searched.extend(line.pv.first().map(|&m| winning.uci(m).to_string()));
        }
    });
    let tables = Tablebase::open(tables_dir()).unwrap();
    let ranked = tables.rank_root_moves(&winning).unwrap();
    let fastest: std::collections::BTreeSet<_> =
        ranked.iter().filter(|m| m.rank == ranked[0].rank).map(|m| winning.uci(m.mv).to_string()).collect();
    assert_eq!(ranked[0].wdl, Wdl::Win);
    assert!(!fastest.contains("a1a4"), "{ranked:?}");
    assert_eq!(searched, fastest);
    // Black loses, but d3c3 draws by a threefold repetition: the one move kept.
    let losing =
        repeating_game("8/8/8/8/8/2k5/8/R3K3 w - - 0 1", &["a1a2", "c3d3", "a2a1", "d3c3", "a1a2", "c3d3", "a2a1"]);
    let result = engine.search(&losing, &Limits::depth(4), &mut |_: &Report| {});
    assert_eq!(losing.uci(result.best.expect("a move")).to_string(), "d3c3");
}

#[test]
fn after_a_repetition_the_winning_side_plays_the_fastest_win() {
    // King and rook against king, back at the start after a four-ply
    // cycle: every move wins, but only Ra4 zeroes soonest (DTZ 21, the
    // others 27 or more). After the repetition the engine must make
    // progress: Ra4.
    let game = repeating_game("8/8/8/8/8/2k5/8/R3K3 w - - 0 1", &["a1a2", "c3d3", "a2a1", "d3c3"]);
    let settings = Settings { syzygy_path: Some(tables_dir()), ..Settings::default() };
    let mut engine = Ox88::with_settings(settings).unwrap();
    let result = engine.search(&game, &Limits::depth(3), &mut |_: &Report| {});
    assert_eq!(game.uci(result.best.expect("a move")).to_string(), "a1a4");
}

#[test]
fn a_missing_directory_is_refused_and_changes_nothing() {
    let mut engine = Ox88::new();
    let before = engine.settings().clone();
    let missing = Settings { syzygy_path: Some("/no/such/syzygy/dir".into()), ..before.clone() };
    let error = engine.configure(missing).unwrap_err();
    assert!(error.to_string().contains("/no/such/syzygy/dir"), "{error}");
    assert_eq!(engine.settings(), &before);
}

#[test]
fn uci_sets_the_tables_and_reports_tbhits() {
    let mut engine = Process::spawn_binary(&[]);
    engine.send("uci");
    let options: Vec<String> = (0..40)
        .map(|_| engine.expect("option or uciok", |l| l.starts_with("option") || l == "uciok"))
        .take_while(|l| l != "uciok")
        .collect();
    for name in
        ["SyzygyPath type string", "SyzygyProbeDepth type spin default 1", "Syzygy50MoveRule type check default true"]
    {
        assert!(options.iter().any(|o| o.contains(name)), "{name}: {options:?}");
    }
    engine.send(&format!("setoption name SyzygyPath value {}", tables_dir()));
    engine.send(&format!("position fen {KRK_LATE}"));
    engine.send("go depth 3");
    let info = engine.expect("info with tbhits", |l| l.starts_with("info depth") && l.contains(" tbhits "));
    let hits: u64 = info.split(" tbhits ").nth(1).and_then(|t| t.split(' ').next()).unwrap().parse().unwrap();
    assert!(hits > 0, "{info}");
    engine.expect_prefix("bestmove");
    engine.send("quit");
}

#[test]
fn cecp_announces_syzygy_and_takes_egtpath() {
    let mut engine = Process::spawn_binary(&[]);
    engine.send("xboard");
    engine.send("protover 2");
    let first = engine.expect("feature done=0", |l| l.starts_with("feature") && l.contains("done=0"));
    assert!(first.contains("egt=\"syzygy\""), "{first}");
    engine.expect("feature done=1", |l| l.contains("done=1"));
    engine.send("egtpath syzygy /no/such/syzygy/dir");
    engine.expect("an error for the missing directory", |l| l.starts_with("Error") && l.contains("/no/such"));
    engine.send(&format!("egtpath syzygy {}", tables_dir()));
    engine.send("ping 1");
    let pong = engine.expect("pong 1", |l| l == "pong 1" || l.starts_with("Error"));
    assert_eq!(pong, "pong 1");
    engine.send("quit");
}
