//! Reading a time from the command line, for the examples that search for a
//! time (`epd`, `play`); they include `parse.rs` as `parse` too.

use crate::parse::number;
use std::time::Duration;

/// The positive number of seconds `text` gives for the argument `name`, as
/// a duration, or a one-line error.
pub fn seconds(text: &str, name: &str) -> Result<Duration, String> {
    let seconds: f64 = number(text, name)?;
    if !(seconds > 0.0 && seconds < 1e6) {
        return Err(format!("{name}: {seconds} is not a positive number of seconds"));
    }
    Ok(Duration::from_secs_f64(seconds))
}
