#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod book;
mod entry;

pub use book::{Book, BookChoice, BookError};
pub use entry::{Entry, ENTRY_SIZE};
