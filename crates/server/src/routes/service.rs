//! The service's own routes: `/healthz`, `/metrics` and the OpenAPI
//! document at `/api/v1/openapi.json`.

use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::Extension;
use axum::Json;
use serde::Serialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// The service is up.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// Always `ok`.
    pub status: String,
    /// The server's version.
    pub version: String,
    /// Engines in the pool.
    pub engines: usize,
    /// Engines searching now.
    pub engines_in_use: usize,
}

/// Whether the service is up, with its engine pool's use.
#[utoipa::path(get, path = "/healthz", tag = "service",
    responses((status = 200, description = "The service is up", body = Health)))]
pub async fn healthz(State(state): State<Arc<AppState>>) -> Json<Health> {
    Json(Health {
        status: "ok".to_owned(),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        engines: state.pool.size(),
        engines_in_use: state.pool.in_use(),
    })
}

/// The service's metrics in Prometheus text format: requests by route and
/// status, latency, the engine pool in use, searches and searches capped,
/// busy answers and panics.
#[utoipa::path(get, path = "/metrics", tag = "service",
    responses((status = 200, description = "Prometheus text format 0.0.4", body = String, content_type = "text/plain")))]
pub async fn metrics(State(state): State<Arc<AppState>>) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], state.metrics.render())
}

/// The OpenAPI document as served: its JSON, written once.
#[derive(Clone, Debug)]
pub struct DocumentJson(pub axum::body::Bytes);

/// This document: the OpenAPI 3.1 description of every route of the
/// service.
#[utoipa::path(get, path = "/api/v1/openapi.json", tag = "service",
    responses((status = 200, description = "The OpenAPI document", body = serde_json::Value,
               content_type = "application/json")))]
pub async fn openapi_document(Extension(DocumentJson(json)): Extension<DocumentJson>) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], json)
}
