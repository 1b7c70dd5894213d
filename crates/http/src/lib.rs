#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod error;
mod error_code;
mod extract;
mod listen;
pub mod schema;

pub use error::{ApiError, ErrorBody, ErrorResponse};
pub use error_code::ErrorCode;
pub use extract::{ApiJson, ApiQuery, JsonRejections};
pub use listen::{listen, ACCEPT_BACKLOG};
