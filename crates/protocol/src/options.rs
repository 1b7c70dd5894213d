//! Engine options: what an engine offers ([`OptionSpec`]), the typed value a
//! GUI sets ([`OptionValue`]) and why setting one can fail ([`OptionError`]).

use std::time::Duration;

/// One option an engine offers, in the UCI model that CECP's `feature option`
/// mirrors.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OptionSpec {
    /// The option's name as shown to users; matched case-insensitively.
    pub name: String,
    /// Its type, default and range.
    pub kind: OptionKind,
}

/// The type of an option, with its default and allowed values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// On or off.
    Check {
        /// The initial value.
        default: bool,
    },
    /// An integer in `min..=max`.
    Spin {
        /// The initial value.
        default: i64,
        /// The smallest value allowed.
        min: i64,
        /// The largest value allowed.
        max: i64,
    },
    /// One of a list of words.
    Combo {
        /// The initial value, one of `choices`.
        default: String,
        /// The allowed values.
        choices: Vec<String>,
    },
    /// An action without a value ("Clear Hash").
    Button,
    /// Free text (a path, a name).
    String {
        /// The initial value.
        default: String,
    },
}

/// A validated value for an option, as passed to
/// [`Engine::set_option`](crate::Engine::set_option).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OptionValue {
    /// For a [`OptionKind::Check`] option.
    Check(bool),
    /// For a [`OptionKind::Spin`] option; within its range.
    Spin(i64),
    /// For a [`OptionKind::Combo`] option; spelled as in its `choices`.
    Combo(String),
    /// A [`OptionKind::Button`] was pressed.
    Button,
    /// For a [`OptionKind::String`] option.
    String(String),
}

impl OptionValue {
    /// The value as text, as UCI's `setoption name N value V` and an error
    /// message write it ("true", "16", "Classical"); `None` for a button,
    /// which has no value. (CECP writes a check as 1 or 0.)
    ///
    /// ```
    /// use ox88_protocol::OptionValue;
    /// assert_eq!(OptionValue::Check(true).text().as_deref(), Some("true"));
    /// assert_eq!(OptionValue::Spin(-3).text().as_deref(), Some("-3"));
    /// assert_eq!(OptionValue::Combo("Nnue".into()).text().as_deref(), Some("Nnue"));
    /// assert_eq!(OptionValue::Button.text(), None);
    /// ```
    pub fn text(&self) -> Option<String> {
        match self {
            OptionValue::Button => None,
            OptionValue::Check(on) => Some(on.to_string()),
            OptionValue::Spin(n) => Some(n.to_string()),
            OptionValue::Combo(text) | OptionValue::String(text) => Some(text.clone()),
        }
    }
}

/// Why an option could not be set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No option of that name.
    #[error("no such option: {name:?}")]
    Unknown {
        /// The name as given.
        name: String,
    },
    /// The value does not fit the option's type or range.
    #[error("invalid value {value:?} for option {name:?}: expected {expected}")]
    InvalidValue {
        /// The option's name.
        name: String,
        /// The value as given.
        value: String,
        /// What would have been accepted.
        expected: String,
    },
    /// The engine refused a well-formed value (for example, not enough
    /// memory for the hash table).
    #[error("option {name:?} rejected: {reason}")]
    Rejected {
        /// The option's name.
        name: String,
        /// The engine's reason.
        reason: String,
    },
}

impl OptionSpec {
    /// A spin option.
    pub fn spin(name: &str, default: i64, min: i64, max: i64) -> OptionSpec {
        OptionSpec { name: name.to_owned(), kind: OptionKind::Spin { default, min, max } }
    }
    /// A check option.
    pub fn check(name: &str, default: bool) -> OptionSpec {
        OptionSpec { name: name.to_owned(), kind: OptionKind::Check { default } }
    }
    /// A button.
    pub fn button(name: &str) -> OptionSpec {
        OptionSpec { name: name.to_owned(), kind: OptionKind::Button }
    }
    /// A string option.
    pub fn string(name: &str, default: &str) -> OptionSpec {
        OptionSpec { name: name.to_owned(), kind: OptionKind::String { default: default.to_owned() } }
    }
    /// A combo option; `default` should be one of `choices`.
    pub fn combo(name: &str, default: &str, choices: &[&str]) -> OptionSpec {
        let choices = choices.iter().map(|c| (*c).to_owned()).collect();
        OptionSpec { name: name.to_owned(), kind: OptionKind::Combo { default: default.to_owned(), choices } }
    }
    /// The standard "Hash" option, in megabytes: CECP `memory` sets it too.
    pub fn hash(default_mb: i64, max_mb: i64) -> OptionSpec {
        OptionSpec::spin(HASH, default_mb, 1, max_mb)
    }
    /// The standard "Threads" option: CECP `cores` sets it too.
    pub fn threads(max: i64) -> OptionSpec {
        OptionSpec::spin(THREADS, 1, 1, max)
    }
    /// The standard "MultiPV" option: how many best lines to report.
    pub fn multipv(max: i64) -> OptionSpec {
        OptionSpec::spin(MULTIPV, 1, 1, max)
    }
    /// The standard "Clear Hash" button.
    pub fn clear_hash() -> OptionSpec {
        OptionSpec::button(CLEAR_HASH)
    }

    /// Whether `name` names this option (case-insensitively, as UCI asks).
    pub fn is_named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name.trim())
    }

    /// The option's default as a value.
    pub fn default_value(&self) -> OptionValue {
        match &self.kind {
            OptionKind::Check { default } => OptionValue::Check(*default),
            OptionKind::Spin { default, .. } => OptionValue::Spin(*default),
            OptionKind::Combo { default, .. } => OptionValue::Combo(default.clone()),
            OptionKind::Button => OptionValue::Button,
            OptionKind::String { default } => OptionValue::String(default.clone()),
        }
    }

    /// Checks the text a GUI sent against the option's type and range.
    ///
    /// ```
    /// use ox88_protocol::{OptionSpec, OptionValue};
    /// let hash = OptionSpec::hash(16, 1024);
    /// assert_eq!(hash.parse_value(Some("64")), Ok(OptionValue::Spin(64)));
    /// assert!(hash.parse_value(Some("4096")).is_err());
    /// assert!(hash.parse_value(Some("lots")).is_err());
    /// ```
    pub fn parse_value(&self, text: Option<&str>) -> Result<OptionValue, OptionError> {
        let text = text.map(str::trim).unwrap_or("");
        let invalid =
            |expected: String| OptionError::InvalidValue { name: self.name.clone(), value: text.to_owned(), expected };
        match &self.kind {
            OptionKind::Check { .. } => match text.to_ascii_lowercase().as_str() {
                "true" | "1" | "on" => Ok(OptionValue::Check(true)),
                "false" | "0" | "off" => Ok(OptionValue::Check(false)),
                _ => Err(invalid("true or false".into())),
            },
            OptionKind::Spin { min, max, .. } => match text.parse::<i64>() {
                Ok(v) if (*min..=*max).contains(&v) => Ok(OptionValue::Spin(v)),
                _ => Err(invalid(format!("an integer from {min} to {max}"))),
            },
            OptionKind::Combo { choices, .. } => match choices.iter().find(|c| c.eq_ignore_ascii_case(text)) {
                Some(choice) => Ok(OptionValue::Combo(choice.clone())),
                None => Err(invalid(format!("one of {}", choices.join(", ")))),
            },
            OptionKind::Button => Ok(OptionValue::Button),
            OptionKind::String { .. } => {
                Ok(OptionValue::String(if text == EMPTY_STRING { String::new() } else { text.to_owned() }))
            }
        }
    }
}

/// How UCI writes an empty string: read here as "" for every string
/// option, so that engines never see it.
pub(crate) const EMPTY_STRING: &str = "<empty>";

/// The name of the hash-size option, in megabytes.
pub const HASH: &str = "Hash";
/// The name of the search-threads option.
pub const THREADS: &str = "Threads";
/// The name of the Syzygy tables' directories option, which CECP's
/// `egtpath syzygy PATH` sets.
pub const SYZYGY_PATH: &str = "SyzygyPath";
/// The name of the number-of-lines option.
pub const MULTIPV: &str = "MultiPV";
/// The name of the hash-clearing button.
pub const CLEAR_HASH: &str = "Clear Hash";
/// The name of the pondering option (owned by the drivers).
pub const PONDER: &str = "Ponder";
/// The name of the Chess960 castling-notation option (owned by the drivers).
pub const UCI_CHESS960: &str = "UCI_Chess960";
/// The name of the option that tells a UCI engine it analyses rather than
/// plays (set by GUIs; ox88's drivers do not offer it).
pub const UCI_ANALYSE_MODE: &str = "UCI_AnalyseMode";
/// The name of the communication-lag option, in milliseconds (owned by the drivers).
pub const MOVE_OVERHEAD: &str = "Move Overhead";
/// The drivers' default for [`MOVE_OVERHEAD`]: the time kept in hand on
/// every move for the move to reach the GUI's clock.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(10);
/// The largest [`MOVE_OVERHEAD`] the drivers accept, in milliseconds.
const MAX_MOVE_OVERHEAD_MS: i64 = 5000;

/// The options every driver offers itself, before the engine's own: they
/// concern the protocol, not the search.
pub(crate) fn driver_options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::check(PONDER, false),
        OptionSpec::check(UCI_CHESS960, false),
        OptionSpec::spin(MOVE_OVERHEAD, DEFAULT_MOVE_OVERHEAD.as_millis() as i64, 0, MAX_MOVE_OVERHEAD_MS),
    ]
}
