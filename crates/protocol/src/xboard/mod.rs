//! The Chess Engine Communication Protocol (XBoard/WinBoard protocol
//! version 2): typed messages in both directions and the driver that runs an
//! [`Engine`](crate::Engine) over them.

mod command;
mod driver;
mod edit;
mod message;
mod moves;
mod state;
#[cfg(test)]
mod tests;

pub use command::{Level, MoveSelection, XbCommand, XbParseError};
pub use driver::XbDriver;
pub use edit::{EditCommand, ParseEditError};
pub use message::{Feature, FeatureValue, Stat01, Thinking, XbMessage, XbMessageError};
pub use moves::{GameResult, ParseGameResultError, ParseXbMoveError, XbMove};
