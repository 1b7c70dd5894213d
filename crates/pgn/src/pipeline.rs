//! The machinery behind [`ParallelReader`](crate::ParallelReader): pieces of
//! input read on worker threads, their games handed over in order, each
//! piece placed in its input (game numbers, byte offsets and lines start
//! again with each input).

use crate::{PgnError, Reader, Visitor};
use std::collections::BTreeMap;
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Condvar, Mutex};

/// The pieces' length by default: 1 MiB, a few hundred games.
pub const DEFAULT_CHUNK_LEN: usize = 1 << 20;

/// A piece of the input: which input it is of, where it starts in it, and
/// its bytes.
pub(crate) struct Chunk<'a> {
    /// Its place among all the pieces (of all inputs).
    pub index: u64,
    /// Its input's place among the inputs.
    pub input: usize,
    /// Where it starts in its input.
    pub offset: u64,
    /// Whether it is its input's last piece (then it is never joined to the next).
    pub last: bool,
    pub bytes: Bytes<'a>,
}

/// A piece's bytes: borrowed from a slice, or read from a stream.
pub(crate) enum Bytes<'a> {
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
    /// Whether its reader ended inside a game (then, unless it is its
    /// input's last, the piece was cut where no game begins: it is read
    /// again with the next).
    ended_inside: bool,
}

impl<T> Done<'_, T> {
    /// Whether the piece must be read again joined to the next one.
    fn needs_next(&self) -> bool {
        self.ended_inside && !self.chunk.last
    }
}

/// Reads on `threads` worker threads, each taking its next piece from the
/// producer itself (under a lock: the producer is sequential, but needs no
/// thread of its own that would have to be woken for every piece), and
/// hands the games over on this thread; returns how many games were begun.
/// With one thread, all of it runs here in turn (see [`run_here`]). (A
/// visitor that panics makes this panic, once the threads are done.)
pub(crate) fn run<'a, P, V, F, S>(threads: usize, chunk_len: usize, produce: P, visitor: &F, mut sink: S) -> u64
where
    P: FnMut() -> Option<Chunk<'a>> + Send,
    V: Visitor,
    V::Output: Send,
    F: Fn() -> V + Sync,
    S: FnMut(usize, u64, Result<V::Output, PgnError>),
{
    if threads == 1 {
        return run_here(produce, visitor, &mut sink);
    }
    // Tickets bound the pieces held: a piece takes one when it is cut from
    // the input, and gives it back when its games are handed over.
    let tickets = Tickets::new(in_flight(threads, chunk_len));
    let source = Source { produce: Mutex::new(Some(produce)), tickets: &tickets };
    let (done_tx, done_rx) = channel::<Done<'a, V::Output>>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (source, done_tx) = (&source, done_tx.clone());
            scope.spawn(move || {
                // A worker that panics closes the tickets: no thread waits for them forever.
                let _closing = CloseOnPanic(source.tickets);
                let mut visitor = visitor();
                while let Some(chunk) = source.take() {
                    if done_tx.send(read_chunk(chunk, &mut visitor)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let _closing = CloseOnPanic(&tickets);
        let games = hand_over(done_rx, &source, visitor, &mut sink);
        // The workers still waiting for a ticket (the input may have ended meanwhile) stop.
        tickets.close();
        games
    })
}

/// The pieces held at once on `threads` threads: `2 × threads + 1` pieces
/// of [`DEFAULT_CHUNK_LEN`], and as many bytes in smaller pieces (up to 16
/// times as many pieces), so that small pieces keep as much work ahead of
/// the hand-over.
fn in_flight(threads: usize, chunk_len: usize) -> usize {
    (2 * threads + 1) * (DEFAULT_CHUNK_LEN / chunk_len.max(1)).clamp(1, 16)
}

/// A counting semaphore: the pieces that may still be cut from the input.
struct Tickets {
    /// Tickets free, and whether the reading is over.
    state: Mutex<(usize, bool)>,
    freed: Condvar,
}

impl Tickets {
    fn new(count: usize) -> Tickets {
        Tickets { state: Mutex::new((count, false)), freed: Condvar::new() }
    }

    /// Takes a ticket, waiting for one; `false` if the reading is over.
    fn take(&self) -> bool {
        let Ok(mut state) = self.state.lock() else { return false };
        while state.0 == 0 && !state.1 {
            let Ok(next) = self.freed.wait(state) else { return false };
            state = next;
        }
        let taken = state.0 > 0 && !state.1;
        state.0 -= usize::from(taken);
        taken
    }

    /// Gives a ticket back.
    fn give(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.0 += 1;
            self.freed.notify_one();
        }
    }

    /// Ends the reading: every wait for a ticket ends without one.
    fn close(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.1 = true;
            self.freed.notify_all();
        }
    }
}

/// Closes the tickets if the thread holding it panics.
struct CloseOnPanic<'t>(&'t Tickets);

impl Drop for CloseOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.close();
        }
    }
}

/// The producer (`None` once it ran dry) and the tickets that allow a piece.
struct Source<'t, P> {
    produce: Mutex<Option<P>>,
    tickets: &'t Tickets,
}

impl<'a, P: FnMut() -> Option<Chunk<'a>>> Source<'_, P> {
    /// The next piece, once a ticket allows it; `None` if the producer ran
    /// dry (or the reading is over).
    fn take(&self) -> Option<Chunk<'a>> {
        if !self.tickets.take() {
            return None;
        }
        let chunk = self.produce.lock().ok().and_then(|mut produce| {
            let chunk = produce.as_mut()?();
            if chunk.is_none() {
                *produce = None;
            }
            chunk
        });
        if chunk.is_none() {
            self.tickets.give();
        }
        chunk
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
    S: FnMut(usize, u64, Result<V::Output, PgnError>),
{
    let mut reading = visitor();
    let mut at = HandedOver::default();
    let mut next = produce();
    while let Some(chunk) = next {
        let mut piece = read_chunk(chunk, &mut reading);
        next = produce();
        while piece.needs_next() {
            let Some(following) = next else { break };
            piece = read_chunk(join(piece.chunk, following), &mut reading);
            next = produce();
        }
        emit(piece, &mut at, sink);
    }
    at.total
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

/// Where the hand-over is in the inputs.
#[derive(Default)]
struct HandedOver {
    /// The input being handed over.
    input: usize,
    /// Games of that input handed over (the number of the last one).
    games: u64,
    /// Line ends of that input before the next piece.
    lines: u64,
    /// Games handed over in all.
    total: u64,
}

/// Hands the pieces' games to `sink` in piece order. A piece that ends
/// inside a game (and is not its input's last) is read again joined to the
/// next one.
fn hand_over<'a, P, V, F, S>(
    done: Receiver<Done<'a, V::Output>>,
    source: &Source<'_, P>,
    visitor: &F,
    sink: &mut S,
) -> u64
where
    P: FnMut() -> Option<Chunk<'a>>,
    V: Visitor,
    F: Fn() -> V,
    S: FnMut(usize, u64, Result<V::Output, PgnError>),
{
    let mut waiting: BTreeMap<u64, Done<'a, V::Output>> = BTreeMap::new();
    let mut reading = visitor();
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
            if piece.needs_next() {
                // Cut where no game begins: read it again with the next piece.
                match waiting.remove(&(next + 1)) {
                    Some(following) => {
                        // The joined piece takes the second one's place.
                        let joined = join(piece.chunk, following.chunk);
                        next += 1;
                        let mut again = read_chunk(joined, &mut reading);
                        again.chunk.index = next;
                        waiting.insert(next, again);
                        // Two pieces became one: one ticket back.
                        source.tickets.give();
                        continue;
                    }
                    None if !finished => {
                        waiting.insert(next, piece);
                        break;
                    }
                    None => {} // The producer stopped inside the input (a read error).
                }
            }
            emit(piece, &mut at, sink);
            next += 1;
            source.tickets.give();
        }
        if finished && waiting.first_key_value().is_some_and(|(&k, _)| k != next) {
            // A piece is missing: a worker panicked (the scope panics).
            break;
        }
    }
    at.total
}

/// Hands a read piece's games to `sink`, numbered and placed in its input
/// after those handed over before it.
fn emit<T>(piece: Done<'_, T>, at: &mut HandedOver, sink: &mut impl FnMut(usize, u64, Result<T, PgnError>)) {
    if piece.chunk.input != at.input {
        *at = HandedOver { input: piece.chunk.input, total: at.total, ..HandedOver::default() };
    }
    for (i, game) in piece.games.into_iter().enumerate() {
        sink(at.input, at.games + i as u64 + 1, relocate(game, &piece.chunk, at));
    }
    at.games += piece.count;
    at.total += piece.count;
    at.lines += piece.newlines;
}

/// A piece and the one after it (of the same input), as one piece.
fn join<'a>(first: Chunk<'a>, second: Chunk<'a>) -> Chunk<'a> {
    let mut bytes = match first.bytes {
        Bytes::Owned(bytes) => bytes,
        Bytes::Borrowed(bytes) => bytes.to_vec(),
    };
    bytes.extend_from_slice(second.bytes.as_slice());
    Chunk { bytes: Bytes::Owned(bytes), last: second.last, ..first }
}

/// A piece's game, its error placed in its input.
fn relocate<T>(game: Result<T, PgnError>, chunk: &Chunk<'_>, at: &HandedOver) -> Result<T, PgnError> {
    game.map_err(|e| e.place(at.games, chunk.offset, at.lines))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameBuilder;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn the_pieces_held_at_once_are_bounded() {
        let game = b"[A \"1\"]\n\n1. e4 e5 *\n\n";
        for (threads, chunk_len) in [(2, DEFAULT_CHUNK_LEN), (3, DEFAULT_CHUNK_LEN), (2, 1 << 16), (2, 1)] {
            // A piece a game: the pieces produced less the games handed over are the pieces held.
            let produced = AtomicU64::new(0);
            let mut index = 0;
            let produce = || {
                (index < 2000).then(|| {
                    produced.fetch_add(1, Ordering::SeqCst);
                    let chunk = Chunk { index, input: 0, offset: 0, last: false, bytes: Bytes::Borrowed(game) };
                    index += 1;
                    chunk
                })
            };
            let (mut held, mut games) = (0, 0);
            run(threads, chunk_len, produce, &GameBuilder::new, |_, _, game| {
                assert!(game.is_ok());
                games += 1;
                held = held.max(produced.load(Ordering::SeqCst) - games + 1);
            });
            assert_eq!(games, 2000);
            let bound = in_flight(threads, chunk_len) as u64;
            assert!(held <= bound, "{threads} threads, pieces of {chunk_len}: {held} held, {bound} allowed");
        }
        assert_eq!(in_flight(2, DEFAULT_CHUNK_LEN), 5);
        assert_eq!(in_flight(2, 1 << 16), 80);
        assert_eq!(in_flight(2, 1), 80);
    }
}
