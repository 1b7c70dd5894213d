//! The Universal Chess Interface: typed messages in both directions and the
//! driver that runs an [`Engine`](crate::Engine) over them.

mod command;
mod message;
#[cfg(test)]
mod tests;

pub use command::{Go, PositionStart, UciCommand, UciParseError};
pub use message::{UciInfo, UciMessage, UciMessageError};
