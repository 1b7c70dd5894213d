//! [`ApiError`]: every error the service answers, as one JSON shape,
//! `{ "error": { "code", "message", "field" } }`, with its HTTP status.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use std::time::Duration;
use utoipa::ToSchema;

/// The body of every error answer.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ErrorResponse {
    /// What went wrong.
    pub error: ErrorBody,
}

/// What went wrong: a stable machine-readable code, a sentence for people
/// and, when one part of the request is to blame, where it is.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// A stable code, one per kind of error: `unreadable`, `too_large`,
    /// `unsupported_media_type`, `invalid_fen`, `illegal_move`,
    /// `invalid_value`, `too_much_work`, `not_found`,
    /// `method_not_allowed`, `busy`, `timeout`, `internal`.
    pub code: String,
    /// What went wrong, naming the bad token.
    pub message: String,
    /// The request field to blame, as a path (`fen`, `moves[3]`,
    /// `games[0].moves[2]`), or null.
    pub field: Option<String>,
}

/// An error answer: a status and its [`ErrorBody`], and how long to wait
/// before trying again when the service is busy.
#[derive(Clone, Debug)]
pub struct ApiError {
    /// The HTTP status (4xx, or 500/503).
    pub status: StatusCode,
    /// The body.
    pub body: ErrorBody,
    /// The `Retry-After` to send, for 503 and 429.
    pub retry_after: Option<Duration>,
}

impl ApiError {
    /// An error with `status`, `code` and `message`, blaming no field.
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: ErrorBody { code: code.to_owned(), message: message.into(), field: None },
            retry_after: None,
        }
    }

    /// The same error, blaming `field`.
    pub fn field(mut self, field: impl Into<String>) -> ApiError {
        self.body.field = Some(field.into());
        self
    }

    /// 400: the request cannot be read (not JSON, or not of the schema).
    pub fn unreadable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "unreadable", message)
    }

    /// 422: a field is readable but its value is not allowed.
    pub fn invalid(field: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid_value", message).field(field)
    }

    /// 422: the request asks for more work than the server allows.
    pub fn too_much_work(field: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "too_much_work", message).field(field)
    }

    /// 503 with `Retry-After`: every engine is busy.
    pub fn busy(retry_after: Duration) -> ApiError {
        let mut error = ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "every engine is busy; try again after the Retry-After delay",
        );
        error.retry_after = Some(retry_after);
        error
    }

    /// 500: a handler failed (a panic or a lost worker).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(ErrorResponse { error: self.body })).into_response();
        if let Some(delay) = self.retry_after {
            let seconds = delay.as_secs_f64().ceil().max(1.0) as u64;
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status.as_u16(), self.body.code, self.body.message)
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
}
