//! The positions table: one row a move played, with the Polyglot key of the
//! position it is played in ([`positions_schema`],
//! [`PositionsBatchBuilder`]).

use crate::refill::{finish_bytes, finish_primitive};
use crate::GameRecord;
use arrow_array::builder::{Float32Builder, Int32Builder, Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use ox88_pgn::annotation::EvalScore;
use std::sync::Arc;

/// The positions table's schema: one row a main-line move of a game read.
///
/// | column | type | |
/// |---|---|---|
/// | `game_id` | int64 | the game's `id` in the games table |
/// | `ply` | int32 | the move's number in half-moves, from 1 |
/// | `key` | int64 | the Polyglot key of the position the move is played in (its 64 bits as a signed integer: Spark and Java have no unsigned one) |
/// | `uci` | string | the move (`0000` for a null move) |
/// | `clock` | float32 | seconds left after the move (`[%clk]`) |
/// | `eval_cp`, `eval_mate` | int32 | the evaluation after the move (`[%eval]`): centipawns, or moves to mate |
pub fn positions_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("game_id", DataType::Int64, false),
        Field::new("ply", DataType::Int32, false),
        Field::new("key", DataType::Int64, false),
        Field::new("uci", DataType::Utf8, false),
        Field::new("clock", DataType::Float32, true),
        Field::new("eval_cp", DataType::Int32, true),
        Field::new("eval_mate", DataType::Int32, true),
    ]))
}

/// Builds the positions table's batches from [`GameRecord`]s made with
/// [`Columns::positions`](crate::Columns::positions) and
/// [`Columns::uci`](crate::Columns::uci).
#[derive(Debug, Default)]
pub struct PositionsBatchBuilder {
    game_id: Int64Builder,
    ply: Int32Builder,
    key: Int64Builder,
    uci: StringBuilder,
    clock: Float32Builder,
    eval_cp: Int32Builder,
    eval_mate: Int32Builder,
    rows: usize,
}

impl PositionsBatchBuilder {
    /// An empty batch.
    pub fn new() -> PositionsBatchBuilder {
        PositionsBatchBuilder::default()
    }

    /// Rows added since the last [`finish`](Self::finish).
    pub fn len(&self) -> usize {
        self.rows
    }

    /// Whether no row was added since the last [`finish`](Self::finish).
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Adds the rows of the game with dataset id `id` (none for a game that
    /// could not be read).
    pub fn push(&mut self, id: i64, record: &GameRecord) {
        if record.error.is_some() {
            return;
        }
        for (ply, (uci, &key)) in record.uci.split_ascii_whitespace().zip(&record.keys).enumerate() {
            self.game_id.append_value(id);
            self.ply.append_value(ply as i32 + 1);
            // The key's bits, as a signed integer.
            self.key.append_value(key as i64);
            self.uci.append_value(uci);
            self.clock.append_option(record.clocks.get(ply).copied().flatten());
            let eval = record.evals.get(ply).copied().flatten();
            self.eval_cp.append_option(match eval {
                Some(EvalScore::Centipawns(cp)) => Some(cp),
                _ => None,
            });
            self.eval_mate.append_option(match eval {
                Some(EvalScore::Mate(moves)) => Some(moves),
                _ => None,
            });
            self.rows += 1;
        }
    }

    /// The rows added so far as a batch; the builder is empty again, with
    /// room for a batch like this one.
    pub fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        let arrays: Vec<ArrayRef> = vec![
            Arc::new(finish_primitive(&mut self.game_id)),
            Arc::new(finish_primitive(&mut self.ply)),
            Arc::new(finish_primitive(&mut self.key)),
            Arc::new(finish_bytes(&mut self.uci)),
            Arc::new(finish_primitive(&mut self.clock)),
            Arc::new(finish_primitive(&mut self.eval_cp)),
            Arc::new(finish_primitive(&mut self.eval_mate)),
        ];
        self.rows = 0;
        RecordBatch::try_new(positions_schema(), arrays)
    }
}
