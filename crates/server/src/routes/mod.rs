//! The handlers, one module per job, each with its request and answer
//! types (which the OpenAPI document describes).

pub mod analyse;
pub mod best_move;
#[cfg(feature = "web")]
pub mod cloud_eval;
pub mod explorer;
pub mod perft;
pub mod pgn;
pub mod pgn_export;
pub mod play;
pub mod position;
mod position_json;
#[cfg(feature = "web")]
pub mod puzzles;
#[cfg(feature = "web")]
pub mod review;
pub mod service;
#[cfg(feature = "web")]
pub mod visitor;
