#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod assets;
pub mod clock;
mod config;
pub mod game;
pub mod http;
pub mod hub;
pub mod ids;
pub mod pgn;
pub mod protocol;
pub mod store;
pub mod task;
mod ws;

pub use config::WebConfig;
pub use store::StoreError;
pub use ws::RateLimit;

use std::sync::Arc;
use utoipa::OpenApi as _;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The document's tags for this crate's routes, and the page's files (a
/// wildcard route, described here by hand: axum's `{*path}` is not an
/// OpenAPI template).
#[derive(utoipa::OpenApi)]
#[openapi(paths(assets::asset), tags(
    (name = "page", description = "The web page and its files"),
    (name = "friend", description = "Games between two people by link: HTTP, and the WebSocket they play over"),
))]
struct WebDoc;

/// The page at `/` (its files under `/assets/`) and the friend games under
/// `/api/v1/friend/`, with their OpenAPI document, for a server to merge
/// into its own router (`ox88-server` does); `axum::Router::from` serves it
/// alone.
///
/// Serve it with `into_make_service_with_connect_info::<SocketAddr>()` so
/// that the cap on open games counts per visitor's address (else all
/// visitors share one count).
///
/// ```no_run
/// # async fn serve() -> Result<(), Box<dyn std::error::Error>> {
/// use std::net::SocketAddr;
/// let (app, document) = ox88_web::router(ox88_web::WebConfig::in_memory())?.split_for_parts();
/// assert!(document.paths.paths.contains_key("/api/v1/friend/games"));
/// let listener = ox88_http::listen("127.0.0.1:8088".parse()?).await?;
/// axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await?;
/// # Ok(())
/// # }
/// ```
pub fn router(config: WebConfig) -> Result<OpenApiRouter, StoreError> {
    Ok(Site::open(config)?.router())
}

/// The page and the friend games over one store: its [`router`](Site::router)
/// to serve, and its [`store`](Site::store), which a server shares for what
/// it keeps beside the games (game reviews, their evaluations and puzzles).
///
/// ```
/// let site = ox88_web::Site::open(ox88_web::WebConfig::in_memory())?;
/// let store: ox88_web::store::Store = site.store().clone();
/// let app: axum::Router = site.router().into();
/// # Ok::<(), ox88_web::StoreError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Site {
    hub: Arc<hub::Hub>,
}

impl Site {
    /// Opens the store `config` names (creating it if missing).
    pub fn open(config: WebConfig) -> Result<Site, StoreError> {
        Ok(Site { hub: hub::Hub::new(config)? })
    }

    /// The store of the games, shared.
    pub fn store(&self) -> &store::Store {
        self.hub.store()
    }

    /// The visitor behind a request, as the site counts visitors (for its
    /// caps): the connection's address `peer`, or the first address of the
    /// `X-Forwarded-For` header when the configuration trusts it.
    pub fn visitor(&self, headers: &axum::http::HeaderMap, peer: Option<std::net::SocketAddr>) -> String {
        http::address(&self.hub, headers, peer)
    }

    /// The page at `/` (its files under `/assets/`) and the friend games
    /// under `/api/v1/friend/`, with their OpenAPI document.
    pub fn router(&self) -> OpenApiRouter {
        OpenApiRouter::with_openapi(WebDoc::openapi())
            .routes(routes!(assets::index))
            .route("/assets/{*path}", axum::routing::get(assets::asset))
            .routes(routes!(http::create, http::finished))
            .routes(routes!(http::finished_pgn))
            .routes(routes!(http::show))
            .routes(routes!(http::pgn))
            .routes(routes!(http::socket))
            .with_state(self.hub.clone())
    }
}

/// The address to listen on, with room for many players connecting at once.
#[deprecated(note = "moved to ox88_http::listen")]
pub async fn listen(addr: std::net::SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    ox88_http::listen(addr).await
}

/// How many connections may wait to be accepted.
#[deprecated(note = "moved to ox88_http::ACCEPT_BACKLOG")]
pub const ACCEPT_BACKLOG: u32 = ox88_http::ACCEPT_BACKLOG;
