//! `ox88-train datagen` run as a process: shuffle with held-out games, and
//! generate with either evaluation, resuming from its files.

use ox88_board::{Board, CastlingMode, Color, GameResult};
use ox88_movegen::MoveGen;
use ox88_train::chain::{read_games, read_training_positions, ChainGame};
use ox88_train::data::{append_records, read_records, PackedPosition};
use std::process::{Command, Output, Stdio};

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
            records.push(PackedPosition::new(&board, g as i32, GameResult::Draw, CastlingMode::Standard));
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

/// The training positions and the games of every chain file in `dir`, in name order.
fn chains(dir: &std::path::Path) -> (Vec<PackedPosition>, Vec<ChainGame>) {
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let (mut records, mut games) = (Vec::new(), Vec::new());
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "chain")) {
        records.extend(read_training_positions(file).unwrap());
        games.extend(read_games(file).unwrap());
    }
    (records, games)
}

/// `datagen generate` with either evaluation: games as chains whose
/// training positions are quiet and legal, with scores and results; run
/// again, it goes on from what its files hold; a full raw file becomes a
/// compressed chunk; bad arguments are one-line usage errors.
#[test]
fn datagen_generates_chains_and_resumes() {
    let dir = std::env::temp_dir().join(format!("ox88-datagen-generate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for eval in ["classical", "nnue"] {
        let out = dir.join(eval);
        let out_arg = out.to_str().unwrap();
        // Each run asks for more positions than the files hold (a game is
        // kept whole, so a run may end well past what it asked for).
        let generate = |positions: usize, extra: &[&str]| {
            let positions = positions.to_string();
            let base =
                ["generate", "--out", out_arg, "--threads", "1", "--nodes", "300", "--seed", "5", "--eval", eval];
            run(&[&base[..], &["--positions", &positions], extra].concat())
        };
        let held = |out: &std::path::Path| chains(out).1.iter().map(ChainGame::scored_positions).sum::<usize>();
        let output = generate(200, &[]);
        assert!(output.status.success(), "{eval}: {}", text(&output.stderr));
        let (records, games) = chains(&out);
        let scored: usize = games.iter().map(ChainGame::scored_positions).sum();
        assert!(scored >= 200 && records.len() <= scored && records.len() > scored / 2, "{eval}: {scored} scored");
        for record in &records {
            let board = record.to_board().expect("a legal position");
            assert!(!board.in_check(), "{eval}: {:?} is in check", record.fen());
            assert!(record.result().is_finished() && i32::from(record.score()).abs() < 20_000);
        }
        for game in &games {
            assert!((6..=12).contains(&game.opening.len()) && game.result.is_finished());
        }
        // Asked for no more than the files hold, it stops at once; asked for
        // more, it appends.
        let raw = out.join("in-progress-t0.chain");
        let bytes = std::fs::read(&raw).unwrap();
        let again = generate(200, &[]);
        assert!(text(&again.stderr).contains(&format!("holds {scored} positions")), "{}", text(&again.stderr));
        assert_eq!(std::fs::read(&raw).unwrap(), bytes);
        let output = generate(scored + 200, &[]);
        assert!(output.status.success(), "{eval}: {}", text(&output.stderr));
        let grown = std::fs::read(&raw).unwrap();
        assert!(grown.len() > bytes.len() && grown[..bytes.len()] == bytes[..], "{eval}: the old games stay first");
        // With a small chunk size, the raw file becomes a compressed chunk.
        let wanted = held(&out) + 100;
        let output = generate(wanted, &["--chunk-positions", "50"]);
        assert!(output.status.success(), "{eval}: {}", text(&output.stderr));
        let chunks: Vec<_> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.file_name().unwrap().to_str().unwrap().starts_with("selfplay-"))
            .collect();
        assert!(!chunks.is_empty(), "{eval}: no chunk");
        assert!(held(&out) >= wanted);
        assert!(std::fs::metadata(&chunks[0]).unwrap().len() < grown.len() as u64);
        // With --chunk-minutes 0, each game ends in a chunk: no raw file is left.
        let output = generate(held(&out) + 200, &["--chunk-minutes", "0"]);
        assert!(output.status.success(), "{eval}: {}", text(&output.stderr));
        let count = std::fs::read_dir(&out).unwrap().count();
        assert!(count > chunks.len() && !raw.exists(), "{eval}: {count} files");
    }
    for bad in [&["generate", "--eval", "both"][..], &["generate", "--net", "x.nnue"], &["generate", "--nodes", "0"]] {
        let output = run(bad);
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
        assert_eq!(text(&output.stderr).lines().count(), 1, "{bad:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `datagen generate --syzygy`: games end at the tables (the syzygy crate's
/// test tables: every material of three pieces and some of four and five),
/// so no kept position of four pieces or fewer is in them; a directory
/// without tables, or `--syzygy-pieces` alone, is a one-line usage error.
#[test]
fn datagen_ends_games_at_the_tables() {
    let dir = std::env::temp_dir().join(format!("ox88-datagen-syzygy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let tables = concat!(env!("CARGO_MANIFEST_DIR"), "/../syzygy/tests/data");
    let out = dir.join("out");
    let args = ["generate", "--out", out.to_str().unwrap(), "--nodes", "300", "--seed", "6", "--positions", "300"];
    let output = run(&[&args[..], &["--syzygy", tables, "--syzygy-pieces", "4"]].concat());
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("games end at the Syzygy tables' result from 4 pieces"), "{stderr}");
    assert!(stderr.contains("ended by the tables"), "{stderr}");
    let (records, _) = chains(&out);
    assert!(records.len() >= 200);
    let probe = ox88_syzygy::Tablebase::open(tables).unwrap();
    for record in &records {
        let board = record.to_board().expect("a legal position");
        let pieces = board.pieces(Color::White).len() + board.pieces(Color::Black).len();
        if pieces <= 4 {
            // What the generator asks the tables, which fails for a
            // material they lack or castling rights.
            assert!(probe.rank_root_moves_board(&board, &[]).is_err(), "{:?} is in the tables", record.fen());
        }
    }
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    for bad in [&["generate", "--syzygy", empty.to_str().unwrap()][..], &["generate", "--syzygy-pieces", "5"]] {
        let output = run(bad);
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
        assert_eq!(text(&output.stderr).lines().count(), 1, "{bad:?}: {}", text(&output.stderr));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `datagen stats` and `--help` into a pipe whose reader has gone (as
/// `| head` leaves it): no panic, a quiet end.
#[test]
fn datagen_output_into_a_closed_pipe_ends_quietly() {
    let dir = std::env::temp_dir().join(format!("ox88-datagen-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("one.bin");
    let board = Board::startpos();
    let record = PackedPosition::new(&board, 20, GameResult::Draw, CastlingMode::Standard);
    append_records(&file, &vec![record; 1000]).unwrap();
    for args in [vec!["stats", file.to_str().unwrap(), file.to_str().unwrap()], vec!["--help"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ox88-train"))
            .arg("datagen")
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ox88-train runs");
        // The reader goes before the program has started, let alone written.
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{args:?}: {}", text(&output.stderr));
        assert!(!text(&output.stderr).contains("panicked"), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `datagen bullet`: every record, read back by the `bulletformat` crate as
/// bullet reads it, equals the record that crate builds from the same board
/// (its bitboards, the side to move, White's score and result).
#[test]
fn datagen_bullet_writes_what_bullet_reads() {
    use bulletformat::{ChessBoard, DataLoader};
    use ox88_board::Role;
    let dir = std::env::temp_dir().join(format!("ox88-datagen-bullet-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Positions with both sides to move, castling rights, en passant and a promotion near.
    let fens = [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 3 40",
        "6k1/1P3ppp/8/8/8/8/5PPP/6K1 w - - 0 50",
    ];
    let results =
        [GameResult::Win(Color::White), GameResult::Draw, GameResult::Win(Color::Black), GameResult::Win(Color::White)];
    let mut records = Vec::new();
    let mut expected = Vec::new();
    for (i, (fen, result)) in fens.iter().zip(results).enumerate() {
        let board = Board::from_fen(fen).unwrap();
        let white_score = 37 * (i as i32 + 1) - 60;
        records.push(PackedPosition::new(&board, white_score, result, CastlingMode::Standard));
        // White, Black, then pawn, knight, bishop, rook, queen, king, as bullet's from_raw wants them.
        let mut bitboards = [0u64; 8];
        for index in 0..64u8 {
            if let Some(piece) = board.piece_at(ox88_board::Square::from_index64(index).unwrap()) {
                bitboards[usize::from(piece.color() == Color::Black)] |= 1 << index;
                let role = Role::ALL.iter().position(|&r| r == piece.role()).unwrap();
                bitboards[2 + role] |= 1 << index;
            }
        }
        let stm = usize::from(board.side_to_move() == Color::Black);
        expected.push(
            ChessBoard::from_raw(bitboards, stm, white_score as i16, result.score_for(Color::White).unwrap()).unwrap(),
        );
    }
    let input = dir.join("data.bin");
    append_records(&input, &records).unwrap();
    let out = dir.join("bullet.data");
    let output = run(&["bullet", "--out", out.to_str().unwrap(), input.to_str().unwrap()]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(std::fs::metadata(&out).unwrap().len(), 32 * fens.len() as u64);
    let mut read = Vec::new();
    DataLoader::<ChessBoard>::new(&out, 1).unwrap().map_positions(|board| read.push(*board));
    assert_eq!(read, expected);
    let bad = run(&["bullet", input.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2), "--out is required");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Game chains as every command's input: `stats` counts their games and
/// bytes a position, `pack` joins them into one chunk with the same games,
/// `bullet` writes one record a training position, and `train` reads them
/// directly, holding out whole games.
#[test]
fn chains_feed_stats_pack_bullet_and_train() {
    use ox88_board::Random;
    use ox88_train::chain::{append_game, write_chunk, ChainPly, ChainStart};
    let dir = std::env::temp_dir().join(format!("ox88-datagen-chains-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = dir.join("selfplay");
    std::fs::create_dir_all(&data).unwrap();
    // 60 games of random moves in a chunk and a raw file, each position scored.
    let mut random = Random::new(4);
    let mut streams = [Vec::new(), Vec::new()];
    for g in 0..60 {
        let mut game = ChainGame::new(ChainStart::Arrangement(518), CastlingMode::Standard);
        let mut board = Board::startpos();
        for _ in 0..60 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[random.below(moves.len())];
            let score = random.below(400) as i16 - 200;
            game.plies.push(ChainPly { mv, score: (moves.len() > 1).then_some(score) });
            board.make_move_unchecked(mv);
        }
        game.result = [GameResult::Draw, GameResult::Win(Color::White), GameResult::Win(Color::Black)][g % 3];
        game.write(&mut streams[g % 2]).unwrap();
    }
    write_chunk(&data.join("a.chain"), &streams[0]).unwrap();
    append_game(&data.join("b.chain"), &streams[1]).unwrap();
    let (records, games) = chains(&data);
    assert_eq!(games.len(), 60);
    let arg = |p: &std::path::Path| p.to_str().unwrap().to_owned();
    let stats = run(&["stats", &arg(&data)]);
    let out = text(&stats.stdout);
    assert!(out.contains(&format!("{} positions", records.len())), "{out}");
    assert!(
        out.contains("chains: 2 file(s), 60 games") && out.contains(&format!("{} training positions", records.len()))
    );
    let packed = dir.join("packed.chain");
    let pack = run(&["pack", "--out", &arg(&packed), &arg(&data)]);
    assert!(pack.status.success(), "{}", text(&pack.stderr));
    assert_eq!(read_games(&packed).unwrap(), games);
    assert_eq!(read_training_positions(&packed).unwrap(), records);
    let bullet = dir.join("bullet.data");
    assert!(run(&["bullet", "--out", &arg(&bullet), &arg(&packed)]).status.success());
    assert_eq!(std::fs::metadata(&bullet).unwrap().len(), 32 * records.len() as u64);
    let train = Command::new(env!("CARGO_BIN_EXE_ox88-train"))
        .args(["train", "--data", &arg(&data), "--out", &arg(&dir.join("run")), "--epochs", "1", "--validation", "300"])
        .output()
        .unwrap();
    let log = text(&train.stderr);
    assert!(train.status.success(), "{log}");
    let held: usize =
        log.split(" of whole games held out").next().unwrap().rsplit(' ').next().unwrap().parse().unwrap();
    assert!((1..=records.len() / 10 + 60).contains(&held), "{log}");
    assert!(log.contains(&format!("({} positions, {} for training)", records.len() - held, records.len() - held)));
    assert!(dir.join("run/net.nnue").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
