//! [`ParallelReader`]: a PGN input read on several threads, cut where games
//! begin, the games handed back in input order.

use crate::split::next_cut;
use crate::{PgnError, Reader, Visitor};
use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::mpsc::{channel, sync_channel, Receiver, SyncSender};
use std::sync::Mutex;

/// The pieces' length by default: 1 MiB, a few hundred games.
pub const DEFAULT_CHUNK_LEN: usize = 1 << 20;

/// Reads a PGN input on several threads: the input is cut into pieces of
/// about [`chunk_len`](Self::chunk_len) bytes where games begin, each piece
/// is read by a worker thread with its own [`Visitor`], and each game's
/// output (or error) is handed to you on the calling thread with the game's
/// number, in input order.
///
/// Games and errors are exactly those a [`Reader`] gives over the same
/// input, numbered alike, with the same byte offsets, lines and columns.
/// (The cuts are found by a quick scan; in malformed text it can take a
/// place for a game's start where the reader would not, and the piece
/// before it then ends inside a game: the two pieces are read again as one.
/// This is also why the order is kept: a piece's games are known to be
/// right only once the piece before it is read.)
///
/// Memory stays bounded: at most `2 × threads + 1` pieces are held at once
/// (waiting, being read, or read and waiting for an earlier piece), each of
/// about `chunk_len` bytes (more where a single game is longer), with their
/// games' outputs; reading a stream adds the buffer being filled. Threads
/// are the standard library's (scoped: the visitor factory may borrow), fed
/// through bounded channels: a piece is plenty of work per hand-over, so a
/// work-stealing pool (rayon) would add a dependency and buy nothing here.
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

/// A piece of the input: where it starts, and its bytes.
struct Chunk<'a> {
    index: u64,
    offset: u64,
    bytes: Bytes<'a>,
}

/// A piece's bytes: borrowed from a slice, or read from a stream.
enum Bytes<'a> {
    Borrowed(&'a [u8]),
    Owned(Vec<u8>),
}

impl Bytes<'_> {
    fn as_slice(&self) -> &[u8] {
        match self {
            Bytes::Borrowed(bytes) => bytes,
            Bytes::Owned(bytes) => bytes,
        }
    }
}

/// A piece read: its games' outputs in order.
struct Done<'a, T> {
    chunk: Chunk<'a>,
    games: Vec<Result<T, PgnError>>,
    /// Games begun (errors included).
    count: u64,
    /// Line ends in the piece.
    newlines: u64,
    /// Whether its reader ended inside a game (then the piece was cut where
    /// no game begins: it is read again with the next).
    ended_inside: bool,
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
    pub fn read_slice<V, F, S>(&self, input: &[u8], visitor: F, sink: S) -> u64
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
            let chunk = Chunk { index, offset: start as u64, bytes: Bytes::Borrowed(&input[start..end]) };
            (start, index) = (end, index + 1);
            Some(chunk)
        };
        self.run(produce, &visitor, sink)
    }

    /// Reads `input` through buffers of about `chunk_len` bytes, handing
    /// each game's number and output (or error) to `sink`. Returns how many
    /// games were begun, or the read error that stopped it (the games before
    /// it were handed over).
    pub fn read<R, V, F, S>(&self, input: R, visitor: F, sink: S) -> io::Result<u64>
    where
        R: Read + Send,
        V: Visitor,
        V::Output: Send,
        F: Fn() -> V + Sync,
        S: FnMut(u64, Result<V::Output, PgnError>),
    {
        let chunk_len = self.chunk_len;
        let mut input = input;
        let mut buffer: Vec<u8> = Vec::new();
        let (mut offset, mut index, mut eof) = (0u64, 0, false);
        let error: Mutex<Option<io::Error>> = Mutex::new(None);
        let produce = || -> Option<Chunk<'static>> {
            // The first place a game seems to begin past `chunk_len` bytes
            // (reading more until there is one), or the end.
            let mut cut = next_cut(&buffer, chunk_len);
            let mut searched = chunk_len;
            while !eof && cut.is_none() {
                searched = searched.max(buffer.len().saturating_sub(1));
                let old = buffer.len();
                buffer.resize(old + chunk_len, 0);
                let mut filled = old;
                while filled < buffer.len() {
                    match input.read(&mut buffer[filled..]) {
                        Ok(0) => {
                            eof = true;
                            break;
                        }
                        Ok(n) => filled += n,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => {
                            *error.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                            eof = true;
                            break;
                        }
                    }
                }
                buffer.truncate(filled);
                cut = next_cut(&buffer, searched);
            }
            if buffer.is_empty() {
                return None;
            }
            let end = cut.unwrap_or(buffer.len());
            let rest = buffer.split_off(end);
            let bytes = std::mem::replace(&mut buffer, rest);
            let chunk = Chunk { index, offset, bytes: Bytes::Owned(bytes) };
            (offset, index) = (offset + end as u64, index + 1);
            Some(chunk)
        };
        let games = self.run(produce, &visitor, sink);
        match error.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(e) => Err(e),
            None => Ok(games),
        }
    }

    /// Runs the producer on a thread of its own, the workers on theirs, and
    /// hands the games over on this one; returns how many games were begun.
    /// With one thread, all of it runs on this thread instead (see
    /// [`run_here`]). (A visitor that panics makes this panic, once the
    /// threads are done.)
    fn run<'a, P, V, F, S>(&self, produce: P, visitor: &F, mut sink: S) -> u64
    where
        P: FnMut() -> Option<Chunk<'a>> + Send,
        V: Visitor,
        V::Output: Send,
        F: Fn() -> V + Sync,
        S: FnMut(u64, Result<V::Output, PgnError>),
    {
        if self.threads == 1 {
            return run_here(produce, visitor, &mut sink);
        }
        let in_flight = 2 * self.threads + 1;
        // Tickets bound the pieces held: the producer takes one per piece,
        // the hand-over returns it when the piece's games are handed over.
        let (ticket_tx, ticket_rx) = sync_channel::<()>(in_flight);
        for _ in 0..in_flight {
            // Room for exactly these: cannot fail.
            let _ = ticket_tx.try_send(());
        }
        let (work_tx, work_rx) = sync_channel::<Chunk<'a>>(self.threads);
        let work_rx = Mutex::new(work_rx);
        let (done_tx, done_rx) = channel::<Done<'a, V::Output>>();
        std::thread::scope(|scope| {
            scope.spawn(move || feed(produce, &ticket_rx, &work_tx));
            for _ in 0..self.threads {
                let (work_rx, done_tx) = (&work_rx, done_tx.clone());
                scope.spawn(move || {
                    let mut visitor = visitor();
                    loop {
                        // The lock is held only to take a piece.
                        let next = work_rx.lock().map(|rx| rx.recv());
                        let Ok(Ok(chunk)) = next else { return };
                        if done_tx.send(read_chunk(chunk, &mut visitor)).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(done_tx);
            hand_over(done_rx, &ticket_tx, visitor, &mut sink)
        })
    }
}

/// Reads the pieces one after the other on the calling thread, handing each
/// piece's games over once it is read: one thread asked for is one thread
/// used, with no producer or hand-over thread beside it (and no waiting
/// between them). A piece that ends inside a game is read again joined to
/// the next, as [`hand_over`] does.
fn run_here<'a, P, V, F, S>(mut produce: P, visitor: &F, sink: &mut S) -> u64
where
    P: FnMut() -> Option<Chunk<'a>>,
    V: Visitor,
    F: Fn() -> V,
    S: FnMut(u64, Result<V::Output, PgnError>),
{
    let mut reading = visitor();
    let mut at = HandedOver::default();
    let mut next = produce();
    while let Some(chunk) = next {
        let mut piece = read_chunk(chunk, &mut reading);
        next = produce();
        while piece.ended_inside {
            // The last piece ends inside a game when the input does.
            let Some(following) = next else { break };
            piece = read_chunk(join(piece.chunk, following), &mut reading);
            next = produce();
        }
        emit(piece, &mut at, sink);
    }
    at.games
}

/// Sends the producer's pieces to the workers, one ticket each.
fn feed<'a>(mut produce: impl FnMut() -> Option<Chunk<'a>>, tickets: &Receiver<()>, work: &SyncSender<Chunk<'a>>) {
    while tickets.recv().is_ok() {
        let Some(chunk) = produce() else { return };
        if work.send(chunk).is_err() {
            return;
        }
    }
}

/// Reads one piece's games.
fn read_chunk<'a, V: Visitor>(chunk: Chunk<'a>, visitor: &mut V) -> Done<'a, V::Output> {
    let bytes = chunk.bytes.as_slice();
    let mut reader = Reader::from_bytes(bytes);
    let mut games = Vec::new();
    loop {
        match reader.read_game(visitor) {
            Ok(Some(output)) => games.push(Ok(output)),
            Ok(None) => break,
            Err(e) => games.push(Err(e)),
        }
    }
    let newlines = crate::split::count_newlines(bytes);
    let (count, ended_inside) = (reader.games_read(), reader.ended_inside());
    Done { chunk, games, count, newlines, ended_inside }
}

/// Where the hand-over is in the input.
#[derive(Default)]
struct HandedOver {
    /// Games handed over (the number of the last one).
    games: u64,
    /// Line ends before the next piece.
    lines: u64,
}

/// Hands the pieces' games to `sink` in piece order. A piece that ends
/// inside a game is read again joined to the next one.
fn hand_over<'a, V, F, S>(
    done: Receiver<Done<'a, V::Output>>,
    tickets: &SyncSender<()>,
    visitor: &F,
    sink: &mut S,
) -> u64
where
    V: Visitor,
    F: Fn() -> V,
    S: FnMut(u64, Result<V::Output, PgnError>),
{
    let mut waiting: BTreeMap<u64, Done<'a, V::Output>> = BTreeMap::new();
    let mut next = 0;
    let mut at = HandedOver::default();
    let mut finished = false;
    while !finished || !waiting.is_empty() {
        if !finished {
            match done.recv() {
                Ok(piece) => {
                    waiting.insert(piece.chunk.index, piece);
                }
                Err(_) => finished = true,
            }
        }
        loop {
            let Some(piece) = waiting.remove(&next) else { break };
            if piece.ended_inside {
                // Cut where no game begins: read it again with the next piece.
                match waiting.remove(&(next + 1)) {
                    Some(following) => {
                        // The joined piece takes the second one's place.
                        let joined = join(piece.chunk, following.chunk);
                        next += 1;
                        let mut again = read_chunk(joined, &mut visitor());
                        again.chunk.index = next;
                        waiting.insert(next, again);
                        // Two pieces became one: one ticket back.
                        let _ = tickets.try_send(());
                        continue;
                    }
                    None if !finished => {
                        waiting.insert(next, piece);
                        break;
                    }
                    None => {} // The last piece: the input ends inside a game.
                }
            }
            emit(piece, &mut at, sink);
            next += 1;
            let _ = tickets.try_send(());
        }
        if finished && waiting.first_key_value().is_some_and(|(&k, _)| k != next) {
            // A piece is missing: a worker panicked (the scope panics).
            break;
        }
    }
    at.games
}

/// Hands a read piece's games to `sink`, numbered and placed after those
/// handed over before it.
fn emit<T>(piece: Done<'_, T>, at: &mut HandedOver, sink: &mut impl FnMut(u64, Result<T, PgnError>)) {
    for (i, game) in piece.games.into_iter().enumerate() {
        sink(at.games + i as u64 + 1, relocate(game, &piece.chunk, at));
    }
    at.games += piece.count;
    at.lines += piece.newlines;
}

/// A piece and the one after it, as one piece.
fn join<'a>(first: Chunk<'a>, second: Chunk<'a>) -> Chunk<'a> {
    let mut bytes = match first.bytes {
        Bytes::Owned(bytes) => bytes,
        Bytes::Borrowed(bytes) => bytes.to_vec(),
    };
    bytes.extend_from_slice(second.bytes.as_slice());
    Chunk { index: first.index, offset: first.offset, bytes: Bytes::Owned(bytes) }
}

/// A piece's game, its error placed in the whole input.
fn relocate<T>(game: Result<T, PgnError>, chunk: &Chunk<'_>, at: &HandedOver) -> Result<T, PgnError> {
    game.map_err(|mut e| {
        e.game.number += at.games;
        if let Some(location) = &mut e.location {
            location.offset += chunk.offset;
            location.line += at.lines;
        }
        e
    })
}
