//! Reading a number from the command line, for the examples with options
//! (`perft`, `epd`, `play`), with a one-line error naming the option.

/// The value `text` given for the argument `name`, or a one-line error
/// naming both.
pub fn number<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{name}: {text:?} is not a valid number"))
}
