//! PGN to JSON and back, and perft.

use crate::harness::{error_field, small, Server};
use serde_json::{json, Value};

const GAMES: &str = r#"[Event "Casual"]
[White "Anderssen"]
[Black "Kieseritzky"]
[Result "1-0"]

1. e4 e5 2. f4 exf4 {the King's Gambit} 3. Bc4 $1 Qh4+ (3... d5 4. Bxd5) 4. Kf1 1-0

[Event "Broken"]

1. e4 e5 2. Ke3 *

[Event "Third"]

1. d4 d5 1/2-1/2
"#;

#[tokio::test]
async fn pgn_import_reads_every_game_and_names_the_bad_one() {
    let server = Server::start(small()).await;
    let (status, body) = server.post("/api/v1/pgn/import", &json!({"pgn": GAMES})).await;
    assert_eq!(status, 200, "{body}");
    let games = body["games"].as_array().expect("games");
    assert_eq!(games.len(), 3);
    let first = &games[0];
    assert_eq!(first["tags"][1], json!({"name": "White", "value": "Anderssen"}));
    assert_eq!(first["result"], "1-0");
    let sans: Vec<&str> = first["moves"].as_array().expect("moves").iter().filter_map(|m| m["san"].as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "f4", "exf4", "Bc4", "Qh4+", "Kf1"]);
    assert_eq!(first["moves"][3]["comment"], "the King's Gambit");
    assert_eq!(first["moves"][4]["nags"], json!([1]));
    assert_eq!(first["moves"][5]["variations"][0][1]["san"], "Bxd5");
    assert_eq!(first["moves"][0]["uci"], "e2e4");
    assert_eq!(first["error"], Value::Null);
    let broken = &games[1];
    assert_eq!(error_field(&json!({"error": broken["error"]}), "illegal_move").as_deref(), Some("games[1].moves[2]"));
    assert_eq!(broken["moves"].as_array().map(Vec::len), Some(2));
    assert_eq!(games[2]["result"], "1/2-1/2");
    let (_, page) = server.post("/api/v1/pgn/import", &json!({"pgn": GAMES, "skip": 1, "limit": 1})).await;
    assert_eq!((page["games"].as_array().map(Vec::len), page["more"].as_bool()), (Some(1), Some(true)));
    assert_eq!(page["games"][0]["number"], 2);
}

/// What the import answers, the export takes back: a game with comments,
/// clocks, NAGs and variations goes through both and reads the same.
#[tokio::test]
async fn an_imported_tree_is_exported_and_reads_back_the_same() {
    let server = Server::start(small()).await;
    let pgn = "[White \"A\"]\n\n{A game} 1. e4 {[%clk 0:04:58] a start} 1... e5 $1 {[%clk 0:04:57] [%eval 0.2]} \
               (1... c5 {[%clk 0:04:50]} 2. Nf3) 2. Nf3 *";
    let (status, first) = server.post("/api/v1/pgn/import", &json!({"pgn": pgn})).await;
    assert_eq!(status, 200, "{first}");
    let game = &first["games"][0];
    assert_eq!(game["moves"][0]["clock_ms"], 298_000);
    assert_eq!(game["moves"][0]["comment"], "a start", "the clock is lifted out of the comment");
    assert_eq!(game["moves"][1]["comment"], "[%eval 0.2]", "other commands stay");
    assert_eq!(game["moves"][1]["variations"][0][0]["clock_ms"], 290_000);
    let export = json!({"games": [{"tags": game["tags"], "comment": game["comment"], "moves": game["moves"],
        "result": game["result"]}]});
    let response = server.client.post(server.url("/api/v1/pgn/export")).json(&export).send().await.expect("an answer");
    assert_eq!(response.status().as_u16(), 200);
    let text = response.text().await.expect("text");
    assert!(text.contains("{A game} 1. e4 {a start [%clk 0:04:58]}"), "{text}");
    let (_, second) = server.post("/api/v1/pgn/import", &json!({"pgn": text})).await;
    assert_eq!(second["games"][0]["moves"], game["moves"], "{text}");
}

#[tokio::test]
async fn pgn_export_writes_checked_games() {
    let server = Server::start(small()).await;
    let request = json!({"games": [
        {"tags": [{"name": "White", "value": "A"}, {"name": "Event", "value": "Test"}], "moves": ["e4", "e7e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"], "result": "1-0"},
        {"fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "moves": ["O-O"]}
    ]});
    let response = server.client.post(server.url("/api/v1/pgn/export")).json(&request).send().await.expect("an answer");
    assert_eq!(response.status().as_u16(), 200);
    let text = response.text().await.expect("text");
    assert!(text.starts_with("[Event \"Test\"]\n"), "{text}");
    assert!(text.contains("[White \"A\"]"), "{text}");
    assert!(text.contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"), "{text}");
    assert!(text.contains("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]") && text.contains("1. O-O *"), "{text}");
    // What was written reads back.
    let (_, back) = server.post("/api/v1/pgn/import", &json!({"pgn": text})).await;
    assert_eq!(back["games"][0]["moves"][6]["san"], "Qxf7#");
    let bad = json!({"games": [{"moves": ["e4"]}, {"moves": ["e4", "e4"]}]});
    let (status, body) = server.post("/api/v1/pgn/export", &bad).await;
    assert_eq!(status, 422);
    assert_eq!(error_field(&body, "illegal_move").as_deref(), Some("games[1].moves[1]"));
    let (status, body) = server.post("/api/v1/pgn/export", &json!({"games": [{"result": "2-0"}]})).await;
    // Not a result: not of the schema (the result is a GameResult).
    assert_eq!(status, 400);
    assert_eq!(error_field(&body, "unreadable"), None);
    assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains("\"2-0\"")), "{body}");
    let (status, _) =
        server.post("/api/v1/pgn/export", &json!({"games": [{"tags": [{"name": "Bad Name", "value": "x"}]}]})).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn perft_counts_and_divides_within_its_limits() {
    let server =
        Server::start(ox88_server::ServerConfig { max_perft_depth: 5, perft_time_ms: 20_000, ..small() }).await;
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (status, body) = server.post("/api/v1/perft", &json!({"fen": kiwipete, "depth": 3, "divide": true})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["nodes"], 97_862);
    let divide = body["divide"].as_array().expect("divide");
    assert_eq!(divide.len(), 48);
    assert_eq!(divide.iter().filter_map(|e| e["nodes"].as_u64()).sum::<u64>(), 97_862);
    let (status, body) = server.post("/api/v1/perft", &json!({"depth": 6})).await;
    assert_eq!(status, 422);
    assert_eq!(error_field(&body, "too_much_work").as_deref(), Some("depth"));
    let tight = Server::start(ox88_server::ServerConfig { perft_time_ms: 1, ..small() }).await;
    let (status, body) = tight.post("/api/v1/perft", &json!({"fen": kiwipete, "depth": 5})).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(error_field(&body, "too_much_work").as_deref(), Some("depth"));
}
