//! The API over real HTTP: each test starts a server on a random loopback
//! port and talks to it with an HTTP client, as any program would.

mod harness;

mod agreement;
mod cli;
mod engine;
mod explorer;
mod pgn;
#[cfg(feature = "web")]
mod review;
mod rules;
mod service;
mod tablebase;
