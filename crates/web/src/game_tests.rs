use super::*;
use crate::clock::friend_time_control;
use ox88_movegen::{Outcome, Termination};

fn game(control: Option<TimeControl>) -> FriendGame {
    FriendGame::new(FriendGameId::random(), control, ByColor::new(Some(SeatToken::random()), None))
}

fn mv(uci: &str, ply: usize) -> Action {
    Action::Move { uci: uci.to_owned(), ply }
}

/// Plays `ucis` alternately from ply 0 at time 0, each accepted.
fn play_all(g: &mut FriendGame, ucis: &[&str]) {
    for (ply, uci) in ucis.iter().enumerate() {
        let seat = g.position().side_to_move();
        g.apply(seat, mv(uci, ply), 0).unwrap_or_else(|e| panic!("{uci}: {e}"));
    }
}

#[test]
fn fools_mate_ends_the_game_by_checkmate() {
    let mut g = game(None);
    play_all(&mut g, &["f2f3", "e7e5", "g2g4"]);
    let changes = g.apply(Color::Black, mv("d8h4", 3), 0).expect("legal");
    let ending = Outcome { winner: Some(Color::Black), termination: Termination::Checkmate };
    assert_eq!(changes.last(), Some(&Change::Ended(ending)));
    assert_eq!(g.moves().iter().map(|m| m.san.to_string()).collect::<Vec<_>>(), ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(g.apply(Color::White, mv("e2e4", 4), 0), Err(GameError::GameOver));
}

#[test]
fn refused_moves_leave_the_game_as_it_was() {
    let mut g = game(None);
    play_all(&mut g, &["e2e4"]);
    let fen = g.position().fen();
    assert_eq!(g.apply(Color::White, mv("d2d4", 1), 0), Err(GameError::NotYourTurn));
    assert_eq!(g.apply(Color::Black, mv("e7e5", 0), 0), Err(GameError::Stale { sent: 0, current: 1 }));
    assert!(matches!(g.apply(Color::Black, mv("e7e4", 1), 0), Err(GameError::IllegalMove { .. })));
    assert!(matches!(g.apply(Color::Black, mv("garbage", 1), 0), Err(GameError::IllegalMove { .. })));
    assert_eq!(g.position().fen(), fen);
    assert_eq!(g.moves().len(), 1);
}

#[test]
fn resignation_and_draws_by_agreement() {
    let mut g = game(None);
    assert_eq!(g.apply(Color::White, Action::AcceptDraw, 0), Err(GameError::NoOffer));
    assert_eq!(g.apply(Color::White, Action::OfferDraw, 0), Ok(vec![Change::DrawOffered(Color::White)]));
    assert_eq!(g.apply(Color::White, Action::AcceptDraw, 0), Err(GameError::NoOffer), "not one's own offer");
    assert_eq!(g.apply(Color::Black, Action::DeclineDraw, 0), Ok(vec![Change::DrawOfferWithdrawn]));
    g.apply(Color::Black, Action::OfferDraw, 0).expect("an offer");
    // Answering with a move declines.
    let changes = g.apply(Color::White, mv("e2e4", 0), 0).expect("legal");
    assert_eq!(changes.last(), Some(&Change::DrawOfferWithdrawn));
    g.apply(Color::White, Action::OfferDraw, 0).expect("an offer");
    let agreed = Outcome { winner: None, termination: Termination::Agreement };
    assert_eq!(g.apply(Color::Black, Action::OfferDraw, 0), Ok(vec![Change::Ended(agreed)]));

    let mut g = game(None);
    let resigned = Outcome { winner: Some(Color::White), termination: Termination::Resignation };
    assert_eq!(g.apply(Color::Black, Action::Resign, 0), Ok(vec![Change::Ended(resigned)]));
    assert_eq!(g.apply(Color::White, Action::Resign, 0), Err(GameError::GameOver));
}

#[test]
fn a_rematch_needs_a_finished_game_and_both_players() {
    let mut g = game(None);
    assert_eq!(g.apply(Color::White, Action::Rematch, 0), Err(GameError::NotOver));
    g.apply(Color::White, Action::Resign, 0).expect("resigns");
    assert_eq!(g.apply(Color::White, Action::Rematch, 0), Ok(vec![Change::RematchOffered(Color::White)]));
    assert_eq!(g.apply(Color::White, Action::Rematch, 0), Ok(vec![Change::RematchOffered(Color::White)]));
    assert_eq!(g.apply(Color::Black, Action::Rematch, 0), Ok(vec![Change::RematchAgreed]));
}

#[test]
fn the_flag_falls_and_a_lone_king_cannot_win_on_time() {
    let control = friend_time_control(10_000, 0);
    let mut g = game(control);
    g.apply(Color::White, mv("e2e4", 0), 0).expect("legal");
    g.apply(Color::Black, mv("e7e5", 1), 0).expect("legal");
    assert_eq!(g.check_flag(9_999), None);
    let flagged = Outcome { winner: Some(Color::Black), termination: Termination::Timeout };
    assert_eq!(g.apply(Color::White, mv("g1f3", 2), 10_000), Ok(vec![Change::Ended(flagged)]));
    assert_eq!(g.moves().len(), 2, "the late move is not played");

    let mut g = game(control);
    let pos_moves = ["e2e4", "e7e5"];
    play_all(&mut g, &pos_moves);
    g.position = Position::from_fen("k7/8/8/8/8/8/8/4KQ2 w - - 0 1").expect("a legal position");
    let drawn = Outcome { winner: None, termination: Termination::Timeout };
    g.clock.as_mut().expect("timed").start(Color::Black, at(0));
    assert_eq!(g.check_flag(10_000), Some(Change::Ended(Outcome { winner: Some(Color::White), ..drawn })));
    let mut g = game(control);
    g.position = Position::from_fen("k6q/8/8/8/8/8/8/4K3 w - - 0 1").expect("a legal position");
    g.clock.as_mut().expect("timed").start(Color::White, at(0));
    assert_eq!(g.check_flag(10_000), Some(Change::Ended(Outcome { winner: Some(Color::Black), ..drawn })));
    let mut g = game(control);
    g.position = Position::from_fen("k6q/8/8/8/8/8/8/4K3 b - - 0 1").expect("a legal position");
    g.clock.as_mut().expect("timed").start(Color::Black, at(0));
    assert_eq!(g.check_flag(10_000), Some(Change::Ended(drawn)), "White has a lone king");
}

#[test]
fn timed_moves_carry_the_clock_and_restore_resumes_it() {
    let control = friend_time_control(60_000, 2_000);
    let mut g = game(control);
    g.apply(Color::White, mv("e2e4", 0), 1_000).expect("legal");
    g.apply(Color::Black, mv("e7e5", 1), 5_000).expect("legal");
    g.apply(Color::White, mv("g1f3", 2), 15_000).expect("legal");
    let clocks: Vec<_> = g.moves().iter().map(|m| m.clock_ms).collect();
    assert_eq!(clocks, [Some(60_000), Some(60_000), Some(52_000)]);

    let fresh = FriendGame::new(g.id().clone(), control, g.seats().clone());
    let ucis: Vec<String> = g.moves().iter().map(|m| m.uci.to_string()).collect();
    let restored = FriendGame::restore(fresh, &ucis, Some((52_000, 60_000)), None, 100_000).expect("legal moves");
    assert_eq!(restored.position().fen(), g.position().fen());
    let clock = restored.clock().expect("timed");
    assert_eq!(clock.running(), Some(Color::Black));
    assert_eq!(
        clock.remaining(Color::Black, at(130_000)),
        at(30_000),
        "running from the restore, not from the last move"
    );

    let fresh = FriendGame::new(g.id().clone(), control, g.seats().clone());
    assert!(FriendGame::restore(fresh, &["e2e5".to_owned()], None, None, 0).is_none());
}

#[test]
fn threefold_repetition_draws() {
    let mut g = game(None);
    play_all(&mut g, &["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]);
    let changes = g.apply(Color::Black, mv("f6g8", 7), 0).expect("legal");
    let drawn = Outcome { winner: None, termination: Termination::ThreefoldRepetition };
    assert_eq!(changes.last(), Some(&Change::Ended(drawn)));
    assert_eq!(g.free_seat(), Some(Color::Black));
    let token = g.take_seat(Color::Black);
    assert_eq!(g.seat_of(&token), Some(Color::Black));
    assert_eq!(g.free_seat(), None);
    assert_eq!(g.seat_of(&SeatToken::random()), None);
}
