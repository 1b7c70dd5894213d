//! Reading an option's value as the setting it sets, with the typed error
//! that names the option and the bad value: shared by the settings and the
//! tuning options.

use crate::protocol::{OptionError, OptionValue};

/// The error for a value of the wrong kind or range.
pub(crate) fn invalid(name: &str, value: &OptionValue, expected: &str) -> OptionError {
    let value = value.text().unwrap_or_else(|| "(button)".to_owned());
    OptionError::InvalidValue { name: name.to_owned(), value, expected: expected.to_owned() }
}

/// A spin value as a count, at least 1 (its range is checked by the
/// drivers, and brought into range when settings are applied).
pub(crate) fn count(name: &str, value: &OptionValue) -> Result<usize, OptionError> {
    match value {
        OptionValue::Spin(n) => Ok(usize::try_from(*n).unwrap_or(0).max(1)),
        other => Err(invalid(name, other, "an integer")),
    }
}

/// A string value, trimmed; "" for none (the protocol reads a GUI's
/// `<empty>` as "").
pub(crate) fn text<'a>(name: &str, value: &'a OptionValue) -> Result<&'a str, OptionError> {
    match value {
        OptionValue::String(text) => Ok(text.trim()),
        other => Err(invalid(name, other, "a string")),
    }
}
