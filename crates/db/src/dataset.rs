//! A dataset on disk: a folder of Parquet files (`part-00000.parquet`, …)
//! that DuckDB, Polars, pyarrow and Spark read as one table, and to which
//! an import can add a part.

use crate::import_error::ImportError;
use arrow_schema::SchemaRef;
use parquet::arrow::parquet_to_arrow_schema;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::file::statistics::Statistics;
use std::fs::File;
use std::path::{Path, PathBuf};

/// The parts of the dataset folder `dir`, in order (none if it does not
/// exist).
pub fn parts(dir: &Path) -> Result<Vec<PathBuf>, ImportError> {
    if !dir.exists() {
        return Ok(Vec::new());
    }
    let io = |source| ImportError::Io { path: dir.to_owned(), source };
    let mut parts = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let path = entry.map_err(io)?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("part-") && name.ends_with(".parquet") {
            parts.push(path);
        }
    }
    parts.sort();
    Ok(parts)
}

/// The path of the part after `parts`.
pub fn next_part(dir: &Path, parts: &[PathBuf]) -> PathBuf {
    let number = |p: &PathBuf| -> Option<u64> {
        let name = p.file_name()?.to_str()?;
        name.strip_prefix("part-")?.strip_suffix(".parquet")?.parse().ok()
    };
    let next = parts.iter().filter_map(number).max().map_or(0, |n| n + 1);
    dir.join(format!("part-{next:05}.parquet"))
}

/// What an existing part says: its schema and the largest value of its
/// integer column `column` (from the row groups' statistics).
pub fn inspect(path: &Path, column: &str) -> Result<(SchemaRef, Option<i64>), ImportError> {
    let file = File::open(path).map_err(|source| ImportError::Io { path: path.to_owned(), source })?;
    let reader = SerializedFileReader::new(file)?;
    let metadata = reader.metadata();
    let file_metadata = metadata.file_metadata();
    let schema = parquet_to_arrow_schema(file_metadata.schema_descr(), file_metadata.key_value_metadata())?;
    let index = schema.index_of(column).map_err(|_| ImportError::Schema { path: path.to_owned() })?;
    let mut max = None;
    for row_group in metadata.row_groups() {
        match row_group.column(index).statistics() {
            Some(Statistics::Int64(stats)) => max = max.max(stats.max_opt().copied()),
            _ if row_group.num_rows() == 0 => {}
            _ => return Err(ImportError::Schema { path: path.to_owned() }),
        }
    }
    Ok((std::sync::Arc::new(schema), max))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_numbered_on() {
        let dir = Path::new("/data/games.parquet");
        assert_eq!(next_part(dir, &[]), dir.join("part-00000.parquet"));
        let parts = [dir.join("part-00000.parquet"), dir.join("part-00007.parquet")];
        assert_eq!(next_part(dir, &parts), dir.join("part-00008.parquet"));
        assert!(super::parts(Path::new("/no/such/folder")).unwrap().is_empty());
    }
}
