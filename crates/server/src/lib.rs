#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod app;
mod config;
pub mod input;
pub mod job;
pub mod metrics;
pub mod pool;
#[cfg(feature = "web")]
pub mod review;
pub mod routes;
pub mod search;
pub mod state;
pub mod tablebase;
pub mod words;

#[cfg(feature = "web")]
pub use app::app_with_site;
pub use app::{app, app_with, openapi, serve, shutdown_signal, OPENAPI_PATH};
#[allow(deprecated)]
pub use config::Config;
pub use config::ServerConfig;
pub use ox88_http::{ApiError, ErrorBody, ErrorCode, ErrorResponse};
pub use state::StartError;
