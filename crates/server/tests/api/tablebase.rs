//! The Syzygy tables in the answers (`--syzygy-path`, here ox88-syzygy's
//! test tables): the position's verdict and each move's, as the library's
//! prober gives them; why a position cannot be probed; `tbhits` in the
//! analysis; nothing of it without tables.

use crate::harness::{small, Server};
use ox88::syzygy::Tablebase;
use ox88::Position;
use serde_json::{json, Value};

/// ox88-syzygy's test tables: every 3-piece table and some 4-piece ones.
fn tables_dir() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../syzygy/tests/data").to_owned()
}

fn with_tables() -> ox88_server::ServerConfig {
    ox88_server::ServerConfig { syzygy_path: Some(tables_dir()), ..small() }
}

/// King and rook against king, 75 halfmoves since the last capture: only
/// Ra4 still wins under the fifty-move rule (tests/syzygy.rs).
const KRK_LATE: &str = "8/8/8/8/8/2k5/8/R3K3 w - - 75 60";

async fn verdict(server: &Server, fen: &str) -> Value {
    let (status, body) = server.post("/api/v1/position", &json!({"fen": fen})).await;
    assert_eq!(status, 200, "{body}");
    body["tablebase"].clone()
}

#[tokio::test]
async fn the_position_answer_gives_the_tables_verdict_and_every_moves() {
    let server = Server::start(with_tables()).await;
    let tables = Tablebase::open(tables_dir()).expect("the test tables");
    for fen in
        ["8/8/8/8/8/2k5/8/R3K3 w - - 0 1", KRK_LATE, "8/8/8/4k3/8/8/3PK3/8 b - - 0 1", "8/8/8/8/8/8/2k5/K1r5 w - - 3 9"]
    {
        let body = verdict(&server, fen).await;
        let position = Position::from_fen(fen).expect("a FEN");
        let ranked = tables.rank_root_moves(&position).expect("in the tables");
        assert_eq!(body["unprobeable"], Value::Null, "{fen}: {body}");
        assert_eq!(body["dtz"].as_i64(), Some(i64::from(tables.probe_dtz(&position).expect("DTZ").plies())), "{fen}");
        let served: Vec<(String, String, i64)> = body["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| {
                (
                    m["uci"].as_str().unwrap().to_owned(),
                    m["wdl"].as_str().unwrap().to_owned(),
                    m["dtz"].as_i64().unwrap(),
                )
            })
            .collect();
        let library: Vec<(String, String, i64)> = ranked
            .iter()
            .map(|m| (position.uci(m.mv).to_string(), wdl_word(m.wdl).to_owned(), i64::from(m.dtz)))
            .collect();
        assert_eq!(served, library, "{fen}");
        assert_eq!(body["wdl"].as_str(), Some(wdl_word(ranked[0].wdl)), "{fen}");
    }
    // The late rook: only Ra4 wins, and the position is still a win.
    let late = verdict(&server, KRK_LATE).await;
    assert_eq!((late["wdl"].as_str(), late["winner"].as_str()), (Some("win"), Some("white")));
    assert_eq!((late["moves"][0]["san"].as_str(), late["moves"][0]["wdl"].as_str()), (Some("Ra4"), Some("win")));
    assert_eq!(late["moves"][1]["wdl"], "cursed_win", "{late}");
    // Black's rook against a lone king: White to move loses.
    let lost = verdict(&server, "8/8/8/8/8/8/2k5/K1r5 w - - 3 9").await;
    assert_eq!((lost["wdl"].as_str(), lost["winner"].as_str()), (Some("loss"), Some("black")));
    assert!(lost["dtz"].as_i64().is_some_and(|dtz| dtz < 0), "{lost}");
    // Mated: a loss, and no move.
    let mated = verdict(&server, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1").await;
    assert_eq!((mated["wdl"].as_str(), mated["winner"].as_str()), (Some("loss"), Some("white")), "{mated}");
    assert_eq!(mated["moves"], json!([]));
    // A draw names no winner.
    let drawn = verdict(&server, "8/8/8/8/8/2k5/8/1B2K3 w - - 0 1").await;
    assert_eq!(
        (drawn["wdl"].as_str(), drawn["winner"].clone(), drawn["dtz"].as_i64()),
        (Some("draw"), Value::Null, Some(0))
    );
}

fn wdl_word(wdl: ox88::syzygy::Wdl) -> &'static str {
    use ox88::syzygy::Wdl;
    match wdl {
        Wdl::Win => "win",
        Wdl::CursedWin => "cursed_win",
        Wdl::Draw => "draw",
        Wdl::BlessedLoss => "blessed_loss",
        Wdl::Loss => "loss",
    }
}

#[tokio::test]
async fn the_answer_says_why_the_tables_cannot_judge_a_position() {
    let server = Server::start(with_tables()).await;
    let cases = [
        // Castling rights: in no table.
        ("r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "castling"),
        // More pieces than any table holds.
        ("8/8/3k4/8/8/PPPPPP2/8/4K3 w - - 0 1", "too_many_pieces"),
        (missing_table().0, "missing_table"),
    ];
    for (fen, reason) in cases {
        let body = verdict(&server, fen).await;
        assert_eq!(body["unprobeable"]["reason"], reason, "{fen}: {body}");
        assert!(body["unprobeable"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
        assert_eq!(
            (body["wdl"].clone(), body["dtz"].clone(), body["moves"].clone()),
            (Value::Null, Value::Null, json!([]))
        );
    }
    let (fen, table) = missing_table();
    let missing = verdict(&server, fen).await;
    assert!(missing["unprobeable"]["message"].as_str().is_some_and(|m| m.contains(table)), "{missing}");
}

/// A position of 4 pieces whose table is not among the test tables (the
/// first of a few, should tables be added).
fn missing_table() -> (&'static str, &'static str) {
    let candidates = [
        ("8/8/8/8/8/2k5/8/1BN1K3 w - - 0 1", "KBNvK"),
        ("8/8/8/8/8/2k5/8/1BB1K3 w - - 0 1", "KBBvK"),
        ("8/8/8/8/8/5k2/8/QQ2K3 w - - 0 1", "KQQvK"),
    ];
    let present = |table: &str| std::path::Path::new(&tables_dir()).join(format!("{table}.rtbw")).exists();
    candidates.into_iter().find(|(_, table)| !present(table)).expect("a table the test data lacks")
}

#[tokio::test]
async fn without_tables_there_is_no_verdict_and_no_tbhits() {
    let server = Server::start(small()).await;
    assert_eq!(verdict(&server, KRK_LATE).await, Value::Null);
    let (status, body) = server.post("/api/v1/analyse", &json!({"fen": KRK_LATE, "depth": 3})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!((body["tbhits"].clone(), body["lines"][0]["tbhits"].clone()), (Value::Null, Value::Null));
}

#[tokio::test]
async fn the_analysis_probes_the_tables_and_counts_its_hits() {
    let server = Server::start(with_tables()).await;
    let (status, body) = server.post("/api/v1/analyse", &json!({"fen": KRK_LATE, "depth": 3})).await;
    assert_eq!(status, 200, "{body}");
    // The engine keeps to the one move that still wins.
    assert_eq!(body["best_move"]["san"], "Ra4", "{body}");
    assert!(body["tbhits"].as_u64().is_some_and(|hits| hits > 0), "{body}");
    assert!(body["lines"][0]["tbhits"].as_u64().is_some_and(|hits| hits > 0), "{body}");
}

#[test]
fn a_tables_directory_that_cannot_be_read_stops_the_start() {
    let config = ox88_server::ServerConfig { syzygy_path: Some("/no/such/ox88/tables".to_owned()), ..small() };
    let error = ox88_server::app(config).expect_err("a missing directory");
    assert!(error.to_string().contains("/no/such/ox88/tables"), "{error}");
}
