//! A plain-text form of [`Weights`], so that weights can be saved by a tuner
//! and loaded by an engine without recompiling.
//!
//! One field per entry: its name, `=`, then its integers in the order of
//! [`Weights::parameters_mut`] (an [`S`](crate::S) pair gives middlegame then
//! endgame). The integers may run on over the following lines, up to the next
//! `name =`. `#` starts a comment. A field left out keeps its value, so a
//! file of one line (`bishop_pair = 0 0`) is the defaults without the bishop
//! pair.

use crate::Weights;
use std::fmt::Write as _;
use std::str::FromStr;
use thiserror::Error;

/// Why a weights text could not be read. Lines count from 1.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum WeightsError {
    /// Numbers before the first `name =`.
    #[error("line {line}: numbers before any `name =`")]
    NoField {
        /// The line.
        line: usize,
    },
    /// A name that is not a field of [`Weights`].
    #[error("line {line}: no field {field:?} in the weights")]
    UnknownField {
        /// The line.
        line: usize,
        /// The name given.
        field: String,
    },
    /// The same field twice.
    #[error("line {line}: field {field:?} given twice")]
    Repeated {
        /// The line.
        line: usize,
        /// The field.
        field: String,
    },
    /// Something that is not an integer where the values are.
    #[error("line {line}: {token:?} is not an integer")]
    NotAnInteger {
        /// The line.
        line: usize,
        /// The text found.
        token: String,
    },
    /// Too many or too few values for a field.
    #[error("line {line}: field {field:?} takes {expected} integers, found {found}")]
    Count {
        /// The line of the field's name.
        line: usize,
        /// The field.
        field: String,
        /// How many it takes.
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// A value outside the field's range (see [`Parameter::range`](crate::Parameter::range)).
    #[error("line {line}: {field}[{index}] = {value} is outside {start}..={end}")]
    OutOfRange {
        /// The line of the field's name.
        line: usize,
        /// The field.
        field: String,
        /// The place within the field.
        index: usize,
        /// The value given.
        value: i32,
        /// The smallest value allowed.
        start: i32,
        /// The largest value allowed.
        end: i32,
    },
}

/// One field as read: its name, the line of the name, its values.
struct Entry<'t> {
    field: &'t str,
    line: usize,
    values: Vec<i32>,
}

impl Weights {
    /// The weights as text, every field listed: what [`Weights::apply_text`]
    /// and `str::parse` read back.
    ///
    /// ```
    /// use ox88_eval::{Weights, S};
    /// let mut weights = Weights::default();
    /// weights.tempo = S(20, 5);
    /// let text = weights.to_text();
    /// assert!(text.contains("tempo = 20 5\n"));
    /// assert_eq!(text.parse::<Weights>().unwrap(), weights);
    /// ```
    pub fn to_text(&self) -> String {
        let mut copy = self.clone();
        let mut text = String::new();
        let mut last = "";
        let mut on_line = 0;
        for p in copy.parameters_mut() {
            if p.field != last {
                if !last.is_empty() {
                    text.push('\n');
                }
                let _ = write!(text, "{} =", p.field);
                last = p.field;
                on_line = 0;
            } else if on_line == 16 {
                text.push_str("\n   ");
                on_line = 0;
            }
            let _ = write!(text, " {}", p.value);
            on_line += 1;
        }
        text.push('\n');
        text
    }

    /// Sets the fields listed in `text` (see [`Weights::to_text`] for the
    /// form); the others keep their values. On error nothing is changed.
    ///
    /// ```
    /// use ox88_eval::{Weights, S};
    /// let mut weights = Weights::default();
    /// weights.apply_text("# no pair bonus\nbishop_pair = 0 0\ntempo = 10\n  4").unwrap();
    /// assert_eq!((weights.bishop_pair, weights.tempo), (S::ZERO, S(10, 4)));
    /// assert!(weights.apply_text("bishop_pair = 1").is_err());
    /// ```
    pub fn apply_text(&mut self, text: &str) -> Result<(), WeightsError> {
        let entries = entries(text)?;
        let mut result = self.clone();
        let mut parameters = result.parameters_mut();
        for entry in &entries {
            let field = parameters.iter_mut().filter(|p| p.field == entry.field).collect::<Vec<_>>();
            if field.is_empty() {
                return Err(WeightsError::UnknownField { line: entry.line, field: entry.field.to_owned() });
            }
            if field.len() != entry.values.len() {
                return Err(WeightsError::Count {
                    line: entry.line,
                    field: entry.field.to_owned(),
                    expected: field.len(),
                    found: entry.values.len(),
                });
            }
            for (p, &value) in field.into_iter().zip(&entry.values) {
                if !p.range.contains(&value) {
                    return Err(WeightsError::OutOfRange {
                        line: entry.line,
                        field: entry.field.to_owned(),
                        index: p.index,
                        value,
                        start: *p.range.start(),
                        end: *p.range.end(),
                    });
                }
                *p.value = value;
            }
        }
        drop(parameters);
        *self = result;
        Ok(())
    }
}

/// The default weights with the fields of the text set.
impl FromStr for Weights {
    type Err = WeightsError;

    fn from_str(text: &str) -> Result<Weights, WeightsError> {
        let mut weights = Weights::default();
        weights.apply_text(text)?;
        Ok(weights)
    }
}

/// The entries of `text`, without comments.
fn entries(text: &str) -> Result<Vec<Entry<'_>>, WeightsError> {
    let mut entries: Vec<Entry<'_>> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line_number = number + 1;
        let content = line.split('#').next().unwrap_or_default();
        let numbers = match content.split_once('=') {
            Some((field, numbers)) => {
                let field = field.trim();
                if entries.iter().any(|e| e.field == field) {
                    return Err(WeightsError::Repeated { line: line_number, field: field.to_owned() });
                }
                entries.push(Entry { field, line: line_number, values: Vec::new() });
                numbers
            }
            None => content,
        };
        for token in numbers.split_whitespace() {
            let value =
                token.parse().map_err(|_| WeightsError::NotAnInteger { line: line_number, token: token.to_owned() })?;
            entries.last_mut().ok_or(WeightsError::NoField { line: line_number })?.values.push(value);
        }
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::S;

    #[test]
    fn every_weight_survives_a_round_trip() {
        let mut weights = Weights::default();
        for (i, p) in weights.parameters_mut().into_iter().enumerate() {
            if p.range.contains(&(i as i32 % 60)) {
                *p.value = i as i32 % 60 - 1;
            }
        }
        let text = weights.to_text();
        assert_eq!(text.parse::<Weights>().unwrap(), weights);
        assert!(text.lines().all(|l| l.len() < 120), "short lines");
        assert_eq!(Weights::default().to_text().parse::<Weights>().unwrap(), Weights::default());
    }

    #[test]
    fn fields_left_out_keep_their_values() {
        let mut weights = Weights { tempo: S(1, 2), ..Weights::default() };
        weights.apply_text("hanging = 7 8 # comment\n\n# only comments\n").unwrap();
        assert_eq!(weights, Weights { tempo: S(1, 2), hanging: S(7, 8), ..Weights::default() });
        assert_eq!("".parse::<Weights>().unwrap(), Weights::default());
    }

    #[test]
    fn bad_text_is_a_typed_error_and_changes_nothing() {
        let cases: [(&str, WeightsError); 6] = [
            ("3 4", WeightsError::NoField { line: 1 }),
            ("\nbogus = 1 2", WeightsError::UnknownField { line: 2, field: "bogus".into() }),
            ("tempo = 1 2\ntempo = 3 4", WeightsError::Repeated { line: 2, field: "tempo".into() }),
            ("tempo = 1 x", WeightsError::NotAnInteger { line: 1, token: "x".into() }),
            ("tempo = 1\n2\n3", WeightsError::Count { line: 1, field: "tempo".into(), expected: 2, found: 3 }),
            (
                "scale_minor_up = 65",
                WeightsError::OutOfRange {
                    line: 1,
                    field: "scale_minor_up".into(),
                    index: 0,
                    value: 65,
                    start: 0,
                    end: 64,
                },
            ),
        ];
        for (text, error) in cases {
            let mut weights = Weights::default();
            assert_eq!(weights.apply_text(text), Err(error), "{text}");
            assert_eq!(weights, Weights::default(), "{text}");
        }
        let mut weights = Weights::default();
        assert!(weights.apply_text("hanging = 0 0\nbogus = 1").is_err());
        assert_eq!(weights, Weights::default(), "a good field before the error is not applied");
    }
}
