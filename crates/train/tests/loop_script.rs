//! `scripts/selfplay-loop.sh`, the self-play loop's turn, in a dry run: it
//! counts the data folder's training positions against the last turn's,
//! and says what a turn runs (the two trainings, the SPRTs, the commit).

use ox88_board::{CastlingMode, GameResult, Random};
use ox88_movegen::MoveGen;
use ox88_train::chain::{write_chunk, ChainGame, ChainPly, ChainStart};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A data folder of one chunk: 20 games of random moves, every position
/// scored and quiet ones among them.
fn data_folder(dir: &Path) -> PathBuf {
    let data = dir.join("selfplay");
    std::fs::create_dir_all(&data).unwrap();
    let mut random = Random::new(9);
    let mut stream = Vec::new();
    for _ in 0..20 {
        let mut game = ChainGame::new(ChainStart::Arrangement(518), CastlingMode::Standard);
        let mut board = game.start.board().unwrap();
        for _ in 0..40 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[random.below(moves.len())];
            game.plies.push(ChainPly { mv, score: (moves.len() > 1).then_some(12) });
            board.make_move_unchecked(mv);
        }
        game.result = GameResult::Draw;
        game.write(&mut stream).unwrap();
    }
    write_chunk(&data.join("selfplay-1-test-t0.chain"), &stream).unwrap();
    data
}

fn turn(data: &Path, args: &[&str]) -> Output {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/selfplay-loop.sh");
    Command::new("bash")
        .arg(script)
        .args(["--dry-run", "--train-bin", env!("CARGO_BIN_EXE_ox88-train"), "--data", data.to_str().unwrap()])
        .args(args)
        .output()
        .expect("bash runs the script")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_turn_waits_for_enough_new_positions_then_trains_tests_and_embeds() {
    let dir = std::env::temp_dir().join(format!("ox88-loop-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = data_folder(&dir);
    let work = dir.join("work");
    let work = work.to_str().unwrap();
    // Too few: it says when the next turn comes, and runs nothing.
    let wait = turn(&data, &["--every", "1000000", "--work", work]);
    let out = text(&wait.stdout);
    assert!(wait.status.success(), "{}", text(&wait.stderr));
    assert!(out.contains("the next turn at 1000000") && !out.contains("would run"), "{out}");
    let positions: u64 = out.split(" training positions").next().unwrap().rsplit(' ').next().unwrap().parse().unwrap();
    assert!(positions > 100, "{out}");
    // Enough: both trainings, the SPRTs of each at 10,000 nodes and 8+0.08 with its network, the commit.
    let go = turn(&data, &["--every", "100", "--work", work]);
    let out = text(&go.stdout);
    assert!(go.status.success(), "{}", text(&go.stderr));
    let runs: Vec<&str> = out.lines().filter(|l| l.starts_with("would run:")).collect();
    let fine = runs.iter().find(|l| l.contains(" train ") && l.contains("--init")).expect("the fine-tuning");
    assert!(fine.contains("crates/eval/nets/default.nnue") && fine.contains("--epochs 3"), "{fine}");
    assert!(runs.iter().any(|l| l.contains(" train ") && !l.contains("--init") && l.contains("--epochs 20")));
    for limit in ["--nodes 10000", "--tc 8+0.08"] {
        for net in ["fine/net.nnue", "scratch/net.nnue"] {
            let sprt = format!("engine-match.sh {limit} --sprt 0,10");
            assert!(runs.iter().any(|l| l.contains(&sprt) && l.contains(net)), "{limit} {net}: {out}");
        }
    }
    assert!(runs.iter().any(|l| l.contains(&format!("positions {positions}"))), "the state is written: {out}");
    assert!(runs.last().unwrap().contains("commit") && out.contains("Bench:"), "{out}");
    // The state of a turn at this count: nothing new.
    let state = dir.join("last-turn");
    std::fs::write(&state, format!("positions {positions}\n")).unwrap();
    let state_arg = state.to_str().unwrap();
    let none = turn(&data, &["--every", "1", "--state", state_arg]);
    assert!(text(&none.stdout).contains("0 new since the last turn"), "{}", text(&none.stdout));
    // Bad input: a state that is not one, a count that is not a number.
    std::fs::write(&state, "garbage").unwrap();
    assert_eq!(turn(&data, &["--state", state_arg]).status.code(), Some(1));
    assert_eq!(turn(&data, &["--every", "many"]).status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
