//! The friend games and the page's files alone, without the server's API:
//! `cargo run --release -p ox88-web --example serve -- [--addr 127.0.0.1:8089] [--db FILE] [--max-open-games N]`.
//! `ox88-server` serves the same router beside its API, which the page's
//! screens need (legal moves, the engine, PGN); this is for the friend
//! games' load test (`load.sh`) and tests that need no engine.

use std::net::SocketAddr;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut addr: SocketAddr = "127.0.0.1:8089".parse()?;
    let mut config = ox88_web::WebConfig::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--addr" => addr = args.next().ok_or("--addr needs an address")?.parse()?,
            "--db" => config.database = args.next().ok_or("--db needs a file")?.into(),
            "--max-open-games" => {
                config.max_open_games_per_address = args.next().ok_or("--max-open-games needs a number")?.parse()?;
            }
            "--help" | "-h" => {
                println!("serve [--addr 127.0.0.1:8089] [--db ox88-games.sqlite] [--max-open-games 20]");
                return Ok(());
            }
            other => return Err(format!("unknown argument {other:?} (try --help)").into()),
        }
    }
    let app = axum::Router::from(ox88_web::router(config)?);
    let listener = ox88_http::listen(addr).await?;
    println!("ox88 web on http://{}/", listener.local_addr()?);
    // Moves are small frames: send each at once (no Nagle delay).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await?;
    Ok(())
}
