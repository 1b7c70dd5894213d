//! Analysis, its stream, best moves, and the engine pool under load.

use crate::harness::{error_field, events, small, Server};
use futures_util::StreamExt;
use ox88::Position;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Scholar's mate is one move away: 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6.
const SCHOLAR: [&str; 6] = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"];

#[tokio::test]
async fn analyse_finds_the_mate_and_reports_its_lines() {
    let server = Server::start(small()).await;
    let (status, body) = server.post("/api/v1/analyse", &json!({"moves": SCHOLAR, "depth": 4, "multipv": 2})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["best_move"], json!({"uci": "h5f7", "san": "Qxf7#"}));
    let lines = body["lines"].as_array().expect("lines");
    assert_eq!(lines.len(), 2, "{body}");
    assert_eq!(lines[0]["score"], json!({"cp": null, "mate": 1}));
    assert_eq!(lines[0]["pv_san"][0], "Qxf7#");
    assert_eq!((lines[0]["multipv"].as_u64(), lines[1]["multipv"].as_u64()), (Some(1), Some(2)));
    assert!(lines[1]["pv_uci"].as_array().is_some_and(|pv| !pv.is_empty() && pv[0] != "h5f7"), "{body}");
    assert_eq!(body["capped"], false);
}

#[tokio::test]
async fn scores_stay_the_side_to_moves_on_the_wire() {
    // Black to move mates with Qh4#: "mate 1" for Black, as UCI says it.
    let server = Server::start(small()).await;
    let fools = ["f3", "e5", "g4"];
    let (status, body) = server.post("/api/v1/analyse", &json!({"moves": fools, "depth": 3})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["lines"][0]["score"], json!({"cp": null, "mate": 1}), "{body}");
    let (status, body) = server.post("/api/v1/best-move", &json!({"moves": fools, "level": 3})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!((&body["best_move"]["san"], &body["score"]), (&json!("Qh4#"), &json!({"cp": null, "mate": 1})));
}

#[tokio::test]
async fn analyse_agrees_with_the_engine_searched_directly() {
    use ox88::protocol::Limits;
    let server = Server::start(small()).await;
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (status, body) = server.post("/api/v1/analyse", &json!({"fen": kiwipete, "depth": 6})).await;
    assert_eq!(status, 200, "{body}");
    let mut engine = ox88::Ox88::with_settings(ox88::Settings { hash_mb: 4, ..Default::default() }).expect("an engine");
    let position = Position::from_fen(kiwipete).expect("a FEN");
    let result = engine.search(&position, &Limits::depth(6), &mut |_| {});
    // One thread, a cleared table, the same limits: the same search.
    let best = result.best.map(|m| position.uci(m).to_string());
    assert_eq!(body["best_move"]["uci"].as_str(), best.as_deref());
    assert_eq!(body["nodes"].as_u64(), Some(result.nodes()));
}

#[tokio::test]
async fn analyse_caps_what_it_is_asked_and_refuses_zero_limits() {
    let config = ox88_server::ServerConfig { max_depth: 3, max_multipv: 2, ..small() };
    let server = Server::start(config).await;
    let (status, body) = server.post("/api/v1/analyse", &json!({"depth": 40, "multipv": 5})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!((body["depth"].as_u64(), body["capped"].as_bool()), (Some(3), Some(true)));
    assert!(body["lines"].as_array().is_some_and(|l| l.len() == 2), "{body}");
    let (_, metrics) = server.get("/metrics").await;
    assert!(metrics.lines().any(|l| l == "ox88_searches_capped_total 1"), "{metrics}");
    for field in ["depth", "nodes", "movetime_ms", "multipv"] {
        let (status, body) = server.post("/api/v1/analyse", &json!({field: 0})).await;
        assert_eq!(status, 422, "{field}: {body}");
        assert_eq!(error_field(&body, "invalid_value").as_deref(), Some(field));
    }
    let (status, body) = server.post("/api/v1/analyse", &json!({"moves": ["e4", "Ke7"], "depth": 1})).await;
    assert_eq!(status, 422);
    assert_eq!(error_field(&body, "illegal_move").as_deref(), Some("moves[1]"));
}

#[tokio::test]
async fn the_stream_sends_each_line_then_the_result() {
    let server = Server::start(small()).await;
    let response = server
        .client
        .post(server.url("/api/v1/analyse/stream"))
        .json(&json!({"depth": 5}))
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status().as_u16(), 200);
    assert!(response.headers()["content-type"].to_str().is_ok_and(|t| t.starts_with("text/event-stream")));
    let events = events(&response.text().await.expect("the stream"));
    let infos: Vec<&Value> = events.iter().filter(|(name, _)| name == "info").map(|(_, data)| data).collect();
    let depths: Vec<u64> = infos.iter().filter_map(|line| line["depth"].as_u64()).collect();
    assert!(depths.len() >= 5 && depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
    let (last, result) = events.last().expect("events");
    assert_eq!(last, "result");
    assert_eq!(result["depth"], 5);
    assert!(result["best_move"]["uci"].as_str().is_some(), "{result}");
}

#[tokio::test]
async fn closing_the_stream_stops_the_search_and_frees_the_engine() {
    let server = Server::start(small()).await;
    let started = Instant::now();
    let response = server
        .client
        .post(server.url("/api/v1/analyse/stream"))
        .json(&json!({"movetime_ms": 8_000}))
        .send()
        .await
        .expect("an answer");
    let mut body = response.bytes_stream();
    let first = body.next().await.expect("an event").expect("bytes");
    assert!(String::from_utf8_lossy(&first).contains("event: info"));
    drop(body);
    // The engine comes back long before the search's 8 seconds.
    loop {
        let (_, health) = server.get("/healthz").await;
        let health: Value = serde_json::from_str(&health).expect("JSON");
        if health["engines_in_use"] == 0 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(4), "the engine is still busy: {health}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (status, _) = server.post("/api/v1/analyse", &json!({"depth": 2})).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn many_clients_at_once_share_the_pool_and_the_rest_get_503() {
    let config = ox88_server::ServerConfig { engines: 2, queue_wait_ms: 100, ..small() };
    let server = std::sync::Arc::new(Server::start(config).await);
    let mut clients = Vec::new();
    for _ in 0..12 {
        let server = server.clone();
        clients.push(tokio::spawn(async move {
            let response = server
                .client
                .post(server.url("/api/v1/analyse"))
                .json(&json!({"movetime_ms": 400}))
                .send()
                .await
                .expect("an answer");
            let status = response.status().as_u16();
            let retry = response.headers().get("retry-after").map(|v| v.to_str().unwrap_or("").to_owned());
            let body: Value = response.json().await.expect("JSON");
            (status, retry, body)
        }));
        // While they run, never more engines than the pool's.
    }
    let mut most_in_use = 0;
    for _ in 0..10 {
        let (_, health) = server.get("/healthz").await;
        let health: Value = serde_json::from_str(&health).expect("JSON");
        most_in_use = most_in_use.max(health["engines_in_use"].as_u64().expect("a count"));
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    assert!(most_in_use <= 2, "{most_in_use} engines in use");
    let (mut ok, mut busy) = (0, 0);
    for client in clients {
        let (status, retry, body) = client.await.expect("a client");
        match status {
            200 => ok += 1,
            503 => {
                busy += 1;
                assert_eq!(error_field(&body, "busy"), None);
                assert!(retry.is_some_and(|r| r.parse::<u64>().is_ok_and(|s| s >= 1)));
            }
            other => panic!("status {other}: {body}"),
        }
    }
    assert!(ok >= 2 && busy >= 1 && ok + busy == 12, "{ok} answered, {busy} busy");
    // Nothing leaks: every engine is back (an engine is cleared as it goes
    // back, just after its answer: within a second), every request counted.
    let back = Instant::now();
    loop {
        let (_, health) = server.get("/healthz").await;
        if health.contains("\"engines_in_use\":0") {
            break;
        }
        assert!(back.elapsed() < Duration::from_secs(1), "an engine did not come back: {health}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let (_, metrics) = server.get("/metrics").await;
    assert!(metrics.lines().any(|l| l == format!("ox88_busy_total {busy}")), "{metrics}");
}

#[tokio::test]
async fn best_move_by_level_movetime_and_clock() {
    let server = Server::start(small()).await;
    for request in [
        json!({"moves": SCHOLAR, "level": 3}),
        json!({"moves": SCHOLAR, "movetime_ms": 100}),
        json!({"moves": SCHOLAR, "clock": {"white_ms": 3_000, "black_ms": 3_000, "white_increment_ms": 100}}),
        json!({"moves": SCHOLAR}),
    ] {
        let (status, body) = server.post("/api/v1/best-move", &request).await;
        assert_eq!(status, 200, "{request} -> {body}");
        assert_eq!(body["best_move"]["san"], "Qxf7#", "{request} -> {body}");
        assert_eq!(body["score"]["mate"], 1);
    }
    let (status, body) =
        server.post("/api/v1/best-move", &json!({"moves": ["f3", "e5", "g4", "Qh4#"], "level": 1})).await;
    assert_eq!(status, 200);
    assert_eq!(body["best_move"], Value::Null);
    let (status, body) = server.post("/api/v1/best-move", &json!({"level": 9})).await;
    assert_eq!(status, 422);
    assert_eq!(error_field(&body, "invalid_value").as_deref(), Some("level"));
    let (status, _) = server.post("/api/v1/best-move", &json!({"level": 2, "movetime_ms": 10})).await;
    assert_eq!(status, 422);
    let (status, levels) = server.get("/api/v1/levels").await;
    assert_eq!(status, 200);
    let levels: Value = serde_json::from_str(&levels).expect("JSON");
    assert_eq!(levels.as_array().map(Vec::len), Some(8));
    // A measured level says its Elo with the error and the games behind it.
    assert!(levels[3]["elo"]["elo"].is_u64() && levels[3]["elo"]["margin"].is_u64(), "{levels}");
}
