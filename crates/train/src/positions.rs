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
use ox88_train::chain::{read_training_positions, CHAIN_MAGIC};
use ox88_train::data::{PackedPosition, HEADER, HEADER_SIZE, RECORD_SIZE};
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Arc;

/// The most pieces a position can have.
pub const MAX_FEATURES: usize = 32;

/// One position as the network sees it.
#[derive(Clone, Copy, Debug)]
pub struct NetworkSample {
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

impl NetworkSample {
    /// Decodes a record into the inputs of a network of `king_buckets`,
    /// or `None` if it is malformed.
    pub fn from_record(record: &PackedPosition, king_buckets: &KingBuckets) -> Option<NetworkSample> {
        NetworkSample::decode(record, 0, king_buckets)
    }

    /// Decodes a record mirrored left to right (the a-file becomes the
    /// h-file), or `None` if it is malformed or either side may castle:
    /// only without castling rights is the mirrored position worth the same
    /// score and result, so that the record can teach it too.
    pub fn from_record_mirrored(record: &PackedPosition, king_buckets: &KingBuckets) -> Option<NetworkSample> {
        if record.may_castle() {
            return None;
        }
        NetworkSample::decode(record, 7, king_buckets)
    }

    /// Decodes a record with every square index xor-ed with `flip` (0: as
    /// is; 7: mirrored left to right).
    fn decode(record: &PackedPosition, flip: u8, king_buckets: &KingBuckets) -> Option<NetworkSample> {
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
        Some(NetworkSample { features, count: count as u8, score: record.score_for_side_to_move(), result })
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

/// Training data: a file of `ox88_train::data` records read as it is
/// used, or game chains (`ox88_train::chain`) decoded into memory.
#[derive(Clone, Debug)]
pub struct DataFile {
    path: PathBuf,
    records: u64,
    /// The records of game chains, shuffled (`None`: read from the file).
    memory: Option<Arc<Vec<PackedPosition>>>,
}

/// The game chains `path` names: every `.chain` file of a directory, in
/// name order, or one chain file; `None` when `path` is a file of another
/// kind.
pub fn chain_files(path: &Path) -> Result<Option<Vec<PathBuf>>, String> {
    let failed = |e: std::io::Error| format!("{}: {e}", path.display());
    if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(failed)?
            .flatten()
            .map(|entry| entry.path())
            .filter(|p| p.extension().is_some_and(|e| e == "chain"))
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(format!("{}: no game chain files (.chain)", path.display()));
        }
        return Ok(Some(files));
    }
    let mut magic = [0u8; 8];
    File::open(path).and_then(|mut f| f.read_exact(&mut magic)).map_err(failed)?;
    Ok((magic == CHAIN_MAGIC).then(|| vec![path.to_owned()]))
}

/// The training positions of game chain `files`, in game order.
pub fn read_chains(files: &[PathBuf]) -> Result<Vec<PackedPosition>, String> {
    let mut records = Vec::new();
    for file in files {
        records.extend(read_training_positions(file).map_err(|e| e.to_string())?);
    }
    Ok(records)
}

impl DataFile {
    /// Opens the training data at `path`: a records file (checking its
    /// header), or game chains (a directory of them or one file), decoded
    /// and shuffled with `seed`. From chains, whole games of at most
    /// `hold_out` positions, taken from the end, are held out and returned
    /// as well: validation positions from games the training data lacks.
    pub fn open_any(path: &Path, hold_out: u64, seed: u64) -> Result<(DataFile, Option<Vec<PackedPosition>>), String> {
        let Some(files) = chain_files(path)? else { return Ok((DataFile::open(path)?, None)) };
        let mut records = read_chains(&files)?;
        // A game's positions follow one another, their fullmove numbers rising:
        // a game starts where the number falls (or at the first record).
        let mut split = records.len().saturating_sub(hold_out.min(records.len() as u64 / 10) as usize);
        while split > 0
            && split < records.len()
            && records[split].fullmove_number() >= records[split - 1].fullmove_number()
        {
            split += 1;
        }
        let held_out = records.split_off(split);
        Random::new(seed).shuffle(&mut records);
        let file = DataFile { path: path.to_owned(), records: records.len() as u64, memory: Some(Arc::new(records)) };
        Ok((file, Some(held_out)))
    }

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
        Ok(DataFile { path: path.to_owned(), records: (len - HEADER_SIZE as u64) / RECORD_SIZE as u64, memory: None })
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
        if let Some(memory) = &self.memory {
            let start = start.min(self.records) as usize;
            return Ok(memory[start..start + count.min(self.records - start as u64) as usize].to_vec());
        }
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
    pub fn read(&self, start: u64, count: u64, king_buckets: &KingBuckets) -> Result<Vec<NetworkSample>, String> {
        Ok(self.records_at(start, count)?.iter().filter_map(|r| NetworkSample::from_record(r, king_buckets)).collect())
    }

    fn reader_at(&self, start: u64) -> Result<BufReader<File>, String> {
        if self.memory.is_some() {
            return Err(format!("{}: decoded into memory", self.path.display()));
        }
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
    ) -> Receiver<Result<Vec<NetworkSample>, String>> {
        let Streaming { window, seed, mirror, king_buckets } = stream;
        let (sender, receiver) = sync_channel(4);
        let file = self.clone();
        std::thread::spawn(move || {
            let mut reader: Box<dyn Read> = match (&file.memory, file.reader_at(start)) {
                (Some(memory), _) => {
                    let from = start.min(file.records) as usize;
                    Box::new(MemoryReader { records: Arc::clone(memory), at: from, buffered: Vec::new() })
                }
                (None, Ok(reader)) => Box::new(reader),
                (None, Err(e)) => {
                    let _ = sender.send(Err(e));
                    return;
                }
            };
            let mut random = Random::new(seed);
            let mut left = count.min(file.records.saturating_sub(start));
            let window = window.max(batch);
            let mut bytes = vec![0u8; window * RECORD_SIZE];
            let mut pending: Vec<NetworkSample> = Vec::with_capacity(window + batch);
            while left > 0 {
                let take = (window as u64).min(left) as usize;
                if let Err(e) = reader.read_exact(&mut bytes[..take * RECORD_SIZE]) {
                    let _ = sender.send(Err(format!("{}: {e}", file.path.display())));
                    return;
                }
                left -= take as u64;
                let mut samples: Vec<NetworkSample> = bytes[..take * RECORD_SIZE]
                    .chunks_exact(RECORD_SIZE)
                    .filter_map(|c| {
                        let record = PackedPosition::from_bytes(c.try_into().expect("a record"));
                        let mirrored = if mirror > 0.0 && random.chance(mirror) {
                            NetworkSample::from_record_mirrored(&record, &king_buckets)
                        } else {
                            None
                        };
                        mirrored.or_else(|| NetworkSample::from_record(&record, &king_buckets))
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

/// The bytes of in-memory records, read as a file of them would be.
struct MemoryReader {
    records: Arc<Vec<PackedPosition>>,
    /// The next record to read.
    at: usize,
    /// What is left of a record read in part.
    buffered: Vec<u8>,
}

impl Read for MemoryReader {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let mut written = 0;
        while written < buffer.len() {
            if self.buffered.is_empty() {
                let Some(record) = self.records.get(self.at) else { break };
                self.buffered.extend_from_slice(&record.to_bytes());
                self.at += 1;
            }
            let n = self.buffered.len().min(buffer.len() - written);
            buffer[written..written + n].copy_from_slice(&self.buffered[..n]);
            self.buffered.drain(..n);
            written += n;
        }
        Ok(written)
    }
}
