//! Game reviews over HTTP: a game sent, its review streamed to the end with
//! its known blunder named, a second look answered from the store, the
//! evaluations kept answering lichess's cloud-eval shape, the puzzles made
//! from the blunder, and the bounds (one review per visitor, bad input).

use crate::harness::{error_field, events, small, Server};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::Duration;

/// Scholar's mate: 3... Nf6?? lets in 4. Qxf7#.
const SCHOLAR: [&str; 7] = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"];

/// A server whose reviews search few nodes (a debug build's search is slow).
async fn server(nodes: u64) -> Server {
    Server::start(ox88_server::ServerConfig { review_nodes: nodes, ..small() }).await
}

/// Sends `moves` for review: the review's id.
async fn send(server: &Server, moves: &[&str]) -> String {
    let (status, body) =
        server.post("/api/v1/reviews", &json!({"moves": moves, "white": "W", "black": "B", "result": "1-0"})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["url"], format!("/#/review/{}", body["id"].as_str().expect("an id")));
    body["id"].as_str().expect("an id").to_owned()
}

/// The whole stream of review `id`: its events.
async fn stream(server: &Server, id: &str) -> Vec<(String, Value)> {
    let response =
        server.client.get(server.url(&format!("/api/v1/reviews/{id}/stream"))).send().await.expect("an answer");
    assert_eq!(response.status().as_u16(), 200);
    events(&response.text().await.expect("the stream"))
}

#[tokio::test]
async fn a_review_streams_to_its_end_names_the_blunder_and_makes_a_puzzle() {
    let server = server(20_000).await;
    let id = send(&server, &SCHOLAR).await;
    let (status, before) = server.get(&format!("/api/v1/reviews/{id}")).await;
    let before: Value = serde_json::from_str(&before).expect("JSON");
    assert_eq!(
        (status, &before["complete"], &before["analysed"]),
        (200, &json!(false), &json!(1)),
        "only the mate is known: {before}"
    );
    let events = stream(&server, &id).await;
    let names: Vec<&str> = events.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names.first(), Some(&"review"));
    assert_eq!(names.iter().filter(|&&n| n == "eval").count(), 7, "each position but the mated one: {names:?}");
    let (last, review) = events.last().expect("events");
    assert_eq!((last.as_str(), &review["complete"]), ("review", &json!(true)), "{review}");
    let blunder = &review["moves"][5];
    assert_eq!(
        (&blunder["san"], &blunder["judgement"], &blunder["color"]),
        (&json!("Nf6"), &json!("blunder"), &json!("black"))
    );
    let best = blunder["best"]["san"].as_str().expect("a better move");
    assert_eq!(blunder["comment"], format!("Blunder. {best} was best."));
    assert_eq!(review["players"]["black"]["blunders"], 1, "{review}");
    assert_eq!(review["moves"][6]["judgement"], Value::Null, "the mate is no mistake");
    assert_eq!(review["positions"][7]["eval"], json!({"cp": null, "mate": 0}), "Black is mated");
    assert_eq!(review["positions"][6]["eval"]["mate"], 1, "{}", review["positions"][6]);
    assert!(review["players"]["black"]["accuracy"]
        .as_f64()
        .is_some_and(|a| a < review["players"]["white"]["accuracy"].as_f64().unwrap_or(0.0)));
    // The puzzle: after 3. Qh5 (played first), find Black's better move.
    let puzzles = review["puzzles"].as_array().expect("puzzles");
    assert_eq!(puzzles.len(), 1, "{review}");
    let (status, puzzle) = server.get(&format!("/api/v1/puzzles/{}", puzzles[0].as_str().expect("an id"))).await;
    let puzzle: Value = serde_json::from_str(&puzzle).expect("JSON");
    assert_eq!(status, 200, "{puzzle}");
    let moves = puzzle["Moves"].as_str().expect("moves");
    assert!(moves.starts_with("d1h5 ") && moves.split(' ').count() == 2, "{puzzle}");
    assert_eq!(puzzle["FEN"], "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3");
    assert_eq!(puzzle["GameUrl"], format!("/#/review/{id}/6"));
    assert!(puzzle["Themes"].as_str().is_some_and(|t| t.contains("oneMove") && t.contains("opening")), "{puzzle}");
    // A second look is instant: the store answers it, the stream says it once.
    let again = stream(&server, &id).await;
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].1["moves"][5]["judgement"], "blunder");
    assert_eq!(again[0].1["puzzles"], review["puzzles"], "the same puzzle, not a second one");
}

#[tokio::test]
async fn kept_evaluations_answer_in_lichess_s_cloud_eval_shape() {
    let server = server(10_000).await;
    let id = send(&server, &["e4", "e5"]).await;
    let events = stream(&server, &id).await;
    assert_eq!(events.last().map(|(_, review)| &review["complete"]), Some(&json!(true)));
    // After 1. e4, whatever the move counters say.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 9";
    let (status, body) = server.get(&format!("/api/v1/cloud-eval?fen={}", fen.replace(' ', "%20"))).await;
    assert_eq!(status, 200, "{body}");
    let eval: Value = serde_json::from_str(&body).expect("JSON");
    assert!(
        eval["knodes"].as_u64().is_some_and(|k| k >= 10) && eval["depth"].as_u64().is_some_and(|d| d >= 1),
        "{eval}"
    );
    let pvs = eval["pvs"].as_array().expect("pvs");
    assert_eq!(pvs.len(), 1);
    assert!(
        pvs[0]["moves"].as_str().is_some_and(|m| m.len() >= 4) && pvs[0]["cp"].is_i64() && pvs[0].get("mate").is_none(),
        "{eval}"
    );
    let asked = |query: &str| {
        let path = format!("/api/v1/cloud-eval?{query}");
        let server = &server;
        async move { server.get(&path).await }
    };
    let (status, body) = asked(&format!("fen={}&multiPv=2", fen.replace(' ', "%20"))).await;
    assert_eq!(status, 404, "one line was kept: {body}");
    let (status, body) = asked("fen=4k3/8/8/8/8/8/8/4K2Q%20w%20-%20-%200%201").await;
    let body: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!((status, error_field(&body, "not_found").as_deref()), (404, Some("fen")));
    for (query, code, field) in [
        ("fen=not-a-fen", "invalid_fen", "fen"),
        (&*format!("fen={}&multiPv=0", fen.replace(' ', "%20")), "invalid_value", "multiPv"),
        (&*format!("fen={}&variant=atomic", fen.replace(' ', "%20")), "invalid_value", "variant"),
    ] {
        let (status, body) = asked(query).await;
        let body: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!((status, error_field(&body, code).as_deref()), (422, Some(field)), "{query}");
    }
    let (status, _) = asked("multiPv=1").await;
    assert_eq!(status, 400, "no fen");
}

#[tokio::test]
async fn one_review_per_visitor_runs_and_leaving_stops_it() {
    // Many nodes: the first review is still running when the second is asked.
    let server = server(50_000_000).await;
    let first = send(&server, &["d4", "d5", "c4"]).await;
    let second = send(&server, &["e4"]).await;
    let response =
        server.client.get(server.url(&format!("/api/v1/reviews/{first}/stream"))).send().await.expect("an answer");
    assert_eq!(response.status().as_u16(), 200);
    let mut body = response.bytes_stream();
    let head = body.next().await.expect("an event").expect("bytes");
    assert!(String::from_utf8_lossy(&head).contains("event: review"));
    let response =
        server.client.get(server.url(&format!("/api/v1/reviews/{second}/stream"))).send().await.expect("an answer");
    assert_eq!(response.status().as_u16(), 429);
    let refused: Value = response.json().await.expect("JSON");
    error_field(&refused, "review_running");
    // Leaving the first stops it (what was analysed is kept): the second may run.
    drop(body);
    let mut status = 0;
    for _ in 0..100 {
        let response =
            server.client.get(server.url(&format!("/api/v1/reviews/{second}/stream"))).send().await.expect("an answer");
        status = response.status().as_u16();
        if status == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(status, 200, "the first review stopped when its stream closed");
}

#[tokio::test]
async fn bad_games_and_ids_are_refused_by_name() {
    let server = Server::start(ox88_server::ServerConfig { review_max_plies: 4, reviews_per_day: 2, ..small() }).await;
    let (status, body) = server.post("/api/v1/reviews", &json!({"moves": ["e4", "e4"]})).await;
    assert_eq!((status, error_field(&body, "illegal_move").as_deref()), (422, Some("moves[1]")));
    let (status, body) = server.post("/api/v1/reviews", &json!({"moves": ["e4", "e5", "Nf3", "Nc6", "Bb5"]})).await;
    assert_eq!((status, error_field(&body, "too_much_work").as_deref()), (422, Some("moves")));
    let (status, body) = server.post("/api/v1/reviews", &json!({"moves": ["e4"], "result": "2-0"})).await;
    assert_eq!((status, error_field(&body, "invalid_value").as_deref()), (422, Some("result")));
    let (status, body) = server.post("/api/v1/reviews", &json!({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"})).await;
    assert_eq!((status, error_field(&body, "invalid_fen").as_deref()), (422, Some("fen")));
    send(&server, &["e4"]).await;
    send(&server, &["d4"]).await;
    send(&server, &["e4"]).await;
    let (status, body) = server.post("/api/v1/reviews", &json!({"moves": ["c4"]})).await;
    assert_eq!(status, 429, "a third new game today: {body}");
    error_field(&body, "too_many_reviews");
    for path in [
        "/api/v1/reviews/AAAAAAAAAA",
        "/api/v1/reviews/bad",
        "/api/v1/reviews/AAAAAAAAAA/stream",
        "/api/v1/puzzles/AAAAAAAA",
    ] {
        let (status, body) = server.get(path).await;
        let body: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!((status, error_field(&body, "not_found").as_deref()), (404, Some("id")), "{path}");
    }
}

#[tokio::test]
async fn puzzles_are_listed_rated_by_first_tries_and_exported_as_lichess_s_csv() {
    let server = server(20_000).await;
    let id = send(&server, &SCHOLAR).await;
    stream(&server, &id).await;
    let (status, body) = server.get(&format!("/api/v1/puzzles?reviews={id}")).await;
    let list: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(status, 200, "{list}");
    let puzzle = &list["puzzles"][0];
    let puzzle_id = puzzle["PuzzleId"].as_str().expect("an id");
    assert_eq!((puzzle["Rating"].as_i64(), puzzle["NbPlays"].as_i64()), (Some(1500), Some(0)));
    let (status, rated) = server
        .post(
            &format!("/api/v1/puzzles/{puzzle_id}/attempt"),
            &json!({"solved": true, "player": {"rating": 1500, "deviation": 200}}),
        )
        .await;
    assert_eq!(status, 200, "{rated}");
    assert!(rated["puzzle"]["Rating"].as_i64().is_some_and(|r| r < 1500), "solved: the puzzle was easier: {rated}");
    assert!(
        rated["player"]["rating"].as_f64().is_some_and(|r| r > 1500.0)
            && rated["player"]["deviation"].as_f64().is_some_and(|d| d < 200.0),
        "{rated}"
    );
    assert_eq!(rated["puzzle"]["NbPlays"], 1);
    let (status, csv) = server.get(&format!("/api/v1/puzzles.csv?reviews={id}")).await;
    assert_eq!(status, 200);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags")
    );
    let row: Vec<&str> = lines.next().expect("a row").split(',').collect();
    assert_eq!((row.len(), row[0], row[6]), (10, puzzle_id, "1"));
    assert!(row[8].starts_with("http://127.0.0.1:") && row[8].ends_with(&format!("/#/review/{id}/6")), "{row:?}");
    let (status, body) = server.get("/api/v1/puzzles?reviews=nope").await;
    let body: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!((status, error_field(&body, "invalid_value").as_deref()), (422, Some("reviews")));
}
