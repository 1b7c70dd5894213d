//! The Position endpoint agrees with the library: over many random
//! positions, its moves, SAN and state are `Position`'s.

use crate::harness::{small, Server};
use ox88::Position;
use serde_json::json;
use std::collections::BTreeSet;

/// A small deterministic generator (a 64-bit LCG), so failures reproduce.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

#[tokio::test]
async fn the_position_endpoint_agrees_with_position_over_random_games() {
    let server = Server::start(small()).await;
    let mut random = Lcg(0x0088);
    let mut checked = 0;
    for game in 0..40 {
        let mut position = if game % 4 == 3 {
            Position::chess960((game * 37 % 960) as u16).expect("a start")
        } else {
            Position::startpos()
        };
        let start = position.fen();
        let mut played = Vec::new();
        for _ in 0..random.below(120) {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[random.below(moves.len())];
            // Half of the moves go as SAN, half as UCI.
            played.push(if random.below(2) == 0 {
                position.san(m).expect("legal").to_string()
            } else {
                position.uci(m).to_string()
            });
            position.play(m).expect("a legal move");
        }
        let request = json!({"fen": start, "chess960": position.is_chess960(), "moves": played});
        let (status, body) = server.post("/api/v1/position", &request).await;
        assert_eq!(status, 200, "{request} -> {body}");
        assert_eq!(body["fen"], position.fen());
        let served: BTreeSet<(String, String)> = body["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| (m["uci"].as_str().expect("uci").to_owned(), m["san"].as_str().expect("san").to_owned()))
            .collect();
        let library: BTreeSet<(String, String)> = position
            .legal_moves()
            .iter()
            .map(|&m| (position.uci(m).to_string(), position.san(m).expect("legal").to_string()))
            .collect();
        assert_eq!(served, library, "{request}");
        assert_eq!(body["state"]["checkmate"], position.is_checkmate());
        assert_eq!(body["state"]["repetitions"], position.repetitions());
        assert_eq!(body["state"]["outcome"]["result"].as_str(), position.outcome().map(|o| o.result().as_str()));
        checked += 1;
    }
    assert_eq!(checked, 40);
}
