//! The games table: its Arrow schema ([`games_schema`]) and
//! [`GamesBatchBuilder`], which turns [`GameRecord`]s into `RecordBatch`es.

use crate::refill::{finish_bytes, finish_list, finish_map, finish_primitive};
use crate::{Columns, GameRecord};
use arrow_array::builder::{
    BinaryBuilder, Date32Builder, Float32Builder, Int32Builder, Int64Builder, ListBuilder, MapBuilder, MapFieldNames,
    StringBuilder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, FieldRef, Fields, Schema, SchemaRef};
use ox88_pgn::annotation::EvalScore;
use std::sync::Arc;

/// The text columns of tags, in schema order, with how to read each from
/// the tags.
type TextTag = (&'static str, fn(&crate::Tags) -> Option<&str>);
/// The integer columns of tags.
type IntTag = (&'static str, fn(&crate::Tags) -> Option<i32>);

const TEXT_TAGS_1: [TextTag; 4] =
    [("event", |t| t.event()), ("site", |t| t.site()), ("round", |t| t.round()), ("white", |t| t.white())];
const TEXT_TAGS_2: [TextTag; 3] =
    [("black", |t| t.black()), ("white_title", |t| t.white_title()), ("black_title", |t| t.black_title())];
const INT_TAGS: [IntTag; 6] = [
    ("white_elo", |t| t.white_elo),
    ("black_elo", |t| t.black_elo),
    ("white_rating_diff", |t| t.white_rating_diff),
    ("black_rating_diff", |t| t.black_rating_diff),
    ("time_control_base", |t| t.time_control.map(|tc| tc.0)),
    ("time_control_increment", |t| t.time_control.map(|tc| tc.1)),
];
const TEXT_TAGS_3: [TextTag; 5] = [
    ("utc_time", |t| t.utc_time()),
    ("eco", |t| t.eco()),
    ("opening", |t| t.opening()),
    ("termination", |t| t.termination()),
    ("fen", |t| t.fen()),
];

fn text_tags() -> impl Iterator<Item = &'static TextTag> {
    TEXT_TAGS_1.iter().chain(&TEXT_TAGS_2).chain(&TEXT_TAGS_3)
}

/// The map column's field names.
fn map_names() -> MapFieldNames {
    MapFieldNames { entry: "entries".into(), key: "key".into(), value: "value".into() }
}

/// A list column's item field.
fn item(data_type: DataType) -> FieldRef {
    Arc::new(Field::new("item", data_type, true))
}

fn list_of(data_type: DataType) -> DataType {
    DataType::List(item(data_type))
}

/// The games table's schema for `columns`: one row a game.
///
/// | column | type | |
/// |---|---|---|
/// | `id` | int64 | the game's number in the dataset, from 1 |
/// | `file`, `number` | string, int64 | the input file and the game's number in it (from 1) |
/// | `event`, `site`, `round`, `white`, `black`, `white_title`, `black_title` | string | tags |
/// | `date`, `utc_date` | date32 | `Date`, `UTCDate` (whole dates only) |
/// | `white_elo`, `black_elo`, `white_rating_diff`, `black_rating_diff` | int32 | tags |
/// | `time_control_base`, `time_control_increment` | int32 | `TimeControl`, seconds |
/// | `utc_time`, `eco`, `opening`, `termination`, `fen` | string | tags |
/// | `tags` | `map<string, string>` | every other tag (and a known one not of its type) |
/// | `result` | string | `1-0`, `0-1`, `1/2-1/2`, `*`: the `Result` tag, else the movetext's marker |
/// | `ply_count` | int32 | main-line moves |
/// | `uci` | string | the moves in UCI, space-separated ([`Columns::uci`]) |
/// | `san` | string | the moves in SAN, space-separated ([`Columns::san`]) |
/// | `move_indices` | binary | a byte a move: its index among the legal moves ([`crate::move_index`]) |
/// | `clocks` | `list<float32>` | seconds left after each move (`[%clk]`) |
/// | `eval_cp`, `eval_mate` | `list<int32>` | `[%eval]` after each move: centipawns, or moves to mate (White's view) |
/// | `error` | string | why the game could not be read (then the moves' columns are null) |
///
/// The types are those Spark reads (no unsigned integers, no time of day).
pub fn games_schema(columns: Columns) -> SchemaRef {
    let text = |name: &str| Field::new(name, DataType::Utf8, true);
    let int = |name: &str| Field::new(name, DataType::Int32, true);
    let mut fields = vec![
        Field::new("id", DataType::Int64, false),
        Field::new("file", DataType::Utf8, false),
        Field::new("number", DataType::Int64, false),
    ];
    fields.extend(TEXT_TAGS_1.iter().map(|(name, _)| text(name)));
    fields.extend(TEXT_TAGS_2.iter().map(|(name, _)| text(name)));
    fields.push(Field::new("date", DataType::Date32, true));
    fields.push(Field::new("utc_date", DataType::Date32, true));
    fields.extend(INT_TAGS.iter().map(|(name, _)| int(name)));
    fields.extend(TEXT_TAGS_3.iter().map(|(name, _)| text(name)));
    let entries =
        Fields::from(vec![Field::new("key", DataType::Utf8, false), Field::new("value", DataType::Utf8, true)]);
    let entries = Field::new("entries", DataType::Struct(entries), false);
    fields.push(Field::new("tags", DataType::Map(Arc::new(entries), false), false));
    fields.push(text("result"));
    fields.push(int("ply_count"));
    if columns.uci {
        fields.push(text("uci"));
    }
    if columns.san {
        fields.push(text("san"));
    }
    if columns.move_indices {
        fields.push(Field::new("move_indices", DataType::Binary, true));
    }
    if columns.annotations {
        fields.push(Field::new("clocks", list_of(DataType::Float32), true));
        fields.push(Field::new("eval_cp", list_of(DataType::Int32), true));
        fields.push(Field::new("eval_mate", list_of(DataType::Int32), true));
    }
    fields.push(text("error"));
    Arc::new(Schema::new(fields))
}

/// Builds the games table's `RecordBatch`es, a [`GameRecord`] at a time.
///
/// ```
/// use ox88_db::{Columns, GameRecorder, GamesBatchBuilder};
/// use ox88_pgn::ParallelReader;
/// let pgn = "[White \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 Ke7 *\n".repeat(50);
/// let columns = Columns::default();
/// let mut builder = GamesBatchBuilder::new(columns);
/// ParallelReader::new(2).read_slice(pgn.as_bytes(), || GameRecorder::new(columns), |number, game| {
///     builder.push_result(number as i64, "games.pgn", number, game);
/// });
/// let batch = builder.finish()?;
/// assert_eq!(batch.num_rows(), 100);
/// assert_eq!(batch.schema(), ox88_db::games_schema(columns));
/// assert_eq!(batch.column_by_name("error").unwrap().null_count(), 50);
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
#[derive(Debug)]
pub struct GamesBatchBuilder {
    columns: Columns,
    schema: SchemaRef,
    id: Int64Builder,
    file: StringBuilder,
    number: Int64Builder,
    text: Vec<StringBuilder>,
    dates: [Date32Builder; 2],
    ints: Vec<Int32Builder>,
    tags: MapBuilder<StringBuilder, StringBuilder>,
    result: StringBuilder,
    ply_count: Int32Builder,
    uci: StringBuilder,
    san: StringBuilder,
    move_indices: BinaryBuilder,
    clocks: ListBuilder<Float32Builder>,
    eval_cp: ListBuilder<Int32Builder>,
    eval_mate: ListBuilder<Int32Builder>,
    error: StringBuilder,
    rows: usize,
}

impl GamesBatchBuilder {
    /// An empty batch of the games table with `columns`.
    pub fn new(columns: Columns) -> GamesBatchBuilder {
        GamesBatchBuilder {
            columns,
            schema: games_schema(columns),
            id: Int64Builder::new(),
            file: StringBuilder::new(),
            number: Int64Builder::new(),
            text: text_tags().map(|_| StringBuilder::new()).collect(),
            dates: [Date32Builder::new(), Date32Builder::new()],
            ints: INT_TAGS.iter().map(|_| Int32Builder::new()).collect(),
            tags: MapBuilder::new(Some(map_names()), StringBuilder::new(), StringBuilder::new()),
            result: StringBuilder::new(),
            ply_count: Int32Builder::new(),
            uci: StringBuilder::new(),
            san: StringBuilder::new(),
            move_indices: BinaryBuilder::new(),
            clocks: ListBuilder::new(Float32Builder::new()).with_field(item(DataType::Float32)),
            eval_cp: ListBuilder::new(Int32Builder::new()).with_field(item(DataType::Int32)),
            eval_mate: ListBuilder::new(Int32Builder::new()).with_field(item(DataType::Int32)),
            error: StringBuilder::new(),
            rows: 0,
        }
    }

    /// The schema of the batches made.
    pub fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }

    /// Rows added since the last [`finish`](Self::finish).
    pub fn len(&self) -> usize {
        self.rows
    }

    /// Whether no row was added since the last [`finish`](Self::finish).
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Adds a game read by a [`GameRecorder`](crate::GameRecorder), or the
    /// error of one that could not be read, as the reader hands it over:
    /// its dataset id, its file and its number in the file.
    pub fn push_result(&mut self, id: i64, file: &str, number: u64, game: Result<GameRecord, ox88_pgn::PgnError>) {
        match game {
            Ok(mut record) => {
                record.number = number;
                self.push(id, file, &record);
            }
            Err(error) => self.push(id, file, &GameRecord::failed(&error)),
        }
    }

    /// Adds one game's row.
    pub fn push(&mut self, id: i64, file: &str, record: &GameRecord) {
        let tags = &record.tags;
        self.id.append_value(id);
        self.file.append_value(file);
        self.number.append_value(record.number as i64);
        for (builder, (_, get)) in self.text.iter_mut().zip(text_tags()) {
            builder.append_option(get(tags));
        }
        self.dates[0].append_option(tags.date);
        self.dates[1].append_option(tags.utc_date);
        for (builder, (_, get)) in self.ints.iter_mut().zip(&INT_TAGS) {
            builder.append_option(get(tags));
        }
        for (name, value) in tags.other() {
            self.tags.keys().append_value(name);
            self.tags.values().append_value(value);
        }
        // A map's entries are appended above: closing it cannot fail.
        let _ = self.tags.append(true);
        let failed = record.error.is_some();
        self.result.append_option((!failed).then(|| record.result().as_str()));
        self.ply_count.append_option((!failed).then_some(record.ply_count as i32));
        if self.columns.uci {
            self.uci.append_option((!failed).then_some(&record.uci));
        }
        if self.columns.san {
            self.san.append_option((!failed).then_some(&record.san));
        }
        if self.columns.move_indices {
            self.move_indices.append_option((!failed).then_some(&record.move_indices));
        }
        if self.columns.annotations {
            self.push_annotations(record);
        }
        self.error.append_option(record.error.as_deref());
        self.rows += 1;
    }

    fn push_annotations(&mut self, record: &GameRecord) {
        if record.clocks.is_empty() {
            self.clocks.append_null();
        } else {
            self.clocks.append_value(record.clocks.iter().copied());
        }
        if record.evals.is_empty() {
            self.eval_cp.append_null();
            self.eval_mate.append_null();
        } else {
            let cp = |e: &Option<EvalScore>| match e {
                Some(EvalScore::Centipawns(cp)) => Some(*cp),
                _ => None,
            };
            let mate = |e: &Option<EvalScore>| match e {
                Some(EvalScore::Mate(moves)) => Some(*moves),
                _ => None,
            };
            self.eval_cp.append_value(record.evals.iter().map(cp));
            self.eval_mate.append_value(record.evals.iter().map(mate));
        }
    }

    /// The rows added so far as a batch; the builder is empty again, with
    /// room for a batch like this one.
    pub fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        let mut arrays: Vec<ArrayRef> = vec![
            Arc::new(finish_primitive(&mut self.id)),
            Arc::new(finish_bytes(&mut self.file)),
            Arc::new(finish_primitive(&mut self.number)),
        ];
        let mut text = self.text.iter_mut().map(|b| Arc::new(finish_bytes(b)) as ArrayRef);
        arrays.extend(text.by_ref().take(TEXT_TAGS_1.len() + TEXT_TAGS_2.len()));
        arrays.push(Arc::new(finish_primitive(&mut self.dates[0])));
        arrays.push(Arc::new(finish_primitive(&mut self.dates[1])));
        arrays.extend(self.ints.iter_mut().map(|b| Arc::new(finish_primitive(b)) as ArrayRef));
        arrays.extend(text);
        arrays.push(Arc::new(finish_map(&mut self.tags, map_names())));
        arrays.push(Arc::new(finish_bytes(&mut self.result)));
        arrays.push(Arc::new(finish_primitive(&mut self.ply_count)));
        if self.columns.uci {
            arrays.push(Arc::new(finish_bytes(&mut self.uci)));
        }
        if self.columns.san {
            arrays.push(Arc::new(finish_bytes(&mut self.san)));
        }
        if self.columns.move_indices {
            arrays.push(Arc::new(finish_bytes(&mut self.move_indices)));
        }
        if self.columns.annotations {
            arrays.push(Arc::new(finish_list(&mut self.clocks, item(DataType::Float32))));
            arrays.push(Arc::new(finish_list(&mut self.eval_cp, item(DataType::Int32))));
            arrays.push(Arc::new(finish_list(&mut self.eval_mate, item(DataType::Int32))));
        }
        arrays.push(Arc::new(finish_bytes(&mut self.error)));
        self.rows = 0;
        RecordBatch::try_new(self.schema.clone(), arrays)
    }
}
