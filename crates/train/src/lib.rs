#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bullet_net;
pub mod chain;
pub mod data;
pub mod tune;
