//! The Position and Play endpoints.

use crate::harness::{error_field, small, Server};
use serde_json::{json, Value};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn find<'a>(body: &'a Value, uci: &str) -> &'a Value {
    let moves = body["moves"].as_array().expect("moves");
    moves.iter().find(|m| m["uci"] == uci).unwrap_or_else(|| panic!("no move {uci} in {body}"))
}

#[tokio::test]
async fn position_lists_every_legal_move_with_its_details() {
    let server = Server::start(small()).await;
    let (status, body) = server.post("/api/v1/position", &json!({"fen": KIWIPETE})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["moves"].as_array().map(Vec::len), Some(48));
    assert_eq!(body["fen"], KIWIPETE);
    assert_eq!(body["side_to_move"], "white");
    let castle = find(&body, "e1g1");
    assert_eq!((castle["san"].as_str(), castle["castling"].as_str()), (Some("O-O"), Some("kingside")));
    assert_eq!(
        (castle["from"].as_str(), castle["to"].as_str(), castle["piece"].as_str()),
        (Some("e1"), Some("g1"), Some("king"))
    );
    let capture = find(&body, "e5f7");
    assert_eq!(capture["san"], "Nxf7");
    assert_eq!((capture["capture"].as_bool(), capture["captured"].as_str()), (Some(true), Some("pawn")));
    let quiet = find(&body, "a2a3");
    assert_eq!((quiet["capture"].as_bool(), quiet["captured"].clone()), (Some(false), Value::Null));
    assert_eq!(body["state"]["check"], false);
    assert_eq!(body["state"]["outcome"], Value::Null);
}

#[tokio::test]
async fn position_marks_en_passant_promotion_check_and_mate() {
    let server = Server::start(small()).await;
    let fen = "7k/1P6/8/3pP3/8/8/8/R3K3 w Q d6 0 2";
    let (status, body) = server.post("/api/v1/position", &json!({"fen": fen})).await;
    assert_eq!(status, 200, "{body}");
    let ep = find(&body, "e5d6");
    assert_eq!(
        (ep["en_passant"].as_bool(), ep["captured"].as_str(), ep["san"].as_str()),
        (Some(true), Some("pawn"), Some("exd6"))
    );
    let promotion = find(&body, "b7b8q");
    assert_eq!((promotion["promotion"].as_str(), promotion["san"].as_str()), (Some("queen"), Some("b8=Q+")));
    assert_eq!((promotion["check"].as_bool(), promotion["mate"].as_bool()), (Some(true), Some(false)));
    assert_eq!(find(&body, "e1c1")["castling"], "queenside");
    let (_, body) = server.post("/api/v1/position", &json!({"moves": ["f3", "e5", "g4"]})).await;
    let mate = find(&body, "d8h4");
    assert_eq!(
        (mate["san"].as_str(), mate["check"].as_bool(), mate["mate"].as_bool()),
        (Some("Qh4#"), Some(true), Some(true))
    );
}

#[tokio::test]
async fn position_tells_how_the_game_stands() {
    let server = Server::start(small()).await;
    let fools = json!({"moves": ["f3", "e7e5", "g4", "Qh4#"]});
    let (_, body) = server.post("/api/v1/position", &fools).await;
    assert_eq!(body["moves"].as_array().map(Vec::len), Some(0));
    assert_eq!((body["state"]["check"].as_bool(), body["state"]["checkmate"].as_bool()), (Some(true), Some(true)));
    assert_eq!(body["state"]["outcome"], json!({"result": "0-1", "winner": "black", "termination": "checkmate"}));
    let (_, body) = server.post("/api/v1/position", &json!({"fen": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"})).await;
    assert_eq!(body["state"]["stalemate"], true);
    assert_eq!(body["state"]["outcome"]["termination"], "stalemate");
    let (_, body) = server.post("/api/v1/position", &json!({"fen": "8/8/4k3/8/8/3BK3/8/8 w - - 0 1"})).await;
    assert_eq!(body["state"]["insufficient_material"], true);
    let (_, body) = server.post("/api/v1/position", &json!({"fen": "8/8/4k3/8/8/3RK3/8/8 w - - 100 80"})).await;
    assert_eq!(
        (body["state"]["fifty_moves"].as_bool(), body["state"]["seventy_five_moves"].as_bool()),
        (Some(true), Some(false))
    );
    assert_eq!(body["state"]["claimable_draw"]["termination"], "fifty_moves");
    let shuffle: Vec<&str> = ["Nf3", "Nf6", "Ng1", "Ng8"].repeat(2);
    let (_, body) = server.post("/api/v1/position", &json!({"moves": shuffle})).await;
    assert_eq!(body["state"]["repetitions"], 2);
    assert_eq!(body["state"]["claimable_draw"]["termination"], "threefold_repetition");
    assert_eq!(body["state"]["outcome"], Value::Null);
}

#[tokio::test]
async fn position_reads_chess960_and_lenient_fens() {
    let server = Server::start(small()).await;
    let (status, body) =
        server.post("/api/v1/position", &json!({"chess960_start": 0, "moves": ["f2f4", "f7f5", "f1f3", "f8f6"]})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["chess960"], true);
    let castle = find(&body, "g1h1");
    assert_eq!((castle["san"].as_str(), castle["to"].as_str()), (Some("O-O"), Some("h1")));
    let broken = "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1";
    let (status, body) = server.post("/api/v1/position", &json!({"fen": broken})).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(error_field(&body, "invalid_fen").as_deref(), Some("fen"));
    let (status, body) = server.post("/api/v1/position", &json!({"fen": broken, "lenient": true})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["fen"], "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(body["repairs"].as_array().map(Vec::len), Some(2));
}

#[tokio::test]
async fn position_refuses_bad_input_naming_the_field() {
    let server = Server::start(small()).await;
    let cases = [
        (json!({"fen": "not a fen"}), "invalid_fen", "fen"),
        (json!({"moves": ["e4", "e5", "Ke3"]}), "illegal_move", "moves[2]"),
        (json!({"moves": ["e2e5"]}), "illegal_move", "moves[0]"),
        (json!({"moves": ["zz9"]}), "illegal_move", "moves[0]"),
        (json!({"chess960_start": 960}), "invalid_value", "chess960_start"),
        (json!({"fen": KIWIPETE, "chess960_start": 3}), "invalid_value", "chess960_start"),
        (json!({"moves": vec!["Nf3"; 1001]}), "too_much_work", "moves"),
    ];
    for (request, code, field) in cases {
        let (status, body) = server.post("/api/v1/position", &request).await;
        assert_eq!(status, 422, "{request} -> {body}");
        assert_eq!(error_field(&body, code).as_deref(), Some(field), "{request}");
    }
    let (_, body) = server.post("/api/v1/position", &json!({"moves": ["e4", "e5", "Ke3"]})).await;
    assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains("\"Ke3\"")), "{body}");
}

#[tokio::test]
async fn play_answers_each_move_with_san_uci_and_fen() {
    let server = Server::start(small()).await;
    let (status, body) =
        server.post("/api/v1/play", &json!({"moves": ["e4", "e7e5", "Nf3", "b8c6", "Bb5", "a6", "O-O"]})).await;
    assert_eq!(status, 200, "{body}");
    let plies = body["plies"].as_array().expect("plies");
    let sans: Vec<&str> = plies.iter().filter_map(|p| p["san"].as_str()).collect();
    let ucis: Vec<&str> = plies.iter().filter_map(|p| p["uci"].as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]);
    assert_eq!(ucis, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "e1g1"]);
    assert_eq!(plies[0]["fen"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(body["fen"], plies[6]["fen"]);
    assert_eq!(body["start_fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

#[tokio::test]
async fn play_names_the_bad_move_and_keeps_the_moves_before_it() {
    let server = Server::start(small()).await;
    let (status, body) =
        server.post("/api/v1/play", &json!({"moves": ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf8#"]})).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(error_field(&body, "illegal_move").as_deref(), Some("moves[6]"));
    assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains("move 6") && m.contains("Qxf8#")), "{body}");
    assert_eq!(body["plies"].as_array().map(Vec::len), Some(6));
    assert_eq!(body["plies"][5]["san"], "Nf6");
    let (status, body) =
        server.post("/api/v1/play", &json!({"moves": ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["outcome"]["winner"], "white");
    let (status, body) = server.post("/api/v1/play", &json!({"fen": "8/8/8/8/8/8/8/8 w - - 0 1", "moves": []})).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(error_field(&body, "invalid_fen").as_deref(), Some("fen"));
    assert_eq!(body["plies"], json!([]));
}
