//! Networks with king buckets: incremental updates across bucket and
//! mirror changes against from-scratch computation, symmetries, and the
//! version 3 file format.

use super::features::FeatureDelta;
use super::tests::{random_bucketed_network, random_games};
use super::{KingBucketError, KingBuckets, Network, NetworkError, Nnue, HIDDEN_SIZES, MAX_KING_BUCKETS};
use crate::Evaluator;
use ox88_board::{Board, Color, Random, Square};
use ox88_movegen::MoveGen;

/// The mirrored layouts the tests use: the named ones, and one with every
/// king square of files a-d its own bucket but the two mirrored halves of
/// the board alike (so that a bucket changes on almost every king move).
fn layouts() -> Vec<KingBuckets> {
    let mut many = [0u8; 32];
    for (i, bucket) in many.iter_mut().enumerate() {
        *bucket = (i % MAX_KING_BUCKETS) as u8;
    }
    let mut layouts: Vec<KingBuckets> =
        KingBuckets::names().filter_map(|(name, _)| KingBuckets::named(name)).filter(|k| k.is_mirrored()).collect();
    layouts.push(KingBuckets::mirrored(many).expect("16 buckets"));
    layouts
}

#[test]
fn incremental_accumulators_equal_scratch_ones_with_king_buckets() {
    for (i, king_buckets) in layouts().into_iter().enumerate() {
        // 256 and 512 for every layout; 768 and 1024 for one each.
        let widths = [HIDDEN_SIZES[0], HIDDEN_SIZES[1], HIDDEN_SIZES[2 + i % 2]];
        for hidden in widths {
            random_games(random_bucketed_network(hidden, king_buckets, 77 + i as u64), 1);
        }
    }
}

/// Plays the moves of `line` from `fen`, through the hooks, checking each
/// position against one computed from scratch; returns how many moves
/// changed the mover's bucket or mirroring.
fn play(nnue: &mut Nnue, fen: &str, line: &[&str]) -> usize {
    let mut board: Board = fen.parse().expect("valid FEN");
    nnue.set_root(&board);
    let mut changes = 0;
    for text in line {
        let m = board.legal_moves().into_iter().find(|m| m.to_string() == *text).unwrap_or_else(|| panic!("{text}"));
        let (delta, _) = FeatureDelta::of_bucketed_move(&board, m, &nnue.network().king_buckets());
        changes += usize::from(delta.refreshed(board.side_to_move().index()));
        nnue.make_move(&board, m);
        board.make_move_unchecked(m);
        assert_eq!(nnue.evaluate(&board), nnue.network().evaluate(&board), "{text}: {}", board.fen());
        assert_eq!(nnue.accumulator_values(), nnue.network().scratch_values(&board), "{text}: {}", board.fen());
    }
    changes
}

#[test]
fn king_moves_across_the_mirror_line_and_castling_are_computed_right() {
    let four = KingBuckets::named("4").unwrap();
    let mut nnue = Nnue::new(random_bucketed_network(256, four, 5));
    // Both castlings on each side: e1 (mirrored, c1-d1) to g1 (mirrored,
    // a1-b1) and to c1 (not mirrored, c1-d1); the same for Black.
    let castles = "r3k2r/pppq1ppp/2n1bn2/2bpp3/2BPP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1";
    assert_eq!(play(&mut nnue, castles, &["e1g1", "e8c8", "g1h1", "c8b8", "h1g1", "b8c8"]), 4);
    assert_eq!(play(&mut nnue, castles, &["e1c1", "e8g8", "c1b1", "g8h8", "b1a1"]), 3);
    // Walking kings across the d/e line and up the ranks.
    let walk = "4k3/p7/8/8/8/8/P7/3K4 w - - 0 1";
    let line = ["d1e1", "e8d8", "e1f2", "d8e7", "f2e3", "e7d6", "e3d3", "d6e6", "d3c4", "e6f5"];
    assert_eq!(play(&mut nnue, walk, &line), 8);
    // A capture by the king that changes its bucket and mirroring.
    assert_eq!(play(&mut nnue, "8/p7/8/8/5k2/8/3p4/4K3 w - - 0 1", &["e1d2"]), 1);
}

/// `fen` (without castling rights or en passant) with colours swapped and
/// the board turned top to bottom.
fn colour_flipped(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let ranks: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect()
        })
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    format!("{} {side} - - 0 1", ranks.join("/"))
}

/// `fen` (without castling rights or en passant) mirrored left to right.
fn left_right(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').expect("fields");
    let ranks: Vec<String> = board.split('/').map(|rank| rank.chars().rev().collect()).collect();
    format!("{} {rest}", ranks.join("/"))
}

#[test]
fn a_mirrored_network_sees_the_mirrored_and_colour_flipped_positions_alike() {
    let fens = [
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 b - - 0 10",
        "4k3/8/8/3q4/8/8/2N5/3K4 w - - 0 1",
        "6k1/5ppp/8/8/8/8/PP6/1K2R3 b - - 0 1",
    ];
    for king_buckets in layouts() {
        let network = random_bucketed_network(512, king_buckets, 9);
        for fen in fens {
            let board: Board = fen.parse().unwrap();
            let score = network.evaluate(&board);
            for other in [left_right(fen), colour_flipped(fen), left_right(&colour_flipped(fen))] {
                assert_eq!(network.evaluate(&other.parse().unwrap()), score, "{fen} and {other}");
            }
        }
    }
}

#[test]
fn bucketed_networks_round_trip_through_version_3_files() {
    for king_buckets in layouts() {
        let network = random_bucketed_network(256, king_buckets, 3);
        let bytes = network.to_bytes();
        assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()), 3);
        assert_eq!(bytes[32..64], king_buckets.table());
        let read = Network::from_bytes(&bytes).unwrap();
        assert_eq!((read.king_buckets(), read.hash()), (king_buckets, network.hash()));
        assert_eq!(read.feature_weights(), network.feature_weights());
        assert_eq!(read.feature_weights().len(), king_buckets.inputs() * 256);
        assert_eq!(read.to_bytes(), bytes);
        let board: Board = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 b - - 0 10".parse().unwrap();
        assert_eq!(read.evaluate(&board), network.evaluate(&board));
    }
    // The unbucketed layout writes version 2, as before.
    let plain = random_bucketed_network(256, KingBuckets::NONE, 3);
    assert_eq!(plain.to_bytes()[8..12], 2u32.to_le_bytes());
    assert_eq!(Network::embedded().king_buckets(), KingBuckets::NONE);
}

#[test]
fn a_bad_king_bucket_table_is_refused_by_name() {
    let bytes = random_bucketed_network(256, KingBuckets::named("4").unwrap(), 1).to_bytes();
    let mut beyond = bytes.clone();
    beyond[32 + 6] = MAX_KING_BUCKETS as u8; // c2
    match Network::from_bytes(&beyond) {
        Err(NetworkError::KingBuckets(KingBucketError::TooMany { square, bucket: 16 })) => {
            assert_eq!(square, Square::C2)
        }
        other => panic!("{other:?}"),
    }
    let mut gap = bytes.clone();
    gap[32..64].iter_mut().filter(|b| **b == 3).for_each(|b| *b = 4);
    let error = Network::from_bytes(&gap).unwrap_err();
    assert!(matches!(error, NetworkError::KingBuckets(KingBucketError::Unused { bucket: 3, largest: 4 })), "{error}");
    assert!(error.to_string().contains("bucket 3"), "{error}");
    // A table of more buckets than the body holds is the wrong size.
    let mut more = bytes.clone();
    more[32 + 31] = 4;
    assert!(matches!(Network::from_bytes(&more), Err(NetworkError::Size { .. })));
    assert!(matches!(Network::from_bytes(&bytes[..40]), Err(NetworkError::Size { .. })));
    // Weights of the wrong size for the layout.
    let eight = KingBuckets::named("8").unwrap();
    assert!(Network::from_bucketed_weights(eight, &[0; 4 * 768 * 256], &[0; 256], &[0; 512], &[0], 1).is_err());
}

#[test]
fn the_named_layouts_are_as_documented() {
    assert_eq!(KingBuckets::NONE.count(), 1);
    assert!(!KingBuckets::NONE.is_mirrored());
    let count = |name| KingBuckets::named(name).unwrap().count();
    assert_eq!([count("mirrored"), count("4"), count("8")], [1, 4, 8]);
    assert_eq!(KingBuckets::named("7"), None);
    for (name, _) in KingBuckets::names() {
        assert_eq!(KingBuckets::named(name).unwrap().name(), Some(name));
    }
    let eight = KingBuckets::named("8").unwrap();
    let bucket = |square| eight.bucket(Color::White, square).0;
    let squares = [Square::A1, Square::B1, Square::C1, Square::D1, Square::B2, Square::C2, Square::A4, Square::D8];
    assert_eq!(squares.map(bucket), [0, 1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(eight.bucket(Color::White, Square::H1), (0, true));
    assert_eq!(eight.bucket(Color::Black, Square::E8), (3, true));
    // Every king square of either side in range, half of them mirrored.
    let mut random = Random::new(1);
    for _ in 0..64 {
        let square = Square::from_index64(random.below(64) as u8).unwrap();
        let (bucket, mirrored) = eight.bucket(Color::Black, square);
        assert!(bucket < 8);
        assert_eq!(mirrored, square.index64() % 8 >= 4);
    }
}
