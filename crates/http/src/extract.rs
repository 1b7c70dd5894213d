//! [`ApiJson`] and [`ApiQuery`]: a JSON body and a query string whose
//! rejections are [`ApiError`]s, so that a request that is not JSON, not of
//! the schema or too large gets the services' error shape (400, 413, 415)
//! rather than axum's plain text.

use crate::{ApiError, ErrorCode};
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
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
            Err(rejection) => Err(json_rejected(rejection)),
        }
    }
}

/// The answers [`ApiJson`] gives for a body it refuses, for an operation's
/// OpenAPI responses beside its own: `responses((status = 200, ...),
/// JsonRejections, (status = 422, ...))`.
#[derive(utoipa::IntoResponses)]
pub enum JsonRejections {
    /// 400.
    #[response(status = 400, description = "The body is not JSON of the schema")]
    NotOfTheSchema(crate::ErrorResponse),
    /// 413.
    #[response(status = 413, description = "The body is too large")]
    TooLarge(crate::ErrorResponse),
    /// 415.
    #[response(status = 415, description = "The body is not sent as JSON")]
    NotJson(crate::ErrorResponse),
}

/// A query string read into `T`.
#[derive(Debug)]
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<ApiQuery<T>, ApiError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(ApiQuery(value)),
            Err(QueryRejection::FailedToDeserializeQueryString(error)) => {
                Err(ApiError::unreadable(format!("the query does not fit the schema: {}", source_text(&error))))
            }
            Err(other) => Err(ApiError::unreadable(format!("the query cannot be read: {}", other.body_text()))),
        }
    }
}

/// The services' error for axum's JSON rejection.
fn json_rejected(rejection: JsonRejection) -> ApiError {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => ApiError::new(
            ErrorCode::UnsupportedMediaType,
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
            ApiError::new(ErrorCode::TooLarge, "the body is larger than this route accepts")
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

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::header;

    #[derive(Debug, serde::Deserialize)]
    struct Asked {
        #[allow(dead_code)] // read, to check that it is
        depth: u32,
    }

    async fn body(content_type: Option<&str>, text: &'static str) -> Result<ApiJson<Asked>, ApiError> {
        let mut request = Request::builder().method("POST").uri("/");
        if let Some(content_type) = content_type {
            request = request.header(header::CONTENT_TYPE, content_type);
        }
        ApiJson::<Asked>::from_request(request.body(Body::from(text)).expect("a request"), &()).await
    }

    #[tokio::test]
    async fn bodies_that_cannot_be_read_are_answered_in_the_one_shape() {
        let json = Some("application/json");
        assert!(body(json, r#"{"depth": 3}"#).await.is_ok());
        let error = body(json, r#"{"depth": "deep"}"#).await.expect_err("a string");
        assert_eq!(error.code(), ErrorCode::Unreadable);
        assert!(error.body.message.contains("invalid type: string \"deep\""), "{error}");
        assert_eq!(body(json, "{").await.expect_err("not JSON").code(), ErrorCode::Unreadable);
        assert_eq!(body(None, r#"{"depth": 3}"#).await.expect_err("no type").code(), ErrorCode::UnsupportedMediaType);
    }

    #[tokio::test]
    async fn queries_that_cannot_be_read_are_answered_in_the_one_shape() {
        let (mut parts, ()) = Request::builder().uri("/?depth=-1").body(()).expect("a request").into_parts();
        let error = ApiQuery::<Asked>::from_request_parts(&mut parts, &()).await.expect_err("negative");
        assert_eq!(error.status(), StatusCode::BAD_REQUEST);
        assert!(error.body.message.contains("depth"), "{error}");
    }
}
