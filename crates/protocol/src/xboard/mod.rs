//! The Chess Engine Communication Protocol (XBoard/WinBoard protocol
//! version 2): typed messages in both directions and the driver that runs an
//! [`Engine`](crate::Engine) over them.

mod claim;
mod command;
mod driver;
mod edit;
mod engine_features;
mod message;
mod moves;
mod option;
mod reading;
mod state;
#[cfg(test)]
mod tests;

pub use claim::comment_termination;
#[allow(deprecated)]
pub use command::Level;
pub use command::{MoveSelection, ParseXbCommandError, XbCommand};
pub use driver::XbDriver;
pub use edit::{EditCommand, ParseEditError};
pub use engine_features::{EngineFeatures, CHESS960_VARIANT};
pub use message::{
    announced_move, without_prompt, Feature, FeatureValue, ParseXbMessageError, Stat01, Thinking, XbMessage,
};
pub use moves::{ParseXbMoveError, XbMove};
pub use option::{parse_option_feature, ParseOptionFeatureError};
pub use reading::{read_move, ThinkingExtras};
