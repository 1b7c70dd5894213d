//! The accumulator stack against from-scratch computation, and the network
//! file format.

use super::{
    output_bucket, KingBuckets, Network, NetworkError, Nnue, DEFAULT_HIDDEN as HIDDEN, HIDDEN_SIZES, INPUTS,
    OUTPUT_BUCKETS,
};
use crate::Evaluator;
use ox88_board::{Board, Move, MoveKind, Random};
use ox88_movegen::MoveGen;

/// A weight in `-bound..=bound`, from the seeded generator (the tests are
/// reproducible).
fn within(random: &mut Random, bound: i16) -> i16 {
    (random.below(2 * bound as usize + 1) as i16) - bound
}

/// A network of `hidden` units with random weights as large as training
/// allows, so that every row differs and any wrong update shows.
pub(super) fn random_network_of(hidden: usize, seed: u64) -> Network {
    random_bucketed_network(hidden, KingBuckets::NONE, seed)
}

/// A random network of `hidden` units with `king_buckets`.
pub(super) fn random_bucketed_network(hidden: usize, king_buckets: KingBuckets, seed: u64) -> Network {
    let mut random = Random::new(seed);
    let features: Vec<i16> = (0..king_buckets.inputs() * hidden).map(|_| within(&mut random, 505)).collect();
    let bias: Vec<i16> = (0..hidden).map(|_| within(&mut random, 505)).collect();
    let output: Vec<i16> = (0..OUTPUT_BUCKETS * 2 * hidden).map(|_| within(&mut random, 507)).collect();
    let output_bias: Vec<i32> = (0..OUTPUT_BUCKETS).map(|_| i32::from(within(&mut random, 5000))).collect();
    Network::from_bucketed_weights(king_buckets, &features, &bias, &output, &output_bias, 400)
        .expect("valid sizes and ranges")
}

/// A random network of the embedded network's width.
/// What `nnue` must answer for `board`: its network's score from scratch,
/// plus the mop-up against a bare king.
fn scratch(nnue: &Nnue, board: &Board) -> crate::Score {
    crate::Score::cp(nnue.network().evaluate(board).raw() + crate::endgame::lone_king_bonus(board))
}

fn random_network(seed: u64) -> Network {
    random_network_of(HIDDEN, seed)
}

/// What the random walks exercised, by kind of move.
#[derive(Default, Debug)]
struct Seen {
    castles: usize,
    en_passant: usize,
    promotions: usize,
    captures: usize,
    null_moves: usize,
}

/// Plays random moves from `start`, sometimes taking some back and
/// sometimes passing, evaluating at random plies (so that lazy updates span
/// several plies); after each evaluation the incremental accumulator must
/// equal the one computed from scratch.
fn random_walk(nnue: &mut Nnue, start: &Board, random: &mut Random, seen: &mut Seen) {
    let mut board = start.clone();
    nnue.set_root(&board);
    let mut path: Vec<(Option<Move>, ox88_board::Undo)> = Vec::new();
    for _ in 0..300 {
        let moves = board.legal_moves();
        let roll = random.below(10);
        if (moves.is_empty() || roll < 3) && !path.is_empty() {
            let (m, undo) = path.pop().expect("not empty");
            match m {
                Some(m) => {
                    board.unmake_move(m, undo);
                    nnue.unmake_move();
                }
                None => {
                    board.unmake_null_move(undo);
                    nnue.unmake_null_move();
                }
            }
        } else if moves.is_empty() {
            break;
        } else if roll == 3 && !board.in_check() && path.len() < 100 {
            nnue.make_null_move(&board);
            path.push((None, board.make_null_move()));
            seen.null_moves += 1;
        } else if path.len() < 100 {
            // Castling and en passant are rare in random play: prefer them.
            let rare: Vec<Move> = moves.iter().copied().filter(|m| m.is_castle() || m.is_en_passant()).collect();
            let m = if !rare.is_empty() && random.below(2) == 0 {
                rare[random.below(rare.len())]
            } else {
                moves[random.below(moves.len())]
            };
            match m.kind() {
                MoveKind::CastleShort | MoveKind::CastleLong => seen.castles += 1,
                MoveKind::EnPassant => seen.en_passant += 1,
                MoveKind::Promotion(_) | MoveKind::PromotionCapture(_) => seen.promotions += 1,
                MoveKind::Capture => seen.captures += 1,
                _ => {}
            }
            nnue.make_move(&board, m);
            path.push((Some(m), board.make_move_unchecked(m)));
        }
        if random.below(3) == 0 {
            let score = nnue.evaluate(&board);
            if !crate::endgame::insufficient_material(&board) {
                assert_eq!(nnue.accumulator_values(), nnue.network().scratch_values(&board), "{}", board.fen());
                assert_eq!(score, scratch(nnue, &board), "{}", board.fen());
            }
        }
    }
}

#[test]
fn incremental_accumulators_equal_scratch_ones_after_random_games() {
    random_games(random_network(0x5eed), 4);
}

/// The same at every other width, on fewer games.
#[test]
fn incremental_accumulators_equal_scratch_ones_at_every_width() {
    for hidden in HIDDEN_SIZES.into_iter().filter(|&h| h != HIDDEN) {
        random_games(random_network_of(hidden, hidden as u64), 1);
    }
}

/// Random walks from positions rich in castling, en passant and
/// promotions, `rounds` times over; every evaluation is checked against
/// one from scratch.
pub(super) fn random_games(network: Network, rounds: usize) {
    let mut nnue = Nnue::new(network);
    let mut random = Random::new(0x1234_5678_9abc_def1);
    let mut seen = Seen::default();
    let mut starts: Vec<Board> = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ]
    .iter()
    .map(|fen| fen.parse().expect("valid FEN"))
    .collect();
    // Chess960 arrangements, whose castling moves king and rook by any distance.
    starts.extend([0, 1, 100, 317, 518, 959].map(|n| Board::chess960(n).expect("below 960")));
    let roots = rounds * starts.len();
    for _ in 0..rounds {
        for start in &starts {
            random_walk(&mut nnue, start, &mut random, &mut seen);
        }
    }
    assert!(
        seen.castles >= 5 * rounds
            && seen.en_passant >= (5 * rounds).div_ceil(4)
            && seen.promotions >= 5 * rounds
            && seen.captures >= 50 * rounds,
        "the walks must exercise every kind of move: {seen:?}"
    );
    assert!(seen.null_moves >= 25 * rounds, "{seen:?}");
    // Every evaluation after the root was incremental.
    assert_eq!(nnue.refreshes(), roots as u64);
}

#[test]
fn a_position_the_hooks_did_not_describe_is_computed_from_scratch() {
    let mut nnue = Nnue::new(random_network(7));
    let start = Board::startpos();
    nnue.set_root(&start);
    let other: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse().unwrap();
    assert_eq!(nnue.evaluate(&other), scratch(&nnue, &other));
    // A move made from a board other than the one followed starts over there.
    let mut board = other.clone();
    let m = board.legal_moves()[5];
    nnue.set_root(&start);
    nnue.make_move(&board, m);
    board.make_move_unchecked(m);
    assert_eq!(nnue.evaluate(&board), scratch(&nnue, &board));
    // Unbalanced unmakes do no harm.
    for _ in 0..3 {
        nnue.unmake_move();
    }
    assert_eq!(nnue.evaluate(&start), scratch(&nnue, &start));
}

#[test]
fn insufficient_material_is_a_draw() {
    let mut nnue = Nnue::new(random_network(3));
    for fen in ["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/3BK3 b - - 0 1", "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1"] {
        assert_eq!(nnue.evaluate(&fen.parse().unwrap()), crate::Score::DRAW, "{fen}");
    }
    let rook: Board = "4k3/8/8/8/8/8/8/3RK3 w - - 0 1".parse().unwrap();
    assert_eq!(nnue.evaluate(&rook), scratch(&nnue, &rook));
    // Against the bare king, the mop-up comes on top of the network's score.
    assert!(scratch(&nnue, &rook) > nnue.network().evaluate(&rook));
}

#[test]
fn network_files_round_trip_and_damage_is_detected() {
    let network = random_network(11);
    let bytes = network.to_bytes();
    let body = 2 * (INPUTS * HIDDEN + HIDDEN + OUTPUT_BUCKETS * 2 * HIDDEN) + 4 * OUTPUT_BUCKETS;
    assert_eq!(bytes.len(), super::NETWORK_HEADER_SIZE + body);
    let read = Network::from_bytes(&bytes).unwrap();
    assert_eq!(read.to_bytes(), bytes);
    assert_eq!((read.hash(), read.scale()), (network.hash(), 400));
    let board = Board::startpos();
    assert_eq!(read.evaluate(&board), network.evaluate(&board));

    let damaged = |at: usize, value: u8| {
        let mut copy = bytes.clone();
        copy[at] = value;
        Network::from_bytes(&copy).unwrap_err()
    };
    assert!(matches!(damaged(0, b'x'), NetworkError::Magic));
    assert!(matches!(damaged(8, 4), NetworkError::Version { found: 4 }));
    // Version 3 (king buckets) reads the body's first 32 bytes as its table.
    assert!(matches!(damaged(8, 3), NetworkError::KingBuckets(_) | NetworkError::Size { .. }));
    assert!(matches!(damaged(12, 1), NetworkError::Hidden { found: 257 }));
    // A width this build evaluates, but not the body's.
    assert!(matches!(damaged(13, 2), NetworkError::Size { .. }));
    assert!(matches!(damaged(20, 0), NetworkError::Architecture { field: "QA", found: 0, expected: 255 }));
    assert!(matches!(damaged(1000, bytes[1000] ^ 1), NetworkError::Hash { .. }));
    assert!(matches!(Network::from_bytes(&bytes[..bytes.len() - 1]), Err(NetworkError::Size { .. })));
    assert!(matches!(Network::from_bytes(&bytes[..10]), Err(NetworkError::Magic)));
    let mut zero_scale = bytes.clone();
    zero_scale[16..20].copy_from_slice(&[0; 4]);
    assert!(matches!(Network::from_bytes(&zero_scale), Err(NetworkError::Scale { found: 0 })));
    let mut huge_scale = bytes.clone();
    huge_scale[16..20].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(Network::from_bytes(&huge_scale), Err(NetworkError::Scale { .. })));

    let mut output = vec![0i16; 2 * HIDDEN];
    output[300] = -508;
    let error = Network::from_weights(&vec![0; INPUTS * HIDDEN], &[0; HIDDEN], &output, &[0], 1).unwrap_err();
    assert!(matches!(error, NetworkError::OutputWeight { index: 300, value: -508 }), "{error}");
    assert!(matches!(Network::from_weights(&[0; 5], &[0; HIDDEN], &output, &[0], 1), Err(NetworkError::Size { .. })));
    // One output layer, or one per bucket: nothing in between.
    let two_biases = Network::from_weights(&vec![0; INPUTS * HIDDEN], &[0; HIDDEN], &output, &[0, 0], 1);
    assert!(matches!(two_biases, Err(NetworkError::Size { .. })));
}

/// The file of a network with one output layer in format version 1 (what
/// networks 0 to 2 were written in).
fn version_1_file(features: &[i16], bias: &[i16], output: &[i16], output_bias: i32, scale: u32) -> Vec<u8> {
    let mut body: Vec<u8> = features.iter().chain(bias).chain(output).flat_map(|v| v.to_le_bytes()).collect();
    body.extend(output_bias.to_le_bytes());
    let hash = body.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    let mut bytes = b"ox88nnue".to_vec();
    bytes.extend(1u32.to_le_bytes());
    bytes.extend((HIDDEN as u32).to_le_bytes());
    bytes.extend(scale.to_le_bytes());
    bytes.extend(255u16.to_le_bytes());
    bytes.extend(256u16.to_le_bytes());
    bytes.extend(hash.to_le_bytes());
    bytes.extend(body);
    bytes
}

#[test]
fn version_1_files_load_with_every_bucket_alike() {
    let mut random = Random::new(5);
    let features: Vec<i16> = (0..INPUTS * HIDDEN).map(|_| within(&mut random, 505)).collect();
    let bias: Vec<i16> = (0..HIDDEN).map(|_| within(&mut random, 505)).collect();
    let output: Vec<i16> = (0..2 * HIDDEN).map(|_| within(&mut random, 507)).collect();
    let old = Network::from_bytes(&version_1_file(&features, &bias, &output, -777, 300)).unwrap();
    let new = Network::from_weights(&features, &bias, &output, &[-777], 300).unwrap();
    assert_eq!(old.to_bytes(), new.to_bytes());
    assert_eq!(old.hash(), new.hash());
    assert_eq!(Network::from_bytes(&old.to_bytes()).unwrap().hash(), old.hash());
    for fen in
        ["4k3/8/8/8/8/8/8/3RK3 w - - 0 1", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"]
    {
        let board: Board = fen.parse().unwrap();
        assert_eq!(old.evaluate(&board), new.evaluate(&board), "{fen}");
    }
}

#[test]
fn the_number_of_pieces_chooses_the_output_layer() {
    assert_eq!((2..=32).map(output_bucket).collect::<Vec<_>>().windows(2).filter(|w| w[0] != w[1]).count(), 7);
    assert_eq!((output_bucket(2), output_bucket(5), output_bucket(6), output_bucket(32)), (0, 0, 1, 7));
    // Output layers that differ only in their biases: bucket b adds b.
    let output = vec![0i16; OUTPUT_BUCKETS * 2 * HIDDEN];
    let biases: Vec<i32> = (0..OUTPUT_BUCKETS as i32).map(|b| b * 255 * 256).collect();
    let network = Network::from_weights(&vec![0; INPUTS * HIDDEN], &[0; HIDDEN], &output, &biases, 1).unwrap();
    for (fen, bucket) in [
        ("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", 0),
        ("4k3/pppp4/8/8/8/8/8/3RK3 w - - 0 1", 1),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7),
    ] {
        let board: Board = fen.parse().unwrap();
        assert_eq!(network.evaluate(&board).raw(), bucket, "{fen}");
    }
}

#[test]
fn every_width_round_trips_through_its_file() {
    let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse().unwrap();
    for hidden in HIDDEN_SIZES {
        let network = random_network_of(hidden, 40 + hidden as u64);
        assert_eq!(network.hidden(), hidden);
        let bytes = network.to_bytes();
        assert_eq!(u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize, hidden);
        let body = 2 * (INPUTS * hidden + hidden + OUTPUT_BUCKETS * 2 * hidden) + 4 * OUTPUT_BUCKETS;
        assert_eq!(bytes.len(), super::NETWORK_HEADER_SIZE + body);
        let read = Network::from_bytes(&bytes).unwrap();
        assert_eq!((read.hidden(), read.hash(), read.to_bytes()), (hidden, network.hash(), bytes));
        assert_eq!(read.evaluate(&board), network.evaluate(&board));
        assert_eq!((read.feature_weights().len(), read.feature_bias().len()), (INPUTS * hidden, hidden));
        assert_eq!(read.output_layer(3).0.len(), 2 * hidden);
    }
}

#[test]
fn other_widths_are_refused_by_name() {
    for hidden in [0, 128, 255, 384, 2048] {
        let result = Network::from_weights(&vec![0; INPUTS * hidden], &vec![0; hidden], &vec![0; 2 * hidden], &[0], 1);
        let error = result.unwrap_err();
        assert!(matches!(error, NetworkError::Hidden { found } if found == hidden as u64), "{error}");
        assert!(error.to_string().contains(&hidden.to_string()), "{error}");
    }
    let mut bytes = random_network(2).to_bytes();
    bytes[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(Network::from_bytes(&bytes), Err(NetworkError::Hidden { found: 4_294_967_295 })));
}

#[test]
fn the_embedded_network_is_written_back_byte_for_byte() {
    let file: &[u8] = include_bytes!("../../nets/default.nnue");
    let network = Network::embedded();
    assert_eq!(network.hidden(), HIDDEN);
    assert!(network.to_bytes() == file, "the embedded network's bytes changed");
}
