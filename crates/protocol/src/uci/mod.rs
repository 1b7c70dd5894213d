//! The Universal Chess Interface: typed messages in both directions and the
//! driver that runs an [`Engine`](crate::Engine) over them.

mod command;
mod driver;
mod message;
#[cfg(test)]
mod tests;

pub use command::{Go, ParseUciCommandError, PositionStart, UciCommand};
pub use driver::UciDriver;
pub(crate) use message::one_line;
pub use message::{ParseUciMessageError, UciInfo, UciMessage};
