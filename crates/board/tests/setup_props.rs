//! A `Setup` and the FEN that says the same thing are accepted or refused
//! alike, for the same reason: the FEN reader fills a `Setup`, so there is
//! one validation. Random setups, written as FEN text here by hand.

use ox88_board::{Board, CastlingSide, Color, FenError, File, Piece, Rank, Role, Setup, SetupError, Square};
use proptest::prelude::*;

const PIECES: &str = "PNBRQKpnbrqk";
const RIGHTS: &str = "KQkqABCDEFGHabcdefgh";

/// The FEN placement field of `setup`.
fn placement(setup: &Setup) -> String {
    let mut text = String::new();
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            match setup.piece_at(Square::from_coords(file, *rank)) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    text.push(piece.char());
                }
            }
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        if *rank != Rank::FIRST {
            text.push('/');
        }
    }
    text
}

/// A random setup and the FEN text of the same position.
fn setup_and_fen(
    kings: &[(u8, bool)],
    pieces: &[(u8, u8)],
    black: bool,
    rights: &[usize],
    ep: Option<u8>,
    clocks: (u16, u16),
) -> (Setup, String) {
    let mut setup = Setup::empty();
    let square = |i: u8| Square::from_index64(i % 64).expect("below 64");
    for &(i, white) in kings {
        setup.put(square(i), Piece::new(if white { Color::White } else { Color::Black }, Role::King));
    }
    for &(i, code) in pieces {
        let letter = PIECES.as_bytes()[usize::from(code) % PIECES.len()] as char;
        setup.put(square(i), Piece::from_char(letter).expect("a piece letter"));
    }
    let mut castling = String::new();
    for &r in rights {
        let letter = RIGHTS.as_bytes()[r % RIGHTS.len()] as char;
        if castling.contains(letter) {
            continue;
        }
        castling.push(letter);
        let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
        match letter.to_ascii_uppercase() {
            'K' => setup.castle(color, CastlingSide::Short),
            'Q' => setup.castle(color, CastlingSide::Long),
            _ => setup.castle_with_rook(color, File::from_char(letter).expect("a file letter")),
        };
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = ep.map(square);
    setup
        .set_side_to_move(if black { Color::Black } else { Color::White })
        .set_en_passant(ep)
        .set_halfmove_clock(clocks.0)
        .set_fullmove_number(clocks.1);
    let ep_text = ep.map_or("-".to_owned(), |s| s.to_string());
    let side = if black { 'b' } else { 'w' };
    let fen = format!("{} {side} {castling} {ep_text} {} {}", placement(&setup), clocks.0, clocks.1);
    (setup, fen)
}

fn invalid(result: Result<Board, FenError>) -> Result<Board, SetupError> {
    result.map_err(|e| match e {
        FenError::Invalid(e) => e,
        other => panic!("a syntax error in FEN written from a setup: {other}"),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn setup_and_fen_agree(
        kings in prop::collection::vec((any::<u8>(), any::<bool>()), 0..4),
        pieces in prop::collection::vec((any::<u8>(), any::<u8>()), 0..34),
        black in any::<bool>(),
        rights in prop::collection::vec(any::<usize>(), 0..5),
        ep in prop::option::of(any::<u8>()),
        clocks in (any::<u16>(), prop_oneof![Just(0u16), Just(1), any::<u16>()]),
    ) {
        let (setup, fen) = setup_and_fen(&kings, &pieces, black, &rights, ep, clocks);
        let built = setup.build();
        prop_assert_eq!(invalid(Board::from_fen(&fen)), built.clone(), "{}", fen);
        prop_assert_eq!(fen.parse::<Setup>(), Ok(setup.clone()), "{}", fen);
        let lenient = Board::from_fen_lenient(&fen).map_err(|e| match e {
            FenError::Invalid(e) => e,
            other => panic!("{other}"),
        });
        prop_assert_eq!(lenient, setup.build_lenient(), "{}", fen);
        if let Ok(board) = built {
            board.check_consistency().map_err(TestCaseError::fail)?;
            prop_assert_eq!(board.to_setup().build(), Ok(board.clone()));
            prop_assert_eq!(Board::from_fen(&board.fen()), Ok(board.clone()));
            prop_assert_eq!(Board::from_fen(&board.shredder_fen()), Ok(board));
        }
    }
}
