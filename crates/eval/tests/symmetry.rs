//! Colour symmetry: a position and its mirror image with the colours (and
//! the side to move) swapped must score the same for the side to move, term
//! by term (and for the network, as a whole). Checked on the shared perft
//! suites and on random games.

use ox88_board::{Board, Color, Piece, Setup, Square};
use ox88_eval::{Classical, Evaluator, Nnue, Term};
use ox88_movegen::testing::random_game;
use ox88_movegen::Epd;
use proptest::prelude::*;

/// `board` mirrored top to bottom with the colours (and the side to move)
/// swapped.
fn flipped(board: &Board) -> Board {
    let mut setup = Setup::empty();
    for square in Square::all() {
        if let Some(piece) = board.piece_at(square) {
            setup.put(square.flip_vertical(), Piece::new(!piece.color(), piece.role()));
        }
    }
    for (color, _, rook) in board.castling().iter() {
        setup.castle_with_rook(!color, rook.file());
    }
    setup
        .set_side_to_move(!board.side_to_move())
        .set_en_passant(board.en_passant().map(Square::flip_vertical))
        .set_halfmove_clock(board.halfmove_clock())
        .set_fullmove_number(board.fullmove_number());
    setup.build().unwrap_or_else(|e| panic!("flipped {}: {e}", board.fen()))
}

fn check(eval: &mut Classical, board: &Board) -> Result<(), TestCaseError> {
    let mirror = flipped(board);
    prop_assert_eq!(flipped(&mirror).fen(), board.fen());
    let (a, b) = (eval.explain(board), eval.explain(&mirror));
    for term in Term::ALL {
        let (x, y) = (a.term(term), b.term(term));
        prop_assert_eq!((x.white, x.black), (y.black, y.white), "{:?} in {} vs {}", term, board.fen(), mirror.fen());
    }
    prop_assert_eq!(a.scale(), b.scale(), "scale in {}", board.fen());
    prop_assert_eq!(a.score(), b.score());
    let score = eval.evaluate(board);
    prop_assert_eq!(score, eval.evaluate(&mirror), "{}", board.fen());
    prop_assert_eq!(score, a.score());
    prop_assert!(!score.is_mate());
    Ok(())
}

fn suite(name: &str) -> Vec<Board> {
    let path = format!("{}/../../tests/data/perft/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Epd::read_lines(&text).map(|(n, epd)| epd.unwrap_or_else(|e| panic!("{path}:{n}: {e}")).board).collect()
}

#[test]
fn suite_positions_are_symmetric() {
    let mut eval = Classical::new();
    let mut checked = 0;
    for name in ["standard.epd", "special.epd", "chess960.epd"] {
        for board in suite(name) {
            check(&mut eval, &board).unwrap();
            checked += 1;
        }
    }
    assert!(checked > 1000);
}

/// The network sees each side's pieces from its own side, so a position and
/// its mirror with colours swapped score exactly alike.
#[test]
fn the_network_is_symmetric() {
    let mut nnue = Nnue::embedded();
    let mut checked = 0;
    for name in ["standard.epd", "special.epd", "chess960.epd"] {
        for board in suite(name) {
            assert_eq!(nnue.evaluate(&board), nnue.evaluate(&flipped(&board)), "{}", board.fen());
            checked += 1;
        }
    }
    assert!(checked > 1000);
}

#[test]
fn the_pawn_table_changes_nothing() {
    let mut cached = Classical::new();
    let mut direct = Classical::new().with_pawn_table(0);
    for board in suite("standard.epd") {
        // Twice, so the second call reads the cache.
        assert_eq!(cached.evaluate(&board), direct.evaluate(&board), "{}", board.fen());
        assert_eq!(cached.evaluate(&board), direct.evaluate(&board), "{}", board.fen());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_are_symmetric(choices in proptest::collection::vec(any::<u16>(), 0..200), start in 0usize..126) {
        let starts = suite("standard.epd");
        let mut eval = Classical::new().with_pawn_table(1 << 10);
        for board in random_game(&starts[start % starts.len()], &choices) {
            check(&mut eval, &board)?;
        }
    }

    #[test]
    fn random_chess960_games_are_symmetric(choices in proptest::collection::vec(any::<u16>(), 0..120), start in 0usize..960) {
        let starts = suite("chess960.epd");
        let mut eval = Classical::new();
        for board in random_game(&starts[start % starts.len()], &choices) {
            check(&mut eval, &board)?;
        }
    }
}

#[test]
fn flipping_swaps_colours() {
    let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse().unwrap();
    let mirror = flipped(&board);
    assert_eq!(mirror.side_to_move(), Color::Black);
    assert_eq!(mirror.fen(), "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1");
    let ep: Board = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1".parse().unwrap();
    assert_eq!(flipped(&ep).fen(), "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
}
