//! [`PartWriter`]: a Parquet file written from Arrow batches, each row
//! group's columns closed on two threads.
//!
//! Closing a row group's columns (their last pages and their dictionaries
//! compressed, which is most of the work of writing a file) is a stretch
//! of about 150 M instructions at the end of a 100 MB import, when the
//! file has one row group: nothing else is left to do then, so with one
//! thread doing it one core idled. The columns are independent, so two
//! threads close them, each its share (the larger columns first, to the
//! thread with the less so far), and the chunks are appended in the
//! schema's order: the file is byte for byte the one Parquet's
//! `ArrowWriter` writes, which goes through the same column writers.

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use parquet::arrow::arrow_writer::{compute_leaves, ArrowColumnChunk, ArrowColumnWriter, ArrowRowGroupWriterFactory};
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
        let mut writers = group.iter_mut();
        for (field, column) in self.schema.fields().iter().zip(batch.columns()) {
            for leaf in compute_leaves(field, column)? {
                let writer = writers.next().ok_or_else(|| ParquetError::General("a leaf without a writer".into()))?;
                writer.write(&leaf)?;
            }
        }
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

/// The columns' chunks, in their order, closed on `threads` threads (1 or
/// 2): the largest columns first, each to the thread with less so far.
fn close(columns: Vec<ArrowColumnWriter>, threads: usize) -> Result<Vec<ArrowColumnChunk>> {
    if threads < 2 {
        return columns.into_iter().map(ArrowColumnWriter::close).collect();
    }
    let mut by_size: Vec<(usize, ArrowColumnWriter)> = columns.into_iter().enumerate().collect();
    by_size.sort_by_key(|(_, column)| std::cmp::Reverse(column.memory_size()));
    let (mut shares, mut sizes): ([Vec<(usize, ArrowColumnWriter)>; 2], [usize; 2]) = Default::default();
    for (index, column) in by_size {
        let less = usize::from(sizes[1] < sizes[0]);
        sizes[less] += column.memory_size();
        shares[less].push((index, column));
    }
    let [mine, other] = shares;
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
