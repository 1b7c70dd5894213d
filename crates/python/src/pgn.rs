//! PGN for `ox88.pgn`: one game's text read into rows the Python tree is built from (every move checked by
//! ox88-pgn; a game with an illegal move keeps the moves before it and says why, as python-chess does), and the
//! `[%clk]` and `[%eval]` commands of comments. (Games are written in Python, as python-chess lays them out.)

use crate::moves::PyMove;
use ox88_movegen::{Notation, Position};
use ox88_pgn::annotation::{self, EvalScore, Evaluation};
use ox88_pgn::{Line, MoveToken, Reader};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::Duration;

/// One node of a tree below its root: the index of its parent (0 is the root, node `i` is row `i - 1`), its
/// move, starting comment, comment and NAGs. Parents come before their children, and a parent's children in
/// order (the main continuation first).
type Row = (usize, Py<PyMove>, Option<String>, Option<String>, Vec<u8>);

/// A game read: its tags in order, the root's comment, the rows of its tree, and the errors met.
type GameRows = (Vec<(String, String)>, Option<String>, Vec<Row>, Vec<String>);

/// Drops from `line` the first move that cannot be played from `pos` and everything after it (and such
/// moves in its variations), recording why; the game then reads as python-chess reads it.
fn prune(line: &mut Line, pos: &Position, errors: &mut Vec<String>) {
    let mut pos = pos.clone();
    for i in 0..line.nodes.len() {
        for variation in &mut line.nodes[i].variations {
            prune(variation, &pos, errors);
        }
        let m = match line.nodes[i].san {
            MoveToken::San(san) => pos.board().resolve_san(san.san).map_err(|e| format!("{e} in {}", pos.fen())),
            MoveToken::Null => Err(format!("null moves (--) are not supported, in {}", pos.fen())),
        };
        match m {
            Ok(m) => pos.play_unchecked(m),
            Err(error) => {
                errors.push(error);
                line.nodes.truncate(i);
                return;
            }
        }
    }
}

/// Reads the first game of `text`: `None` if there is none.
#[pyfunction]
pub fn _read_game(py: Python<'_>, text: &str) -> PyResult<Option<GameRows>> {
    let Some(read) = Reader::from_bytes(text.as_bytes()).next_game() else { return Ok(None) };
    let mut errors = Vec::new();
    let mut game = match read {
        Ok(game) => game,
        Err(error) => {
            // Unreadable syntax: the tags that came before, and the error.
            errors.push(error.to_string());
            let headers = Vec::new();
            return Ok(Some((headers, None, Vec::new(), errors)));
        }
    };
    let headers = game.headers.iter().map(|(k, v)| (k.to_owned(), v.to_owned())).collect();
    let start = match game.start_position() {
        Ok(start) => start,
        Err(error) => return Ok(Some((headers, None, Vec::new(), vec![error.to_string()]))),
    };
    prune(&mut game.moves, &start, &mut errors);
    let tree = game.tree().map_err(|e| PyValueError::new_err(e.to_string()))?;
    let root = tree.root();
    let mode = start.castling_mode();
    let mut rows = Vec::new();
    let mut queue = std::collections::VecDeque::from([(0, root)]);
    while let Some((index, node)) = queue.pop_front() {
        for child in node.variations() {
            let m = PyMove::of(child.mv().expect("a node below the root has a move"), mode).object(py)?;
            let nags = child.nags().iter().map(|nag| nag.0).collect();
            rows.push((
                index,
                m,
                child.starting_comment().map(str::to_owned),
                child.comment().map(str::to_owned),
                nags,
            ));
            queue.push_back((rows.len(), child));
        }
    }
    Ok(Some((headers, root.comment().map(str::to_owned), rows, errors)))
}

/// The clock of a comment's `[%clk]` command, in seconds.
#[pyfunction]
pub fn _comment_clock(comment: &str) -> Option<f64> {
    annotation::clock(comment).map(|d| d.as_secs_f64())
}

/// A comment with its `[%clk]` command set to `seconds` (or removed), as `(comment or None)`.
#[pyfunction]
pub fn _set_comment_clock(comment: Option<String>, seconds: Option<f64>) -> Option<String> {
    let mut comment = comment.filter(|c| !c.is_empty());
    annotation::set_clock(&mut comment, seconds.map(|s| Duration::from_secs_f64(s.max(0.0))));
    comment
}

/// The `[%eval]` command of a comment: ("cp" or "mate", value, depth), White's point of view.
#[pyfunction]
pub fn _comment_eval(comment: &str) -> Option<(&'static str, i32, Option<u32>)> {
    annotation::eval(comment).map(|e| match e.score {
        EvalScore::Centipawns(cp) => ("cp", cp, e.depth),
        EvalScore::Mate(moves) => ("mate", moves, e.depth),
    })
}

/// A comment with its `[%eval]` command set (White's point of view) or removed.
#[pyfunction]
#[pyo3(signature = (comment, kind, value, depth = None))]
pub fn _set_comment_eval(
    comment: Option<String>,
    kind: Option<&str>,
    value: i32,
    depth: Option<u32>,
) -> PyResult<Option<String>> {
    let mut comment = comment.filter(|c| !c.is_empty());
    let evaluation = match kind {
        None => None,
        Some("cp") => Some(Evaluation { score: EvalScore::Centipawns(value), depth }),
        Some("mate") => Some(Evaluation { score: EvalScore::Mate(value), depth }),
        Some(other) => {
            return Err(PyValueError::new_err(format!("an evaluation is \"cp\" or \"mate\", not {other:?}")))
        }
    };
    annotation::set_eval(&mut comment, evaluation);
    Ok(comment)
}
