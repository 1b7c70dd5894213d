//! The position answer as JSON, written for speed: the Position endpoint is
//! the service's busiest, and most of its answer is the moves (about 230
//! bytes each). Their texts (squares, UCI, SAN, the chess words) are
//! written straight into the answer's buffer, keys and all, with no
//! allocation per move and without serde_json's escaping pass: each is
//! plain ASCII with nothing to escape. The rest of the answer goes through
//! serde_json. The derived `Serialize` of [`PositionResponse`] (the chess
//! words by their `serde` encoding) stays the definition: the tests check
//! that this writer gives the same bytes.

use crate::routes::position::{MoveInfo, PositionResponse};
use ox88::board::{Square, UciMove};
use serde::Serialize;
use std::io::Write as _;

/// `answer` as JSON: the same bytes as `serde_json::to_vec(answer)`,
/// written into a buffer of about the answer's size.
pub fn to_json(answer: &PositionResponse) -> Vec<u8> {
    let mut out = Vec::with_capacity(1_024 + 256 * answer.moves.len());
    out.extend_from_slice(b"{\"fen\":");
    value(&mut out, &answer.fen);
    out.extend_from_slice(b",\"shredder_fen\":");
    value(&mut out, &answer.shredder_fen);
    out.extend_from_slice(b",\"chess960\":");
    boolean(&mut out, answer.chess960);
    out.extend_from_slice(b",\"side_to_move\":");
    value(&mut out, &answer.side_to_move);
    out.extend_from_slice(b",\"repairs\":");
    value(&mut out, &answer.repairs);
    out.extend_from_slice(b",\"moves\":[");
    for (index, m) in answer.moves.iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        write_move(&mut out, m);
    }
    out.extend_from_slice(b"],\"state\":");
    value(&mut out, &answer.state);
    out.extend_from_slice(b",\"tablebase\":");
    value(&mut out, &answer.tablebase);
    out.push(b'}');
    out
}

/// One move, its fields in the order of [`MoveInfo`].
fn write_move(out: &mut Vec<u8>, m: &MoveInfo) {
    out.extend_from_slice(b"{\"uci\":\"");
    uci(out, m.uci);
    out.extend_from_slice(b"\",\"san\":\"");
    // SAN is ASCII letters, digits and `x=+#-`: nothing to escape. Writing
    // into a Vec cannot fail.
    write!(out, "{}", m.san).expect("a Vec takes every byte");
    out.extend_from_slice(b"\",\"from\":\"");
    square(out, m.from);
    out.extend_from_slice(b"\",\"to\":\"");
    square(out, m.to);
    out.extend_from_slice(b"\",\"piece\":");
    text(out, m.piece.name());
    out.extend_from_slice(b",\"captured\":");
    optional(out, m.captured.map(|role| role.name()));
    out.extend_from_slice(b",\"promotion\":");
    optional(out, m.promotion.map(|role| role.name()));
    out.extend_from_slice(b",\"capture\":");
    boolean(out, m.capture);
    out.extend_from_slice(b",\"en_passant\":");
    boolean(out, m.en_passant);
    out.extend_from_slice(b",\"castling\":");
    optional(out, m.castling.map(|side| side.name()));
    out.extend_from_slice(b",\"check\":");
    boolean(out, m.check);
    out.extend_from_slice(b",\"mate\":");
    boolean(out, m.mate);
    out.push(b'}');
}

/// A square's name, `e4`, unquoted.
fn square(out: &mut Vec<u8>, square: Square) {
    out.push(square.file().char() as u8);
    out.push(square.rank().char() as u8);
}

/// A move in UCI, `e7e8q` or `0000`, unquoted.
fn uci(out: &mut Vec<u8>, uci: UciMove) {
    match uci {
        UciMove::Null => out.extend_from_slice(b"0000"),
        UciMove::Normal { from, to, promotion } => {
            square(out, from);
            square(out, to);
            if let Some(role) = promotion {
                out.push(role.char() as u8);
            }
        }
    }
}

/// A string with nothing to escape (plain ASCII letters and `_`), as the
/// chess words are.
fn text(out: &mut Vec<u8>, text: &str) {
    debug_assert!(text.bytes().all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\'), "{text}");
    out.push(b'"');
    out.extend_from_slice(text.as_bytes());
    out.push(b'"');
}

fn optional(out: &mut Vec<u8>, value: Option<&str>) {
    match value {
        Some(value) => text(out, value),
        None => out.extend_from_slice(b"null"),
    }
}

fn boolean(out: &mut Vec<u8>, value: bool) {
    out.extend_from_slice(if value { b"true" } else { b"false" });
}

/// Anything else, by serde_json.
fn value(out: &mut Vec<u8>, value: &impl Serialize) {
    // The answer's types always serialise, and a Vec takes every byte.
    serde_json::to_writer(&mut *out, value).expect("JSON");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::position::describe;
    use ox88::Position;

    #[test]
    fn the_written_answer_is_the_derived_one_byte_for_byte() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            // En passant, promotions with and without capture, check and mate.
            "1r4k1/P7/8/3pP3/8/8/8/R3K2R w KQ d6 0 2",
            "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1",
            // No moves at all (mated).
            "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",
        ];
        let mut checked = 0;
        for fen in fens {
            let mut position = Position::from_fen(fen).expect("a FEN");
            // Every position along a few plies of each, Chess960 castling
            // (king takes rook) included.
            for ply in 0..6 {
                for chess960 in [false, true] {
                    let mut p = position.clone();
                    p.set_castling_mode(if chess960 {
                        ox88::board::CastlingMode::Chess960
                    } else {
                        ox88::board::CastlingMode::Standard
                    });
                    let answer = describe(&p, vec!["a repair with \"quotes\"".to_owned()]);
                    let derived = serde_json::to_vec(&answer).expect("JSON");
                    assert_eq!(String::from_utf8(to_json(&answer)), String::from_utf8(derived), "{fen} ply {ply}");
                    checked += 1;
                }
                let moves = position.legal_moves();
                let Some(&m) = moves.get(ply * 7 % moves.len().max(1)) else { break };
                position.play_unchecked(m);
            }
        }
        assert!(checked > 30, "{checked}");
    }

    #[test]
    fn squares_and_moves_are_written_as_serde_writes_them() {
        for square in Square::all() {
            let mut out = Vec::new();
            super::square(&mut out, square);
            assert_eq!(format!("\"{}\"", String::from_utf8(out).expect("ASCII")), to_string(&square));
        }
        let position = Position::from_fen("1r4k1/P7/8/3pP3/8/8/8/R3K2R w KQ d6 0 2").expect("a FEN");
        for m in position.legal_moves().iter().map(|&m| position.uci(m)).chain([UciMove::Null]) {
            let mut out = Vec::new();
            uci(&mut out, m);
            assert_eq!(format!("\"{}\"", String::from_utf8(out).expect("ASCII")), to_string(&m));
        }
    }

    fn to_string(value: &impl Serialize) -> String {
        serde_json::to_string(value).expect("JSON")
    }
}
