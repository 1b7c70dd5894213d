//! Telling engines who they play and how their games ended, as the lines a
//! scripted fake receives show: UCI's `UCI_Opponent`, CECP's `name`,
//! `rating`, `computer` and `result`.

mod common;

use common::{fake, line, uci_setup, xboard_fake, Reply, Transcript};
use ox88_client::{Color, EngineError, ExternalEngine, GameResult, Limits, Opponent, Position, Protocol, Timeouts};

fn gm() -> Opponent {
    Opponent { name: Some("Hou Yifan".into()), title: Some("GM".into()), rating: Some(2650), is_engine: false }
}

/// A UCI fake with (or without) the `UCI_Opponent` option.
fn uci(with_option: bool) -> (ExternalEngine, Transcript) {
    let (engine, transcript) = fake(Protocol::Uci, Timeouts::default(), move |l| {
        if l == "uci" && with_option {
            return vec![line("option name UCI_Opponent type string default"), line("uciok")];
        }
        uci_setup(l).unwrap_or_default()
    });
    (engine.expect("the handshake succeeds"), transcript)
}

#[test]
fn a_uci_engine_hears_of_its_opponent_through_its_option() {
    let (mut engine, transcript) = uci(true);
    engine.set_opponent(&gm(), Some(2000)).unwrap();
    engine.ping().unwrap(); // the fake has read everything before its answer
    assert_eq!(transcript.last("setoption").unwrap(), "setoption name UCI_Opponent value GM 2650 human Hou Yifan");
    // Without a name there is nothing to say; nor to an engine without the option.
    engine.set_opponent(&Opponent { rating: Some(1500), ..Opponent::default() }, None).unwrap();
    engine.ping().unwrap();
    assert_eq!(transcript.lines().iter().filter(|l| l.starts_with("setoption")).count(), 1);
    let (mut plain, transcript) = uci(false);
    plain.set_opponent(&gm(), None).unwrap();
    plain.ping().unwrap();
    assert!(!transcript.has("setoption"), "{:?}", transcript.lines());
}

#[test]
fn a_uci_engine_is_sent_nothing_at_the_end_of_a_game() {
    let (mut engine, transcript) = uci(true);
    let mut position = Position::startpos();
    position.play_uci("e2e4").unwrap();
    let before = transcript.lines().len();
    engine.game_over(&position, GameResult::Win(Color::White), "Black resigns").unwrap();
    engine.ping().unwrap();
    assert_eq!(transcript.lines()[before..], ["isready"]);
}

/// A CECP fake that answers `go` with `move e7e5`.
fn xboard(features: &'static str) -> (ExternalEngine, Transcript) {
    let (engine, transcript) = xboard_fake(features, Timeouts::default(), |l| match l {
        "go" => vec![line("move e7e5")],
        _ => Vec::<Reply>::new(),
    });
    (engine.expect("the handshake succeeds"), transcript)
}

fn after(transcript: &Transcript, first: &str) -> Vec<String> {
    let sent = transcript.lines();
    let at = sent.iter().rposition(|l| l == first).unwrap_or_else(|| panic!("no {first:?} in {sent:?}"));
    sent[at..].to_vec()
}

#[test]
fn a_cecp_engine_hears_of_its_opponent_when_the_game_begins_and_of_the_result_after_the_moves() {
    let (mut engine, transcript) = xboard("ping=1 setboard=1 usermove=1");
    let program = Opponent { name: Some("Stockfish".into()), is_engine: true, ..Opponent::default() };
    engine.set_opponent(&program, Some(2400)).unwrap();
    let mut position = Position::startpos();
    position.play_uci("e2e4").unwrap();
    let reply = engine.search(&position, &Limits { depth: Some(2), ..Limits::default() }).unwrap();
    assert_eq!(after(&transcript, "new")[..5], ["new", "name Stockfish", "rating 2400 0", "computer", "force"]);
    position.play(reply.search.best.unwrap()).unwrap();
    position.play_uci("d1h5").unwrap();
    engine.game_over(&position, GameResult::Win(Color::Black), "White resigns").unwrap();
    engine.ping().unwrap();
    assert_eq!(after(&transcript, "force")[..3], ["force", "usermove d1h5", "result 0-1 {White resigns}"]);
    // The next search begins a new game, telling the opponent again; a result
    // without an ending is written bare.
    let mut second = Position::startpos();
    second.play_uci("e2e4").unwrap();
    engine.search(&second, &Limits { depth: Some(2), ..Limits::default() }).unwrap();
    assert_eq!(after(&transcript, "new")[..4], ["new", "name Stockfish", "rating 2400 0", "computer"]);
    engine.game_over(&Position::startpos(), GameResult::Unknown, "").unwrap();
    engine.ping().unwrap();
    assert_eq!(transcript.last("result").unwrap(), "result *");
}

#[test]
fn another_opponent_during_a_game_begins_it_anew() {
    let (mut engine, transcript) = xboard("ping=1 setboard=1 usermove=1 name=0");
    let mut position = Position::startpos();
    position.play_uci("e2e4").unwrap();
    let depth = Limits { depth: Some(2), ..Limits::default() };
    let reply = engine.search(&position, &depth).unwrap();
    position.play(reply.search.best.unwrap()).unwrap();
    position.play_uci("g1f3").unwrap();
    engine.set_opponent(&gm(), None).unwrap();
    engine.set_opponent(&gm(), None).unwrap(); // the same again: nothing new
    engine.search(&position, &depth).unwrap_err(); // the fake's e7e5 is no longer legal
    let sent = after(&transcript, "new");
    // name=0: no name; the moves of the game again after the opponent's lines.
    assert_eq!(sent[..2], ["new", "rating 0 2650"]);
    assert_eq!(transcript.lines().iter().filter(|l| *l == "new").count(), 2, "{:?}", transcript.lines());
    assert!(["usermove e2e4", "usermove e7e5", "usermove g1f3"].iter().all(|m| sent.contains(&m.to_string())));
}

#[test]
fn an_ending_the_line_cannot_carry_is_refused() {
    let (mut engine, transcript) = xboard("ping=1 setboard=1");
    for ending in ["a {b}", "two\nlines"] {
        let error = engine.game_over(&Position::startpos(), GameResult::Draw, ending).unwrap_err();
        assert!(matches!(error, EngineError::Unsupported(_)), "{error}");
    }
    engine.ping().unwrap();
    assert!(!transcript.has("result"));
}
