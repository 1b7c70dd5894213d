//! `ox88-server`: serves the ox88 rules and analysis API (see `--help`).

use clap::Parser;
use ox88_server::{app_with, serve, shutdown_signal, Config};
use tokio::net::TcpListener;

#[tokio::main]
async fn main() -> std::io::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,tower_http=warn".into()),
        )
        .init();
    let config = Config::parse();
    let address = config.address();
    // Other routers (a web page, say) are merged in here, beside the API.
    let extra = axum::Router::new();
    let app = app_with(config, extra);
    let listener = TcpListener::bind(address).await?;
    tracing::info!("ox88-server listening on http://{}", listener.local_addr()?);
    serve(listener, app, shutdown_signal()).await?;
    tracing::info!("ox88-server stopped");
    Ok(())
}
