#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod book;
mod entry;

pub use book::{Book, BookChoice, BookError};
#[allow(deprecated)]
pub use entry::Entry;
pub use entry::{BookEntry, ENTRY_SIZE};
