//! Parsing and formatting tests for the UCI messages: every command and
//! message round-trips through its text.

use super::*;
use crate::{Bound, OptionKind, OptionSpec, ScoreInfo};
use ox88_board::{Board, Role, Square, UciMove};
use proptest::prelude::*;

fn cmd(line: &str) -> Result<UciCommand, ParseUciCommandError> {
    line.parse()
}

fn mv(text: &str) -> UciMove {
    text.parse().unwrap()
}

#[test]
fn simple_commands_parse() {
    assert_eq!(cmd("uci"), Ok(UciCommand::Uci));
    assert_eq!(cmd("  isready \r"), Ok(UciCommand::IsReady));
    assert_eq!(cmd("debug on"), Ok(UciCommand::Debug(true)));
    assert_eq!(cmd("joho debug off"), Ok(UciCommand::Debug(false)));
    assert_eq!(cmd("ucinewgame"), Ok(UciCommand::UciNewGame));
    assert_eq!(cmd("stop"), Ok(UciCommand::Stop));
    assert_eq!(cmd("ponderhit"), Ok(UciCommand::PonderHit));
    assert_eq!(cmd("quit"), Ok(UciCommand::Quit));
    assert_eq!(cmd("d"), Ok(UciCommand::Display));
    assert_eq!(cmd("eval"), Ok(UciCommand::Eval));
    assert_eq!(cmd("bench"), Ok(UciCommand::Bench(None)));
    assert_eq!(cmd("bench 5"), Ok(UciCommand::Bench(Some(5))));
    assert_eq!(cmd("register later"), Ok(UciCommand::Register));
    assert_eq!(cmd("go perft 4"), Ok(UciCommand::Perft(4)));
    assert_eq!(cmd("perft 2"), Ok(UciCommand::Perft(2)));
}

#[test]
fn malformed_commands_are_typed_errors() {
    assert_eq!(cmd(""), Err(ParseUciCommandError::Empty));
    assert_eq!(cmd("   "), Err(ParseUciCommandError::Empty));
    assert!(matches!(cmd("hello world"), Err(ParseUciCommandError::UnknownCommand { .. })));
    assert!(matches!(cmd("debug"), Err(ParseUciCommandError::MissingValue { .. })));
    assert!(matches!(cmd("debug maybe"), Err(ParseUciCommandError::InvalidValue { .. })));
    assert!(matches!(cmd("go depth"), Err(ParseUciCommandError::MissingValue { field: "depth", .. })));
    assert!(matches!(cmd("go depth x"), Err(ParseUciCommandError::InvalidValue { field: "depth", .. })));
    assert!(matches!(cmd("go wtime 1.5"), Err(ParseUciCommandError::InvalidValue { field: "wtime", .. })));
    assert!(matches!(cmd("go perft"), Err(ParseUciCommandError::MissingValue { .. })));
    assert!(matches!(cmd("bench deep"), Err(ParseUciCommandError::InvalidValue { .. })));
    assert!(matches!(cmd("position"), Err(ParseUciCommandError::MissingValue { .. })));
    assert!(matches!(cmd("position startpos e2e4"), Err(ParseUciCommandError::InvalidValue { .. })));
    assert!(matches!(cmd("position somewhere"), Err(ParseUciCommandError::InvalidValue { .. })));
    assert!(matches!(cmd("position fen 8/8/8 w - - 0 1"), Err(ParseUciCommandError::Fen(_))));
    assert!(matches!(cmd("position fen"), Err(ParseUciCommandError::Fen(_))));
    assert!(matches!(cmd("position startpos moves e2e4 e7e9"), Err(ParseUciCommandError::Move(_))));
    assert!(matches!(cmd("setoption"), Err(ParseUciCommandError::MissingValue { field: "name", .. })));
    assert!(matches!(cmd("setoption name"), Err(ParseUciCommandError::MissingValue { field: "name", .. })));
    assert!(matches!(cmd("setoption name value 3"), Err(ParseUciCommandError::MissingValue { field: "name", .. })));
}

#[test]
fn position_commands_parse() {
    assert_eq!(
        cmd("position startpos moves e2e4 e7e5 g1f3"),
        Ok(UciCommand::Position { start: PositionStart::StartPos, moves: vec![mv("e2e4"), mv("e7e5"), mv("g1f3")] })
    );
    assert_eq!(cmd("position startpos"), Ok(UciCommand::Position { start: PositionStart::StartPos, moves: vec![] }));
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let board = Board::from_fen(fen).unwrap();
    assert_eq!(
        cmd(&format!("position fen {fen} moves e1h1")),
        Ok(UciCommand::Position { start: PositionStart::Fen(Box::new(board.clone())), moves: vec![mv("e1h1")] })
    );
    // Four-field FENs (EPD style) default their clocks.
    assert_eq!(
        cmd("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq -"),
        Ok(UciCommand::Position { start: PositionStart::Fen(Box::new(board)), moves: vec![] })
    );
}

#[test]
fn go_parses_every_parameter() {
    let go = match cmd("go ponder wtime -20 btime 300000 winc 2000 binc 0 movestogo 40 depth 12 nodes 1000000 mate 3 \
                        movetime 500 infinite searchmoves e2e4 d2d4 frobnicate 7")
    {
        Ok(UciCommand::Go(go)) => go,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        go,
        Go {
            searchmoves: vec![mv("e2e4"), mv("d2d4")],
            ponder: true,
            wtime: Some(-20),
            btime: Some(300_000),
            winc: Some(2000),
            binc: Some(0),
            movestogo: Some(40),
            depth: Some(12),
            nodes: Some(1_000_000),
            mate: Some(3),
            movetime: Some(500),
            infinite: true,
        }
    );
    assert_eq!(cmd("go"), Ok(UciCommand::Go(Go::default())));
}

#[test]
fn setoption_keeps_spaces_in_names_and_values() {
    assert_eq!(cmd("setoption name Clear Hash"), Ok(UciCommand::SetOption { name: "Clear Hash".into(), value: None }));
    assert_eq!(
        cmd("setoption name SyzygyPath value /tb/a b  c"),
        Ok(UciCommand::SetOption { name: "SyzygyPath".into(), value: Some("/tb/a b  c".into()) })
    );
    assert_eq!(
        cmd("setoption name Move Overhead value 30"),
        Ok(UciCommand::SetOption { name: "Move Overhead".into(), value: Some("30".into()) })
    );
}

#[test]
fn engine_messages_format() {
    let info = UciInfo {
        depth: Some(7),
        seldepth: Some(11),
        multipv: Some(1),
        score: Some(ScoreInfo::Cp(-34)),
        bound: Bound::Upper,
        nodes: Some(12345),
        nps: Some(999),
        hashfull: Some(17),
        time: Some(250),
        pv: vec![mv("e2e4"), mv("e7e5")],
        ..UciInfo::default()
    };
    assert_eq!(
        UciMessage::Info(info).to_string(),
        "info depth 7 seldepth 11 multipv 1 score cp -34 upperbound nodes 12345 nps 999 hashfull 17 time 250 pv e2e4 e7e5"
    );
    assert_eq!(UciMessage::Info(UciInfo::string("a\nb")).to_string(), "info string a b");
    assert_eq!(UciMessage::BestMove { best: UciMove::Null, ponder: None }.to_string(), "bestmove 0000");
    assert_eq!(
        UciMessage::BestMove { best: mv("e7e8q"), ponder: Some(mv("a2a1n")) }.to_string(),
        "bestmove e7e8q ponder a2a1n"
    );
    assert_eq!(
        UciMessage::Option(OptionSpec::hash(16, 1024)).to_string(),
        "option name Hash type spin default 16 min 1 max 1024"
    );
    assert_eq!(UciMessage::Option(OptionSpec::clear_hash()).to_string(), "option name Clear Hash type button");
    assert_eq!(
        UciMessage::Option(OptionSpec::string("Book File", "")).to_string(),
        "option name Book File type string default <empty>"
    );
    assert_eq!(
        UciMessage::Option(OptionSpec::combo("Style", "Solid", &["Solid", "Risky Play"])).to_string(),
        "option name Style type combo default Solid var Solid var Risky Play"
    );
}

#[test]
fn engine_messages_parse_with_unknown_fields() {
    let parsed: UciMessage = "info depth 3 cpuload 500 score mate -2 lowerbound string hi  there".parse().unwrap();
    let expected = UciInfo {
        depth: Some(3),
        score: Some(ScoreInfo::Mate(-2)),
        bound: Bound::Lower,
        string: Some("hi  there".into()),
        ..UciInfo::default()
    };
    assert_eq!(parsed, UciMessage::Info(expected));
    assert!("bestmove".parse::<UciMessage>().is_err());
    assert!("bestmove e2e4 ponder".parse::<UciMessage>().is_err());
    // Stockfish's answer in a position without a legal move.
    assert_eq!("bestmove (none)".parse(), Ok(UciMessage::BestMove { best: UciMove::Null, ponder: None }));
    let stockfish = "info depth 12 seldepth 15 multipv 1 score cp 31 wdl 61 901 38 nodes 8 nps 4 hashfull 3 tbhits 0 time 2 pv e2e4";
    let UciMessage::Info(info) = stockfish.parse().unwrap() else { panic!("{stockfish}") };
    assert_eq!(
        (info.depth, info.score, info.hashfull, info.pv),
        (Some(12), Some(ScoreInfo::Cp(31)), Some(3), vec![mv("e2e4")])
    );
    assert!("option name X type spin default 1".parse::<UciMessage>().is_err());
    // Found by the engine_output fuzz target: a line ending with "type" panicked.
    assert!("option name Style type".parse::<UciMessage>().is_err());
    assert!("hello".parse::<UciMessage>().is_err());
}

fn arb_move() -> impl Strategy<Value = UciMove> {
    let square = (0u8..64).prop_map(|i| Square::from_index64(i).unwrap());
    let promotion = prop::option::of(prop::sample::select(Role::PROMOTIONS.to_vec()));
    prop_oneof![
        1 => Just(UciMove::Null),
        9 => (square.clone(), square, promotion).prop_map(|(from, to, promotion)| UciMove::Normal { from, to, promotion }),
    ]
}

const KEYWORDS: [&str; 8] = ["value", "type", "default", "min", "max", "var", "name", "string"];

/// Names and values of one or more words that are not keywords.
fn arb_words() -> impl Strategy<Value = String> {
    "[A-Za-z_/][A-Za-z0-9_.]{0,6}( [A-Za-z_][A-Za-z0-9_]{0,6}){0,2}"
        .prop_filter("keyword", |s| !s.split(' ').any(|w| KEYWORDS.contains(&w) || w == "<empty>"))
}

fn arb_board() -> impl Strategy<Value = Board> {
    prop::sample::select(vec![
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 17",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "8/8/8/3pP3/8/8/8/K6k w - d6 0 2",
    ])
    .prop_map(|fen| Board::from_fen(fen).unwrap())
}

fn arb_go() -> impl Strategy<Value = Go> {
    let time = prop::option::of(-1000i64..10_000_000);
    (
        prop::collection::vec(arb_move(), 0..4),
        any::<bool>(),
        (time.clone(), time.clone(), time.clone(), time.clone(), time),
        (prop::option::of(0u32..100), prop::option::of(0u32..200), prop::option::of(any::<u64>())),
        (prop::option::of(0u32..50), any::<bool>()),
    )
        .prop_map(
            |(
                searchmoves,
                ponder,
                (wtime, btime, winc, binc, movetime),
                (movestogo, depth, nodes),
                (mate, infinite),
            )| Go {
                searchmoves,
                ponder,
                wtime,
                btime,
                winc,
                binc,
                movestogo,
                depth,
                nodes,
                mate,
                movetime,
                infinite,
            },
        )
}

fn arb_command() -> impl Strategy<Value = UciCommand> {
    let start = prop_oneof![Just(PositionStart::StartPos), arb_board().prop_map(|b| PositionStart::Fen(Box::new(b)))];
    prop_oneof![
        Just(UciCommand::Uci),
        any::<bool>().prop_map(UciCommand::Debug),
        Just(UciCommand::IsReady),
        (arb_words(), prop::option::of(arb_words())).prop_map(|(name, value)| UciCommand::SetOption { name, value }),
        Just(UciCommand::Register),
        Just(UciCommand::UciNewGame),
        (start, prop::collection::vec(arb_move(), 0..6))
            .prop_map(|(start, moves)| UciCommand::Position { start, moves }),
        arb_go().prop_map(UciCommand::Go),
        (0u32..10).prop_map(UciCommand::Perft),
        Just(UciCommand::Stop),
        Just(UciCommand::PonderHit),
        Just(UciCommand::Quit),
        Just(UciCommand::Display),
        Just(UciCommand::Eval),
        prop::option::of(0u32..30).prop_map(UciCommand::Bench),
    ]
}

fn arb_score() -> impl Strategy<Value = ScoreInfo> {
    prop_oneof![any::<i32>().prop_map(ScoreInfo::Cp), (-300i32..300).prop_map(ScoreInfo::Mate)]
}

fn arb_info() -> impl Strategy<Value = UciInfo> {
    let small = || prop::option::of(0u32..1000);
    let big = || prop::option::of(any::<u64>());
    let bound = prop::sample::select(vec![Bound::Exact, Bound::Lower, Bound::Upper]);
    (
        (small(), small(), small(), small(), small()),
        (prop::option::of(arb_score()), bound),
        (big(), big(), big(), big()),
        (prop::collection::vec(arb_move(), 0..8), prop::option::of(arb_move())),
        prop::option::of("[ -~]{0,20}".prop_map(|s| s.trim().to_owned())),
    )
        .prop_map(
            |(
                (depth, seldepth, multipv, hashfull, currmovenumber),
                (score, bound),
                (nodes, nps, tbhits, time),
                (pv, currmove),
                string,
            )| {
                UciInfo {
                    depth,
                    seldepth,
                    multipv,
                    bound: if score.is_some() { bound } else { Bound::Exact },
                    score,
                    nodes,
                    nps,
                    hashfull,
                    tbhits,
                    time,
                    pv,
                    currmove,
                    currmovenumber,
                    string,
                }
            },
        )
}

fn arb_option() -> impl Strategy<Value = OptionSpec> {
    let kind = prop_oneof![
        any::<bool>().prop_map(|default| OptionKind::Check { default }),
        (any::<i64>(), any::<i64>(), any::<i64>()).prop_map(|(default, min, max)| OptionKind::Spin {
            default,
            min,
            max
        }),
        Just(OptionKind::Button),
        prop_oneof![Just(String::new()), arb_words()].prop_map(|default| OptionKind::String { default }),
        (arb_words(), prop::collection::vec(arb_words(), 0..4))
            .prop_map(|(default, choices)| OptionKind::Combo { default, choices }),
    ];
    (arb_words(), kind).prop_map(|(name, kind)| OptionSpec { name, kind })
}

fn arb_message() -> impl Strategy<Value = UciMessage> {
    prop_oneof![
        arb_words().prop_map(UciMessage::IdName),
        arb_words().prop_map(UciMessage::IdAuthor),
        Just(UciMessage::UciOk),
        Just(UciMessage::ReadyOk),
        (arb_move(), prop::option::of(arb_move())).prop_map(|(best, ponder)| UciMessage::BestMove { best, ponder }),
        arb_info().prop_map(UciMessage::Info),
        arb_option().prop_map(UciMessage::Option),
    ]
}

proptest! {
    #[test]
    fn commands_round_trip(command in arb_command()) {
        let text = command.to_string();
        prop_assert_eq!(text.parse::<UciCommand>(), Ok(command), "{}", text);
    }

    #[test]
    fn messages_round_trip(message in arb_message()) {
        let text = message.to_string();
        prop_assert_eq!(text.parse::<UciMessage>(), Ok(message), "{}", text);
    }

    #[test]
    fn any_line_parses_or_errs_without_panic(line in "[ -~\t]{0,80}") {
        let _ = line.parse::<UciCommand>();
        let _ = line.parse::<UciMessage>();
    }

    #[test]
    fn word_soup_parses_or_errs_without_panic(words in prop::collection::vec(prop::sample::select(vec![
        "go", "position", "fen", "startpos", "moves", "e2e4", "setoption", "name", "value", "depth", "5", "-3",
        "searchmoves", "info", "score", "cp", "mate", "pv", "string", "option", "type", "spin", "var", "default",
        "8/8/8/8/8/8/8/K6k", "w", "-", "perft", "bestmove", "ponder", "lowerbound", "combo", "check", "min", "max",
    ]), 0..12)) {
        let line = words.join(" ");
        let _ = line.parse::<UciCommand>();
        let _ = line.parse::<UciMessage>();
    }
}
