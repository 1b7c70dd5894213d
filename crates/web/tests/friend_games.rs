//! The friend games over real HTTP and WebSockets on loopback: a game to
//! mate with a spectator, every kind of bad input, reconnection, a restart
//! of the server, the cap on open games, and the PGN download.

mod support;

use futures_util::SinkExt;

use support::{create, http, start, Client};

#[tokio::test]
async fn two_players_and_a_spectator_play_to_mate() {
    let server = start(ox88_web::WebConfig::in_memory()).await;
    let (id, white_token) =
        create(server.addr, r#"{"color":"white","initial_seconds":300,"increment_seconds":2}"#).await;
    let (mut white, welcome, state) = Client::join(server.addr, &id, Some(&white_token), true).await;
    assert_eq!(welcome["seat"], "white");
    assert!(welcome["token"].is_null(), "a known token is not given again");
    assert_eq!(state["game"]["clock"]["white_ms"], 300_000);
    let (mut black, welcome, _) = Client::join(server.addr, &id, None, true).await;
    assert_eq!(welcome["seat"], "black");
    assert_eq!(welcome["token"].as_str().map(str::len), Some(20));
    let (mut watcher, welcome, _) = Client::join(server.addr, &id, None, true).await;
    assert!(welcome["seat"].is_null(), "both seats are taken: a spectator");

    for (ply, uci) in ["f2f3", "e7e5", "g2g4", "d8h4"].into_iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut white } else { &mut black };
        mover.play(uci, ply).await;
        for client in [&mut white, &mut black, &mut watcher] {
            let frame = client.expect("move").await;
            assert_eq!((frame["ply"].as_u64(), frame["uci"].as_str()), (Some(ply as u64), Some(uci)));
        }
    }
    for client in [&mut white, &mut black, &mut watcher] {
        let frame = client.expect("ended").await;
        let mate = serde_json::json!({"result": "0-1", "winner": "black", "termination": "checkmate"});
        assert_eq!(frame["outcome"], mate, "{frame}");
    }
    white.play("e2e4", 4).await;
    assert_eq!(white.expect("error").await["code"], "game_over");

    let (status, list) = http(server.addr, "GET", "/api/v1/friend/games", "").await;
    assert_eq!(status, 200);
    assert!(list.contains(&id) && list.contains("checkmate"), "{list}");
    let (status, pgn) = http(server.addr, "GET", "/api/v1/friend/finished.pgn", "").await;
    assert_eq!(status, 200);
    assert!(pgn.contains("2... Qh4#") || pgn.contains("Qh4# {[%clk"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
}

#[tokio::test]
async fn bad_input_is_answered_and_changes_nothing() {
    let server = start(ox88_web::WebConfig::in_memory()).await;
    let (id, token) = create(server.addr, r#"{"color":"white"}"#).await;
    let (mut white, _, _) = Client::join(server.addr, &id, Some(&token), true).await;
    let (mut black, _, _) = Client::join(server.addr, &id, None, true).await;
    let (mut watcher, _, _) = Client::join(server.addr, &id, None, false).await;

    white.play("e2e5", 0).await;
    assert_eq!(white.expect("error").await["code"], "illegal_move");
    black.play("e7e5", 0).await;
    assert_eq!(black.expect("error").await["code"], "not_your_turn");
    white.play("e2e4", 3).await;
    assert_eq!(white.expect("error").await["code"], "stale_move");
    watcher.play("e2e4", 0).await;
    assert_eq!(watcher.expect("error").await["code"], "not_a_player");
    for garbage in ["not json", r#"{"type":"castle"}"#, r#"{"type":"move","uci":7}"#, "{}"] {
        white.send(garbage).await;
        assert_eq!(white.expect("error").await["code"], "bad_frame", "{garbage}");
    }
    white.socket.send(tokio_tungstenite::tungstenite::Message::binary(vec![0u8, 159, 146, 150])).await.expect("sends");
    assert_eq!(white.expect("error").await["code"], "bad_frame");
    black.send(r#"{"type":"accept_draw"}"#).await;
    assert_eq!(black.expect("error").await["code"], "no_offer");

    let (_, game) = http(server.addr, "GET", &format!("/api/v1/friend/games/{id}"), "").await;
    let game: serde_json::Value = serde_json::from_str(&game).expect("JSON");
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(0), "nothing was played: {game}");

    // The game goes on as if nothing had happened.
    white.play("e2e4", 0).await;
    assert_eq!(black.expect("move").await["san"], "e4");
}

#[tokio::test]
async fn forged_ids_get_404_and_a_flood_closes_the_connection() {
    let server = start(ox88_web::WebConfig { message_burst: 20, ..ox88_web::WebConfig::in_memory() }).await;
    for path in
        ["/api/v1/friend/games/AAAAAAAAAA", "/api/v1/friend/games/..%2F..%2Fx", "/api/v1/friend/games/AAAAAAAAAA/pgn"]
    {
        let (status, body) = http(server.addr, "GET", path, "").await;
        assert_eq!(status, 404, "{path}: {body}");
        assert!(body.contains(r#""code":"not_found""#) && body.contains(r#""field":"id""#), "{body}");
    }
    let url = format!("ws://{}/api/v1/friend/games/AAAAAAAAAA/ws", server.addr);
    assert!(tokio_tungstenite::connect_async(url).await.is_err(), "no upgrade for a game that does not exist");

    let (id, token) = create(server.addr, r#"{"color":"black"}"#).await;
    let (mut black, _, _) = Client::join(server.addr, &id, Some(&token), true).await;
    for _ in 0..100 {
        if black.socket.send(tokio_tungstenite::tungstenite::Message::text(r#"{"type":"ping"}"#)).await.is_err() {
            break;
        }
    }
    let mut closed = None;
    for _ in 0..200 {
        let frame = black.next().await;
        if frame["type"] == "closed" {
            closed = frame["code"].as_u64();
            break;
        }
    }
    assert_eq!(closed, Some(1008), "a flood closes the connection as a policy violation");

    // Not of the schema: 400 naming the bad word; out of range: 422 naming
    // the field; not JSON: 400. Each in the one error shape.
    let (status, body) = http(server.addr, "POST", "/api/v1/friend/games", r#"{"color":"purple"}"#).await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains(r#""code":"unreadable""#) && body.contains("purple"), "{body}");
    let (status, body) = http(server.addr, "POST", "/api/v1/friend/games", r#"{"initial_seconds":0}"#).await;
    assert_eq!(status, 422, "{body}");
    assert!(body.contains(r#""code":"invalid_value""#) && body.contains(r#""field":"initial_seconds""#), "{body}");
    let (status, body) = http(server.addr, "POST", "/api/v1/friend/games", "{oops").await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains(r#""code":"unreadable""#), "{body}");
    // A WebSocket route asked without the handshake.
    let (status, body) = http(server.addr, "GET", &format!("/api/v1/friend/games/{id}/ws"), "").await;
    assert_eq!(status, 426, "{body}");
    assert!(body.contains(r#""code":"upgrade_required""#), "{body}");
    let (status, body) = http(server.addr, "GET", "/assets/no-such-file.js", "").await;
    assert_eq!(status, 404, "{body}");
    assert!(body.contains(r#""code":"not_found""#), "{body}");
    let (status, body) = http(server.addr, "GET", "/api/v1/friend/games?limit=many", "").await;
    assert_eq!(status, 400, "{body}");
}

#[tokio::test]
async fn the_open_games_of_an_address_are_capped() {
    let config = ox88_web::WebConfig { max_open_games_per_address: 3, ..ox88_web::WebConfig::in_memory() };
    let server = start(config).await;
    for _ in 0..3 {
        create(server.addr, "{}").await;
    }
    let (status, body) = http(server.addr, "POST", "/api/v1/friend/games", "{}").await;
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("too_many_games"), "{body}");
}

#[tokio::test]
async fn a_reload_resumes_and_a_restart_keeps_the_game_and_its_clocks() {
    let dir = std::env::temp_dir().join(format!("ox88-web-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("games.sqlite");
    let _ = std::fs::remove_file(&path);
    let server = start(support::config_at(&path)).await;
    let (id, white_token) = create(server.addr, r#"{"color":"white","initial_seconds":60}"#).await;
    let (mut white, _, _) = Client::join(server.addr, &id, Some(&white_token), true).await;
    let (mut black, welcome, _) = Client::join(server.addr, &id, None, true).await;
    let black_token = welcome["token"].as_str().expect("a token").to_owned();
    for (ply, uci) in ["e2e4", "e7e5", "g1f3"].into_iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut white } else { &mut black };
        mover.play(uci, ply).await;
        white.expect("move").await;
        black.expect("move").await;
    }
    // A reload: the same token gets the same seat and the whole game.
    drop(black);
    let (mut black, welcome, state) = Client::join(server.addr, &id, Some(&black_token), true).await;
    assert_eq!(welcome["seat"], "black");
    assert_eq!(state["game"]["moves"].as_array().map(Vec::len), Some(3));
    black.play("b8c6", 3).await;
    let moved = white.expect("move").await;
    let black_left = moved["clock"]["black_ms"].as_u64().expect("timed");
    drop((white, black));
    drop(server);

    // A restart: a new server over the same file.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let server = start(support::config_at(&path)).await;
    let (mut white, welcome, state) = Client::join(server.addr, &id, Some(&white_token), true).await;
    assert_eq!(welcome["seat"], "white");
    let game = &state["game"];
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(4), "{game}");
    assert_eq!(game["clock"]["black_ms"].as_u64(), Some(black_left), "as at the last move");
    assert_eq!(game["clock"]["running"], "white");
    let white_left = game["clock"]["white_ms"].as_u64().expect("timed");
    assert!(white_left > 55_000, "White's clock runs from the restart: {white_left}");
    white.play("f1b5", 4).await;
    assert_eq!(white.expect("move").await["san"], "Bb5");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn the_page_and_its_files_are_served() {
    let server = start(ox88_web::WebConfig::in_memory()).await;
    let (status, page) = http(server.addr, "GET", "/", "").await;
    assert_eq!(status, 200);
    assert!(page.contains("<script"), "the page loads its script");
    for path in ["/assets/app.js", "/assets/app.css", "/assets/pieces/ox88.svg", "/assets/LICENSES.txt"] {
        let (status, body) = http(server.addr, "GET", path, "").await;
        assert_eq!(status, 200, "{path}");
        assert!(!body.is_empty(), "{path} is built");
    }
    assert_eq!(http(server.addr, "GET", "/assets/../Cargo.toml", "").await.0, 404);
}

#[tokio::test]
async fn resignation_then_a_rematch_with_colours_swapped() {
    let server = start(ox88_web::WebConfig::in_memory()).await;
    let (id, white_token) = create(server.addr, r#"{"color":"white"}"#).await;
    let (mut white, _, _) = Client::join(server.addr, &id, Some(&white_token), true).await;
    let (mut black, welcome, _) = Client::join(server.addr, &id, None, true).await;
    let black_token = welcome["token"].as_str().expect("a token").to_owned();
    white.send(r#"{"type":"offer_draw"}"#).await;
    assert_eq!(black.expect("draw_offer").await["by"], "white");
    white.expect("draw_offer").await;
    black.send(r#"{"type":"decline_draw"}"#).await;
    assert!(white.expect("draw_offer").await["by"].is_null());
    black.expect("draw_offer").await;
    black.send(r#"{"type":"resign"}"#).await;
    let ended = white.expect("ended").await;
    let resigned = serde_json::json!({"result": "1-0", "winner": "white", "termination": "resignation"});
    assert_eq!(ended["outcome"], resigned, "{ended}");
    black.expect("ended").await;
    white.send(r#"{"type":"rematch"}"#).await;
    assert_eq!(black.expect("rematch_offer").await["by"], "white");
    white.expect("rematch_offer").await;
    black.send(r#"{"type":"rematch"}"#).await;
    let rematch = white.expect("rematch").await["id"].as_str().expect("an id").to_owned();
    assert_ne!(rematch, id);
    let (_, welcome, _) = Client::join(server.addr, &rematch, Some(&white_token), true).await;
    assert_eq!(welcome["seat"], "black", "colours swap");
    let (_, welcome, _) = Client::join(server.addr, &rematch, Some(&black_token), true).await;
    assert_eq!(welcome["seat"], "white");
}
