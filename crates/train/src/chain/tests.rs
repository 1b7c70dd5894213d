use super::*;
use crate::data::PackedPosition;
use ox88_board::{Board, CastlingMode, Color, GameResult, Move, MoveKind, Random, Square};
use ox88_movegen::MoveGen;
use proptest::prelude::*;
use std::path::PathBuf;

/// A random game: random legal moves from `start`, each searched ply with a
/// random score, some ending on a last searched position.
fn random_game(random: &mut Random, start: ChainStart) -> ChainGame {
    let castling = match start {
        ChainStart::Arrangement(518) | ChainStart::Position(_) => CastlingMode::Standard,
        ChainStart::Arrangement(_) => CastlingMode::Chess960,
    };
    let mut board = start.board().expect("a valid start");
    let mut game = ChainGame::new(start, castling);
    let opening = random.below(12);
    let plies = random.below(200);
    let mut score = 0i32;
    for ply in 0..opening + plies {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[random.below(moves.len())];
        if ply < opening {
            game.opening.push(mv);
        } else {
            score = (score + random.below(201) as i32 - 100).clamp(-32_000, 32_000);
            let score = if random.below(50) == 0 { 31_990 } else { score as i16 };
            game.plies.push(ChainPly { mv, score: (moves.len() > 1).then_some(score) });
        }
        board.make_move_unchecked(mv);
    }
    let moves = board.legal_moves();
    if !moves.is_empty() && random.below(2) == 0 {
        game.last = Some(ChainPly { mv: moves[random.below(moves.len())], score: Some(-1234) });
    }
    game.result = GameResult::ALL[random.below(GameResult::ALL.len())];
    game
}

fn random_games(seed: u64, count: usize) -> Vec<ChainGame> {
    let mut random = Random::new(seed);
    let position: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse().unwrap();
    (0..count)
        .map(|i| {
            let start = match i % 3 {
                0 => ChainStart::Arrangement(518),
                1 => ChainStart::Arrangement(random.below(960) as u16),
                _ => ChainStart::Position(Box::new(position.clone())),
            };
            random_game(&mut random, start)
        })
        .collect()
}

fn stream(games: &[ChainGame]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for game in games {
        game.write(&mut bytes).expect("a valid game");
    }
    bytes
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ox88-chain-{name}-{}.chain", std::process::id()))
}

#[test]
fn games_round_trip_through_bytes_and_chunks() {
    let games = random_games(1, 60);
    let bytes = stream(&games);
    let mut at = 0;
    for game in &games {
        let (decoded, used) = ChainGame::from_bytes(&bytes[at..]).unwrap();
        assert_eq!(&decoded, game);
        at += used;
    }
    assert_eq!(at, bytes.len());
    let path = temp("round-trip");
    let size = write_chunk(&path, &bytes).unwrap();
    assert_eq!(std::fs::metadata(&path).unwrap().len(), size);
    assert!(size < bytes.len() as u64, "compressed: {size} of {} bytes", bytes.len());
    assert_eq!(read_games(&path).unwrap(), games);
    let header = ChainHeader::parse(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!((header.games, header.stream_bytes), (60, bytes.len() as u64));
    assert_eq!(header.positions as usize, games.iter().map(ChainGame::scored_positions).sum::<usize>());
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_chunk_past_its_limit_is_refused_and_nothing_written() {
    let bytes = stream(&random_games(5, 10));
    let path = temp("limit");
    let _ = std::fs::remove_file(&path);
    assert!(matches!(file::write_chunk_within(&path, &bytes, 100), Err(ChainError::Invalid(m)) if m.contains("20 MB")));
    assert!(!path.exists() && !path.with_extension("partial").exists());
    let size = file::write_chunk_within(&path, &bytes, 100_000).unwrap();
    assert!(size < 100_000 && MAX_CHUNK_BYTES == 20_000_000);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn training_positions_are_the_quiet_scored_ones_with_the_result() {
    let games = random_games(2, 30);
    let path = temp("training");
    write_chunk(&path, &stream(&games)).unwrap();
    let mut expected = Vec::new();
    for game in &games {
        let mut board = game.start.board().unwrap();
        for &mv in &game.opening {
            board.make_move_unchecked(mv);
        }
        for ply in game.plies.iter().chain(&game.last) {
            if let Some(score) = ply.score.filter(|s| s.abs() < 31_900) {
                if !board.in_check() && !ply.mv.is_tactical() {
                    expected.push(PackedPosition::new(&board, i32::from(score), game.result, game.castling));
                }
            }
            board.make_move_unchecked(ply.mv);
        }
    }
    let records = read_training_positions(&path).unwrap();
    assert!(records.len() > 500, "{} positions", records.len());
    assert_eq!(records, expected);
    assert!(records.iter().any(PackedPosition::is_chess960) && records.iter().any(|r| !r.is_chess960()));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn games_that_break_the_format_are_refused_when_written() {
    let mut game = ChainGame::new(ChainStart::Arrangement(518), CastlingMode::Standard);
    game.plies.push(ChainPly { mv: Move::new(Square::E2, Square::E5, MoveKind::Quiet), score: Some(0) });
    assert!(matches!(game.to_bytes(), Err(ChainError::Invalid(_))));
    game.plies[0] = ChainPly { mv: Move::new(Square::E2, Square::E4, MoveKind::DoublePush), score: None };
    assert!(matches!(game.to_bytes(), Err(ChainError::Invalid(m)) if m.contains("no score")));
    // In check with one legal move (Ka2): no score.
    let forced: Board = "1r5k/8/8/8/8/8/8/K6q w - - 0 1".parse().unwrap();
    let mut game = ChainGame::new(ChainStart::Position(Box::new(forced)), CastlingMode::Standard);
    game.plies.push(ChainPly { mv: Move::new(Square::A1, Square::A2, MoveKind::Quiet), score: Some(-500) });
    let mut out = vec![7];
    assert!(game.write(&mut out).is_err());
    assert_eq!(out, [7], "a refused game leaves the output as it was");
    game.plies[0].score = None;
    game.result = GameResult::Win(Color::Black);
    let bytes = game.to_bytes().unwrap();
    assert_eq!(ChainGame::from_bytes(&bytes).unwrap().0, game);
    assert!(matches!(
        ChainGame::new(ChainStart::Arrangement(960), CastlingMode::Chess960).to_bytes(),
        Err(ChainError::Invalid(_))
    ));
    // A halfmove clock past the packed record's 255 would not read back.
    let late: Board = "4k3/8/8/8/8/8/8/4K2R w K - 300 400".parse().unwrap();
    let game = ChainGame::new(ChainStart::Position(Box::new(late)), CastlingMode::Standard);
    assert!(matches!(game.to_bytes(), Err(ChainError::Invalid(m)) if m.contains("start position")));
}

#[test]
fn an_interrupted_append_is_cut_off_and_the_rest_kept() {
    let games = random_games(3, 5);
    let path = temp("append");
    let _ = std::fs::remove_file(&path);
    assert_eq!(recover_in_progress(&path).unwrap(), StreamCounts::default());
    for game in &games {
        append_game(&path, &game.to_bytes().unwrap()).unwrap();
    }
    let whole = std::fs::metadata(&path).unwrap().len();
    // Half a game, as if the process died during its write.
    let half = games[0].to_bytes().unwrap();
    append_game(&path, &half[..half.len() / 2]).unwrap();
    assert_eq!(read_games(&path).unwrap(), games, "readers leave the cut-short game out");
    let counts = recover_in_progress(&path).unwrap();
    assert_eq!((counts.games, CHAIN_HEADER_SIZE as u64 + counts.bytes), (5, whole));
    assert_eq!(std::fs::metadata(&path).unwrap().len(), whole);
    append_game(&path, &half).unwrap();
    assert_eq!(read_games(&path).unwrap().len(), 6);
    // A finished chunk is not a file to append to.
    write_chunk(&path, &half).unwrap();
    assert!(matches!(recover_in_progress(&path), Err(ChainError::Header { .. })));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn damaged_chunks_are_typed_errors() {
    let games = random_games(4, 10);
    let path = temp("damaged");
    write_chunk(&path, &stream(&games)).unwrap();
    let good = std::fs::read(&path).unwrap();
    let check = |bytes: &[u8]| {
        std::fs::write(&path, bytes).unwrap();
        read_games(&path).expect_err("an error")
    };
    assert!(matches!(check(b"ox88data"), ChainError::Header { .. }));
    let mut version = good.clone();
    version[8] = 2;
    assert!(matches!(check(&version), ChainError::Header { .. }));
    let mut count = good.clone();
    count[24] ^= 1;
    assert!(matches!(check(&count), ChainError::Corrupt { .. }));
    let mut length = good.clone();
    length[16..24].copy_from_slice(&(1u64 << 40).to_le_bytes());
    assert!(matches!(check(&length), ChainError::Corrupt { .. }));
    assert!(matches!(check(&good[..good.len() - 3]), ChainError::Io { .. }));
    let error = check(&count).to_string();
    assert!(error.contains(&path.display().to_string()), "{error}");
    std::fs::remove_file(&path).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes_decode_to_a_game_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = ChainGame::from_bytes(&bytes);
        let _ = count_games(&bytes);
        let _ = ChainHeader::parse(&bytes);
    }

    #[test]
    fn damaged_streams_never_panic(seed in 0u64..1000, flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..8)) {
        let mut bytes = stream(&random_games(seed, 2));
        for (at, value) in flips {
            let at = at % bytes.len();
            bytes[at] = value;
        }
        let (counts, _) = count_games(&bytes);
        prop_assert!(counts.bytes as usize <= bytes.len());
        // A game that decodes is a valid game: it writes and reads back.
        if let Ok((game, _)) = ChainGame::from_bytes(&bytes) {
            let again = game.to_bytes().expect("a decoded game is valid");
            prop_assert_eq!(ChainGame::from_bytes(&again).ok().map(|(g, _)| g), Some(game));
        }
    }
}
