//! `Position::outcome` and `claimable_draw` for each way a game can end.

use ox88_board::{Board, CastlingMode, Color};
use ox88_movegen::{DrawReason, Outcome, Position, WinReason};

fn game(fen: &str) -> Position {
    Position::new(fen.parse::<Board>().expect("valid FEN"))
}

fn play(game: &mut Position, sans: &str) {
    for san in sans.split_whitespace() {
        game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

#[test]
fn checkmate() {
    let mut g = Position::startpos();
    play(&mut g, "e4 e5 Bc4 Nc6 Qh5 Nf6");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Qxf7#");
    assert_eq!(g.outcome(), Some(Outcome::Decisive { winner: Color::White, reason: WinReason::Checkmate }));
    assert_eq!(g.outcome().unwrap().result(), "1-0");
    assert_eq!(g.moves().len(), 7);
}

#[test]
fn stalemate() {
    let mut g = game("7k/8/6Q1/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Qf7");
    assert_eq!(g.outcome(), draw(DrawReason::Stalemate));
}

#[test]
fn insufficient_material() {
    let mut g = game("4k3/8/8/8/8/8/3r4/3NK3 w - - 0 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Kxd2");
    assert_eq!(g.outcome(), draw(DrawReason::InsufficientMaterial));
    assert_eq!(game("4k3/8/8/8/8/8/8/4KB2 w - - 0 1").outcome(), draw(DrawReason::InsufficientMaterial));
    assert_eq!(game("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1").outcome(), draw(DrawReason::InsufficientMaterial));
    assert_eq!(game("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1").outcome(), None);
    assert_eq!(game("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1").outcome(), None);
}

#[test]
fn fifty_and_seventy_five_moves() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(g.claimable_draw(), None);
    play(&mut g, "Ra2");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.claimable_draw(), Some(DrawReason::FiftyMoves));
    assert!(DrawReason::FiftyMoves.is_claimable());
    assert_eq!(g.outcome_with_claims(), draw(DrawReason::FiftyMoves));
    // A pawn move resets the count.
    let mut pawn = game("4k3/8/8/8/8/8/P7/R3K3 w - - 120 80");
    play(&mut pawn, "a3");
    assert_eq!(pawn.claimable_draw(), None);

    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 149 80");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Ra2");
    assert_eq!(g.outcome(), draw(DrawReason::SeventyFiveMoves));
    // Mate on the 150th ply is still mate.
    let mut mate = game("6k1/8/6K1/8/8/8/8/R7 w - - 149 80");
    play(&mut mate, "Ra8#");
    assert_eq!(mate.outcome().and_then(Outcome::winner), Some(Color::White));
}

#[test]
fn threefold_and_fivefold_repetition() {
    let mut g = Position::startpos();
    let shuffle = "Nf3 Nf6 Ng1 Ng8";
    play(&mut g, shuffle);
    assert_eq!(g.repetitions(), 1);
    assert_eq!(g.claimable_draw(), None);
    play(&mut g, shuffle);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
    assert_eq!(g.outcome(), None);
    play(&mut g, shuffle);
    play(&mut g, shuffle);
    assert_eq!(g.repetitions(), 4);
    assert_eq!(g.outcome(), draw(DrawReason::FivefoldRepetition));
    // One move back, the position (knight on f6) is on its fourth occurrence.
    g.undo();
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
}

#[test]
fn irreversible_moves_and_rights_break_repetition() {
    // After e4 e5 the start position cannot recur; the shuffle repeats the
    // position after e5 only.
    let mut g = Position::startpos();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 e4 e5 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(g.repetitions(), 1);
    // Same pieces, but the kings have lost their castling rights: different.
    let mut k = Position::startpos();
    play(&mut k, "e4 e5 Ke2 Ke7 Ke1 Ke8");
    assert_eq!(k.repetitions(), 0);
    play(&mut k, "Ke2 Ke7 Ke1 Ke8");
    assert_eq!(k.repetitions(), 1);
}

#[test]
fn uci_play_and_history_for_a_search() {
    let mut g = Position::startpos();
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        g.play_uci(uci, CastlingMode::Standard).expect("legal");
    }
    assert_eq!(g.history().len(), 4);
    let board = g.board();
    assert!(g.history().is_repetition(board.key(), board.halfmove_clock()));
    assert!(g.play_uci("e2e5", CastlingMode::Standard).is_err());
    assert_eq!(g.moves().len(), 4);
    assert_eq!(g.start(), &Board::startpos());
}
