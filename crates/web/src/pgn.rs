//! Friend games as PGN, written by `ox88-pgn`'s export-format writer, with
//! the clock after each move as a `[%clk h:mm:ss]` comment in timed games.

use crate::game::FriendGame;
use ox88_board::GameResult;
use ox88_movegen::Position;
use ox88_pgn::{annotation, Headers, Writer};
use std::io;
use std::time::Duration;

/// The `[%clk]` command for `ms` left, in whole seconds rounded down as a
/// clock shows them (and as lichess writes them).
fn clock_comment(ms: u64) -> String {
    annotation::clock_command(Duration::from_secs(ms / 1000))
}

/// The PGN `Termination` tag's value for an ending.
fn termination_tag(game: &FriendGame) -> Option<&'static str> {
    use ox88_movegen::Termination;
    game.ending().map(|e| match e.termination {
        Termination::Timeout => "time forfeit",
        _ => "normal",
    })
}

/// Writes `game` to `out` in PGN export format.
pub fn write_game<W: io::Write>(game: &FriendGame, out: W) -> io::Result<W> {
    let mut headers = Headers::new();
    headers.set("Event", "Friend game");
    headers.set("Site", format!("ox88 web, game {}", game.id()));
    headers.set("White", "White");
    headers.set("Black", "Black");
    let result = game.ending().map_or("*", |e| e.result().as_str());
    headers.set("Result", result);
    if let Some(control) = game.time_control() {
        headers.set("TimeControl", control.to_string());
    }
    if let Some(termination) = termination_tag(game) {
        headers.set("Termination", termination);
    }
    let mut writer = Writer::new(out);
    writer.tags(&headers)?;
    let mut position = Position::startpos();
    writer.begin_movetext(&position);
    for played in game.moves() {
        let m = position
            .parse_uci(&played.uci.to_string())
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("{}: {e}", played.uci)))?;
        writer.write_move(&position, m)?;
        position.play_unchecked(m); // parse_uci returns only legal moves
        if let Some(ms) = played.clock_ms {
            writer.comment(&clock_comment(ms))?;
        }
    }
    let marker: GameResult = result.parse().unwrap_or_default();
    writer.end_game(marker)?;
    writer.into_inner()
}

/// `game` in PGN export format.
pub fn to_pgn(game: &FriendGame) -> String {
    // Writing to a Vec cannot fail, and the moves were checked when played.
    let bytes = write_game(game, Vec::new()).unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::friend_time_control;
    use crate::game::Action;
    use crate::ids::{FriendGameId, SeatToken};
    use ox88_board::ByColor;

    #[test]
    fn a_timed_game_carries_its_clock_comments_and_result() {
        let control = friend_time_control(300_000, 2_000);
        let mut game = FriendGame::new(FriendGameId::random(), control, ByColor::new(Some(SeatToken::random()), None));
        for (ply, (uci, at)) in [("f2f3", 0), ("e7e5", 1_000), ("g2g4", 3_500), ("d8h4", 63_000)].iter().enumerate() {
            let seat = game.position().side_to_move();
            game.apply(seat, Action::Move { uci: (*uci).to_owned(), ply }, *at).expect("legal");
        }
        let pgn = to_pgn(&game);
        assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
        assert!(pgn.contains("[TimeControl \"300+2\"]"), "{pgn}");
        assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
        let movetext = pgn.split("\n\n").nth(1).expect("tags, then movetext").replace('\n', " ");
        let expected =
            "1. f3 {[%clk 0:05:00]} 1... e5 {[%clk 0:05:00]} 2. g4 {[%clk 0:04:59]} 2... Qh4# {[%clk 0:04:02]} 0-1";
        assert_eq!(movetext.trim(), expected);
    }

    #[test]
    fn clock_text() {
        assert_eq!(clock_comment(3_723_999), "[%clk 1:02:03]");
        assert_eq!(clock_comment(59_999), "[%clk 0:00:59]");
    }
}
