//! The HTTP stack's own limit, for docs/server.md: ox88-server's application,
//! every layer included, with two more routes that answer bodies computed
//! once, at start: `POST /bench/position` answers what `POST /api/v1/position`
//! answers for Kiwipete, `POST /bench/play` what `POST /api/v1/play` answers
//! for the benchmark's game. A load generator sending the same requests to
//! both measures what the chess work costs over the stack.
//!
//! usage: cargo run --release -p ox88-server --example fixed_body -- [ox88-server's flags]

use axum::body::{to_bytes, Body, Bytes};
use axum::http::{header, Request};
use axum::routing::post;
use axum::Router;
use clap::Parser;
use ox88_server::{app, app_with, serve, shutdown_signal, ServerConfig};
use tokio::net::TcpListener;
use tower::ServiceExt;

/// The benchmark's requests (crates/server/peers/requests).
const POSITION: &str = include_str!("../peers/requests/position.json");
const PLAY: &str = include_str!("../peers/requests/play.json");

/// What the application answers to `body` at `path`.
async fn answer(config: &ServerConfig, path: &str, body: &'static str) -> Bytes {
    let request = Request::post(path).header(header::CONTENT_TYPE, "application/json").body(Body::from(body));
    let app = app(config.clone()).expect("the configuration loads");
    let response = app.oneshot(request.expect("a request")).await.expect("an answer");
    assert!(response.status().is_success(), "{path}: {}", response.status());
    to_bytes(response.into_body(), usize::MAX).await.expect("a body")
}

/// A handler that reads the request's body and answers `fixed`.
fn fixed(fixed: Bytes) -> axum::routing::MethodRouter {
    post(move |_: Bytes| {
        let fixed = fixed.clone();
        async move { ([(header::CONTENT_TYPE, "application/json")], fixed) }
    })
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let config = ServerConfig::parse();
    let position = answer(&config, "/api/v1/position", POSITION).await;
    let play = answer(&config, "/api/v1/play", PLAY).await;
    eprintln!("fixed bodies: position {} bytes, play {} bytes", position.len(), play.len());
    let extra = Router::new().route("/bench/position", fixed(position)).route("/bench/play", fixed(play));
    let listener = TcpListener::bind(config.address()).await?;
    eprintln!("listening on http://{}", listener.local_addr()?);
    serve(listener, app_with(config, extra.into()).map_err(std::io::Error::other)?, shutdown_signal()).await
}
