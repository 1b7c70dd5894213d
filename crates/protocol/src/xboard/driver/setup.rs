//! Commands of the CECP driver that set things up rather than play: edit
//! mode, the side to move, options, and excluded root moves.

use super::XbDriver;
use crate::options::MOVE_OVERHEAD;
use crate::xboard::{EditCommand, MoveSelection, XbMessage};
use crate::{Engine, OptionKind, OptionSpec, OptionValue};
use ox88_board::Color;
use ox88_movegen::{MoveGen, Position};
use std::io::{self, Write};
use std::time::Duration;

impl<E: Engine + 'static, W: Write> XbDriver<E, W> {
    pub(super) fn edit_line(&mut self, line: &str) -> io::Result<()> {
        let command = match line.parse::<EditCommand>() {
            Ok(command) => command,
            Err(_) if line.trim().is_empty() => return Ok(()),
            Err(_) => return self.error("invalid edit command", line),
        };
        let Some(edit) = &mut self.edit else { return Ok(()) };
        edit.apply(command);
        if command != EditCommand::Done {
            return Ok(());
        }
        let built = edit.board();
        self.edit = None;
        match built {
            Ok(board) => {
                self.game = Position::new(board);
                self.game_over = false;
                self.excluded.clear();
                self.restart_analysis()
            }
            Err(err) => self.error(&format!("invalid position: {err}"), "edit"),
        }
    }

    pub(super) fn set_side_to_move(&mut self, side: Color, line: &str) -> io::Result<()> {
        let board = self.game.board();
        if board.side_to_move() == side {
            return Ok(());
        }
        let mut setup = board.to_setup();
        setup.set_side_to_move(side).set_en_passant(None);
        match setup.build() {
            Ok(board) => {
                self.game = Position::new(board);
                Ok(())
            }
            Err(err) => self.error(&format!("cannot pass the move: {err}"), line),
        }
    }

    pub(super) fn option(&mut self, name: &str, value: Option<&str>, line: &str) -> io::Result<()> {
        if name.eq_ignore_ascii_case(MOVE_OVERHEAD) {
            match value.and_then(|v| v.trim().parse::<u64>().ok()).filter(|&ms| ms <= 5000) {
                Some(ms) => self.move_overhead = Duration::from_millis(ms),
                None => self.error("invalid value", line)?,
            }
            return Ok(());
        }
        self.set_engine_option(name, value.unwrap_or(""), line, false)
    }

    /// Sets an engine option; `line` is the command to blame in errors.
    /// `memory` and `cores` (`fit`) are ignored when the engine lacks the
    /// option (it did not announce the feature), and fitted to its range.
    pub(super) fn set_engine_option(&mut self, name: &str, value: &str, line: &str, fit: bool) -> io::Result<()> {
        self.settle()?;
        let Some(engine) = self.worker.engine() else { return Ok(()) };
        let spec = engine.options().into_iter().find(|s| s.is_named(name));
        let result = match (&spec, fit) {
            (Some(OptionSpec { kind: OptionKind::Spin { min, max, .. }, name }), true) => {
                let wanted = value.parse::<i64>().unwrap_or(*min).max(*min).min(*max);
                engine.set_option(name, &OptionValue::Spin(wanted))
            }
            (Some(spec), _) => spec.parse_value(Some(value)).and_then(|v| engine.set_option(&spec.name, &v)),
            (None, true) => return Ok(()),
            (None, false) => Err(crate::OptionError::Unknown { name: name.to_owned() }),
        };
        match result {
            Ok(()) => Ok(()),
            Err(err) => self.error(&err.to_string(), line),
        }
    }

    pub(super) fn exclude(&mut self, selection: MoveSelection, exclude: bool, line: &str) -> io::Result<()> {
        match selection {
            MoveSelection::All if exclude => self.excluded = self.game.board().legal_moves().to_vec(),
            MoveSelection::All => self.excluded.clear(),
            MoveSelection::Move(text) => {
                let Some(m) = self.resolve(text) else {
                    return self.send(XbMessage::IllegalMove { text: text.to_string(), reason: None });
                };
                self.excluded.retain(|&e| e != m);
                if exclude {
                    self.excluded.push(m);
                }
            }
        }
        let _ = line;
        self.restart_analysis()
    }
}
