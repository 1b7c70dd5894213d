//! Engines that misbehave (panic, return illegal or no moves) do not break
//! the protocol: the drivers play a legal move, say why, and carry on.

mod common;

use common::Session;
use ox88_board::{Board, Move, MoveKind, Square};
use ox88_movegen::{MoveGen, Position};
use ox88_protocol::uci::UciDriver;
use ox88_protocol::xboard::XbDriver;
use ox88_protocol::{Engine, Limits, Report, SearchResult, StopHandle};

#[derive(Clone, Copy)]
enum Fault {
    Panic,
    IllegalMove,
    NoMove,
}

struct Faulty {
    fault: Fault,
    stop: StopHandle,
}

impl Engine for Faulty {
    fn name(&self) -> String {
        "Faulty".into()
    }
    fn author(&self) -> String {
        "Tests".into()
    }
    fn new_game(&mut self) {}
    fn search(&mut self, _: &Position, _: &Limits, _: &mut dyn FnMut(&Report)) -> SearchResult {
        match self.fault {
            Fault::Panic => panic!("this engine panics on purpose"),
            Fault::IllegalMove => {
                let bad = Move::new(Square::E2, Square::E5, MoveKind::Quiet);
                SearchResult { best: Some(bad), ponder: Some(bad), line: None }
            }
            Fault::NoMove => SearchResult::default(),
        }
    }
    fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }
}

fn first_move_after_e4() -> String {
    let mut board = Board::startpos();
    board.make_move_unchecked(Move::new(Square::E2, Square::E4, MoveKind::DoublePush));
    board.legal_moves()[0].to_string()
}

#[test]
fn uci_driver_survives_faulty_engines() {
    for fault in [Fault::Panic, Fault::IllegalMove, Fault::NoMove] {
        let engine = Faulty { fault, stop: StopHandle::new() };
        let mut s = Session::start(move |input, output| UciDriver::new(engine, output).run(input));
        for _ in 0..2 {
            s.send("position startpos moves e2e4");
            s.send("go depth 1");
            let lines = s.until("bestmove");
            assert!(lines[0].starts_with("info string") && lines[0].contains("first legal move"), "{lines:?}");
            assert_eq!(lines[1], format!("bestmove {}", first_move_after_e4()));
        }
        s.send("isready");
        s.expect("readyok");
        s.close();
    }
}

#[test]
fn xboard_driver_survives_faulty_engines() {
    for fault in [Fault::Panic, Fault::IllegalMove, Fault::NoMove] {
        let engine = Faulty { fault, stop: StopHandle::new() };
        let mut s = Session::start(move |input, output| XbDriver::new(engine, output).run(input));
        s.send("new");
        s.send("usermove e2e4");
        let lines = s.until("move");
        assert!(lines[0].starts_with("# ") && lines[0].contains("first legal move"), "{lines:?}");
        assert_eq!(lines[1], format!("move {}", first_move_after_e4()));
        s.send("ping 1");
        s.expect("pong 1");
        s.close();
    }
}
