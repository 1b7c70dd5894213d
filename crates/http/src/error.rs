//! [`ApiError`]: every error the services answer, as one JSON shape,
//! `{"error": {"code", "message", "field"}}`, with its HTTP status.

use crate::ErrorCode;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use utoipa::ToSchema;

/// The body of every error answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorResponse {
    /// What went wrong.
    pub error: ErrorBody,
}

/// What went wrong: a stable code, a sentence for people and, when one part
/// of the request is to blame, where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    /// The kind of error, stable for clients to match on.
    pub code: ErrorCode,
    /// What went wrong, naming the bad token.
    pub message: String,
    /// The request field to blame, as a path (`fen`, `moves[3]`,
    /// `games[0].moves[2]`), or null.
    pub field: Option<String>,
}

/// An error answer: its [`ErrorBody`] (whose code gives the status), and
/// how long to wait before trying again when the service is busy.
///
/// ```
/// use axum::response::IntoResponse;
/// use ox88_http::{ApiError, ErrorCode};
/// let error = ApiError::new(ErrorCode::IllegalMove, "move 3 \"Ke9\": no square e9").field("moves[3]");
/// assert_eq!(error.status().as_u16(), 422);
/// assert_eq!(error.into_response().status().as_u16(), 422);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The body.
    pub body: ErrorBody,
    /// The `Retry-After` to send, for 503 and 429.
    pub retry_after: Option<Duration>,
}

impl ApiError {
    /// An error with `code` and `message`, blaming no field.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError { body: ErrorBody { code, message: message.into(), field: None }, retry_after: None }
    }

    /// The same error, blaming `field`.
    pub fn field(mut self, field: impl Into<String>) -> ApiError {
        self.body.field = Some(field.into());
        self
    }

    /// The HTTP status: the code's.
    pub fn status(&self) -> StatusCode {
        self.body.code.status()
    }

    /// The code.
    pub fn code(&self) -> ErrorCode {
        self.body.code
    }

    /// 400 `unreadable`: the request cannot be read (not JSON, or not of
    /// the schema).
    pub fn unreadable(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Unreadable, message)
    }

    /// 422 `invalid_value`: `field` is readable but its value is not
    /// allowed.
    pub fn invalid(field: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::InvalidValue, message).field(field)
    }

    /// 422 `too_much_work`: the request asks for more work than the server
    /// allows.
    pub fn too_much_work(field: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::TooMuchWork, message).field(field)
    }

    /// 404 `not_found`: `what` names nothing here.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::NotFound, message)
    }

    /// 404 `not_found` on the field `id`: there is no `kind` (a game, a
    /// review, a puzzle) with the id `text` (shown cut to 40 characters).
    pub fn no_such(kind: &str, text: &str) -> ApiError {
        let shown: String = text.chars().take(40).collect();
        ApiError::not_found(format!("there is no {kind} {shown:?}")).field("id")
    }

    /// 503 `storage`: the store (SQLite) failed with `error`.
    pub fn storage(error: impl std::fmt::Display) -> ApiError {
        ApiError::new(ErrorCode::Storage, format!("the store failed: {error}"))
    }

    /// 503 `busy` with `Retry-After`: every engine is busy.
    pub fn busy(retry_after: Duration) -> ApiError {
        let mut error = ApiError::new(ErrorCode::Busy, "every engine is busy; try again after the Retry-After delay");
        error.retry_after = Some(retry_after);
        error
    }

    /// 500 `internal`: a handler failed (a panic or a lost worker).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Internal, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let mut response = (status, Json(ErrorResponse { error: self.body })).into_response();
        let headers = response.headers_mut();
        if let Some(delay) = self.retry_after {
            let seconds = delay.as_secs_f64().ceil().max(1.0) as u64;
            headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        if status == StatusCode::UPGRADE_REQUIRED {
            // RFC 9110 15.5.22: a 426 names the protocol to switch to.
            headers.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
            headers.insert(header::CONNECTION, HeaderValue::from_static("upgrade"));
        }
        response
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status().as_u16(), self.body.code, self.body.message)
    }
}

impl std::error::Error for ApiError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn busy_answers_carry_retry_after_in_whole_seconds() {
        let response = ApiError::busy(Duration::from_millis(1500)).into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "2");
        let response = ApiError::invalid("depth", "too deep").into_response();
        assert!(response.headers().get(header::RETRY_AFTER).is_none());
    }

    #[tokio::test]
    async fn the_body_is_the_one_shape_with_the_code_as_a_word() {
        let response = ApiError::new(ErrorCode::InvalidFen, "FEN \"x\": no board").field("fen").into_response();
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 16).await.expect("the body");
        assert_eq!(
            std::str::from_utf8(&bytes).expect("UTF-8"),
            r#"{"error":{"code":"invalid_fen","message":"FEN \"x\": no board","field":"fen"}}"#
        );
    }

    #[test]
    fn a_missing_thing_names_its_kind_and_its_id_cut_short() {
        let error = ApiError::no_such("review", &"x".repeat(100));
        assert_eq!((error.status(), error.code()), (StatusCode::NOT_FOUND, ErrorCode::NotFound));
        assert_eq!(error.to_string(), format!("404 not_found: there is no review \"{}\"", "x".repeat(40)));
        let error = ApiError::storage("disk full");
        assert_eq!(error.to_string(), "503 storage: the store failed: disk full");
    }

    #[test]
    fn a_426_names_the_websocket_upgrade() {
        let response = ApiError::new(ErrorCode::UpgradeRequired, "not a WebSocket handshake").into_response();
        assert_eq!(response.status(), StatusCode::UPGRADE_REQUIRED);
        assert_eq!(response.headers()[header::UPGRADE], "websocket");
    }
}
