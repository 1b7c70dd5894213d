//! [`Settings`]: how the engine is configured, typed; and the UCI options
//! (CECP `memory`, `cores` and `option`) that set them.

use crate::book::BookError;
use crate::eval::nnue::NetworkError;
use crate::evaluation::EvalKind;
use crate::option_value::{count, invalid, text};
use crate::protocol::{OptionError, OptionSpec, OptionValue};
use std::path::PathBuf;

/// The default transposition table size, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;
/// The largest transposition table, in megabytes.
pub const MAX_HASH_MB: usize = 65_536;
/// The most search threads.
pub const MAX_THREADS: usize = 256;
/// The most lines searched and reported at once.
pub const MAX_MULTIPV: usize = 64;

const OWN_BOOK: &str = "OwnBook";
const BOOK_FILE: &str = "BookFile";
const EVAL: &str = "Eval";
const EVAL_FILE: &str = "EvalFile";
/// The Syzygy options, as Stockfish names them.
const SYZYGY_PATH: &str = crate::protocol::SYZYGY_PATH;
const SYZYGY_PROBE_DEPTH: &str = "SyzygyProbeDepth";
const SYZYGY_50_MOVE_RULE: &str = "Syzygy50MoveRule";
/// The deepest `SyzygyProbeDepth`.
pub const MAX_SYZYGY_PROBE_DEPTH: u32 = 100;

/// The engine's settings. Each is also a UCI option (named in its
/// documentation), so a GUI sets the same things a program sets here.
///
/// The drivers' own options are not here: `Ponder`, `UCI_Chess960` and
/// `Move Overhead` concern the protocol, and the UCI and CECP drivers handle
/// them for every engine (the move overhead reaches the search in
/// [`Limits::move_overhead`](crate::protocol::Limits::move_overhead)).
///
/// ```
/// use ox88::{Ox88, Settings};
/// let settings = Settings { hash_mb: 64, threads: 2, ..Settings::default() };
/// let engine = Ox88::with_settings(settings.clone())?;
/// assert_eq!(engine.settings(), &settings);
/// # Ok::<(), ox88::SettingsError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The transposition table's size in megabytes, 1 to [`MAX_HASH_MB`]
    /// (option `Hash`; CECP `memory`).
    pub hash_mb: usize,
    /// Search threads, 1 to [`MAX_THREADS`] (option `Threads`; CECP
    /// `cores`).
    pub threads: usize,
    /// How many best lines to search and report, 1 to [`MAX_MULTIPV`]
    /// (option `MultiPV`).
    pub multipv: usize,
    /// Play moves from the opening book, when one is loaded (option
    /// `OwnBook`): only in ordinary searches, not in analysis, pondering or
    /// with `searchmoves`.
    pub own_book: bool,
    /// The Polyglot opening book to load (option `BookFile`).
    pub book_file: Option<PathBuf>,
    /// The evaluation: classical or the neural network (option `Eval`,
    /// `classical` or `nnue`; the default is [`EvalKind::DEFAULT`]).
    pub eval: EvalKind,
    /// The network file the `nnue` evaluation uses; `None` for the one built
    /// into the engine (option `EvalFile`, empty for the built-in one).
    pub eval_file: Option<PathBuf>,
    /// Directories of Syzygy endgame tables, separated by `:` (`;` on
    /// Windows); `None` for none (option `SyzygyPath`; CECP `egtpath
    /// syzygy`). The root's moves are ranked by DTZ, the search probes WDL.
    pub syzygy_path: Option<String>,
    /// The least remaining depth at which the search probes the tables, 1
    /// to [`MAX_SYZYGY_PROBE_DEPTH`] (option `SyzygyProbeDepth`).
    pub syzygy_probe_depth: u32,
    /// Whether wins and losses that the fifty-move rule draws count as
    /// draws (option `Syzygy50MoveRule`).
    pub syzygy_50_move_rule: bool,
    /// The measurement rig: evaluation terms, weights and search switches
    /// (the options `EvalOff`, `EvalWeights` and `SearchOff`).
    #[cfg(feature = "tuning")]
    pub tuning: crate::tuning::Tuning,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            multipv: 1,
            own_book: false,
            book_file: None,
            eval: EvalKind::DEFAULT,
            eval_file: None,
            syzygy_path: None,
            syzygy_probe_depth: 1,
            syzygy_50_move_rule: true,
            #[cfg(feature = "tuning")]
            tuning: crate::tuning::Tuning::default(),
        }
    }
}

/// Why settings could not be applied; the engine keeps its old ones.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// The opening book could not be loaded.
    #[error(transparent)]
    Book(#[from] BookError),
    /// The network file could not be loaded.
    #[error(transparent)]
    Network(#[from] NetworkError),
    /// A directory of `SyzygyPath` could not be read.
    #[error(transparent)]
    Syzygy(#[from] crate::syzygy::OpenError),
}

impl Settings {
    /// The settings with every number brought into its range.
    pub(crate) fn clamped(self) -> Settings {
        Settings {
            hash_mb: self.hash_mb.clamp(1, MAX_HASH_MB),
            threads: self.threads.clamp(1, MAX_THREADS),
            multipv: self.multipv.clamp(1, MAX_MULTIPV),
            syzygy_probe_depth: self.syzygy_probe_depth.clamp(1, MAX_SYZYGY_PROBE_DEPTH),
            ..self
        }
    }

    /// The options that set these settings, each with its current value as
    /// its default.
    pub(crate) fn options(&self) -> Vec<OptionSpec> {
        let spin = |value: usize| value as i64;
        #[cfg_attr(not(feature = "tuning"), allow(unused_mut))]
        let mut options = vec![
            OptionSpec::hash(spin(self.hash_mb), spin(MAX_HASH_MB)),
            OptionSpec::spin(crate::protocol::THREADS, spin(self.threads), 1, spin(MAX_THREADS)),
            OptionSpec::spin(crate::protocol::MULTIPV, spin(self.multipv), 1, spin(MAX_MULTIPV)),
            OptionSpec::clear_hash(),
            OptionSpec::check(OWN_BOOK, self.own_book),
            OptionSpec::string(BOOK_FILE, &self.book_file.as_ref().map_or(String::new(), |p| p.display().to_string())),
            OptionSpec::combo(EVAL, self.eval.name(), &EvalKind::ALL.map(EvalKind::name)),
            OptionSpec::string(EVAL_FILE, &self.eval_file.as_ref().map_or(String::new(), |p| p.display().to_string())),
            OptionSpec::string(SYZYGY_PATH, self.syzygy_path.as_deref().unwrap_or("")),
            OptionSpec::spin(SYZYGY_PROBE_DEPTH, self.syzygy_probe_depth.into(), 1, MAX_SYZYGY_PROBE_DEPTH.into()),
            OptionSpec::check(SYZYGY_50_MOVE_RULE, self.syzygy_50_move_rule),
        ];
        #[cfg(feature = "tuning")]
        options.extend(crate::tuning::options());
        options
    }

    /// These settings with the option `name` set to `value` (already checked
    /// against [`options`](Self::options) by the drivers). `Ok(None)` for
    /// the `Clear Hash` button, which is an action, not a setting.
    pub(crate) fn with_option(&self, name: &str, value: &OptionValue) -> Result<Option<Settings>, OptionError> {
        let mut settings = self.clone();
        let is = |option: &str| option.eq_ignore_ascii_case(name.trim());
        if is(crate::protocol::HASH) {
            settings.hash_mb = count(name, value)?;
        } else if is(crate::protocol::THREADS) {
            settings.threads = count(name, value)?;
        } else if is(crate::protocol::MULTIPV) {
            settings.multipv = count(name, value)?;
        } else if is(crate::protocol::CLEAR_HASH) {
            return Ok(None);
        } else if is(OWN_BOOK) {
            settings.own_book = match value {
                OptionValue::Check(on) => *on,
                other => return Err(invalid(name, other, "true or false")),
            };
        } else if is(BOOK_FILE) {
            settings.book_file = Some(text(name, value)?).filter(|p| !p.is_empty()).map(PathBuf::from);
        } else if is(EVAL) {
            let choice = match value {
                OptionValue::Combo(text) | OptionValue::String(text) => text.trim(),
                other => return Err(invalid(name, other, "classical or nnue")),
            };
            settings.eval = EvalKind::ALL
                .into_iter()
                .find(|kind| kind.name().eq_ignore_ascii_case(choice))
                .ok_or_else(|| invalid(name, value, "classical or nnue"))?;
        } else if is(EVAL_FILE) {
            settings.eval_file = Some(text(name, value)?).filter(|p| !p.is_empty()).map(PathBuf::from);
        } else if is(SYZYGY_PATH) {
            settings.syzygy_path = Some(text(name, value)?).filter(|p| !p.is_empty()).map(str::to_owned);
        } else if is(SYZYGY_PROBE_DEPTH) {
            settings.syzygy_probe_depth = u32::try_from(count(name, value)?).unwrap_or(MAX_SYZYGY_PROBE_DEPTH);
        } else if is(SYZYGY_50_MOVE_RULE) {
            settings.syzygy_50_move_rule = match value {
                OptionValue::Check(on) => *on,
                other => return Err(invalid(name, other, "true or false")),
            };
        } else {
            #[cfg(feature = "tuning")]
            if crate::tuning::is_option(name) {
                settings.tuning.set_option(name, value)?;
                return Ok(Some(settings));
            }
            return Err(OptionError::Unknown { name: name.to_owned() });
        }
        Ok(Some(settings))
    }
}
