//! Networks from bullet: the layout bullet saves (its `SavedFormat`
//! semantics: column-major weight matrices, `transpose`, quantisation
//! with `round`, as docs/nnue.md configures it) and the inputs it computes (`Chess768` on the boards the
//! `bulletformat` crate builds) give, through `from_bullet`, an ox88
//! network that evaluates as bullet's float network does.

use bulletformat::ChessBoard;
use ox88_board::{Board, Color, Role, Square};
use ox88_eval::nnue::{KingBuckets, Network, DEFAULT_HIDDEN as HIDDEN, INPUTS, OUTPUT_BUCKETS};
use ox88_train::bullet_net::{
    bullet_bucketed_size, bullet_size, from_bullet, from_bullet_bucketed, to_bullet, BulletNetError,
};

/// A small deterministic generator of weights in (-range, range), each a
/// whole number of steps of `1 / q`: quantising them loses nothing, so
/// ox88's integer evaluation must equal the float one but for its last
/// rounding.
struct Weights(u64);

impl Weights {
    fn next(&mut self, range: f32, q: f32) -> f32 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let x = ((self.0 >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * range;
        (x * q).round() / q
    }
    fn many(&mut self, n: usize, range: f32, q: f32) -> Vec<f32> {
        (0..n).map(|_| self.next(range, q)).collect()
    }
}

/// bullet's float network `(768 -> 256) x 2 -> 8` as bullet stores its
/// tensors: `l0w` has 256 rows and 768 columns, `l1w` 8 rows and 512
/// columns, both column-major.
struct FloatNet {
    l0w: Vec<f32>,
    l0b: Vec<f32>,
    l1w: Vec<f32>,
    l1b: Vec<f32>,
}

impl FloatNet {
    fn random(seed: u64) -> FloatNet {
        let mut w = Weights(seed);
        FloatNet {
            l0w: w.many(INPUTS * HIDDEN, 0.3, 255.0),
            l0b: w.many(HIDDEN, 0.3, 255.0),
            l1w: w.many(OUTPUT_BUCKETS * 2 * HIDDEN, 0.5, 256.0),
            l1b: w.many(OUTPUT_BUCKETS, 0.5, 255.0 * 256.0),
        }
    }

    /// The file bullet writes for the save format in docs/nnue.md.
    fn quantised(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        let i16s = |values: &[f32], q: f32, bytes: &mut Vec<u8>| {
            bytes.extend(values.iter().flat_map(|&v| ((v * q).round() as i16).to_le_bytes()))
        };
        i16s(&self.l0w, 255.0, &mut bytes);
        i16s(&self.l0b, 255.0, &mut bytes);
        // `.transpose()`: rows x cols column-major becomes row-major.
        let (rows, cols) = (OUTPUT_BUCKETS, 2 * HIDDEN);
        let transposed: Vec<f32> = (0..rows * cols).map(|k| self.l1w[rows * (k % cols) + k / cols]).collect();
        i16s(&transposed, 256.0, &mut bytes);
        bytes.extend(self.l1b.iter().flat_map(|&v| ((v * 255.0 * 256.0).round() as i32).to_le_bytes()));
        bytes.resize(bytes.len().next_multiple_of(64), 0);
        bytes
    }

    /// bullet's forward pass, in centipawns at `scale`.
    fn evaluate(&self, board: &ChessBoard, scale: f32) -> f32 {
        let mut stm = self.l0b.clone();
        let mut ntm = self.l0b.clone();
        let mut pieces = 0;
        for (piece, square) in *board {
            // Chess768: own pieces first, each side's board seen from its side.
            let (c, pc, sq) = (usize::from(piece & 8 > 0) * 384, 64 * usize::from(piece & 7), usize::from(square));
            for (hidden, input) in [(&mut stm, c + pc + sq), (&mut ntm, (c ^ 384) + pc + (sq ^ 56))] {
                for (i, h) in hidden.iter_mut().enumerate() {
                    *h += self.l0w[HIDDEN * input + i];
                }
            }
            pieces += 1;
        }
        let bucket = (pieces - 2) / 4; // MaterialCount<8>
        let screlu = |x: f32| x.clamp(0.0, 1.0).powi(2);
        let hidden = stm.iter().chain(&ntm).map(|&x| screlu(x));
        let out: f32 =
            hidden.enumerate().map(|(j, x)| x * self.l1w[OUTPUT_BUCKETS * j + bucket]).sum::<f32>() + self.l1b[bucket];
        out * scale
    }
}

/// The board as the `bulletformat` crate builds it (from White's and
/// Black's bitboards and the piece bitboards, pawn to king).
fn bullet_board(board: &Board) -> ChessBoard {
    let mut bitboards = [0u64; 8];
    for index in 0..64u8 {
        if let Some(piece) = board.piece_at(Square::from_index64(index).unwrap()) {
            bitboards[usize::from(piece.color() == Color::Black)] |= 1 << index;
            bitboards[2 + Role::ALL.iter().position(|&r| r == piece.role()).unwrap()] |= 1 << index;
        }
    }
    ChessBoard::from_raw(bitboards, usize::from(board.side_to_move() == Color::Black), 0, 0.5).unwrap()
}

const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 3 40",
    "6k1/1P3ppp/8/8/8/8/5PPP/6K1 w - - 0 50",
    "8/8/4k3/8/8/3QK3/8/8 b - - 0 70",
];

#[test]
fn a_bullet_network_evaluates_as_bullet_computes_it() {
    let float = FloatNet::random(7);
    let network = from_bullet(&float.quantised(), 400).unwrap();
    for fen in FENS {
        let board = Board::from_fen(fen).unwrap();
        let expected = float.evaluate(&bullet_board(&board), 400.0);
        let found = network.evaluate(&board).raw() as f32;
        // The weights are exact in both; what is left is the float sum's error and ox88's rounding.
        assert!((found - expected).abs() < 1.0, "{fen}: ox88 {found} cp, bullet's float network {expected:.1} cp");
        assert!(expected.abs() > 50.0, "{fen}: a test that cannot tell layouts apart ({expected:.1} cp)");
    }
}

#[test]
fn a_transposed_layout_is_told_apart() {
    // The same weights saved without `.transpose()` evaluate differently: the layout matters and is checked.
    let float = FloatNet::random(11);
    let mut wrong = float.quantised();
    let start = bullet_size(HIDDEN, OUTPUT_BUCKETS) - 4 * OUTPUT_BUCKETS - 2 * OUTPUT_BUCKETS * 2 * HIDDEN;
    for (k, pair) in wrong[start..][..2 * OUTPUT_BUCKETS * 2 * HIDDEN].chunks_exact_mut(2).enumerate() {
        pair.copy_from_slice(&((float.l1w[k] * 256.0).round() as i16).to_le_bytes());
    }
    let network = from_bullet(&wrong, 400).unwrap();
    let board = Board::from_fen(FENS[2]).unwrap();
    let expected = float.evaluate(&bullet_board(&board), 400.0);
    assert!((network.evaluate(&board).raw() as f32 - expected).abs() > 50.0);
}

#[test]
fn ox88_networks_go_to_bullet_and_back() {
    let network = Network::embedded();
    let bytes = to_bullet(&network);
    assert_eq!(bytes.len() % 64, 0);
    let back = from_bullet(&bytes, network.scale()).unwrap();
    assert_eq!(back.hash(), network.hash());
    // Wider networks too: the width follows from the length.
    for hidden in [512, 1024] {
        let weights: Vec<i16> = (0..INPUTS * hidden).map(|i| (i % 97) as i16 - 48).collect();
        let output = vec![5; OUTPUT_BUCKETS * 2 * hidden];
        let wide = Network::from_weights(&weights, &vec![3; hidden], &output, &[7; OUTPUT_BUCKETS], 400).unwrap();
        let back = from_bullet(&to_bullet(&wide), 400).unwrap();
        assert_eq!((back.hidden(), back.hash()), (hidden, wide.hash()));
    }
}

#[test]
fn one_output_layer_and_bad_files() {
    let mut one = vec![0u8; bullet_size(HIDDEN, 1)];
    // Output weight 0 of the side to move: 1.0.
    let at = 2 * (INPUTS * HIDDEN + HIDDEN);
    one[at..at + 2].copy_from_slice(&256i16.to_le_bytes());
    let network = from_bullet(&one, 400).unwrap();
    for bucket in 0..OUTPUT_BUCKETS {
        assert_eq!(network.output_layer(bucket).0[0], 256);
    }
    assert!(matches!(from_bullet(&one[1..], 400), Err(BulletNetError::Size { .. })));
    let mut padded = vec![0u8; bullet_size(HIDDEN, 8).next_multiple_of(64)];
    let last = padded.len() - 1;
    padded[last] = 1;
    let error = from_bullet(&padded, 400).unwrap_err();
    assert!(matches!(error, BulletNetError::Padding { offset } if offset == last), "{error}");
    // An output weight beyond ox88's clip (±1.98 at 256 a unit).
    let mut big = vec![0u8; bullet_size(HIDDEN, 8)];
    big[at..at + 2].copy_from_slice(&600i16.to_le_bytes());
    assert!(matches!(from_bullet(&big, 400), Err(BulletNetError::Network(_))));
    assert!(matches!(from_bullet(&one, 0), Err(BulletNetError::Network(_))));
}

/// bullet's `ChessBucketsMirrored` inputs, as its documentation and
/// source define them: the bucket of each side's king square in its own
/// view (the 32-entry table, rank by rank, files a-d, a king on e-h
/// folded onto a-d), and that side's squares mirrored left to right
/// (`^ 7`) when its king is on files e-h.
fn mirrored_bucket_features(board: &ChessBoard, table: &[u8; 32]) -> Vec<(usize, usize)> {
    let view = |king: u8| {
        let king = usize::from(king);
        let file = [0, 1, 2, 3, 3, 2, 1, 0][king % 8];
        (768 * usize::from(table[(king / 8) * 4 + file]), if king % 8 > 3 { 7 } else { 0 })
    };
    let ((our_bucket, our_flip), (opp_bucket, opp_flip)) = (view(board.our_ksq()), view(board.opp_ksq()));
    board
        .into_iter()
        .map(|(piece, square)| {
            let (c, pc, sq) = (usize::from(piece & 8 > 0) * 384, 64 * usize::from(piece & 7), usize::from(square));
            (our_bucket + c + pc + (sq ^ our_flip), opp_bucket + (c ^ 384) + pc + (sq ^ 56 ^ opp_flip))
        })
        .collect()
}

#[test]
fn a_king_bucketed_bullet_network_evaluates_as_bullet_computes_it() {
    let eight = KingBuckets::named("8").unwrap();
    let mut w = Weights(5);
    let king_buckets = eight.count();
    let l0w = w.many(king_buckets * INPUTS * HIDDEN, 0.3, 255.0);
    let l0b = w.many(HIDDEN, 0.3, 255.0);
    let l1w = w.many(OUTPUT_BUCKETS * 2 * HIDDEN, 0.5, 256.0);
    let l1b = w.many(OUTPUT_BUCKETS, 0.5, 255.0 * 256.0);
    let float = FloatNet { l0w: l0w.clone(), l0b, l1w, l1b };
    let bytes = float.quantised();
    assert_eq!(bytes.len(), bullet_bucketed_size(king_buckets, HIDDEN, OUTPUT_BUCKETS).next_multiple_of(64));
    let network = from_bullet_bucketed(&bytes, 400, eight).unwrap();
    assert_eq!(network.king_buckets(), eight);
    let fens = [FENS[2], FENS[3], FENS[4], FENS[5], "r4rk1/1pp1qppp/p1np1n2/8/8/P1NP1N2/1PP1QPPP/2KR3R b - - 0 12"];
    for fen in fens {
        let board = Board::from_fen(fen).unwrap();
        let bullet = bullet_board(&board);
        let (mut stm, mut ntm) = (float.l0b.clone(), float.l0b.clone());
        for (ours, theirs) in mirrored_bucket_features(&bullet, &eight.table()) {
            for i in 0..HIDDEN {
                stm[i] += l0w[HIDDEN * ours + i];
                ntm[i] += l0w[HIDDEN * theirs + i];
            }
        }
        let bucket = (bullet.into_iter().count() - 2) / 4;
        let screlu = |x: f32| x.clamp(0.0, 1.0).powi(2);
        let hidden = stm.iter().chain(&ntm).map(|&x| screlu(x));
        let out: f32 = hidden.enumerate().map(|(j, x)| x * float.l1w[OUTPUT_BUCKETS * j + bucket]).sum::<f32>()
            + float.l1b[bucket];
        let expected = out * 400.0;
        let found = network.evaluate(&board).raw() as f32;
        assert!((found - expected).abs() < 1.0, "{fen}: ox88 {found} cp, bullet's float network {expected:.1} cp");
        assert!(expected.abs() > 50.0, "{fen}: a test that cannot tell layouts apart ({expected:.1} cp)");
    }
    // Back to bullet's layout (without ox88's table) and in again.
    let back = from_bullet_bucketed(&to_bullet(&network), 400, eight).unwrap();
    assert_eq!(back.hash(), network.hash());
    // Read as another layout, the length does not fit.
    let error = from_bullet_bucketed(&bytes, 400, KingBuckets::named("4").unwrap()).unwrap_err();
    assert!(matches!(error, BulletNetError::Size { king_buckets: 4, .. }), "{error}");
}
