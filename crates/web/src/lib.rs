#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod assets;
pub mod clock;
mod config;
pub mod game;
mod http;
pub mod hub;
pub mod ids;
mod listen;
pub mod pgn;
pub mod protocol;
pub mod store;
pub mod task;
mod ws;

pub use config::WebConfig;
pub use listen::{listen, ACCEPT_BACKLOG};
pub use store::StoreError;
pub use ws::RateLimit;

use axum::routing::{get, post};
use axum::Router;

/// The page at `/` (its files under `/assets/`) and the friend games under
/// `/api/v1/friend/`, for a server to merge into its own router.
///
/// Serve it with `into_make_service_with_connect_info::<SocketAddr>()` so
/// that the cap on open games counts per visitor's address (else all
/// visitors share one count).
///
/// ```no_run
/// # async fn serve() -> Result<(), Box<dyn std::error::Error>> {
/// use std::net::SocketAddr;
/// let app = ox88_web::router(ox88_web::WebConfig::in_memory())?;
/// let listener = ox88_web::listen("127.0.0.1:8088".parse()?).await?;
/// axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await?;
/// # Ok(())
/// # }
/// ```
pub fn router(config: WebConfig) -> Result<Router, StoreError> {
    let hub = hub::Hub::new(config)?;
    Ok(Router::new()
        .route("/", get(assets::index))
        .route("/assets/{*path}", get(assets::asset))
        .route("/api/v1/friend/games", post(http::create).get(http::finished))
        .route("/api/v1/friend/finished.pgn", get(http::finished_pgn))
        .route("/api/v1/friend/games/{id}", get(http::show))
        .route("/api/v1/friend/games/{id}/pgn", get(http::pgn))
        .route("/api/v1/friend/games/{id}/ws", get(http::socket))
        .with_state(hub))
}
