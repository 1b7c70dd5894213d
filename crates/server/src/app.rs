//! The application: the API's routes with their OpenAPI document, the
//! layers every request passes through (limits, time-out, panics caught,
//! metrics, compression, CORS, tracing), and serving it until shutdown.

use crate::metrics::{self, Metrics};
use crate::routes;
use crate::state::AppState;
use crate::state::StartError;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{header, Method};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router};
use ox88_http::{ApiError, ErrorCode};
use std::any::Any;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{Any as AnyOrigin, CorsLayer};
use tower_http::trace::TraceLayer;
use utoipa::openapi::OpenApi;
use utoipa::OpenApi as _;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes as api_routes;

/// Where the OpenAPI document is served.
pub const OPENAPI_PATH: &str = "/api/v1/openapi.json";

/// The document's title, version and description; the paths and schemas
/// come from the routes.
#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "ox88-server",
        description = "Chess rules and analysis over HTTP and JSON: legal moves, play, perft, analysis, \
                       best moves and PGN, on the ox88 crates. Every error is \
                       `{\"error\": {\"code\", \"message\", \"field\"}}`."
    ),
    paths(routes::service::openapi_document),
    tags(
        (name = "rules", description = "Positions, moves and perft"),
        (name = "engine", description = "Analysis and best moves from the engine pool"),
        (name = "pgn", description = "PGN to JSON and back"),
        (name = "explorer", description = "The moves played in a position of a game collection, at every ply"),
        (name = "service", description = "Health, metrics and this document"),
    )
)]
struct ApiDoc;

/// The tags of the game reviews' routes.
#[cfg(feature = "web")]
#[derive(utoipa::OpenApi)]
#[openapi(tags(
    (name = "review", description = "Game reviews, and the evaluations they keep (lichess's cloud-eval shape)"),
    (name = "puzzles", description = "Puzzles from reviewed games' blunders, with lichess's puzzle columns"),
))]
struct ReviewDoc;

/// The API's routes and their OpenAPI document, before layers. `pgn` routes
/// get the larger body limit.
fn api(config: &crate::ServerConfig) -> (Router<Arc<AppState>>, OpenApi) {
    let json_limit = DefaultBodyLimit::max(config.max_body_kb * 1024);
    let pgn_limit = DefaultBodyLimit::max(config.max_pgn_kb * 1024);
    let json = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(api_routes!(routes::position::position))
        .routes(api_routes!(routes::play::play))
        .routes(api_routes!(routes::perft::perft))
        .routes(api_routes!(routes::analyse::analyse))
        .routes(api_routes!(routes::analyse::analyse_stream))
        .routes(api_routes!(routes::best_move::best_move))
        .routes(api_routes!(routes::best_move::levels));
    // Game reviews, their evaluations and puzzles, kept in the site's store.
    #[cfg(feature = "web")]
    let json = json.merge(
        OpenApiRouter::with_openapi(ReviewDoc::openapi())
            .routes(api_routes!(routes::review::create))
            .routes(api_routes!(routes::review::show))
            .routes(api_routes!(routes::review::stream))
            .routes(api_routes!(routes::cloud_eval::cloud_eval))
            .routes(api_routes!(routes::puzzles::list))
            .routes(api_routes!(routes::puzzles::show))
            .routes(api_routes!(routes::puzzles::attempt))
            .routes(api_routes!(routes::puzzles::csv)),
    );
    let json = json.layer(json_limit);
    let pgn =
        OpenApiRouter::new().routes(api_routes!(routes::pgn::import)).routes(api_routes!(routes::pgn_export::export));
    let explorer = OpenApiRouter::new()
        .routes(api_routes!(routes::explorer::explorer))
        .routes(api_routes!(routes::explorer::lichess))
        .routes(api_routes!(routes::explorer::masters));
    let service = OpenApiRouter::new()
        .routes(api_routes!(routes::service::healthz))
        .routes(api_routes!(routes::service::metrics));
    json.merge(pgn.layer(pgn_limit)).merge(explorer).merge(service).split_for_parts()
}

/// The OpenAPI 3 document of the API, as served at [`OPENAPI_PATH`] by
/// [`app`] (an [`app_with`] adds the extra routes' paths).
///
/// ```
/// let doc = ox88_server::openapi();
/// assert!(doc.paths.paths.contains_key("/api/v1/position"));
/// ```
pub fn openapi() -> OpenApi {
    api(&crate::ServerConfig::default()).1
}

/// The application for `config`: the API, its document, and every layer;
/// an error when `syzygy_path` names a directory that cannot be read, or
/// `explorer` a folder that holds no explorer.
///
/// ```
/// let app: axum::Router = ox88_server::app(ox88_server::ServerConfig { engines: 1, ..Default::default() })?;
/// # Ok::<(), ox88_server::StartError>(())
/// ```
pub fn app(config: crate::ServerConfig) -> Result<Router, StartError> {
    app_with(config, OpenApiRouter::new())
}

/// The application with `extra` merged in (another crate's routes with
/// their OpenAPI document, such as `ox88-web`'s page and friend games):
/// its requests pass through the same layers (panics caught, metrics,
/// compression, CORS, tracing), though body limits and time-outs of the
/// API's routes are the API's alone, and its paths join the served
/// document. Its paths must not clash with the API's (`/api/v1/...`,
/// `/healthz`, `/metrics`).
///
/// ```
/// use utoipa_axum::router::OpenApiRouter;
/// let app: axum::Router = ox88_server::app_with(ox88_server::ServerConfig::default(), OpenApiRouter::new())?;
/// # Ok::<(), ox88_server::StartError>(())
/// ```
pub fn app_with(config: crate::ServerConfig, extra: OpenApiRouter) -> Result<Router, StartError> {
    build(AppState::new(config)?, extra)
}

/// The application with `site` (`ox88-web`'s page at `/` and the friend
/// games) merged in, game reviews kept in the site's store beside the friend
/// games, and visitors counted as the site counts them: what the
/// `ox88-server` binary serves.
///
/// ```
/// let site = ox88_web::Site::open(ox88_web::WebConfig::in_memory())?;
/// let app: axum::Router = ox88_server::app_with_site(ox88_server::ServerConfig::default(), &site)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "web")]
pub fn app_with_site(config: crate::ServerConfig, site: &ox88_web::Site) -> Result<Router, StartError> {
    build(AppState::with_site(config, site.clone())?, site.router())
}

/// The application over `state`, with `extra` merged in.
fn build(state: AppState, extra: OpenApiRouter) -> Result<Router, StartError> {
    let state = Arc::new(state);
    let (api, mut doc) = api(&state.config);
    let (extra, extra_doc) = extra.split_for_parts();
    doc.merge(extra_doc);
    // Serialised once: the document does not change while the server runs.
    let document = routes::service::DocumentJson(serde_json::to_vec(&doc).expect("the document serialises").into());
    let timeout = state.config.request_timeout();
    let api = api
        .route(OPENAPI_PATH, get(routes::service::openapi_document).layer(Extension(document)))
        .route_layer(middleware::from_fn(move |request: Request, next: Next| time_limit(timeout, request, next)))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state.clone());
    let panics = state.metrics.clone();
    let cors = CorsLayer::new()
        .allow_origin(AnyOrigin)
        .allow_methods([Method::GET, Method::POST])
        .allow_headers([header::CONTENT_TYPE]);
    Ok(api
        .merge(extra)
        .layer(CatchPanicLayer::custom(move |panic| panicked(&panics, panic)))
        .layer(middleware::from_fn_with_state(state.metrics.clone(), metrics::track))
        .layer(CompressionLayer::new())
        .layer(cors)
        .layer(TraceLayer::new_for_http()))
}

/// Serves `app` on `listener` until `shutdown` completes; then stops
/// accepting and lets running requests finish.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    // With each connection's address (the web page caps open games per
    // address), and small frames sent at once (no Nagle delay).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>())
        .with_graceful_shutdown(shutdown)
        .await
}

/// Completes on Ctrl-C or, on Unix, SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        // Without a signal handler there is nothing to wait for.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}

/// The API's time limit: 503 `timeout` when a handler takes longer than
/// `limit` to answer (a stream's head counts, not its events).
async fn time_limit(limit: Duration, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::new(
            ErrorCode::Timeout,
            format!("the request took longer than the server's {} ms", limit.as_millis()),
        )
        .into_response(),
    }
}

/// 404 in the API's shape.
async fn not_found(request: Request) -> ApiError {
    ApiError::not_found(format!("no route {}", request.uri().path()))
}

/// 405 in the API's shape.
async fn method_not_allowed(request: Request) -> ApiError {
    let message = format!("{} is not allowed on {}", request.method(), request.uri().path());
    ApiError::new(ErrorCode::MethodNotAllowed, message)
}

/// A panic in a handler: counted, logged and answered 500.
fn panicked(metrics: &Metrics, panic: Box<dyn Any + Send + 'static>) -> Response {
    metrics.panics.inc();
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_owned());
    tracing::error!(panic = %what, "a handler panicked");
    ApiError::internal("the server failed on this request; it is counted and logged").into_response()
}
