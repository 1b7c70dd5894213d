#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod annotation;
mod builder;
mod date;
mod error;
mod eval_score;
mod export;
mod game;
mod headers;
mod movetext;
mod nag;
mod parallel;
mod pipeline;
mod raw;
mod reader;
pub mod region;
mod replay;
mod result;
mod scan;
mod setup;
pub mod source;
mod split;
mod tags;
mod tree;
mod tree_edit;
mod tree_node;
mod visitor;
mod writer;

pub use builder::GameBuilder;
pub use date::{Date, ParseDateError};
pub use error::{ErrorKind, GameId, Location, PgnError};
pub use game::{Game, Line, MoveToken, Node};
pub use headers::{Headers, SEVEN_TAG_ROSTER};
pub use nag::{Nag, ParseNagError};
// The rules' types this crate's API hands out or takes, so that one import serves.
pub use ox88_board::{Board, Color, GameResult, Move, PovScore};
pub use ox88_movegen::{IllegalMoveError, Position, SanPlus};
pub use parallel::{InputError, ParallelReader};
pub use pipeline::DEFAULT_CHUNK_LEN;
pub use raw::{RawComment, RawTag};
pub use reader::{Games, Reader, DEFAULT_MAX_TOKEN_LEN};
pub use replay::Step;
pub use setup::SetupTags;
pub use tree::{GameTree, NodeId};
pub use tree_edit::AddMoveError;
pub use tree_node::{GameNode, Mainline};
pub use visitor::{Skip, Visitor};
pub use writer::{Writer, MAX_LINE};
