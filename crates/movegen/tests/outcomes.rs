//! `Position::outcome` and `claimable_draw` for each way a game can end.

use ox88_board::{Board, Color};
use ox88_movegen::{MoveGen, Outcome, Position, Termination};

fn game(fen: &str) -> Position {
    Position::from_fen(fen).expect("valid FEN")
}

fn play(game: &mut Position, sans: &str) {
    for san in sans.split_whitespace() {
        game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

fn draw(reason: Termination) -> Option<Outcome> {
    Some(Outcome::draw(reason))
}

#[test]
fn checkmate() {
    let mut g = Position::startpos();
    play(&mut g, "e4 e5 Bc4 Nc6 Qh5 Nf6");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Qxf7#");
    assert_eq!(g.outcome(), Some(Outcome::checkmate(Color::White)));
    assert_eq!(g.outcome().unwrap().result().to_string(), "1-0");
    assert_eq!(g.moves().len(), 7);
}

#[test]
fn stalemate() {
    let mut g = game("7k/8/6Q1/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Qf7");
    assert_eq!(g.outcome(), draw(Termination::Stalemate));
}

#[test]
fn insufficient_material() {
    let mut g = game("4k3/8/8/8/8/8/3r4/3NK3 w - - 0 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Kxd2");
    assert_eq!(g.outcome(), draw(Termination::InsufficientMaterial));
    assert_eq!(game("4k3/8/8/8/8/8/8/4KB2 w - - 0 1").outcome(), draw(Termination::InsufficientMaterial));
    assert_eq!(game("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1").outcome(), draw(Termination::InsufficientMaterial));
    assert_eq!(game("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1").outcome(), None);
    assert_eq!(game("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1").outcome(), None);
}

#[test]
fn fifty_and_seventy_five_moves() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(g.claimable_draw(), None);
    play(&mut g, "Ra2");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.claimable_draw(), Some(Termination::FiftyMoves));
    assert!(Termination::FiftyMoves.is_claimable());
    assert_eq!(g.outcome_with_claims(), draw(Termination::FiftyMoves));
    // A pawn move resets the count.
    let mut pawn = game("4k3/8/8/8/8/8/P7/R3K3 w - - 120 80");
    play(&mut pawn, "a3");
    assert_eq!(pawn.claimable_draw(), None);

    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 149 80");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Ra2");
    assert_eq!(g.outcome(), draw(Termination::SeventyFiveMoves));
    // Mate on the 150th ply is still mate.
    let mut mate = game("6k1/8/6K1/8/8/8/8/R7 w - - 149 80");
    play(&mut mate, "Ra8#");
    assert_eq!(mate.outcome().and_then(|outcome| outcome.winner), Some(Color::White));
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
    assert_eq!(g.claimable_draw(), Some(Termination::ThreefoldRepetition));
    assert_eq!(g.outcome(), None);
    play(&mut g, shuffle);
    play(&mut g, shuffle);
    assert_eq!(g.repetitions(), 4);
    assert_eq!(g.outcome(), draw(Termination::FivefoldRepetition));
    // One move back, the position (knight on f6) is on its fourth occurrence.
    g.undo();
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.claimable_draw(), Some(Termination::ThreefoldRepetition));
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
        g.play_uci(uci).expect("legal");
    }
    assert_eq!(g.history().len(), 4);
    let board = g.board();
    assert!(g.history().is_repetition(board.repetition_key(), board.halfmove_clock()));
    assert!(g.play_uci("e2e5").is_err());
    assert_eq!(g.moves().len(), 4);
    assert_eq!(g.start(), &Board::startpos());
}

/// Regression: an en-passant square whose capture is illegal (the pawn is
/// pinned along the rank) does not make the position different (FIDE
/// 9.2.3: the same possible moves), though the Polyglot key keeps it.
#[test]
fn an_illegal_en_passant_capture_does_not_break_a_repetition() {
    let start = "8/8/8/8/k2Pp2R/8/8/4K3 b - d3 0 1";
    let mut g = game(start);
    assert!(g.board().en_passant().is_some() && !g.board().has_legal_en_passant());
    assert_ne!(g.key(), g.board().repetition_key(), "the Polyglot key counts the pseudo-legal capture");
    assert_eq!(g.key(), Board::from_fen(start).unwrap().compute_key());
    play_uci(&mut g, "a4b3 h4h3 b3a4 h3h4");
    assert_eq!(g.repetitions(), 1);
    play_uci(&mut g, "a4b3 h4h3 b3a4 h3h4");
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.claimable_draw(), Some(Termination::ThreefoldRepetition));

    // Where the capture is legal, the first position is a different one.
    let mut legal = game("8/8/8/8/k2Pp3/8/8/4K2R b - d3 0 1");
    assert!(legal.board().has_legal_en_passant());
    play_uci(&mut legal, "a4b3 h1h2 b3a4 h2h1 a4b3 h1h2 b3a4 h2h1");
    assert_eq!(legal.repetitions(), 1);
    assert_eq!(legal.claimable_draw(), None);
}

fn play_uci(game: &mut Position, moves: &str) {
    for uci in moves.split_whitespace() {
        game.play_uci(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    }
}

/// Regression: a finished game has no claim, whatever the clock says
/// (FIDE 5.1, 5.2, 9.3).
#[test]
fn no_claim_after_mate_or_stalemate() {
    let stalemate = game("K7/2q3q1/8/8/8/1p6/1k6/8 w - - 123 87");
    assert_eq!(stalemate.outcome(), draw(Termination::Stalemate));
    assert_eq!(stalemate.claimable_draw(), None);
    assert_eq!(stalemate.outcome_with_claims(), draw(Termination::Stalemate));
    let mate = game("K2r4/8/1q6/8/8/8/1k6/8 w - - 123 87");
    assert!(mate.is_checkmate());
    assert_eq!(mate.claimable_draw(), None);
    assert_eq!(mate.outcome_with_claims().and_then(|outcome| outcome.winner), Some(Color::Black));
    // Not finished: the claim stands.
    assert_eq!(game("K7/8/3q4/8/8/1p6/1k6/8 w - - 123 87").claimable_draw(), Some(Termination::FiftyMoves));
}

/// When two endings apply, `outcome` reports the first of checkmate,
/// insufficient material, stalemate, 75 moves, fivefold repetition
/// (python-chess's order).
#[test]
fn which_draw_is_reported_when_two_apply() {
    // Stalemated king, and a lone knight against it: insufficient material.
    let g = game("7k/5K2/5N2/8/8/8/8/8 b - - 0 1");
    assert!(g.is_stalemate() && g.is_insufficient_material());
    assert_eq!(g.outcome(), draw(Termination::InsufficientMaterial));
    assert_eq!(g.outcome_with_claims(), draw(Termination::InsufficientMaterial));
    // Insufficient material past the 75-move rule: insufficient material.
    assert_eq!(game("4k3/8/8/8/8/8/8/4KN2 w - - 160 100").outcome(), draw(Termination::InsufficientMaterial));
    // Stalemate past the 75-move rule: stalemate.
    assert_eq!(game("7k/8/6QK/8/8/8/8/8 b - - 170 100").outcome(), draw(Termination::Stalemate));
}

/// `outcome_with_claims` claims as python-chess's `outcome(claim_draw=True)`
/// does, with the move about to be played; `outcome_or_claimable_draw`
/// only what stands on the board.
#[test]
fn claims_with_the_next_move() {
    // Clock 99: any king or rook move makes it 100.
    let fifty = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(fifty.outcome_with_claims(), draw(Termination::FiftyMoves));
    assert_eq!(fifty.outcome_or_claimable_draw(), None);
    assert!(fifty.can_claim_draw() && fifty.claimable_draw().is_none());
    // A pawn move or a capture resets the clock: nothing to claim.
    let pawn_only = game("4k3/8/8/8/8/8/5q1P/7K w - - 99 80");
    assert_eq!(pawn_only.outcome_with_claims(), None);

    // Black's Ng8 would bring the start position back a third time.
    let mut shuffle = Position::startpos();
    play(&mut shuffle, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(shuffle.outcome_with_claims(), draw(Termination::ThreefoldRepetition));
    assert_eq!(shuffle.outcome_or_claimable_draw(), None);
    play(&mut shuffle, "Ng8");
    assert_eq!(shuffle.outcome_or_claimable_draw(), draw(Termination::ThreefoldRepetition));
    assert_eq!(shuffle.outcome_with_claims(), draw(Termination::ThreefoldRepetition));

    // Both claims open: the fifty-move rule is named, as python-chess does.
    let mut both = game("4k3/8/8/8/8/8/8/R3K3 w - - 90 80");
    play(&mut both, "Ra2 Kd8 Ra1 Ke8 Ra2 Kd8 Ra1 Ke8 Ra2");
    assert!(both.can_claim_fifty_moves() && both.can_claim_threefold_repetition());
    assert_eq!(both.outcome_with_claims(), draw(Termination::FiftyMoves));
}
