//! The parts an import writes ([`Output`]) and the [`Writer`] that writes
//! the batches of rows into them: on the calling thread, or on a thread of
//! its own behind it.
//!
//! Writing a batch (encoding and compressing its columns) is a fifth of an
//! import's work, done in one go every few thousand games. On the thread
//! that hands the games over, it held the hand-over up for that long: the
//! readers, a few pieces ahead at most, then waited with nothing to do, and
//! one of two cores idled. Behind a channel of one batch, the hand-over
//! goes on while a batch is written, and the memory held grows by at most
//! two batches (the one queued, the one being written).

use crate::dataset;
use crate::import_error::ImportError;
use crate::part_writer::PartWriter;
use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{sync_channel, SyncSender};
use std::thread::{Scope, ScopedJoinHandle};

/// How a part is written: whether the dataset may hold parts already, the
/// zstd level, and the rows of a row group.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PartSettings {
    /// Parts already there are kept (`--append`); otherwise they are an error.
    pub(crate) append: bool,
    /// The zstd level of the column chunks.
    pub(crate) zstd_level: i32,
    /// Rows a row group holds at most.
    pub(crate) rows: usize,
    /// Threads the import reads on: with more than one, a row group's
    /// columns are closed on two.
    pub(crate) threads: usize,
}

/// One dataset being written: its new part, under a temporary name until
/// the import succeeds.
pub(crate) struct Output {
    /// `None` once closed.
    writer: Option<PartWriter>,
    temporary: PathBuf,
    part: PathBuf,
}

impl Output {
    /// Opens the next part of the dataset `dir` for `schema`; returns it and
    /// the largest `id_column` value of the parts there.
    pub(crate) fn open(
        dir: &Path,
        schema: SchemaRef,
        id_column: &str,
        settings: PartSettings,
    ) -> Result<(Output, i64), ImportError> {
        let parts = dataset::parts(dir)?;
        if !parts.is_empty() && !settings.append {
            return Err(ImportError::Exists { path: dir.to_owned() });
        }
        let mut last_id = 0;
        for part in &parts {
            let (existing, max) = dataset::inspect(part, id_column)?;
            if existing.fields() != schema.fields() {
                return Err(ImportError::Schema { path: part.clone() });
            }
            last_id = last_id.max(max.unwrap_or(0));
        }
        let io = |source| ImportError::Io { path: dir.to_owned(), source };
        std::fs::create_dir_all(dir).map_err(io)?;
        let part = dataset::next_part(dir, &parts);
        let temporary = part.with_extension("parquet.partial");
        let file = File::create(&temporary).map_err(io)?;
        let level = ZstdLevel::try_new(settings.zstd_level)?;
        let properties = WriterProperties::builder()
            .set_compression(Compression::ZSTD(level))
            .set_max_row_group_row_count(Some(settings.rows.max(1)))
            .set_created_by(format!("ox88-db {}", env!("CARGO_PKG_VERSION")))
            .build();
        let writer = PartWriter::new(file, schema, properties, settings.threads)?;
        Ok((Output { writer: Some(writer), temporary, part }, last_id))
    }

    pub(crate) fn write(&mut self, batch: &RecordBatch) -> Result<(), ImportError> {
        match &mut self.writer {
            Some(writer) => Ok(writer.write(batch)?),
            None => Ok(()),
        }
    }

    /// Closes the part and gives it its name.
    pub(crate) fn finish(mut self) -> Result<PathBuf, ImportError> {
        if let Some(writer) = self.writer.take() {
            writer.close()?;
        }
        std::fs::rename(&self.temporary, &self.part)
            .map_err(|source| ImportError::Io { path: self.part.clone(), source })?;
        Ok(self.part.clone())
    }
}

impl Drop for Output {
    /// An import that failed leaves no part behind.
    fn drop(&mut self) {
        if self.writer.is_some() {
            let _ = std::fs::remove_file(&self.temporary);
        }
    }
}

/// The parts being written: the games table's, and the positions table's
/// if one is made.
pub(crate) struct Outputs {
    pub(crate) games: Output,
    pub(crate) positions: Option<Output>,
}

impl Outputs {
    fn write(&mut self, batches: &Batches) -> Result<(), ImportError> {
        if let Some(batch) = &batches.games {
            self.games.write(batch)?;
        }
        if let (Some(out), Some(batch)) = (&mut self.positions, &batches.positions) {
            out.write(batch)?;
        }
        Ok(())
    }
}

/// The rows gathered since the last write: the games table's and the
/// positions table's (`None`: no rows).
pub(crate) struct Batches {
    pub(crate) games: Option<RecordBatch>,
    pub(crate) positions: Option<RecordBatch>,
}

/// Writes the batches into the parts, in the order given.
pub(crate) enum Writer<'scope> {
    /// On the calling thread: the parts, or the error that stopped the
    /// writing (boxed: the parts' writers are large, and the enum is moved).
    Here(Box<Result<Outputs, ImportError>>),
    /// On a thread behind it, which hands the parts back when the channel
    /// closes, or its error as soon as a write fails (it then takes no
    /// more batches).
    Behind(SyncSender<Batches>, ScopedJoinHandle<'scope, Result<Outputs, ImportError>>),
}

impl<'scope> Writer<'scope> {
    /// A writer of `outputs`, on a thread of `scope` if `behind`.
    pub(crate) fn new<'env>(scope: &'scope Scope<'scope, 'env>, outputs: Outputs, behind: bool) -> Writer<'scope> {
        if !behind {
            return Writer::Here(Box::new(Ok(outputs)));
        }
        // One batch queued while one is written: memory stays bounded.
        let (sender, batches) = sync_channel::<Batches>(1);
        let thread = scope.spawn(move || {
            let mut outputs = outputs;
            for batch in batches {
                outputs.write(&batch)?;
            }
            Ok(outputs)
        });
        Writer::Behind(sender, thread)
    }

    /// Writes `batches` (or hands them over); `false` once the writing
    /// stopped on an error, which [`finish`](Self::finish) returns.
    pub(crate) fn write(&mut self, batches: Batches) -> bool {
        match self {
            Writer::Here(here) => match &mut **here {
                Ok(outputs) => match outputs.write(&batches) {
                    Ok(()) => true,
                    Err(error) => {
                        **here = Err(error);
                        false
                    }
                },
                Err(_) => false,
            },
            Writer::Behind(sender, _) => sender.send(batches).is_ok(),
        }
    }

    /// The parts once every batch is written, or the error that stopped
    /// the writing.
    pub(crate) fn finish(self) -> Result<Outputs, ImportError> {
        match self {
            Writer::Here(outputs) => *outputs,
            Writer::Behind(sender, thread) => {
                drop(sender);
                thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            }
        }
    }
}
