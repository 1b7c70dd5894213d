//! [`ApiJson`]: a JSON request body whose rejections are [`ApiError`]s, so
//! that a body that is not JSON, not of the schema or too large gets the
//! service's error shape (400, 413, 415) rather than axum's plain text.

use crate::error::ApiError;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

/// A request body read as JSON into `T`.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<ApiJson<T>, ApiError> {
        match axum::Json::<T>::from_request(request, state).await {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(rejected(rejection)),
        }
    }
}

/// The service's error for axum's JSON rejection.
fn rejected(rejection: JsonRejection) -> ApiError {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "the body must be JSON, sent with Content-Type: application/json",
        ),
        JsonRejection::JsonDataError(error) => {
            // serde's message names the field ("missing field `moves`",
            // "invalid type: ... at line 1 column 9").
            ApiError::unreadable(format!("the body does not fit the schema: {}", source_text(&error)))
        }
        JsonRejection::JsonSyntaxError(error) => {
            ApiError::unreadable(format!("the body is not JSON: {}", source_text(&error)))
        }
        JsonRejection::BytesRejection(error) if error.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too_large", "the body is larger than this route accepts")
        }
        other => ApiError::unreadable(format!("the body cannot be read: {}", other.body_text())),
    }
}

/// The innermost message of an error: serde's, without axum's prefix.
fn source_text(error: &dyn std::error::Error) -> String {
    let mut error = error;
    while let Some(source) = error.source() {
        error = source;
    }
    error.to_string()
}
