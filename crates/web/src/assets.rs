//! The page's files, built from `page/` (see the README) and embedded in the
//! binary, so the server needs nothing beside itself.

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use ox88_http::{ApiError, ErrorResponse};

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

/// The page: play ox88, analyse, play a friend. Not cached, so a new
/// version is seen at once; the files it loads are small and revalidated.
#[utoipa::path(get, path = "/", tag = "page",
    responses((status = 200, description = "The page", body = String, content_type = "text/html")))]
pub async fn index() -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], INDEX).into_response()
}

/// One of the page's files: its script, style sheet, pieces and markers.
#[utoipa::path(get, path = "/assets/{path}", tag = "page",
    params(("path" = String, Path, description = "The file's path, as `app.js` or `pieces/ox88.svg` (axum routes the
        rest of the address, slashes and all: `/assets/{*path}`)")),
    responses(
        (status = 200, description = "The file", body = String, content_type = "text/javascript",
         content_type = "text/css", content_type = "image/svg+xml", content_type = "text/plain"),
        (status = 404, description = "No such file", body = ErrorResponse),
    ))]
pub async fn asset(Path(path): Path<String>) -> Result<Response, ApiError> {
    match ASSETS.iter().find(|a| a.path == path) {
        Some(asset) => {
            Ok(([(header::CONTENT_TYPE, asset.media_type), (header::CACHE_CONTROL, "no-cache")], asset.bytes)
                .into_response())
        }
        None => {
            let shown: String = path.chars().take(60).collect();
            Err(ApiError::not_found(format!("no file {shown:?} among the page's")).field("path"))
        }
    }
}
