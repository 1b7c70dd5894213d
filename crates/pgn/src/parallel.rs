//! [`ParallelReader`]: PGN inputs read on several threads, cut where games
//! begin, the games handed back in input order.

use crate::pipeline::{run, Bytes, Chunk, DEFAULT_CHUNK_LEN};
use crate::split::next_cut;
use crate::{PgnError, Visitor};
use std::fmt;
use std::io::{self, Read};

/// Reads a PGN input on several threads: the input is cut into pieces of
/// about [`chunk_len`](Self::chunk_len) bytes where games begin, each piece
/// is read by a worker thread with its own [`Visitor`], and each game's
/// output (or error) is handed to you on the calling thread with the game's
/// number, in input order.
///
/// Games and errors are exactly those a [`Reader`](crate::Reader) gives over the same
/// input, numbered alike, with the same byte offsets, lines and columns.
/// (The cuts are found by a quick scan; in malformed text it can take a
/// place for a game's start where the reader would not, and the piece
/// before it then ends inside a game: the two pieces are read again as one.
/// This is also why the order is kept: a piece's games are known to be
/// right only once the piece before it is read.)
///
/// [`read_inputs`](Self::read_inputs) reads several inputs (files) as one
/// stream of pieces: the threads go on from one input into the next with
/// no pause between them, and the games come back in the inputs' order.
///
/// Memory stays bounded: at most `2 × threads + 1` pieces of the default
/// length are held at once (being read, or read and waiting for an earlier
/// piece), or as many bytes in shorter pieces (at most 16 times as many
/// pieces), each of about `chunk_len` bytes (more where a single game is
/// longer), with their games' outputs; reading a stream adds the buffer
/// being filled. Threads are the standard library's (scoped: the visitor
/// factory may borrow); each worker cuts its next piece from the input
/// itself, in turn, so no worker waits for a feeding thread to be woken. A
/// piece is plenty of work per hand-over, so a work-stealing pool (rayon)
/// would add a dependency and buy nothing here.
///
/// ```
/// use ox88_pgn::{ParallelReader, Visitor};
/// use ox88_movegen::SanPlus;
///
/// #[derive(Default)]
/// struct Moves(usize);
/// impl Visitor for Moves {
///     type Output = usize;
///     fn begin_game(&mut self) { self.0 = 0; }
///     fn san(&mut self, _: SanPlus) -> Result<(), ox88_pgn::ErrorKind> { self.0 += 1; Ok(()) }
///     fn end_game(&mut self) -> usize { self.0 }
/// }
///
/// let pgn = "[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n\n1. d4 Nf9 *\n\n[White \"C\"]\n\n1. c4 *\n".repeat(100);
/// let mut moves = Vec::new();
/// let mut errors = Vec::new();
/// let reader = ParallelReader::new(2).chunk_len(64);
/// reader.read_slice(pgn.as_bytes(), Moves::default, |number, game| match game {
///     Ok(n) => moves.push((number, n)),
///     Err(e) => errors.push(e),
/// });
/// assert_eq!(moves.len(), 200);
/// assert_eq!(moves[..3], [(1, 2), (3, 1), (4, 2)]);
/// assert_eq!(errors.len(), 100);
/// assert_eq!((errors[0].game.number, errors[0].token.as_str()), (2, "Nf9"));
/// ```
#[derive(Clone, Debug)]
pub struct ParallelReader {
    threads: usize,
    chunk_len: usize,
}

impl Default for ParallelReader {
    fn default() -> ParallelReader {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        ParallelReader::new(threads)
    }
}

impl ParallelReader {
    /// A reader on `threads` worker threads (at least one), with pieces of
    /// [`DEFAULT_CHUNK_LEN`]. One thread is the calling thread alone: the
    /// pieces are read and their games handed over in turn, with no other
    /// thread started (so one thread asked for is one core used).
    pub fn new(threads: usize) -> ParallelReader {
        ParallelReader { threads: threads.max(1), chunk_len: DEFAULT_CHUNK_LEN }
    }

    /// Pieces of about `bytes` bytes (at least 1).
    pub fn chunk_len(self, bytes: usize) -> ParallelReader {
        ParallelReader { chunk_len: bytes.max(1), ..self }
    }

    /// Reads `input` (in place: the pieces borrow it), handing each game's
    /// number and output (or error) to `sink`. Returns how many games were
    /// begun.
    pub fn read_slice<V, F, S>(&self, input: &[u8], visitor: F, mut sink: S) -> u64
    where
        V: Visitor,
        V::Output: Send,
        F: Fn() -> V + Sync,
        S: FnMut(u64, Result<V::Output, PgnError>),
    {
        let chunk_len = self.chunk_len;
        let (mut start, mut index) = (0, 0);
        let produce = move || -> Option<Chunk<'_>> {
            if start == input.len() {
                return None;
            }
            // The first place a game seems to begin past `chunk_len` bytes, or the end.
            let end = next_cut(input, start + chunk_len).unwrap_or(input.len());
            let bytes = Bytes::Borrowed(&input[start..end]);
            let chunk = Chunk { index, input: 0, offset: start as u64, last: end == input.len(), bytes };
            (start, index) = (end, index + 1);
            Some(chunk)
        };
        run(self.threads, self.chunk_len, produce, &visitor, |_, number, game| sink(number, game))
    }

    /// Reads `input` through buffers of about `chunk_len` bytes, handing
    /// each game's number and output (or error) to `sink`. Returns how many
    /// games were begun, or the read error that stopped it (the games before
    /// it were handed over).
    pub fn read<R, V, F, S>(&self, input: R, visitor: F, mut sink: S) -> io::Result<u64>
    where
        R: Read + Send,
        V: Visitor,
        V::Output: Send,
        F: Fn() -> V + Sync,
        S: FnMut(u64, Result<V::Output, PgnError>),
    {
        self.read_inputs([Ok(input)], visitor, |_, number, game| sink(number, game)).map_err(|e| e.error)
    }

    /// Reads `inputs` (files, say) one after the other as one stream of
    /// pieces, through buffers of about `chunk_len` bytes: the threads read
    /// on from one input into the next, the next opened (taken from the
    /// iterator, on a worker thread) while the last one's games are read.
    /// Each game is handed to `sink` with its input's place (0 for the
    /// first), its number in that input and its output (or error), in the
    /// inputs' order and each input's order: numbers, byte offsets and
    /// lines are those [`read`](Self::read) gives on each input alone.
    ///
    /// Returns how many games were begun in all, or the first input that
    /// could not be opened (an `Err` from the iterator) or read: the games
    /// before it were handed over, and no input after it is opened.
    ///
    /// ```
    /// use ox88_pgn::{GameBuilder, ParallelReader};
    /// use std::io;
    ///
    /// let files = ["1. e4 *\n\n1. d4 *\n", "1. c4 *\n"];
    /// let mut read = Vec::new();
    /// let reader = ParallelReader::new(2).chunk_len(4);
    /// let games = reader.read_inputs(files.map(|f| io::Result::Ok(f.as_bytes())), GameBuilder::new, |input, number, game| {
    ///     read.push((input, number, game.unwrap().mainline_moves().unwrap().len()));
    /// });
    /// assert_eq!(games.unwrap(), 3);
    /// assert_eq!(read, [(0, 1, 1), (0, 2, 1), (1, 1, 1)]);
    ///
    /// // A file that cannot be opened ends the reading with its error.
    /// let inputs = [Ok(&b"1. e4 *"[..]), Err(io::Error::other("no such file")), Ok(b"1. d4 *")];
    /// let error = reader.read_inputs(inputs, GameBuilder::new, |_, _, _| {}).unwrap_err();
    /// assert_eq!((error.input, error.to_string()), (1, "input 1: no such file".to_string()));
    /// ```
    pub fn read_inputs<I, R, V, F, S>(&self, inputs: I, visitor: F, sink: S) -> Result<u64, InputError>
    where
        I: IntoIterator<Item = io::Result<R>>,
        I::IntoIter: Send,
        R: Read + Send,
        V: Visitor,
        V::Output: Send,
        F: Fn() -> V + Sync,
        S: FnMut(usize, u64, Result<V::Output, PgnError>),
    {
        let mut streams = Streams::new(inputs.into_iter(), self.chunk_len);
        let games = run(self.threads, self.chunk_len, || streams.next_chunk(), &visitor, sink);
        match streams.error {
            Some(e) => Err(e),
            None => Ok(games),
        }
    }
}

/// An input of [`ParallelReader::read_inputs`] that could not be opened or
/// read: its place among the inputs (0 for the first) and the error.
#[derive(Debug)]
pub struct InputError {
    /// The input's place among the inputs.
    pub input: usize,
    /// What went wrong.
    pub error: io::Error,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "input {}: {}", self.input, self.error)
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Inputs read in turn and cut into pieces where games begin.
struct Streams<I, R> {
    inputs: I,
    /// The input being read, and its place.
    current: Option<(usize, R)>,
    /// Inputs taken from the iterator.
    opened: usize,
    /// Read from the current input and not yet cut off.
    buffer: Vec<u8>,
    /// Where `buffer` starts in the current input.
    offset: u64,
    /// Whether the current input has no more to read.
    eof: bool,
    /// The next piece's place among all the pieces.
    index: u64,
    chunk_len: usize,
    /// The input that could not be opened or read (then no more is read).
    error: Option<InputError>,
}

impl<I: Iterator<Item = io::Result<R>>, R: Read> Streams<I, R> {
    fn new(inputs: I, chunk_len: usize) -> Self {
        let (buffer, offset, eof, index, opened) = (Vec::new(), 0, false, 0, 0);
        Streams { inputs, current: None, opened, buffer, offset, eof, index, chunk_len, error: None }
    }

    /// The next piece: the first place a game seems to begin past
    /// `chunk_len` bytes (reading more until there is one), or the input's
    /// end; then the next input's pieces.
    fn next_chunk(&mut self) -> Option<Chunk<'static>> {
        loop {
            if self.error.is_some() {
                return None;
            }
            let Some((input, reader)) = &mut self.current else {
                let opened = self.inputs.next()?;
                let input = self.opened;
                self.opened += 1;
                match opened {
                    Ok(reader) => (self.current, self.offset, self.eof) = (Some((input, reader)), 0, false),
                    Err(error) => self.error = Some(InputError { input, error }),
                }
                continue;
            };
            let input = *input;
            let chunk_len = self.chunk_len;
            let mut cut = next_cut(&self.buffer, chunk_len);
            let mut searched = chunk_len;
            while !self.eof && cut.is_none() {
                searched = searched.max(self.buffer.len().saturating_sub(1));
                if let Err(error) = fill(reader, &mut self.buffer, chunk_len, &mut self.eof) {
                    // The bytes read before it are read as the input's last piece.
                    self.error = Some(InputError { input, error });
                    self.eof = true;
                }
                cut = next_cut(&self.buffer, searched);
            }
            if self.buffer.is_empty() {
                self.current = None;
                continue;
            }
            let end = cut.unwrap_or(self.buffer.len());
            let rest = self.buffer.split_off(end);
            let bytes = std::mem::replace(&mut self.buffer, rest);
            let last = self.eof && self.buffer.is_empty();
            let chunk = Chunk { index: self.index, input, offset: self.offset, last, bytes: Bytes::Owned(bytes) };
            (self.offset, self.index) = (self.offset + end as u64, self.index + 1);
            if last {
                self.current = None;
            }
            // A piece read before an error is handed over; nothing after it is read.
            return Some(chunk);
        }
    }
}

/// Reads up to `len` more bytes of `reader` onto `buffer`, setting `eof` at
/// its end.
fn fill(reader: &mut impl Read, buffer: &mut Vec<u8>, len: usize, eof: &mut bool) -> io::Result<()> {
    let old = buffer.len();
    buffer.resize(old + len, 0);
    let mut filled = old;
    let result = loop {
        if filled == buffer.len() {
            break Ok(());
        }
        match reader.read(&mut buffer[filled..]) {
            Ok(0) => {
                *eof = true;
                break Ok(());
            }
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => break Err(e),
        }
    };
    buffer.truncate(filled);
    result
}
