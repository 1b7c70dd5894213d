//! What the CECP driver keeps between commands besides the game: the time
//! control and clocks (turned into [`Limits`]), the feature list, the
//! engine's result claims and the edit-mode board.

use crate::xboard::{EditCommand, Feature, XbMessage};
use crate::{Limits, OptionKind, OptionSpec, TimeControl, TimeLeft};
use ox88_board::{Board, ByColor, Color, File, Piece, Rank, Role, Setup, SetupError, Square};
use std::fmt::Write as _;
use std::time::Duration;

/// The time control and clocks, as `level`, `st`, `sd`, `nps`, `time` and
/// `otim` set them.
#[derive(Clone, Debug)]
pub(crate) struct TimeSettings {
    pub(crate) level: TimeControl,
    pub(crate) st: Option<Duration>,
    pub(crate) sd: Option<u32>,
    pub(crate) nps: Option<u64>,
    /// The engine's clock (`time`), if sent since the last `level`/`new`.
    pub(crate) own: Option<Duration>,
    /// The opponent's clock (`otim`).
    pub(crate) opponent: Option<Duration>,
}

/// XBoard's own default: 40 moves in 5 minutes.
const DEFAULT_LEVEL: TimeControl = TimeControl::per_moves(40, Duration::from_secs(300), Duration::ZERO);

impl Default for TimeSettings {
    fn default() -> TimeSettings {
        TimeSettings { level: DEFAULT_LEVEL, st: None, sd: None, nps: None, own: None, opponent: None }
    }
}

/// Centiseconds (possibly negative) as a duration, negative as zero.
pub(crate) fn centis(cs: i64) -> Duration {
    Duration::from_millis(cs.max(0).unsigned_abs().saturating_mul(10))
}

impl TimeSettings {
    /// The limits for thinking with `engine` to move in `board`.
    pub(crate) fn limits(&self, board: &Board, engine: Color) -> Limits {
        let mut limits = Limits { depth: self.sd, nodes_per_second: self.nps, ..Limits::default() };
        if let Some(st) = self.st {
            limits.movetime = Some(st);
            return limits;
        }
        let own = self.own.unwrap_or(self.level.base);
        let opponent = self.opponent.unwrap_or(self.level.base);
        let mut remaining = ByColor::new(own, own);
        remaining[!engine] = opponent;
        let moves_to_go = self.level.moves_to_go(u32::from(board.fullmove_number().max(1)) - 1);
        let increment = ByColor::new(self.level.increment, self.level.increment);
        limits.clock = Some(TimeLeft { remaining, increment, moves_to_go });
        limits
    }
}

/// The `feature` lines answering `protover 2`; options in CECP syntax.
pub(crate) fn features(name: &str, options: &[OptionSpec]) -> Vec<XbMessage> {
    let has = |name: &str| options.iter().any(|o| o.is_named(name));
    let mut first = vec![
        Feature::int("done", 0),
        Feature::int("ping", 1),
        Feature::int("setboard", 1),
        Feature::int("playother", 1),
        Feature::int("usermove", 1),
        Feature::int("time", 1),
        Feature::int("draw", 1),
        Feature::int("sigint", 0),
        Feature::int("sigterm", 0),
        Feature::int("reuse", 1),
        Feature::int("analyze", 1),
        Feature::int("san", 0),
        Feature::text("myname", name),
        Feature::text("variants", "normal,fischerandom"),
        Feature::int("colors", 0),
        Feature::int("nps", 1),
        Feature::int("memory", has(crate::HASH).into()),
        Feature::int("smp", has(crate::THREADS).into()),
        Feature::int("exclude", 1),
        Feature::int("pause", 0),
    ];
    if has(crate::SYZYGY_PATH) {
        first.push(Feature::text("egt", "syzygy"));
    }
    first.sort_by_key(|f| f.name != "done"); // "done=0" first: more features follow
    let mut messages = vec![XbMessage::Feature(first)];
    for option in options {
        // Hash and Threads are set through memory and cores.
        if option.is_named(crate::HASH) || option.is_named(crate::THREADS) {
            continue;
        }
        messages.push(XbMessage::Feature(vec![Feature::text("option", &cecp_option(option))]));
    }
    messages.push(XbMessage::Feature(vec![Feature::int("done", 1)]));
    messages
}

/// An option in `feature option="..."` syntax.
pub(crate) fn cecp_option(spec: &OptionSpec) -> String {
    let mut text = spec.name.clone();
    let _ = match &spec.kind {
        OptionKind::Check { default } => write!(text, " -check {}", u8::from(*default)),
        OptionKind::Spin { default, min, max } => write!(text, " -spin {default} {min} {max}"),
        OptionKind::Button => write!(text, " -button"),
        OptionKind::String { default } => write!(text, " -string {default}"),
        OptionKind::Combo { default, choices } => {
            let marked: Vec<String> =
                choices.iter().map(|c| if c == default { format!("*{c}") } else { c.clone() }).collect();
            write!(text, " -combo {}", marked.join(" /// "))
        }
    };
    text
}

/// The board being set up in edit mode.
pub(crate) struct EditBoard {
    setup: Setup,
    /// The colour of the pieces `Pa4` puts (`c` switches it).
    color: Color,
}

impl EditBoard {
    /// Edit mode starting from `board`: its pieces and side to move; no
    /// castling rights or en-passant square yet, clocks 0 and 1.
    pub(crate) fn new(board: &Board) -> EditBoard {
        let mut setup = board.to_setup();
        setup.clear_castling().set_en_passant(None).set_halfmove_clock(0).set_fullmove_number(1);
        EditBoard { setup, color: Color::White }
    }

    pub(crate) fn apply(&mut self, command: EditCommand) {
        match command {
            EditCommand::Clear => {
                self.setup.clear_pieces();
            }
            EditCommand::SwitchColor => self.color = !self.color,
            EditCommand::Place(role, square) => {
                self.setup.put(square, Piece::new(self.color, role));
            }
            EditCommand::Remove(square) => {
                self.setup.remove(square);
            }
            EditCommand::Done => {}
        }
    }

    /// The position set up, castling allowed wherever king and rook stand
    /// on their original squares (as the protocol says to assume).
    pub(crate) fn board(&self) -> Result<Board, SetupError> {
        let mut setup = self.setup.clone();
        for color in Color::ALL {
            let rank = color.fold(Rank::FIRST, Rank::EIGHTH);
            let at = |file| self.setup.piece_at(Square::from_coords(file, rank));
            if at(File::E) == Some(Piece::new(color, Role::King)) {
                for rook_file in [File::H, File::A] {
                    if at(rook_file) == Some(Piece::new(color, Role::Rook)) {
                        setup.castle_with_rook(color, rook_file);
                    }
                }
            }
        }
        setup.build()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_forms_become_clocks() {
        let board = Board::startpos();
        let mut tc = TimeSettings {
            level: TimeControl { moves: 40, base: Duration::from_secs(330), increment: Duration::ZERO },
            ..TimeSettings::default()
        };
        tc.own = Some(centis(12_000));
        tc.opponent = Some(centis(-5));
        let limits = tc.limits(&board, Color::White);
        let clock = limits.clock.unwrap();
        assert_eq!(clock.remaining.white, Duration::from_secs(120));
        assert_eq!(clock.remaining.black, Duration::ZERO);
        assert_eq!(clock.moves_to_go, Some(40));
        let later: Board = "4k3/8/8/8/8/8/8/4K3 b - - 0 45".parse().unwrap();
        assert_eq!(tc.limits(&later, Color::Black).clock.unwrap().moves_to_go, Some(36));
        tc.st = Some(Duration::from_secs(3));
        tc.sd = Some(7);
        let limits = tc.limits(&board, Color::Black);
        assert_eq!((limits.movetime, limits.depth, limits.clock), (Some(Duration::from_secs(3)), Some(7), None));
    }

    #[test]
    fn edit_mode_builds_positions() {
        let mut edit = EditBoard::new(&Board::startpos());
        edit.apply(EditCommand::Clear);
        for command in ["Ke1", "Rh1", "Pa2", "c", "Ke8", "Ra8", "xa2"] {
            edit.apply(command.parse().unwrap());
        }
        assert_eq!(edit.board().unwrap().fen(), "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
        edit.apply(EditCommand::Place(Role::Pawn, Square::A1));
        assert_eq!(edit.board(), Err(SetupError::PawnOnBackRank { square: Square::A1 }));
        // A king and rook off their original squares: no castling assumed.
        edit.apply(EditCommand::Clear);
        for command in ["c", "Kf1", "Rh1", "c", "Ke8", "Rh8"] {
            edit.apply(command.parse().unwrap());
        }
        assert_eq!(edit.board().unwrap().fen(), "4k2r/8/8/8/8/8/8/5K1R w k - 0 1");
    }

    #[test]
    fn options_in_cecp_syntax() {
        assert_eq!(cecp_option(&OptionSpec::spin("Depth", 2, 1, 3)), "Depth -spin 2 1 3");
        assert_eq!(cecp_option(&OptionSpec::check("Log", true)), "Log -check 1");
        assert_eq!(cecp_option(&OptionSpec::combo("Style", "b", &["a", "b"])), "Style -combo a /// *b");
        assert_eq!(cecp_option(&OptionSpec::clear_hash()), "Clear Hash -button");
        let lines: Vec<String> = features("x", &[OptionSpec::hash(16, 64)]).iter().map(ToString::to_string).collect();
        assert!(lines[0].starts_with("feature done=0 ping=1") && lines[0].contains("memory=1 smp=0"));
        assert_eq!(lines.last().map(String::as_str), Some("feature done=1"));
    }
}
