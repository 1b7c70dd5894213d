//! `/api/v1/explorer` over a collection made here from the real PGN files:
//! the counts of a position are those a plain count over the games gives,
//! at any ply, transpositions included; errors name the parameter; without
//! `--explorer` the route answers 404. lichess's paths (`/lichess`,
//! `/masters`) answer the same; lichess's filters, which the collection
//! cannot honour, are refused by name.

use crate::harness::{small, Server};
use ox88::board::Move;
use ox88::pgn::Reader;
use ox88::Position;
use ox88_explorer::{ExplorerWriter, GameInfo, Winner};
use serde_json::Value;
use std::collections::HashMap;

/// The explorer of the real files, and each position's move counts
/// (white wins, draws, black wins) counted the plain way.
type Counts = HashMap<(u64, String), [u64; 3]>;

fn build(dir: &std::path::Path) -> Counts {
    let mut writer = ExplorerWriter::with_memory(dir, 1 << 20).expect("a writer");
    let mut counts = Counts::new();
    for file in ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"] {
        let path = format!("{}/../../tests/data/pgn/{file}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(path).expect("the real file");
        for game in Reader::from_bytes(&bytes).games() {
            let game = game.expect("a game");
            let winner = match game.headers.get("Result") {
                Some("1-0") => Some(Winner::White),
                Some("0-1") => Some(Winner::Black),
                Some("1/2-1/2") => Some(Winner::Draw),
                _ => None,
            };
            let elo = |tag: &str| game.headers.get(tag).and_then(|e| e.parse().ok()).unwrap_or(0);
            let info = GameInfo {
                white: game.headers.get("White").unwrap_or("").to_owned(),
                black: game.headers.get("Black").unwrap_or("").to_owned(),
                white_rating: elo("WhiteElo"),
                black_rating: elo("BlackElo"),
                winner,
                ..GameInfo::default()
            };
            let mut position = game.start_position().expect("a start");
            let mut moves: Vec<(u64, Move)> = Vec::new();
            for m in game.mainline_moves().expect("legal moves") {
                moves.push((position.board().key(), m));
                if let Some(w) = winner {
                    counts.entry((position.board().key(), position.uci(m).to_string())).or_default()[w as usize] += 1;
                }
                position.play(m).expect("legal");
            }
            writer.add_game(&info, moves).expect("added");
        }
    }
    writer.finish().expect("written");
    counts
}

async fn explore(server: &Server, query: &str) -> (u16, Value) {
    let (status, body) = server.get(&format!("/api/v1/explorer?{query}")).await;
    (status, serde_json::from_str(&body).expect("JSON"))
}

#[tokio::test]
async fn positions_at_any_ply_count_their_games() {
    let dir = std::env::temp_dir().join(format!("ox88-server-explorer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let counts = build(&dir);
    let server = Server::start(ox88_server::ServerConfig { explorer: Some(dir.clone()), ..small() }).await;

    for play in ["", "e2e4", "e2e4,c7c5,g1f3,d7d6,d2d4,c5d4,f3d4,g8f6,b1c3,a7a6", "d2d4,g8f6,c2c4,e7e6"] {
        let (status, body) = explore(&server, &format!("play={play}&moves=64")).await;
        assert_eq!(status, 200, "{body}");
        let mut position = Position::startpos();
        for uci in play.split(',').filter(|m| !m.is_empty()) {
            position.play_uci(uci).expect("legal");
        }
        let key = position.board().key();
        let mut expected: Vec<(String, [u64; 3])> =
            counts.iter().filter(|((k, _), _)| *k == key).map(|((_, uci), c)| (uci.clone(), *c)).collect();
        expected.sort_by_key(|(uci, c)| (std::cmp::Reverse(c.iter().sum::<u64>()), uci.clone()));
        let moves = body["moves"].as_array().expect("moves");
        assert!(!moves.is_empty(), "{play}");
        assert_eq!(moves.len(), expected.len(), "{play}");
        let mut got: Vec<(String, [u64; 3])> = moves
            .iter()
            .map(|m| {
                let n = |f: &str| m[f].as_u64().expect("a count");
                (m["uci"].as_str().expect("uci").to_owned(), [n("white"), n("draws"), n("black")])
            })
            .collect();
        got.sort_by_key(|(uci, c)| (std::cmp::Reverse(c.iter().sum::<u64>()), uci.clone()));
        assert_eq!(got, expected, "{play}");
        let total: u64 = expected.iter().map(|(_, c)| c[0]).sum();
        assert_eq!(body["white"], total, "{play}");
        // SAN is the position's.
        let first = &moves[0];
        let m = position.parse_uci(first["uci"].as_str().unwrap()).unwrap();
        assert_eq!(first["san"], position.san(m).unwrap().to_string());
        assert!(body["topGames"].as_array().is_some_and(|g| !g.is_empty()), "{body}");
        assert!(body["recentGames"].as_array().is_some_and(|g| g.len() <= 4), "{body}");
    }
    // The same position by FEN: a transposition is found by key.
    let fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let (_, by_fen) = explore(&server, &format!("fen={}", fen.replace(' ', "%20"))).await;
    let (_, by_play) = explore(&server, "play=e2e4,c7c5").await;
    assert_eq!(by_fen["moves"], by_play["moves"]);

    // The opening is the last named position on the way, found by key.
    let (_, najdorf) = explore(&server, "play=e2e4,c7c5,g1f3,d7d6,d2d4,c5d4,f3d4,g8f6,b1c3,a7a6,h2h3,e7e5").await;
    let expected = serde_json::json!({"eco": "B90", "name": "Sicilian Defense: Najdorf Variation, Adams Attack"});
    assert_eq!(najdorf["opening"], expected);
    let (_, transposed) = explore(&server, "play=c2c4,e7e6,b1c3,d7d5,d2d4").await;
    let (_, direct) = explore(&server, "play=d2d4,d7d5,c2c4,e7e6,b1c3").await;
    assert!(transposed["opening"]["name"].as_str().is_some_and(|n| n.starts_with("Queen's Gambit Declined")));
    assert_eq!(transposed["opening"], direct["opening"]);
    // From a FEN, the FEN's own position is named too; the start is not.
    let (_, sicilian) = explore(&server, &format!("fen={}", fen.replace(' ', "%20"))).await;
    assert_eq!(sicilian["opening"]["eco"], "B20");
    let (_, start) = explore(&server, "").await;
    assert!(start["opening"].is_null(), "{start}");

    // lichess's paths answer the same (an empty filter is lichess's "all");
    // what the collection cannot answer is refused by name.
    for path in ["/lichess", "/masters"] {
        let (status, body) = server.get(&format!("{path}?variant=standard&play=e2e4,c7c5&speeds=&ratings=")).await;
        let body: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(
            (status, &body["moves"], &body["opening"]),
            (200, &by_play["moves"], &sicilian["opening"]),
            "{path}"
        );
    }
    for (query, field) in [
        ("variant=chess960", "variant"),
        ("speeds=blitz,rapid", "speeds"),
        ("ratings=2000", "ratings"),
        ("since=2020-01", "since"),
        ("until=2020-01", "until"),
        ("history=true", "history"),
    ] {
        let (status, body) = explore(&server, query).await;
        assert_eq!((status, body["error"]["field"].as_str()), (422, Some(field)), "{query}: {body}");
        let (status, _) = server.get(&format!("/lichess?{query}")).await;
        assert_eq!(status, 422, "/lichess?{query}");
    }
    let (status, _) = explore(&server, "history=false&variant=standard").await;
    assert_eq!(status, 200);

    let (status, body) = explore(&server, "play=e2e4,e2e4").await;
    assert_eq!((status, body["error"]["field"].as_str()), (422, Some("play[1]")), "{body}");
    let (status, body) = explore(&server, "fen=nonsense").await;
    assert_eq!((status, body["error"]["code"].as_str()), (422, Some("invalid_fen")), "{body}");
    let (status, _) = explore(&server, "moves=-1").await;
    assert_eq!(status, 400);
    server.shutdown().await;

    let without = Server::start(small()).await;
    let (status, _) = explore(&without, "play=e2e4").await;
    assert_eq!(status, 404);
    std::fs::remove_dir_all(&dir).expect("removed");
}
