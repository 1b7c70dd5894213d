//! [`SiteVisitor`]: who sent a request, as the site counts visitors, for the
//! reviews' caps (one running review, new games a day).

use crate::state::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use ox88_http::ApiError;
use std::net::SocketAddr;
use std::sync::Arc;

/// The visitor who sent a request: the connection's address, or the
/// proxy's `X-Forwarded-For` when the site trusts it.
#[derive(Debug)]
pub struct SiteVisitor(pub String);

impl FromRequestParts<Arc<AppState>> for SiteVisitor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<SiteVisitor, ApiError> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0);
        Ok(SiteVisitor(state.site.visitor(&parts.headers, peer)))
    }
}
