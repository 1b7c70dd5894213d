//! Opening PGN inputs: plain, zstd (`.zst`) or bzip2 (`.bz2`), counting the
//! bytes read for a progress report.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// How a file is compressed, by its name's ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Plain text.
    None,
    /// `.zst` or `.zstd`.
    Zstd,
    /// `.bz2`.
    Bzip2,
}

impl Compression {
    /// The compression a file name says.
    pub fn of(path: &Path) -> Compression {
        match path.extension().and_then(|e| e.to_str()) {
            Some("zst" | "zstd") => Compression::Zstd,
            Some("bz2") => Compression::Bzip2,
            _ => Compression::None,
        }
    }
}

/// A PGN input opened for reading, decompressed as its name says. The bytes
/// read from the file (compressed) are added to `counter`, for progress.
pub fn open(path: &Path, counter: Arc<AtomicU64>) -> io::Result<Box<dyn Read + Send>> {
    let file = Counting { inner: File::open(path)?, counter };
    Ok(match Compression::of(path) {
        Compression::None => Box::new(file),
        Compression::Zstd => Box::new(zstd::Decoder::new(file)?),
        // Several streams one after the other, as parallel compressors write.
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(BufReader::with_capacity(1 << 16, file))),
    })
}

/// A reader that adds the bytes it reads to a shared counter.
struct Counting<R> {
    inner: R,
    counter: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.counter.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn reads_each_compression_and_counts_the_file_bytes() {
        let dir = std::env::temp_dir().join(format!("ox88-db-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let text = b"[White \"A\"]\n\n1. e4 e5 *\n".repeat(1000);
        let plain = dir.join("games.pgn");
        std::fs::write(&plain, &text).unwrap();
        let zst = dir.join("games.pgn.zst");
        std::fs::write(&zst, zstd::encode_all(&text[..], 3).unwrap()).unwrap();
        let bz2 = dir.join("games.pgn.bz2");
        let mut encoder = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
        encoder.write_all(&text).unwrap();
        std::fs::write(&bz2, encoder.finish().unwrap()).unwrap();
        for path in [&plain, &zst, &bz2] {
            let counter = Arc::new(AtomicU64::new(0));
            let mut read = Vec::new();
            open(path, counter.clone()).unwrap().read_to_end(&mut read).unwrap();
            assert_eq!(read, text, "{}", path.display());
            assert_eq!(counter.load(Ordering::Relaxed), std::fs::metadata(path).unwrap().len());
        }
        assert_eq!(Compression::of(Path::new("a.pgn.zst")), Compression::Zstd);
        assert!(open(&dir.join("missing.pgn"), Arc::default()).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
