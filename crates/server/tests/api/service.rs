//! The service around the endpoints: health, metrics, the OpenAPI document
//! against the routes, every error class, panics and shutdown.

use crate::harness::{error_field, small, Server};
use axum::routing::get;
use serde_json::{json, Value};

#[tokio::test]
async fn healthz_and_metrics_answer() {
    let server = Server::start(small()).await;
    let (status, text) = server.get("/healthz").await;
    assert_eq!(status, 200);
    let health: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!((health["status"].as_str(), health["engines"].as_u64()), (Some("ok"), Some(1)));
    server.post("/api/v1/position", &json!({})).await;
    server.post("/api/v1/position", &json!({"fen": "bad"})).await;
    let response = server.client.get(server.url("/metrics")).send().await.expect("an answer");
    assert!(response.headers()["content-type"].to_str().is_ok_and(|t| t.starts_with("text/plain")));
    let text = response.text().await.expect("text");
    for line in [
        r#"ox88_http_requests_total{method="POST",route="/api/v1/position",status="200"} 1"#,
        r#"ox88_http_requests_total{method="POST",route="/api/v1/position",status="422"} 1"#,
        r#"ox88_http_requests_total{method="GET",route="/healthz",status="200"} 1"#,
        "ox88_engines 1",
        "ox88_engines_in_use 0",
        "ox88_panics_total 0",
        "ox88_searches_capped_total 0",
    ] {
        assert!(text.lines().any(|l| l == line), "no {line:?} in\n{text}");
    }
    assert!(text.contains("ox88_http_request_duration_seconds_bucket{route=\"/api/v1/position\""), "{text}");
}

/// The document `server` serves, after checking that every documented
/// operation is served (it answers, and not 405 nor the router's 404 — a
/// route's own 404, for no such review, says so otherwise; `{id}` is
/// `game`, `{path}` one of the page's files), that `expected` are its
/// paths, and that every error answer has the error shape.
async fn check_document(server: &Server, expected: &[&str], game: &str) {
    let (status, text) = server.get("/api/v1/openapi.json").await;
    assert_eq!(status, 200);
    let doc: Value = serde_json::from_str(&text).expect("JSON");
    assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.")), "{}", doc["openapi"]);
    let paths = doc["paths"].as_object().expect("paths");
    for (path, item) in paths {
        for method in item.as_object().expect("a path item").keys() {
            let url = server.url(&path.replace("{id}", game).replace("{path}", "app.js"));
            let request = match method.as_str() {
                "get" => server.client.get(url),
                "post" => server.client.post(url).json(&json!({})),
                other => panic!("{path}: an unexpected method {other}"),
            };
            let response = request.send().await.expect("an answer");
            let status = response.status().as_u16();
            let body: Value = response.json().await.unwrap_or(Value::Null);
            // A 404 of the handler's own (the explorer without a collection)
            // is served, where the fallback's "no route" is not.
            let unrouted = status == 404 && body["error"]["message"].as_str().is_none_or(|m| m.starts_with("no route"));
            assert!(!unrouted && status != 405, "{method} {path} is documented but answers {status}: {body}");
        }
    }
    for path in expected {
        assert!(paths.contains_key(*path), "{path} is not documented: {:?}", paths.keys());
    }
    assert_eq!(paths.len(), expected.len(), "documented: {:?}", paths.keys());
    for (path, item) in paths {
        for (method, operation) in item.as_object().expect("a path item") {
            for (status, response) in operation["responses"].as_object().expect("responses") {
                if status.starts_with('4') || status.starts_with('5') {
                    let schema = &response["content"]["application/json"]["schema"]["$ref"];
                    assert!(
                        schema.as_str().is_some_and(|s| s.ends_with("Error") || s.ends_with("ErrorResponse")),
                        "{method} {path} {status}: {response}"
                    );
                }
            }
        }
    }
}

/// The API's routes, the document's own among them.
const API_PATHS: [&str; 15] = [
    "/api/v1/position",
    "/api/v1/play",
    "/api/v1/perft",
    "/api/v1/analyse",
    "/api/v1/analyse/stream",
    "/api/v1/best-move",
    "/api/v1/levels",
    "/api/v1/pgn/import",
    "/api/v1/pgn/export",
    "/api/v1/explorer",
    "/lichess",
    "/masters",
    "/api/v1/openapi.json",
    "/healthz",
    "/metrics",
];

/// The game reviews' routes (with the feature `web`: they keep their work in
/// the site's store).
#[cfg(feature = "web")]
const REVIEW_PATHS: [&str; 8] = [
    "/api/v1/reviews",
    "/api/v1/reviews/{id}",
    "/api/v1/reviews/{id}/stream",
    "/api/v1/cloud-eval",
    "/api/v1/puzzles",
    "/api/v1/puzzles/{id}",
    "/api/v1/puzzles/{id}/attempt",
    "/api/v1/puzzles.csv",
];

/// The routes of the API, with the reviews' when they are built.
fn api_paths() -> Vec<&'static str> {
    #[cfg(feature = "web")]
    return API_PATHS.iter().chain(&REVIEW_PATHS).copied().collect();
    #[cfg(not(feature = "web"))]
    API_PATHS.to_vec()
}

#[tokio::test]
async fn the_openapi_document_and_the_routes_agree() {
    // Searches without limits end at the server's cap: keep it short.
    let server = Server::start(ox88_server::ServerConfig { max_movetime_ms: 200, ..small() }).await;
    // An id no review or puzzle has: their routes answer their own 404.
    check_document(&server, &api_paths(), "AAAAAAAAAA").await;
}

/// The binary's routes: the API's and the web page's, all documented.
#[cfg(feature = "web")]
#[tokio::test]
async fn every_route_of_the_binary_is_documented() {
    let web = ox88_web::router(ox88_web::WebConfig::in_memory()).expect("the store opens");
    let server = Server::start_with(ox88_server::ServerConfig { max_movetime_ms: 200, ..small() }, web).await;
    let (status, created) = server.post("/api/v1/friend/games", &json!({"color": "white"})).await;
    assert_eq!(status, 201, "{created}");
    let web_paths = [
        "/",
        "/assets/{path}",
        "/api/v1/friend/games",
        "/api/v1/friend/finished.pgn",
        "/api/v1/friend/games/{id}",
        "/api/v1/friend/games/{id}/pgn",
        "/api/v1/friend/games/{id}/ws",
    ];
    let expected: Vec<&str> = api_paths().into_iter().chain(web_paths).collect();
    check_document(&server, &expected, created["id"].as_str().expect("an id")).await;
}

#[tokio::test]
async fn every_error_class_gets_the_error_shape() {
    let server = Server::start(ox88_server::ServerConfig { max_body_kb: 1, ..small() }).await;
    let url = server.url("/api/v1/position");
    let send = |request: reqwest::RequestBuilder| async move {
        let response = request.send().await.expect("an answer");
        let status = response.status().as_u16();
        (status, response.json::<Value>().await.expect("a JSON error"))
    };
    // 400: not JSON; JSON of the wrong shape.
    let (status, body) = send(server.client.post(&url).header("content-type", "application/json").body("{fen:")).await;
    assert_eq!(status, 400);
    error_field(&body, "unreadable");
    let (status, body) = send(server.client.post(&url).json(&json!({"moves": "e4"}))).await;
    assert_eq!(status, 400);
    error_field(&body, "unreadable");
    // 413: larger than the route's limit.
    let big = json!({"moves": vec!["e4"; 1000]});
    let (status, body) = send(server.client.post(&url).json(&big)).await;
    assert_eq!(status, 413);
    error_field(&body, "too_large");
    // 415: not sent as JSON.
    let (status, body) = send(server.client.post(&url).body("{}")).await;
    assert_eq!(status, 415);
    error_field(&body, "unsupported_media_type");
    // 404 and 405.
    let (status, body) = send(server.client.get(server.url("/api/v1/nothing"))).await;
    assert_eq!(status, 404);
    error_field(&body, "not_found");
    let (status, body) = send(server.client.get(&url)).await;
    assert_eq!(status, 405);
    error_field(&body, "method_not_allowed");
}

#[tokio::test]
async fn a_panic_is_answered_500_counted_and_the_server_goes_on() {
    fn boom() -> &'static str {
        panic!("a test handler panics on purpose")
    }
    let extra = axum::Router::new().route("/boom", get(|| async { boom() }));
    let server = Server::start_with(small(), extra.into()).await;
    let response = server.client.get(server.url("/boom")).send().await.expect("an answer");
    assert_eq!(response.status().as_u16(), 500);
    let body: Value = response.json().await.expect("JSON");
    error_field(&body, "internal");
    let (_, metrics) = server.get("/metrics").await;
    assert!(metrics.lines().any(|l| l == "ox88_panics_total 1"), "{metrics}");
    assert!(metrics.contains(r#"route="/boom",status="500""#), "{metrics}");
    let (status, _) = server.post("/api/v1/position", &json!({})).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn shutdown_lets_running_requests_finish() {
    let slow = axum::Router::new().route(
        "/slow",
        get(|| async {
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            "done"
        }),
    );
    let server = Server::start_with(small(), slow.into()).await;
    let request = server.client.get(server.url("/slow")).send();
    let running = tokio::spawn(async move { request.await.expect("an answer").text().await.expect("text") });
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    server.shutdown().await;
    assert_eq!(running.await.expect("the request task"), "done");
}
