//! [`PartWriter`]: a Parquet file written from Arrow batches, each
//! batch's columns written, and each row group's columns closed, on two
//! threads.
//!
//! Closing a row group's columns (their last pages and their dictionaries
//! compressed, which is most of the work of writing a file) is a stretch
//! of about 150 M instructions at the end of a 100 MB import, when the
//! file has one row group; before it, the last batch (or two, when the
//! writer is behind) is written, some 50 M each. Nothing else is left to
//! do then, so with one thread doing it one core idled. The columns are
//! independent, so two threads write and close them, each its share (the
//! larger columns first, to the thread with the less so far), and the
//! chunks are appended in the schema's order: the file is byte for byte
//! the one Parquet's `ArrowWriter` writes, which goes through the same
//! column writers.

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use parquet::arrow::arrow_writer::{
    compute_leaves, ArrowColumnChunk, ArrowColumnWriter, ArrowLeafColumn, ArrowRowGroupWriterFactory,
};
use parquet::arrow::ArrowWriter;
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use std::fs::File;

type Result<T> = std::result::Result<T, ParquetError>;

/// Writes batches into row groups of a Parquet file, as `ArrowWriter` does
/// (the same bytes), closing each row group's columns on `threads` threads.
pub(crate) struct PartWriter {
    file: SerializedFileWriter<File>,
    factory: ArrowRowGroupWriterFactory,
    schema: SchemaRef,
    /// The row group being written, if one is begun: its columns' writers.
    group: Option<Vec<ArrowColumnWriter>>,
    /// Rows in the row group being written.
    rows: usize,
    /// Row groups written.
    groups: usize,
    /// Rows a row group holds at most.
    max_rows: usize,
    /// Threads that close a row group's columns (1 or 2).
    threads: usize,
}

impl PartWriter {
    /// A writer of `schema`'s batches into `file` with `properties` (whose
    /// row groups' row count is taken), closing a row group's columns on
    /// two threads if `threads` is more than one.
    pub(crate) fn new(
        file: File,
        schema: SchemaRef,
        properties: WriterProperties,
        threads: usize,
    ) -> Result<PartWriter> {
        let max_rows = properties.max_row_group_row_count().unwrap_or(usize::MAX).max(1);
        // Parquet's own writer makes the file writer (with the Arrow schema
        // in its metadata) and the factory of column writers; nothing is
        // written yet.
        let (file, factory) = ArrowWriter::try_new(file, schema.clone(), Some(properties))?.into_serialized_writer()?;
        let threads = threads.clamp(1, 2);
        Ok(PartWriter { file, factory, schema, group: None, rows: 0, groups: 0, max_rows, threads })
    }

    /// Writes `batch`, closing each row group that it fills.
    pub(crate) fn write(&mut self, batch: &RecordBatch) -> Result<()> {
        let rows = batch.num_rows();
        if rows == 0 {
            return Ok(());
        }
        let room = self.max_rows - self.rows;
        if rows > room {
            self.write(&batch.slice(0, room))?;
            return self.write(&batch.slice(room, rows - room));
        }
        let group = match &mut self.group {
            Some(group) => group,
            empty => empty.insert(self.factory.create_column_writers(self.groups)?),
        };
        // Each column's leaves (a map has two) with their writers, and what
        // writing it costs, roughly: its bytes, and for each value its
        // levels, statistics and dictionary look-up, weighed as 160 bytes
        // (a rough fit: on big.pgn the two threads' shares of the writing
        // came out about 42 % and 58 % by callgrind).
        let mut writers = group.iter_mut();
        let mut columns = Vec::with_capacity(batch.num_columns());
        for (field, column) in self.schema.fields().iter().zip(batch.columns()) {
            let mut leaves = Vec::new();
            for leaf in compute_leaves(field, column)? {
                let writer = writers.next().ok_or_else(|| ParquetError::General("a leaf without a writer".into()))?;
                leaves.push((writer, leaf));
            }
            columns.push((column.get_array_memory_size() + 160 * column.len(), leaves));
        }
        write_columns(columns, self.threads)?;
        self.rows += rows;
        if self.rows >= self.max_rows {
            self.flush()?;
        }
        Ok(())
    }

    /// Closes the row group being written, if any, and appends it.
    fn flush(&mut self) -> Result<()> {
        let Some(group) = self.group.take() else { return Ok(()) };
        let chunks = close(group, self.threads)?;
        let mut row_group = self.file.next_row_group()?;
        for chunk in chunks {
            chunk.append_to_row_group(&mut row_group)?;
        }
        row_group.close()?;
        (self.rows, self.groups) = (0, self.groups + 1);
        Ok(())
    }

    /// Writes the last row group and the file's footer.
    pub(crate) fn close(mut self) -> Result<()> {
        self.flush()?;
        self.file.close()?;
        Ok(())
    }
}

/// A column's leaves to write, each with its writer.
type Leaves<'w> = Vec<(&'w mut ArrowColumnWriter, ArrowLeafColumn)>;

/// Writes each column's leaves (with the column's cost) on `threads`
/// threads (1 or 2), shared as [`close`] shares the columns: the last batch
/// of an import is written while nothing else is left to do.
fn write_columns(columns: Vec<(usize, Leaves<'_>)>, threads: usize) -> Result<()> {
    let write_all = |share: Vec<Leaves<'_>>| -> Result<()> {
        share.into_iter().flatten().try_for_each(|(writer, leaf)| writer.write(&leaf))
    };
    if threads < 2 {
        return write_all(columns.into_iter().map(|(_, leaves)| leaves).collect());
    }
    let [mine, other] = halves(columns);
    std::thread::scope(|scope| {
        let other = scope.spawn(move || write_all(other));
        let mine = write_all(mine);
        mine.and(other.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}

/// `items` (each with its size) in two shares of about the same size: the
/// largest first, each to the share with less so far.
fn halves<T>(mut items: Vec<(usize, T)>) -> [Vec<T>; 2] {
    items.sort_by_key(|(size, _)| std::cmp::Reverse(*size));
    let (mut shares, mut sizes): ([Vec<T>; 2], [usize; 2]) = Default::default();
    for (size, item) in items {
        let less = usize::from(sizes[1] < sizes[0]);
        sizes[less] += size;
        shares[less].push(item);
    }
    shares
}

/// The columns' chunks, in their order, closed on `threads` threads (1 or
/// 2): the largest columns first, each to the thread with less so far.
fn close(columns: Vec<ArrowColumnWriter>, threads: usize) -> Result<Vec<ArrowColumnChunk>> {
    if threads < 2 {
        return columns.into_iter().map(ArrowColumnWriter::close).collect();
    }
    let sized = columns.into_iter().enumerate().map(|(index, column)| (column.memory_size(), (index, column)));
    let [mine, other] = halves(sized.collect());
    let close_all = |share: Vec<(usize, ArrowColumnWriter)>| -> Result<Vec<(usize, ArrowColumnChunk)>> {
        share.into_iter().map(|(index, column)| Ok((index, column.close()?))).collect()
    };
    let (mine, other) = std::thread::scope(|scope| {
        let other = scope.spawn(move || close_all(other));
        let mine = close_all(mine);
        (mine, other.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    });
    let mut chunks: Vec<(usize, ArrowColumnChunk)> = mine?.into_iter().chain(other?).collect();
    chunks.sort_by_key(|(index, _)| *index);
    Ok(chunks.into_iter().map(|(_, chunk)| chunk).collect())
}
