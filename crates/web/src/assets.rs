//! The page's files, built from `page/` (see the README) and embedded in the
//! binary, so the server needs nothing beside itself.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// One embedded file: its path under `/assets/`, its media type, its bytes.
struct Asset {
    path: &'static str,
    media_type: &'static str,
    bytes: &'static [u8],
}

/// The page itself, served at `/`.
const INDEX: &[u8] = include_bytes!("../assets/index.html");

const ASSETS: [Asset; 6] = [
    Asset { path: "app.js", media_type: "text/javascript; charset=utf-8", bytes: include_bytes!("../assets/app.js") },
    Asset { path: "app.css", media_type: "text/css; charset=utf-8", bytes: include_bytes!("../assets/app.css") },
    Asset { path: "pieces/ox88.svg", media_type: "image/svg+xml", bytes: include_bytes!("../assets/pieces/ox88.svg") },
    Asset {
        path: "extensions/markers/markers.svg",
        media_type: "image/svg+xml",
        bytes: include_bytes!("../assets/extensions/markers/markers.svg"),
    },
    Asset {
        path: "extensions/arrows/arrows.svg",
        media_type: "image/svg+xml",
        bytes: include_bytes!("../assets/extensions/arrows/arrows.svg"),
    },
    Asset {
        path: "LICENSES.txt",
        media_type: "text/plain; charset=utf-8",
        bytes: include_bytes!("../assets/LICENSES.txt"),
    },
];

/// `GET /`: the page. Not cached, so a new version is seen at once; the
/// files it loads are small and revalidated.
pub async fn index() -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], INDEX).into_response()
}

/// `GET /assets/{*path}`: an embedded file, or 404.
pub async fn asset(Path(path): Path<String>) -> Response {
    match ASSETS.iter().find(|a| a.path == path) {
        Some(asset) => ([(header::CONTENT_TYPE, asset.media_type), (header::CACHE_CONTROL, "no-cache")], asset.bytes)
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
