//! Training positions: the packed records of `ox88_train::data` decoded into
//! the network's sparse inputs, and an epoch's stream of shuffled batches.
//!
//! The stream reads the file front to back in windows of a few hundred
//! thousand records, shuffles each window and cuts it into batches, on its
//! own thread: memory stays constant whatever the file's size, and reading
//! (from the page cache, after the first epoch) costs far less than training.
//! The files `datagen shuffle` writes are already shuffled as a whole; the
//! window shuffle gives each epoch different batches.

use ox88_board::Random;
use ox88_board::{Color, Piece, Role, Square};
use ox88_eval::nnue::{bucketed_feature_index, KingBuckets};
use ox88_train::data::{PackedPosition, HEADER, HEADER_SIZE, RECORD_SIZE};
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{sync_channel, Receiver};

/// The most pieces a position can have.
pub const MAX_FEATURES: usize = 32;

/// One position as the network sees it.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// The active features from the side to move's perspective (`[0]`) and
    /// the other side's (`[1]`); the first `count` of each are used.
    pub features: [[u16; MAX_FEATURES]; 2],
    /// The number of pieces.
    pub count: u8,
    /// The search score in centipawns, for the side to move.
    pub score: i16,
    /// The game's result for the side to move: 0, 0.5 or 1.
    pub result: f32,
}

impl Sample {
    /// Decodes a record into the inputs of a network of `king_buckets`,
    /// or `None` if it is malformed.
    pub fn from_record(record: &PackedPosition, king_buckets: &KingBuckets) -> Option<Sample> {
        Sample::decode(record, 0, king_buckets)
    }

    /// Decodes a record mirrored left to right (the a-file becomes the
    /// h-file), or `None` if it is malformed or either side may castle:
    /// only without castling rights is the mirrored position worth the same
    /// score and result, so that the record can teach it too.
    pub fn from_record_mirrored(record: &PackedPosition, king_buckets: &KingBuckets) -> Option<Sample> {
        if record.may_castle() {
            return None;
        }
        Sample::decode(record, 7, king_buckets)
    }

    /// Decodes a record with every square index xor-ed with `flip` (0: as
    /// is; 7: mirrored left to right).
    fn decode(record: &PackedPosition, flip: u8, king_buckets: &KingBuckets) -> Option<Sample> {
        let stm = record.side_to_move();
        let white_result = record.result().score_for(Color::White)?;
        let count = record.occupied().count_ones() as usize;
        if !(2..=MAX_FEATURES).contains(&count) {
            return None;
        }
        let mut pieces = [(Square::A1, Piece::new(Color::White, Role::Pawn)); MAX_FEATURES];
        let mut kings = [None; 2];
        for (i, (square, color, role)) in record.pieces().enumerate() {
            let square = Square::from_index64(square ^ flip)?;
            pieces[i] = (square, Piece::new(color, role));
            if role == Role::King {
                kings[color.index()] = Some(square);
            }
        }
        let kings = [kings[stm.index()]?, kings[(!stm).index()]?];
        let mut features = [[0u16; MAX_FEATURES]; 2];
        for (i, &(square, piece)) in pieces[..count].iter().enumerate() {
            for (p, perspective) in [stm, !stm].into_iter().enumerate() {
                features[p][i] = bucketed_feature_index(king_buckets, perspective, kings[p], piece, square) as u16;
            }
        }
        let result = if stm == Color::White { white_result } else { 1.0 - white_result };
        Some(Sample { features, count: count as u8, score: record.score_for_side_to_move(), result })
    }

    /// The active features of `perspective` (0: side to move).
    #[inline(always)]
    pub fn active(&self, perspective: usize) -> &[u16] {
        &self.features[perspective][..usize::from(self.count)]
    }
}

/// How [`DataFile::stream`] orders and varies the records.
#[derive(Clone, Copy, Debug)]
pub struct Streaming {
    /// Records read and shuffled together.
    pub window: usize,
    /// Seeds the shuffles and the mirroring.
    pub seed: u64,
    /// The probability of mirroring a record without castling rights.
    pub mirror: f64,
    /// The king-bucket layout of the network the samples are for.
    pub king_buckets: KingBuckets,
}

/// A data file of `ox88_train::data` records.
#[derive(Clone, Debug)]
pub struct DataFile {
    path: PathBuf,
    records: u64,
}

impl DataFile {
    /// Opens `path`, checking its header.
    pub fn open(path: &Path) -> Result<DataFile, String> {
        let failed = |e: std::io::Error| format!("{}: {e}", path.display());
        let mut file = File::open(path).map_err(failed)?;
        let mut header = [0u8; HEADER_SIZE];
        file.read_exact(&mut header).map_err(failed)?;
        if header != HEADER {
            return Err(format!("{}: not an ox88 data file of the current version", path.display()));
        }
        let len = file.metadata().map_err(failed)?.len();
        Ok(DataFile { path: path.to_owned(), records: (len - HEADER_SIZE as u64) / RECORD_SIZE as u64 })
    }

    /// The number of whole records.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads `count` records (fewer at the end of the file) from record
    /// `start` on.
    pub fn records_at(&self, start: u64, count: u64) -> Result<Vec<PackedPosition>, String> {
        let mut reader = self.reader_at(start)?;
        let count = count.min(self.records.saturating_sub(start));
        let mut records = Vec::with_capacity(count as usize);
        let mut buffer = [0u8; RECORD_SIZE];
        for _ in 0..count {
            reader.read_exact(&mut buffer).map_err(|e| format!("{}: {e}", self.path.display()))?;
            records.push(PackedPosition::from_bytes(buffer));
        }
        Ok(records)
    }

    /// Reads `count` records from record `start` on, decoded for a network
    /// of `king_buckets` (malformed ones are left out).
    pub fn read(&self, start: u64, count: u64, king_buckets: &KingBuckets) -> Result<Vec<Sample>, String> {
        Ok(self.records_at(start, count)?.iter().filter_map(|r| Sample::from_record(r, king_buckets)).collect())
    }

    fn reader_at(&self, start: u64) -> Result<BufReader<File>, String> {
        let failed = |e: std::io::Error| format!("{}: {e}", self.path.display());
        let mut file = File::open(&self.path).map_err(failed)?;
        file.seek(SeekFrom::Start(HEADER_SIZE as u64 + start * RECORD_SIZE as u64)).map_err(failed)?;
        Ok(BufReader::with_capacity(1 << 20, file))
    }

    /// Streams `count` records from record `start` on as shuffled batches
    /// of `batch` samples, read and decoded on a thread of its own, in
    /// windows of `window` records; the last batch may be smaller. Each
    /// record without castling rights is mirrored left to right with
    /// probability `mirror` (0: never). A read error ends the stream with
    /// an `Err`.
    pub fn stream(
        &self,
        start: u64,
        count: u64,
        batch: usize,
        stream: Streaming,
    ) -> Receiver<Result<Vec<Sample>, String>> {
        let Streaming { window, seed, mirror, king_buckets } = stream;
        let (sender, receiver) = sync_channel(4);
        let file = self.clone();
        std::thread::spawn(move || {
            let mut reader = match file.reader_at(start) {
                Ok(reader) => reader,
                Err(e) => {
                    let _ = sender.send(Err(e));
                    return;
                }
            };
            let mut random = Random::new(seed);
            let mut left = count.min(file.records.saturating_sub(start));
            let window = window.max(batch);
            let mut bytes = vec![0u8; window * RECORD_SIZE];
            let mut pending: Vec<Sample> = Vec::with_capacity(window + batch);
            while left > 0 {
                let take = (window as u64).min(left) as usize;
                if let Err(e) = reader.read_exact(&mut bytes[..take * RECORD_SIZE]) {
                    let _ = sender.send(Err(format!("{}: {e}", file.path.display())));
                    return;
                }
                left -= take as u64;
                let mut samples: Vec<Sample> = bytes[..take * RECORD_SIZE]
                    .chunks_exact(RECORD_SIZE)
                    .filter_map(|c| {
                        let record = PackedPosition::from_bytes(c.try_into().expect("a record"));
                        let mirrored = if mirror > 0.0 && random.chance(mirror) {
                            Sample::from_record_mirrored(&record, &king_buckets)
                        } else {
                            None
                        };
                        mirrored.or_else(|| Sample::from_record(&record, &king_buckets))
                    })
                    .collect();
                random.shuffle(&mut samples);
                pending.extend(samples);
                while pending.len() >= batch || (left == 0 && !pending.is_empty()) {
                    let rest = pending.split_off(batch.min(pending.len()));
                    let full = std::mem::replace(&mut pending, rest);
                    if sender.send(Ok(full)).is_err() {
                        return; // the trainer stopped listening
                    }
                }
            }
        });
        receiver
    }
}
