//! What a CECP engine is told of its opponent when a game begins.

use crate::Opponent;
use ox88_protocol::xboard::XbCommand;

/// `name` (if the opponent has one and the engine wants it), `rating ENGINE
/// OPPONENT` (if either is known, 0 standing for the other) and `computer`
/// (if the opponent is a program).
pub(crate) fn lines(opponent: &Opponent, engine_rating: Option<i32>, wants_name: bool) -> Vec<XbCommand> {
    let mut lines = Vec::new();
    if let Some(name) = opponent.xboard_name().filter(|_| wants_name) {
        lines.push(XbCommand::Name(name));
    }
    let (engine, theirs) = (engine_rating.unwrap_or(0), opponent.rating.unwrap_or(0));
    if engine != 0 || theirs != 0 {
        lines.push(XbCommand::Rating(engine, theirs));
    }
    if opponent.is_engine {
        lines.push(XbCommand::Computer);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_say_what_is_known() {
        let text =
            |o: &Opponent, rating, wants| lines(o, rating, wants).iter().map(|l| l.to_string()).collect::<Vec<_>>();
        let gm =
            Opponent { name: Some("Hou Yifan".into()), title: Some("GM".into()), rating: Some(2650), is_engine: false };
        assert_eq!(text(&gm, Some(2500), true), ["name GM Hou Yifan", "rating 2500 2650"]);
        assert_eq!(text(&gm, None, false), ["rating 0 2650"]);
        let program = Opponent { name: Some("Stockfish".into()), is_engine: true, ..Opponent::default() };
        assert_eq!(text(&program, None, true), ["name Stockfish", "computer"]);
        assert!(text(&Opponent::default(), None, true).is_empty());
    }
}
