//! [`Columns`]: which of the games table's optional columns to make.

/// Which optional columns a [`GameRecorder`](crate::GameRecorder) fills and
/// a [`GamesBatchBuilder`](crate::GamesBatchBuilder) writes. The tags, the
/// ply count, the result and the error are always there.
///
/// ```
/// use ox88_db::{games_schema, Columns};
/// let parquet = Columns::default(); // what `ox88-db import` writes
/// assert!(parquet.uci && parquet.move_indices && !parquet.san);
/// let schema = games_schema(Columns { san: true, ..Columns::default() });
/// assert!(schema.field_with_name("san").is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Columns {
    /// `uci`: the moves in UCI, as text.
    pub uci: bool,
    /// `move_indices`: each move's index among the legal moves, one byte a
    /// ply.
    pub move_indices: bool,
    /// `san`: the moves in SAN, as text (off by default: UCI and the
    /// indices say the same for less).
    pub san: bool,
    /// `clocks`, `eval_cp`, `eval_mate`: the `[%clk]` and `[%eval]`
    /// comments' values after each move.
    pub annotations: bool,
    /// The Polyglot key of each position, for the positions table (not a
    /// column of the games table).
    pub positions: bool,
}

impl Default for Columns {
    /// UCI, the move indices and the annotations: the import's games table.
    fn default() -> Columns {
        Columns { uci: true, move_indices: true, san: false, annotations: true, positions: false }
    }
}

impl Columns {
    /// Every column, and the positions' keys.
    pub fn all() -> Columns {
        Columns { uci: true, move_indices: true, san: true, annotations: true, positions: true }
    }
}
