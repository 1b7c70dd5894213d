//! Data files: the header, appending whole games, and reading records.

use super::packed::{PackedPosition, RECORD_SIZE};
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// The format version this crate writes and reads.
pub const VERSION: u32 = 1;
/// The size of the file header in bytes.
pub const HEADER_SIZE: usize = 16;
/// The file header of the current version.
pub const HEADER: [u8; HEADER_SIZE] = {
    let mut header = [0u8; HEADER_SIZE];
    let magic = *b"ox88data";
    let version = VERSION.to_le_bytes();
    let mut i = 0;
    while i < 8 {
        header[i] = magic[i];
        i += 1;
    }
    while i < 12 {
        header[i] = version[i - 8];
        i += 1;
    }
    header
};

/// Why a data file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What failed.
        source: io::Error,
    },
    /// The file does not start with the header of a version this crate reads.
    #[error("{path}: not an ox88 data file of version {VERSION}")]
    Header {
        /// The file.
        path: String,
    },
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> DataError + '_ {
    move |source| DataError::Io { path: path.display().to_string(), source }
}

/// Opens `path` for appending records, creating it with a header if it does
/// not exist and cutting off a record left incomplete by an interrupted write.
/// Returns the file, positioned at its end, and the number of whole records
/// it holds.
fn open_for_append(path: &Path) -> Result<(File, u64), DataError> {
    let mut file =
        OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path).map_err(io_error(path))?;
    let len = file.metadata().map_err(io_error(path))?.len();
    if len < HEADER_SIZE as u64 {
        // Empty, or a header cut short: start the file again.
        file.set_len(0).map_err(io_error(path))?;
        file.write_all(&HEADER).map_err(io_error(path))?;
        return Ok((file, 0));
    }
    let mut header = [0u8; HEADER_SIZE];
    file.read_exact(&mut header).map_err(io_error(path))?;
    if header != HEADER {
        return Err(DataError::Header { path: path.display().to_string() });
    }
    let records = (len - HEADER_SIZE as u64) / RECORD_SIZE as u64;
    let whole = HEADER_SIZE as u64 + records * RECORD_SIZE as u64;
    if whole != len {
        file.set_len(whole).map_err(io_error(path))?;
    }
    file.seek(SeekFrom::End(0)).map_err(io_error(path))?;
    Ok((file, records))
}

/// Appends `records` to the data file at `path` in one write (creating the
/// file if needed), and returns how many records the file holds afterwards.
/// A process killed during the write leaves at most this batch incomplete,
/// and the next append cuts it off.
///
/// ```
/// use ox88_board::Board;
/// use ox88_board::{CastlingMode, GameResult};
/// use ox88_train::data::{append_records, read_records, PackedPosition};
/// let path = std::env::temp_dir().join(format!("ox88-doc-{}.bin", std::process::id()));
/// let record = PackedPosition::new(&Board::startpos(), 25, GameResult::Draw, CastlingMode::Standard);
/// assert_eq!(append_records(&path, &[record, record])?, 2);
/// assert_eq!(append_records(&path, &[record])?, 3);
/// assert_eq!(read_records(&path)?, vec![record; 3]);
/// # std::fs::remove_file(&path).unwrap();
/// # Ok::<(), ox88_train::data::DataError>(())
/// ```
pub fn append_records(path: &Path, records: &[PackedPosition]) -> Result<u64, DataError> {
    let (mut file, count) = open_for_append(path)?;
    let mut bytes = Vec::with_capacity(records.len() * RECORD_SIZE);
    for record in records {
        bytes.extend_from_slice(&record.to_bytes());
    }
    file.write_all(&bytes).map_err(io_error(path))?;
    Ok(count + records.len() as u64)
}

/// Reads every whole record of the data file at `path`.
pub fn read_records(path: &Path) -> Result<Vec<PackedPosition>, DataError> {
    let mut bytes = Vec::new();
    File::open(path).and_then(|mut f| f.read_to_end(&mut bytes)).map_err(io_error(path))?;
    if bytes.len() < HEADER_SIZE || bytes[..HEADER_SIZE] != HEADER {
        return Err(DataError::Header { path: path.display().to_string() });
    }
    Ok(bytes[HEADER_SIZE..]
        .chunks_exact(RECORD_SIZE)
        .map(|chunk| PackedPosition::from_bytes(chunk.try_into().expect("a whole record")))
        .collect())
}

/// The number of whole records in the data file at `path` (0 if it does
/// not exist).
pub fn count_records(path: &Path) -> Result<u64, DataError> {
    match std::fs::metadata(path) {
        Ok(meta) => Ok(meta.len().saturating_sub(HEADER_SIZE as u64) / RECORD_SIZE as u64),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(0),
        Err(e) => Err(io_error(path)(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::Board;
    use ox88_board::{CastlingMode, Color, GameResult};

    #[test]
    fn an_interrupted_write_is_cut_off() {
        let path = std::env::temp_dir().join(format!("ox88-data-test-{}.bin", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let record = PackedPosition::new(&Board::startpos(), 3, GameResult::Win(Color::White), CastlingMode::Standard);
        append_records(&path, &[record; 4]).unwrap();
        // Half a record, as if the process died during a write.
        OpenOptions::new().append(true).open(&path).unwrap().write_all(&[7; 13]).unwrap();
        assert_eq!(read_records(&path).unwrap().len(), 4);
        assert_eq!(append_records(&path, &[record]).unwrap(), 5);
        assert_eq!(read_records(&path).unwrap(), vec![record; 5]);
        assert_eq!(count_records(&path).unwrap(), 5);
        std::fs::write(&path, b"not a data file at all").unwrap();
        assert!(matches!(append_records(&path, &[record]), Err(DataError::Header { .. })));
        std::fs::remove_file(&path).unwrap();
    }
}
