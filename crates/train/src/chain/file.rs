//! Chain files: the header, the finished (compressed) chunks, and the
//! in-progress files a generator appends whole games to.

use super::codec::{is_training_position, ChainGame, ChainPly};
use super::ChainError;
use crate::data::PackedPosition;
use ox88_board::Board;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;

/// The format version this crate writes and reads.
pub const CHAIN_VERSION: u32 = 1;
/// The size of a chain file's header in bytes.
pub const CHAIN_HEADER_SIZE: usize = 32;
/// The first eight bytes of every chain file.
pub const CHAIN_MAGIC: [u8; 8] = *b"ox88game";
/// The header flag of a chunk whose games are one zstd frame.
const FLAG_ZSTD: u32 = 1;
/// The zstd level of finished chunks (slow to write, as fast as any to read).
const ZSTD_LEVEL: i32 = 19;
/// The largest chunk file written: chunks are the repository's files, kept
/// small enough to commit one at a time.
pub const MAX_CHUNK_BYTES: u64 = 20_000_000;
/// The largest game stream a chunk may unpack to: a bound on the memory a
/// hostile header can ask for (a 20 MB chunk unpacks to about 40 MB).
pub const MAX_STREAM_BYTES: u64 = 1 << 30;

/// What a chain file's header says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainHeader {
    /// Whether the games are one zstd frame (a finished chunk) or raw (a
    /// file still being appended to).
    pub compressed: bool,
    /// The length of the game stream, unpacked (0 in a raw file).
    pub stream_bytes: u64,
    /// The games (0 in a raw file: count them by reading).
    pub games: u32,
    /// The scored positions (0 in a raw file).
    pub positions: u32,
}

impl ChainHeader {
    fn to_bytes(self) -> [u8; CHAIN_HEADER_SIZE] {
        let mut bytes = [0u8; CHAIN_HEADER_SIZE];
        bytes[0..8].copy_from_slice(&CHAIN_MAGIC);
        bytes[8..12].copy_from_slice(&CHAIN_VERSION.to_le_bytes());
        bytes[12..16].copy_from_slice(&(if self.compressed { FLAG_ZSTD } else { 0 }).to_le_bytes());
        bytes[16..24].copy_from_slice(&self.stream_bytes.to_le_bytes());
        bytes[24..28].copy_from_slice(&self.games.to_le_bytes());
        bytes[28..32].copy_from_slice(&self.positions.to_le_bytes());
        bytes
    }

    /// The header at the front of `bytes`, or `None` if they do not start
    /// with one of this version.
    pub fn parse(bytes: &[u8]) -> Option<ChainHeader> {
        let bytes = bytes.get(..CHAIN_HEADER_SIZE)?;
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"));
        if bytes[0..8] != CHAIN_MAGIC || word(8) != CHAIN_VERSION || word(12) & !FLAG_ZSTD != 0 {
            return None;
        }
        Some(ChainHeader {
            compressed: word(12) & FLAG_ZSTD != 0,
            stream_bytes: u64::from_le_bytes(bytes[16..24].try_into().expect("eight bytes")),
            games: word(24),
            positions: word(28),
        })
    }
}

/// What a game stream holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StreamCounts {
    /// Whole games.
    pub games: u64,
    /// Scored positions.
    pub positions: u64,
    /// The bytes the whole games take (a raw file's valid length, less the header).
    pub bytes: u64,
}

/// Counts the whole games at the front of `stream`, stopping at the first
/// that cannot be decoded; returns the counts and that error, if any.
pub fn count_games(stream: &[u8]) -> (StreamCounts, Option<ChainError>) {
    let mut counts = StreamCounts::default();
    let mut at = 0;
    while at < stream.len() {
        match ChainGame::from_bytes(&stream[at..]) {
            Ok((game, used)) => {
                at += used;
                counts.games += 1;
                counts.positions += game.scored_positions() as u64;
                counts.bytes = at as u64;
            }
            Err(error) => return (counts, Some(error)),
        }
    }
    (counts, None)
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> ChainError + '_ {
    move |source| ChainError::Io { path: path.display().to_string(), source }
}

fn corrupt(path: &Path, game: u64, reason: ChainError) -> ChainError {
    ChainError::Corrupt { path: path.display().to_string(), game, reason: Box::new(reason) }
}

/// Writes `stream` (whole games, back to back) as a finished chunk at
/// `path`, compressed, through a temporary file renamed into place: a
/// chunk file is whole or absent. Returns the file's size in bytes; a chunk
/// that would take more than [`MAX_CHUNK_BYTES`] is an error, nothing
/// written.
pub fn write_chunk(path: &Path, stream: &[u8]) -> Result<u64, ChainError> {
    write_chunk_within(path, stream, MAX_CHUNK_BYTES)
}

/// [`write_chunk`] with a chunk of at most `limit` bytes.
pub(super) fn write_chunk_within(path: &Path, stream: &[u8], limit: u64) -> Result<u64, ChainError> {
    let (counts, error) = count_games(stream);
    if let Some(error) = error {
        return Err(corrupt(path, counts.games, error));
    }
    let too_many = || ChainError::Invalid("more than 2^32 games or positions in one chunk");
    let header = ChainHeader {
        compressed: true,
        stream_bytes: stream.len() as u64,
        games: u32::try_from(counts.games).map_err(|_| too_many())?,
        positions: u32::try_from(counts.positions).map_err(|_| too_many())?,
    };
    let packed = zstd::bulk::compress(stream, ZSTD_LEVEL).map_err(io_error(path))?;
    if (CHAIN_HEADER_SIZE + packed.len()) as u64 > limit {
        return Err(ChainError::Invalid("a chunk of more than 20 MB: fewer games a chunk"));
    }
    let temporary = path.with_extension("partial");
    let mut file = File::create(&temporary).map_err(io_error(&temporary))?;
    file.write_all(&header.to_bytes()).map_err(io_error(&temporary))?;
    file.write_all(&packed).map_err(io_error(&temporary))?;
    file.sync_all().map_err(io_error(&temporary))?;
    std::fs::rename(&temporary, path).map_err(io_error(path))?;
    Ok((CHAIN_HEADER_SIZE + packed.len()) as u64)
}

/// The game stream of the chain file at `path` (a finished chunk, unpacked,
/// or a raw in-progress file) and its header; not yet checked.
fn read_stream(path: &Path) -> Result<(ChainHeader, Vec<u8>), ChainError> {
    let mut bytes = Vec::new();
    File::open(path).and_then(|mut f| f.read_to_end(&mut bytes)).map_err(io_error(path))?;
    let header = ChainHeader::parse(&bytes).ok_or_else(|| ChainError::Header { path: path.display().to_string() })?;
    if !header.compressed {
        bytes.drain(..CHAIN_HEADER_SIZE);
        return Ok((header, bytes));
    }
    if header.stream_bytes > MAX_STREAM_BYTES {
        return Err(corrupt(path, 0, ChainError::Invalid("a game stream larger than 1 GiB")));
    }
    let stream =
        zstd::bulk::decompress(&bytes[CHAIN_HEADER_SIZE..], header.stream_bytes as usize).map_err(io_error(path))?;
    Ok((header, stream))
}

/// Decodes every game of the chain file at `path` once, calling `visit`
/// with each searched position (see [`ChainGame::visit`]) and `done` with each
/// game after its positions. A finished chunk must agree with its header's
/// counts; a raw file's last game, if cut short by an interrupted write,
/// is left out.
pub fn visit_games(
    path: &Path,
    visit: &mut dyn FnMut(&Board, &ChainPly),
    done: &mut dyn FnMut(ChainGame),
) -> Result<StreamCounts, ChainError> {
    let (header, stream) = read_stream(path)?;
    let mut counts = StreamCounts::default();
    let mut at = 0;
    while at < stream.len() {
        match ChainGame::visit(&stream[at..], visit) {
            Ok((game, used)) => {
                at += used;
                counts.games += 1;
                counts.positions += game.scored_positions() as u64;
                counts.bytes = at as u64;
                done(game);
            }
            Err(ChainError::Truncated) if !header.compressed => break,
            Err(error) => return Err(corrupt(path, counts.games, error)),
        }
    }
    if header.compressed
        && (stream.len() as u64 != header.stream_bytes
            || counts.games != u64::from(header.games)
            || counts.positions != u64::from(header.positions))
    {
        return Err(corrupt(path, counts.games, ChainError::Invalid("the games disagree with the header's counts")));
    }
    Ok(counts)
}

/// Every game of the chain file at `path`.
pub fn read_games(path: &Path) -> Result<Vec<ChainGame>, ChainError> {
    let mut games = Vec::new();
    visit_games(path, &mut |_, _| {}, &mut |game| games.push(game))?;
    Ok(games)
}

/// The training positions of the chain file at `path` (those
/// [`is_training_position`] accepts), game after game, each game's in
/// order, as packed records labelled with the game's result.
///
/// ```
/// use ox88_board::{CastlingMode, GameResult, Move, MoveKind, Square};
/// use ox88_train::chain::{read_training_positions, write_chunk, ChainGame, ChainPly, ChainStart};
/// let mut game = ChainGame::new(ChainStart::Arrangement(518), CastlingMode::Standard);
/// game.plies.push(ChainPly { mv: Move::new(Square::E2, Square::E4, MoveKind::DoublePush), score: Some(30) });
/// game.plies.push(ChainPly { mv: Move::new(Square::E7, Square::E5, MoveKind::DoublePush), score: Some(25) });
/// game.result = GameResult::Draw;
/// let path = std::env::temp_dir().join(format!("ox88-chain-doc-{}.chain", std::process::id()));
/// write_chunk(&path, &game.to_bytes()?)?;
/// let records = read_training_positions(&path)?;
/// assert_eq!(records.len(), 2);
/// assert_eq!((records[1].score(), records[1].result()), (25, GameResult::Draw));
/// # std::fs::remove_file(&path).unwrap();
/// # Ok::<(), ox88_train::chain::ChainError>(())
/// ```
pub fn read_training_positions(path: &Path) -> Result<Vec<PackedPosition>, ChainError> {
    let mut records = Vec::new();
    // The game's positions wait for its result, which comes after them.
    let kept = std::cell::RefCell::new(Vec::new());
    visit_games(
        path,
        &mut |board, ply| {
            if is_training_position(board, ply) {
                kept.borrow_mut().push((board.clone(), ply.score.unwrap_or(0)));
            }
        },
        &mut |game| {
            let label = |(board, score): &(Board, i16)| {
                PackedPosition::new(board, i32::from(*score), game.result, game.castling)
            };
            records.extend(kept.borrow_mut().drain(..).map(|kept| label(&kept)));
        },
    )?;
    Ok(records)
}

/// Appends one game's bytes (from [`ChainGame::to_bytes`]) to the raw chain
/// file at `path` in one write, creating it with its header if needed.
/// A process killed during the write leaves at most this game cut short,
/// which readers leave out and [`recover_in_progress`] cuts off.
pub fn append_game(path: &Path, game: &[u8]) -> Result<(), ChainError> {
    let mut file = OpenOptions::new().create(true).append(true).open(path).map_err(io_error(path))?;
    if file.metadata().map_err(io_error(path))?.len() == 0 {
        let header = ChainHeader { compressed: false, stream_bytes: 0, games: 0, positions: 0 };
        file.write_all(&header.to_bytes()).map_err(io_error(path))?;
    }
    file.write_all(game).map_err(io_error(path))
}

/// Makes the raw chain file at `path` whole again after an interrupted
/// run: a header cut short starts it anew, a game cut short is cut off.
/// Returns what it holds afterwards (nothing if it does not exist); an
/// existing file that is not a raw chain file is an error.
pub fn recover_in_progress(path: &Path) -> Result<StreamCounts, ChainError> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(StreamCounts::default()),
        Err(e) => return Err(io_error(path)(e)),
    };
    if bytes.len() < CHAIN_HEADER_SIZE {
        std::fs::remove_file(path).map_err(io_error(path))?;
        return Ok(StreamCounts::default());
    }
    match ChainHeader::parse(&bytes) {
        Some(header) if !header.compressed => {}
        _ => return Err(ChainError::Header { path: path.display().to_string() }),
    }
    let (counts, _) = count_games(&bytes[CHAIN_HEADER_SIZE..]);
    let whole = CHAIN_HEADER_SIZE as u64 + counts.bytes;
    if whole != bytes.len() as u64 {
        let file = OpenOptions::new().write(true).open(path).map_err(io_error(path))?;
        file.set_len(whole).map_err(io_error(path))?;
    }
    Ok(counts)
}
