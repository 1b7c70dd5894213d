//! Engine evaluations of positions, kept by position and number of lines so
//! that a position analysed once is answered at once: what a game review
//! reads and writes, and what `/api/v1/cloud-eval` answers (lichess's
//! cloud-eval shape: `depth`, `knodes`, and lines of UCI moves scored from
//! White's point of view).

use super::{Store, StoreError};
use ox88_movegen::Position;
use ox88_pgn::annotation::EvalScore;
use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

/// An engine's evaluation of one position: its best lines, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEval {
    /// The search's depth, in plies.
    pub depth: u32,
    /// The nodes it searched, in thousands.
    pub knodes: u64,
    /// The lines, best first (at least one).
    pub lines: Vec<EvalLine>,
}

/// One line of an evaluation: its moves and its score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalLine {
    /// The moves in UCI, from the evaluated position (at least one).
    pub moves: Vec<String>,
    /// The score at the end of the line, from White's point of view.
    pub score: EvalScore,
}

/// A line as the database holds it: lichess's `pvs` entries,
/// `{"moves": "e2e4 e7e5", "cp": 18}` or `{"moves": …, "mate": 3}`.
#[derive(Serialize, Deserialize)]
struct StoredLine {
    moves: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cp: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mate: Option<i32>,
}

impl From<&EvalLine> for StoredLine {
    fn from(line: &EvalLine) -> StoredLine {
        let (cp, mate) = match line.score {
            EvalScore::Centipawns(cp) => (Some(cp), None),
            EvalScore::Mate(moves) => (None, Some(moves)),
        };
        StoredLine { moves: line.moves.join(" "), cp, mate }
    }
}

impl StoredLine {
    fn line(self) -> Option<EvalLine> {
        let score = match (self.cp, self.mate) {
            (_, Some(moves)) => EvalScore::Mate(moves),
            (Some(cp), None) => EvalScore::Centipawns(cp),
            (None, None) => return None,
        };
        Some(EvalLine { moves: self.moves.split_ascii_whitespace().map(str::to_owned).collect(), score })
    }
}

/// The key a position is kept under: its four EPD fields (the placement,
/// the side to move, castling and the en-passant square), so that the move
/// clocks do not tell one position from another.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey(String);

impl PositionKey {
    /// The key of `position`.
    pub fn of(position: &Position) -> PositionKey {
        PositionKey(position.epd())
    }

    /// The key's text (the four EPD fields).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Reads a row's lines; `None` for a damaged row.
fn read_lines(pvs: &str) -> Option<Vec<EvalLine>> {
    let stored: Vec<StoredLine> = serde_json::from_str(pvs).ok()?;
    let lines: Option<Vec<EvalLine>> = stored.into_iter().map(StoredLine::line).collect();
    lines.filter(|lines| !lines.is_empty())
}

impl Store {
    /// Keeps `eval` of `position`, unless an evaluation with as many lines
    /// and at least as many nodes is kept already. An evaluation without
    /// lines is not kept.
    pub async fn put_eval(&self, position: &Position, eval: &PositionEval) -> Result<(), StoreError> {
        if eval.lines.is_empty() {
            return Ok(());
        }
        let key = PositionKey::of(position).0;
        let lines: Vec<StoredLine> = eval.lines.iter().map(StoredLine::from).collect();
        // Plain strings and integers: serialising cannot fail.
        let pvs = serde_json::to_string(&lines).expect("lines serialise");
        let (count, depth, knodes) = (eval.lines.len(), eval.depth, eval.knodes);
        self.call(move |c| {
            c.execute(
                "INSERT INTO evals (position, lines, depth, knodes, pvs) VALUES (?1, ?2, ?3, ?4, ?5) \
                 ON CONFLICT (position, lines) DO UPDATE SET depth = ?3, knodes = ?4, pvs = ?5 \
                 WHERE excluded.knodes > evals.knodes",
                params![key, count, depth, knodes, pvs],
            )
        })
        .await?;
        Ok(())
    }

    /// The deepest kept evaluation of `position` with at least `lines` lines,
    /// cut to `lines`; `None` when the position was never analysed so.
    pub async fn eval(&self, position: &Position, lines: usize) -> Result<Option<PositionEval>, StoreError> {
        let key = PositionKey::of(position).0;
        let lines = lines.max(1);
        let row = self
            .read(move |c| {
                c.query_row(
                    "SELECT depth, knodes, pvs FROM evals WHERE position = ?1 AND lines >= ?2 \
                     ORDER BY depth DESC, knodes DESC LIMIT 1",
                    params![key, lines],
                    |r| Ok((r.get::<_, u32>(0)?, r.get::<_, u64>(1)?, r.get::<_, String>(2)?)),
                )
                .optional()
            })
            .await?;
        Ok(row.and_then(|(depth, knodes, pvs)| {
            let mut read = read_lines(&pvs)?;
            read.truncate(lines);
            Some(PositionEval { depth, knodes, lines: read })
        }))
    }

    /// The kept single-line evaluations of many positions at once (a game's),
    /// in their order: for each, the one with the most nodes, or `None`.
    pub async fn evals(&self, keys: Vec<PositionKey>) -> Result<Vec<Option<PositionEval>>, StoreError> {
        self.read(move |c| {
            let mut statement = c.prepare_cached(
                "SELECT depth, knodes, pvs FROM evals WHERE position = ?1 ORDER BY knodes DESC, depth DESC LIMIT 1",
            )?;
            let mut found = Vec::with_capacity(keys.len());
            for key in &keys {
                let row = statement
                    .query_row([&key.0], |r| Ok((r.get::<_, u32>(0)?, r.get::<_, u64>(1)?, r.get::<_, String>(2)?)))
                    .optional()?;
                found.push(row.and_then(|(depth, knodes, pvs)| {
                    let mut lines = read_lines(&pvs)?;
                    lines.truncate(1);
                    Some(PositionEval { depth, knodes, lines })
                }));
            }
            Ok(found)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(depth: u32, knodes: u64, lines: &[(&str, EvalScore)]) -> PositionEval {
        let lines = lines
            .iter()
            .map(|(moves, score)| EvalLine { moves: moves.split(' ').map(str::to_owned).collect(), score: *score })
            .collect();
        PositionEval { depth, knodes, lines }
    }

    #[tokio::test]
    async fn a_kept_evaluation_is_found_by_position_whatever_its_move_clocks() {
        let store = Store::open(std::path::Path::new(":memory:")).expect("a store");
        let mut position = Position::startpos();
        position.play_uci("e2e4").expect("legal");
        assert_eq!(store.eval(&position, 1).await.expect("read"), None);
        let kept = eval(20, 1_500, &[("c7c5 g1f3", EvalScore::Centipawns(30)), ("e7e5", EvalScore::Centipawns(35))]);
        store.put_eval(&position, &kept).await.expect("kept");
        let later = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 7 40").expect("a FEN");
        assert_eq!(store.eval(&later, 2).await.expect("read"), Some(kept.clone()));
        let one = store.eval(&later, 1).await.expect("read").expect("kept");
        assert_eq!((one.lines.len(), &one.lines[0]), (1, &kept.lines[0]));
        assert_eq!(store.eval(&later, 3).await.expect("read"), None, "only two lines were kept");
        assert_eq!(store.eval(&Position::startpos(), 1).await.expect("read"), None);
    }

    #[tokio::test]
    async fn a_deeper_evaluation_replaces_a_shallower_one_and_not_the_other_way() {
        let store = Store::open(std::path::Path::new(":memory:")).expect("a store");
        let position = Position::startpos();
        store.put_eval(&position, &eval(10, 100, &[("e2e4", EvalScore::Centipawns(20))])).await.expect("kept");
        store.put_eval(&position, &eval(18, 900, &[("d2d4", EvalScore::Centipawns(25))])).await.expect("kept");
        store.put_eval(&position, &eval(12, 300, &[("g1f3", EvalScore::Mate(-3))])).await.expect("kept");
        let keys = [position.clone(), Position::chess960(0).expect("a start")].iter().map(PositionKey::of).collect();
        let found = store.evals(keys).await.expect("read");
        assert_eq!(found, vec![Some(eval(18, 900, &[("d2d4", EvalScore::Centipawns(25))])), None]);
        store.put_eval(&position, &PositionEval { depth: 30, knodes: 10_000, lines: Vec::new() }).await.expect("ok");
        assert_eq!(store.eval(&position, 1).await.expect("read").map(|e| e.depth), Some(18), "no lines, not kept");
    }

    #[test]
    fn lines_are_kept_in_lichess_s_pvs_shape() {
        let mate = EvalLine { moves: vec!["h5f7".into()], score: EvalScore::Mate(1) };
        let text = serde_json::to_string(&[StoredLine::from(&mate)]).expect("JSON");
        assert_eq!(text, r#"[{"moves":"h5f7","mate":1}]"#);
        assert_eq!(read_lines(&text), Some(vec![mate]));
        assert_eq!(read_lines(r#"[{"moves":"e2e4"}]"#), None, "a line needs a score");
        assert_eq!(read_lines("[]"), None);
    }
}
