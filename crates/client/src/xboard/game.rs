//! Keeping a CECP engine's idea of the game in step with the client's: a new
//! game (`new`, `variant`, `setboard` or edit mode) when the start differs,
//! only the new moves when the game went on, and the time controls.

use super::mirror::{xb_move, Mirror};
use super::XbSession;
use crate::link::Link;
use crate::session::Session;
use crate::EngineError;
use ox88_board::{Board, CastlingMode, CastlingSide, Color, Move, Piece, Role, Square, UciMove};
use ox88_movegen::MoveGen;
use ox88_protocol::xboard::{EditCommand, XbCommand, XbMove, CHESS960_VARIANT};
use ox88_protocol::Limits;
use ox88_protocol::TimeControl;
use std::time::Duration;

impl XbSession {
    /// Brings the engine, in force mode, to the position `start` + `moves`:
    /// only the new moves if it is a continuation of the game it knows, a new
    /// game otherwise (or when a time limit must be lifted, which only `new`
    /// does).
    pub(crate) fn sync_game(
        &mut self,
        link: &mut Link,
        start: &Board,
        moves: &[Move],
        castling: CastlingMode,
        limits: &Limits,
    ) -> Result<(), EngineError> {
        let lifts_a_limit = self.game.as_ref().is_some_and(|g| {
            (g.sd.is_some() && limits.depth.is_none())
                || (g.nps && limits.nodes.is_none())
                || (g.st.is_some() && limits.movetime.is_none())
        });
        self.sync_moves(link, start, moves, castling, lifts_a_limit)
    }

    /// Brings the engine, in force mode, to the position `start` + `moves`:
    /// only the new moves if it is a continuation of the game it knows and
    /// `renew` is off, a new game otherwise.
    pub(crate) fn sync_moves(
        &mut self,
        link: &mut Link,
        start: &Board,
        moves: &[Move],
        castling: CastlingMode,
        renew: bool,
    ) -> Result<(), EngineError> {
        let continues = !renew
            && self
                .game
                .as_ref()
                .is_some_and(|g| g.start == *start && g.castling == castling && moves.starts_with(&g.moves));
        if !continues {
            self.new_game_on(link, start, castling)?;
        } else if self.game.as_ref().is_some_and(|g| g.playing) {
            link.send(XbCommand::Force)?;
        }
        let game = self.game.as_mut().expect("a game was set up");
        game.playing = false;
        let already = game.moves.len();
        let mut board = start.clone();
        for &m in &moves[..already] {
            board.make_move_unchecked(m);
        }
        for &m in &moves[already..] {
            self.send_move(link, xb_move(m, castling))?;
            board.make_move_unchecked(m);
            self.game.as_mut().expect("a game was set up").moves.push(m);
        }
        Ok(())
    }

    /// `new`, the variant, `force`, `post`, and the start position.
    fn new_game_on(&mut self, link: &mut Link, start: &Board, castling: CastlingMode) -> Result<(), EngineError> {
        link.send(XbCommand::New)?;
        if castling == CastlingMode::Chess960 {
            link.send(XbCommand::Variant(CHESS960_VARIANT.into()))?;
        }
        for line in &self.opponent {
            link.send(line.clone())?;
        }
        link.send(XbCommand::Force)?;
        link.send(XbCommand::Post)?;
        link.send(if self.ponder { XbCommand::Hard } else { XbCommand::Easy })?;
        if *start != Board::startpos() || castling == CastlingMode::Chess960 {
            if self.features.setboard {
                link.send(XbCommand::SetBoard(Box::new(start.clone())))?;
            } else {
                let (pass, lines) = edit_commands(start)?;
                if pass {
                    self.send_move(
                        link,
                        XbMove::Coord(UciMove::Normal { from: Square::A2, to: Square::A3, promotion: None }),
                    )?;
                }
                for line in lines {
                    link.send(line)?;
                }
            }
        }
        // Whatever the engine still had to say about the last game (GNU Chess
        // resigns, and announces a move, after it was told a new game began)
        // comes before this pong and is dropped.
        self.sync(link)?;
        self.game = Some(Mirror {
            start: start.clone(),
            moves: Vec::new(),
            castling,
            level: None,
            st: None,
            sd: None,
            nps: false,
            hard: self.ponder,
            playing: false,
        });
        Ok(())
    }

    /// A move of the opponent, with `usermove` if the engine asked for it.
    pub(crate) fn send_move(&mut self, link: &mut Link, m: XbMove) -> Result<(), EngineError> {
        if self.features.prefixed_moves {
            link.send(XbCommand::UserMove(m))
        } else {
            link.send(m)
        }
    }

    /// The time control and clocks for a search by `side`, and `hard` or
    /// `easy`; sent right before `go` (or the opponent's move).
    pub(crate) fn send_limits(&mut self, link: &mut Link, limits: &Limits, side: Color) -> Result<(), EngineError> {
        let use_nps = self.features.nps != Some(false);
        let game = self.game.as_mut().expect("a game is set up before searching");
        if game.hard != self.ponder {
            link.send(if self.ponder { XbCommand::Hard } else { XbCommand::Easy })?;
            game.hard = self.ponder;
        }
        if let Some(depth) = limits.depth.filter(|&d| game.sd != Some(d)) {
            link.send(XbCommand::Sd(depth))?;
            game.sd = Some(depth);
        }
        if let Some(nodes) = limits.nodes {
            if !use_nps {
                return Err(EngineError::Unsupported("node limits: the engine has no nps command".into()));
            }
            // A rate of one node per second turns `st N` into N nodes.
            link.send(XbCommand::Nps(1))?;
            link.send(XbCommand::St(Duration::from_secs(nodes)))?;
            game.nps = true;
        } else if let Some(time) = limits.movetime {
            if game.st != Some(time) {
                link.send(XbCommand::St(time))?;
                game.st = Some(time);
                game.level = None;
            }
        } else if let Some(clock) = &limits.clock {
            let level = TimeControl::per_moves(
                clock.moves_to_go.unwrap_or(0),
                Duration::from_secs(clock.remaining[side].as_secs().max(1)),
                clock.increment[side],
            );
            let same = game.level.is_some_and(|l| l.moves == level.moves && l.increment == level.increment);
            if !same {
                link.send(XbCommand::Level(level))?;
                game.level = Some(level);
                game.st = None;
            }
        }
        if let Some(clock) = &limits.clock {
            let centis = |d: Duration| (d.as_millis() / 10).min(i64::MAX as u128) as i64;
            if self.features.time {
                link.send(XbCommand::Time(centis(clock.remaining[side]).max(1)))?;
                link.send(XbCommand::Otim(centis(clock.remaining[!side]).max(1)))?;
            }
        }
        Ok(())
    }
}

/// The edit-mode commands that set up `board` for engines without
/// `setboard` (Fairy-Max), after `new` and `force`. Edit mode cannot say
/// which castling rights are gone (an engine assumes them while king and rook
/// stand at home) or that an en-passant capture is possible: such positions
/// are refused. The flag says whether a white move must first pass the move
/// to black (edit mode keeps the side to move: the protocol's own idiom is to
/// play a2a3 before `edit`).
pub(crate) fn edit_commands(board: &Board) -> Result<(bool, Vec<String>), EngineError> {
    let unsupported = |what: &str| {
        Err(EngineError::Unsupported(format!(
            "the engine has no setboard, and edit mode cannot set up {what}: {}",
            board.fen()
        )))
    };
    for color in Color::ALL {
        let rank = if color == Color::White { 0 } else { 7 };
        let at = |file: u8, role: Role| {
            let square = Square::from_coords(
                ox88_board::File::new(file).expect("a file"),
                ox88_board::Rank::new(rank).expect("a rank"),
            );
            board.piece_at(square) == Some(Piece::new(color, role))
        };
        for (side, rook_file) in [(CastlingSide::Short, 7), (CastlingSide::Long, 0)] {
            let assumed = at(4, Role::King) && at(rook_file, Role::Rook);
            let right = board.castling().rook(color, side);
            let standard = right.is_none_or(|sq| sq.file().index() == rook_file);
            if assumed != right.is_some() || !standard {
                return unsupported("these castling rights");
            }
        }
    }
    if board.legal_moves().iter().any(|m| m.is_en_passant()) {
        return unsupported("an en-passant capture");
    }
    let mut lines = vec![XbCommand::Edit.to_string()];
    lines.push(EditCommand::Clear.to_string());
    for color in Color::ALL {
        if color == Color::Black {
            lines.push(EditCommand::SwitchColor.to_string());
        }
        for &square in board.pieces(color) {
            let role = board.piece_at(square).expect("listed squares hold pieces").role();
            lines.push(EditCommand::Place(role, square).to_string());
        }
    }
    lines.push(EditCommand::Done.to_string());
    Ok((board.side_to_move() == Color::Black, lines))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_mode_sets_up_what_it_can() {
        let board: Board = "4k3/8/8/8/8/8/4P3/4K2R b K - 0 1".parse().unwrap();
        let (pass, lines) = edit_commands(&board).unwrap();
        assert!(pass);
        assert_eq!(lines[..2], ["edit", "#"]);
        assert!(
            lines.contains(&"Ke1".to_owned()) && lines.contains(&"Rh1".to_owned()) && lines.contains(&"Pe2".to_owned())
        );
        let c = lines.iter().position(|l| l == "c").unwrap();
        assert_eq!(lines[c + 1], "Ke8");
        assert_eq!(lines.last().map(String::as_str), Some("."));
        // The rook at home without the right to castle cannot be said.
        let lost: Board = "4k3/8/8/8/8/8/8/4K2R w - - 0 1".parse().unwrap();
        assert!(edit_commands(&lost).is_err());
        let ep: Board = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1".parse().unwrap();
        assert!(edit_commands(&ep).is_err());
    }
}
