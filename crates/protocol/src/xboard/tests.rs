//! Parsing and formatting tests for the CECP messages: every command and
//! message round-trips through its text.

use super::*;
use crate::TimeControl;
use ox88_board::{Board, CastlingSide, Color, GameResult, Role, Square, UciMove};
use proptest::prelude::*;
use std::time::Duration;

fn cmd(line: &str) -> Result<XbCommand, ParseXbCommandError> {
    line.parse()
}

fn coord(text: &str) -> XbMove {
    XbMove::Coord(text.parse().unwrap())
}

#[test]
fn level_takes_all_its_forms() {
    let level = |moves, base, inc| Ok(XbCommand::Level(TimeControl::per_moves(moves, Duration::from_secs(base), inc)));
    assert_eq!(cmd("level 40 5 0"), level(40, 300, Duration::ZERO));
    assert_eq!(cmd("level 40 5:30 0"), level(40, 330, Duration::ZERO));
    assert_eq!(cmd("level 0 2 12"), level(0, 120, Duration::from_secs(12)));
    assert_eq!(cmd("level 0 0:30 0.5"), level(0, 30, Duration::from_millis(500)));
    assert!(matches!(cmd("level 40 5"), Err(ParseXbCommandError::MissingValue { .. })));
    assert!(matches!(cmd("level 40 5:75 0"), Err(ParseXbCommandError::InvalidValue { .. })));
    assert!(matches!(cmd("level x 5 0"), Err(ParseXbCommandError::InvalidValue { .. })));
    assert!(matches!(cmd("level 40 5 -1"), Err(ParseXbCommandError::InvalidValue { .. })));
}

#[test]
fn moves_in_every_spelling() {
    assert_eq!(cmd("usermove e2e4"), Ok(XbCommand::UserMove(coord("e2e4"))));
    assert_eq!(cmd("e2e4"), Ok(XbCommand::UserMove(coord("e2e4"))));
    assert_eq!(cmd("e7e8=q"), Ok(XbCommand::UserMove(coord("e7e8q"))));
    assert_eq!(cmd("e7e8Q"), Ok(XbCommand::UserMove(coord("e7e8q"))));
    assert_eq!(cmd("O-O"), Ok(XbCommand::UserMove(XbMove::Castle(CastlingSide::Short))));
    assert_eq!(cmd("usermove 0-0-0"), Ok(XbCommand::UserMove(XbMove::Castle(CastlingSide::Long))));
    assert_eq!(cmd("@@@@"), Ok(XbCommand::UserMove(XbMove::Null)));
    assert_eq!(cmd("e2e9"), Err(ParseXbCommandError::UnknownCommand));
    assert_eq!(cmd("e2e4 now"), Err(ParseXbCommandError::UnknownCommand));
    assert!(matches!(cmd("usermove"), Err(ParseXbCommandError::MissingValue { .. })));
    assert!(matches!(cmd("usermove zz"), Err(ParseXbCommandError::InvalidValue { .. })));
}

#[test]
fn other_commands_parse() {
    assert_eq!(cmd("protover 2"), Ok(XbCommand::Protover(2)));
    assert_eq!(cmd("time 30000"), Ok(XbCommand::Time(30000)));
    assert_eq!(cmd("otim -5"), Ok(XbCommand::Otim(-5)));
    assert_eq!(cmd("st 3"), Ok(XbCommand::St(Duration::from_secs(3))));
    assert_eq!(cmd("sd 9"), Ok(XbCommand::Sd(9)));
    assert_eq!(cmd("ping 17"), Ok(XbCommand::Ping(17)));
    assert_eq!(cmd("?"), Ok(XbCommand::MoveNow));
    assert_eq!(cmd("."), Ok(XbCommand::Status));
    assert_eq!(
        cmd("result 1-0 {White mates}"),
        Ok(XbCommand::Result { result: GameResult::Win(Color::White), comment: "White mates".into() })
    );
    assert_eq!(cmd("result *"), Ok(XbCommand::Result { result: GameResult::Unknown, comment: String::new() }));
    assert_eq!(cmd("option Hash=64"), Ok(XbCommand::Option { name: "Hash".into(), value: Some("64".into()) }));
    assert_eq!(cmd("option Clear Hash"), Ok(XbCommand::Option { name: "Clear Hash".into(), value: None }));
    assert_eq!(cmd("exclude all"), Ok(XbCommand::Exclude(MoveSelection::All)));
    assert_eq!(cmd("include g1f3"), Ok(XbCommand::Include(MoveSelection::Move(coord("g1f3")))));
    assert_eq!(cmd("rating 2100 1900"), Ok(XbCommand::Rating(2100, 1900)));
    assert_eq!(
        cmd("setboard 4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        Ok(XbCommand::SetBoard(Box::new(Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap())))
    );
    assert!(matches!(cmd("setboard 4k3/8/8 w - - 0 1"), Err(ParseXbCommandError::Fen(_))));
    assert!(matches!(cmd("result 2-0"), Err(ParseXbCommandError::InvalidValue { .. })));
    assert_eq!(cmd(""), Err(ParseXbCommandError::Empty));
    assert_eq!(cmd("frobnicate"), Err(ParseXbCommandError::UnknownCommand));
}

#[test]
fn edit_mode_lines() {
    assert_eq!("#".parse(), Ok(EditCommand::Clear));
    assert_eq!("c".parse(), Ok(EditCommand::SwitchColor));
    assert_eq!(".".parse(), Ok(EditCommand::Done));
    assert_eq!("Pa4".parse(), Ok(EditCommand::Place(Role::Pawn, Square::A4)));
    assert_eq!("Kh8".parse(), Ok(EditCommand::Place(Role::King, Square::H8)));
    assert_eq!("xe5".parse(), Ok(EditCommand::Remove(Square::E5)));
    for bad in ["", "Za1", "P", "Pa9", "Péa", "x"] {
        assert!(bad.parse::<EditCommand>().is_err(), "{bad}");
    }
}

#[test]
fn engine_messages_format() {
    let features = XbMessage::Feature(vec![
        Feature::int("ping", 1),
        Feature::text("myname", "ox88 \"x\""),
        Feature::int("done", 1),
    ]);
    assert_eq!(features.to_string(), "feature ping=1 myname=\"ox88 'x'\" done=1");
    assert_eq!(XbMessage::Move(XbMove::Castle(CastlingSide::Short)).to_string(), "move O-O");
    let thinking = Thinking { ply: 9, score: 100_003, centis: 150, nodes: 123_456, pv: "Qh5 Nf6 Qxf7#".into() };
    assert_eq!(XbMessage::Thinking(thinking).to_string(), "9 100003 150 123456 Qh5 Nf6 Qxf7#");
    assert_eq!(
        XbMessage::Result { result: GameResult::Draw, comment: "Stalemate".into() }.to_string(),
        "1/2-1/2 {Stalemate}"
    );
    assert_eq!(XbMessage::IllegalMove { text: "e2e5".into(), reason: None }.to_string(), "Illegal move: e2e5");
    assert_eq!(
        XbMessage::Error { kind: "unknown command".into(), command: "frob".into() }.to_string(),
        "Error (unknown command): frob"
    );
    assert_eq!(
        "Error (bad FEN: 3 fields): setboard 8/8 w".parse(),
        Ok(XbMessage::Error { kind: "bad FEN: 3 fields".into(), command: "setboard 8/8 w".into() })
    );
}

#[test]
fn older_move_announcements_read_as_moves() {
    // GNU Chess 6.2.7 in xboard mode announces its move both ways.
    let d5 = XbMessage::Move(coord("d7d5"));
    assert_eq!("1. ... d7d5".parse(), Ok(d5.clone()));
    assert_eq!("My move is : d7d5".parse(), Ok(d5.clone()));
    assert_eq!("My move is: d7d5".parse(), Ok(d5));
    // Its prompt, which it writes before lines once it has left analysis.
    assert_eq!("White (3) : pong 6".parse(), Ok(XbMessage::Pong(6)));
    assert!(matches!("Black (12) : 1 +21 0 2 Bb5".parse(), Ok(XbMessage::Thinking(_))));
    // Its echo of the opponent's move is not the engine's move.
    assert!("1. e2e4".parse::<XbMessage>().is_err());
    assert!("1. ... Nf3 extra".parse::<XbMessage>().is_err());
}

fn arb_uci_move() -> impl Strategy<Value = UciMove> {
    let square = (0u8..64).prop_map(|i| Square::from_index64(i).unwrap());
    let promotion = prop::option::of(prop::sample::select(Role::PROMOTIONS.to_vec()));
    (square.clone(), square, promotion).prop_map(|(from, to, promotion)| UciMove::Normal { from, to, promotion })
}

fn arb_move() -> impl Strategy<Value = XbMove> {
    prop_oneof![
        8 => arb_uci_move().prop_map(XbMove::Coord),
        1 => Just(XbMove::Castle(CastlingSide::Short)),
        1 => Just(XbMove::Castle(CastlingSide::Long)),
        1 => Just(XbMove::Null),
    ]
}

fn arb_text() -> impl Strategy<Value = String> {
    "[A-Za-z0-9_][A-Za-z0-9_ .]{0,12}".prop_map(|s| s.trim_end().to_owned())
}

fn arb_command() -> impl Strategy<Value = XbCommand> {
    use XbCommand as C;
    let board = prop::sample::select(vec![
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ])
    .prop_map(|fen| Board::from_fen(fen).unwrap());
    let selection = prop_oneof![Just(MoveSelection::All), arb_move().prop_map(MoveSelection::Move)];
    let result = prop::sample::select(GameResult::ALL.to_vec());
    let simple = prop::sample::select(vec![
        C::Xboard,
        C::New,
        C::Quit,
        C::Random,
        C::Force,
        C::Go,
        C::PlayOther,
        C::White,
        C::Black,
        C::MoveNow,
        C::Draw,
        C::Edit,
        C::Hint,
        C::Bk,
        C::Undo,
        C::Remove,
        C::Hard,
        C::Easy,
        C::Post,
        C::NoPost,
        C::Analyze,
        C::Exit,
        C::Status,
        C::Computer,
        C::Pause,
        C::Resume,
    ]);
    prop_oneof![
        simple,
        any::<u32>().prop_map(C::Protover),
        "[a-z]{1,8}".prop_map(C::Accepted),
        "[a-z]{1,8}".prop_map(C::Rejected),
        "[a-z0-9]{1,12}".prop_map(C::Variant),
        (any::<u32>(), 0u64..100_000, 0u64..1_000_000).prop_map(|(moves, base, inc)| C::Level(TimeControl {
            moves,
            base: Duration::from_secs(base),
            increment: Duration::from_millis(inc),
        })),
        (0u64..10_000_000).prop_map(|ms| C::St(Duration::from_millis(ms))),
        any::<u32>().prop_map(C::Sd),
        any::<u64>().prop_map(C::Nps),
        any::<i64>().prop_map(C::Time),
        any::<i64>().prop_map(C::Otim),
        arb_move().prop_map(C::UserMove),
        any::<i64>().prop_map(C::Ping),
        (result, prop_oneof![Just(String::new()), arb_text()])
            .prop_map(|(result, comment)| C::Result { result, comment }),
        board.prop_map(|b| C::SetBoard(Box::new(b))),
        arb_text().prop_map(C::Name),
        (any::<i32>(), any::<i32>()).prop_map(|(a, b)| C::Rating(a, b)),
        arb_text().prop_map(C::Ics),
        any::<u64>().prop_map(C::Memory),
        any::<u32>().prop_map(C::Cores),
        arb_text().prop_map(C::EgtPath),
        (arb_text(), prop::option::of(prop_oneof![Just(String::new()), arb_text()]))
            .prop_map(|(name, value)| C::Option { name, value }),
        selection.clone().prop_map(C::Exclude),
        selection.prop_map(C::Include),
    ]
}

fn arb_message() -> impl Strategy<Value = XbMessage> {
    use XbMessage as M;
    let feature_value =
        prop_oneof![any::<i64>().prop_map(FeatureValue::Int), "[ -!#-~]{0,12}".prop_map(FeatureValue::Text)];
    let feature = ("[a-z]{1,10}", feature_value).prop_map(|(name, value)| Feature { name, value });
    let result = prop::sample::select(GameResult::ALL.to_vec());
    let pv = prop::collection::vec(arb_move(), 0..6)
        .prop_map(|pv| pv.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "));
    prop_oneof![
        prop::collection::vec(feature, 0..6).prop_map(M::Feature),
        arb_move().prop_map(M::Move),
        any::<i64>().prop_map(M::Pong),
        (0u32..100, -200_000i32..200_000, 0u64..1 << 40, 0u64..1 << 50, pv)
            .prop_map(|(ply, score, centis, nodes, pv)| M::Thinking(Thinking { ply, score, centis, nodes, pv })),
        (result, prop_oneof![Just(String::new()), arb_text()])
            .prop_map(|(result, comment)| M::Result { result, comment }),
        Just(M::Resign),
        Just(M::OfferDraw),
        (arb_text(), prop::option::of("[a-z][a-z ]{0,10}[a-z]"))
            .prop_map(|(text, reason)| M::IllegalMove { text, reason }),
        ("[a-z][a-z :]{0,10}[a-z]", arb_text()).prop_map(|(kind, command)| M::Error { kind, command }),
        arb_move().prop_map(M::Hint),
        arb_text().prop_map(M::TellUser),
        arb_text().prop_map(M::Comment),
        ((0u64..1 << 40, 0u64..1 << 50), (0u32..100, 0u32..300, 0u32..300), prop::option::of(arb_text())).prop_map(
            |((centis, nodes), (ply, moves_left, moves_total), current)| M::Stat01(Stat01 {
                centis,
                nodes,
                ply,
                moves_left,
                moves_total,
                current,
            })
        ),
    ]
}

proptest! {
    #[test]
    fn commands_round_trip(command in arb_command()) {
        let text = command.to_string();
        prop_assert_eq!(text.parse::<XbCommand>(), Ok(command), "{}", text);
    }

    #[test]
    fn messages_round_trip(message in arb_message()) {
        let text = message.to_string();
        prop_assert_eq!(text.parse::<XbMessage>(), Ok(message), "{}", text);
    }

    #[test]
    fn edit_commands_round_trip(role in prop::sample::select(Role::ALL.to_vec()), sq in 0u8..64, remove in any::<bool>()) {
        let square = Square::from_index64(sq).unwrap();
        let command = if remove { EditCommand::Remove(square) } else { EditCommand::Place(role, square) };
        prop_assert_eq!(command.to_string().parse::<EditCommand>(), Ok(command));
    }

    #[test]
    fn any_line_parses_or_errs_without_panic(line in "[ -~\t]{0,80}|\\PC{0,20}") {
        let _ = line.parse::<XbCommand>();
        let _ = line.parse::<XbMessage>();
        let _ = line.parse::<EditCommand>();
    }
}
