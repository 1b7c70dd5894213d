//! `ox88-server`: serves the ox88 rules and analysis API (see `--help`), and
//! (with the feature `web`, on by default) the web page with games between
//! two people (`ox88-web`) beside it.

use clap::Parser;
use ox88_server::{serve, shutdown_signal, ServerConfig};
#[cfg(feature = "web")]
use std::path::PathBuf;
use std::process::ExitCode;
#[cfg(not(feature = "web"))]
use utoipa_axum::router::OpenApiRouter;

/// The service's settings and the web page's.
#[derive(Debug, Parser)]
#[command(
    name = "ox88-server",
    version,
    about = "The ox88 rules and analysis service over HTTP and JSON, and its web page"
)]
struct Cli {
    #[command(flatten)]
    server: ServerConfig,
    #[cfg(feature = "web")]
    #[command(flatten)]
    web: WebArgs,
}

/// The web page's settings (`ox88-web`): where friend games (and game
/// reviews) are stored, and how many one visitor may open.
#[cfg(feature = "web")]
#[derive(Debug, clap::Args)]
struct WebArgs {
    /// The SQLite file of the friend games and game reviews (created if missing).
    #[arg(long, env = "OX88_GAMES_DB", default_value = "ox88-games.sqlite")]
    games_db: PathBuf,
    /// How many unfinished friend games one address may have.
    #[arg(long, env = "OX88_MAX_OPEN_GAMES", default_value_t = 20)]
    max_open_games: usize,
    /// Count visitors by the X-Forwarded-For header (behind a reverse proxy
    /// that sets it).
    #[arg(long, env = "OX88_TRUST_FORWARDED_FOR")]
    trust_forwarded_for: bool,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(error),
    };
    // Searches run on the runtime's blocking threads, which must have the
    // stack a search needs (a debug build's deep search overflowed tokio's
    // default of 2 MiB and aborted the process).
    let served = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(ox88::control::SEARCH_STACK_BYTES)
        .build()
        .and_then(|runtime| runtime.block_on(run(cli)));
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ox88-server: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Help and the version as clap prints them; any other command-line error as
/// one line on stderr naming the bad argument, with exit code 2.
fn usage_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        error.exit()
    }
    let text = error.to_string();
    let first = text.lines().next().unwrap_or_default();
    eprintln!("ox88-server: {} (see --help)", first.trim_start_matches("error: "));
    ExitCode::from(2)
}

async fn run(cli: Cli) -> std::io::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,tower_http=warn".into()),
        )
        .init();
    let address = cli.server.address();
    #[cfg(feature = "web")]
    let app = ox88_server::app_with_site(cli.server, &site(cli.web)?).map_err(std::io::Error::other)?;
    // Built without the feature `web`: the API alone.
    #[cfg(not(feature = "web"))]
    let app = ox88_server::app_with(cli.server, OpenApiRouter::new()).map_err(std::io::Error::other)?;
    // Room in the accept queue for many players connecting at once.
    let listener = ox88_http::listen(address)
        .await
        .map_err(|error| std::io::Error::new(error.kind(), format!("cannot listen on {address}: {error}")))?;
    tracing::info!("ox88-server listening on http://{}", listener.local_addr()?);
    serve(listener, app, shutdown_signal()).await?;
    tracing::info!("ox88-server stopped");
    Ok(())
}

/// The web page and the friend games (ox88-web), beside the API, over the
/// store that keeps the game reviews too.
#[cfg(feature = "web")]
fn site(web: WebArgs) -> std::io::Result<ox88_web::Site> {
    let config = ox88_web::WebConfig {
        database: web.games_db,
        max_open_games_per_address: web.max_open_games,
        trust_forwarded_for: web.trust_forwarded_for,
        ..ox88_web::WebConfig::default()
    };
    ox88_web::Site::open(config).map_err(std::io::Error::other)
}
