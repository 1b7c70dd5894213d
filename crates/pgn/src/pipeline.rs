//! The machinery behind [`ParallelReader`](crate::ParallelReader): pieces of
//! input read on worker threads, their games handed over in order, each
//! piece placed in its input (game numbers, byte offsets and lines start
//! again with each input).

use crate::{PgnError, Reader, Visitor};
use std::collections::BTreeMap;
use std::sync::mpsc::{channel, sync_channel, Receiver, SyncSender};
use std::sync::Mutex;

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

/// Runs the producer on a thread of its own, `threads` workers on theirs,
/// and hands the games over on this one; returns how many games were
/// begun. With one thread, all of it runs on this thread instead (see
/// [`run_here`]). (A visitor that panics makes this panic, once the
/// threads are done.)
pub(crate) fn run<'a, P, V, F, S>(threads: usize, produce: P, visitor: &F, mut sink: S) -> u64
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
    let in_flight = 2 * threads + 1;
    // Tickets bound the pieces held: the producer takes one per piece,
    // the hand-over returns it when the piece's games are handed over.
    let (ticket_tx, ticket_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        // Room for exactly these: cannot fail.
        let _ = ticket_tx.try_send(());
    }
    let (work_tx, work_rx) = sync_channel::<Chunk<'a>>(threads);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = channel::<Done<'a, V::Output>>();
    std::thread::scope(|scope| {
        scope.spawn(move || feed(produce, &ticket_rx, &work_tx));
        for _ in 0..threads {
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
fn hand_over<'a, V, F, S>(
    done: Receiver<Done<'a, V::Output>>,
    tickets: &SyncSender<()>,
    visitor: &F,
    sink: &mut S,
) -> u64
where
    V: Visitor,
    F: Fn() -> V,
    S: FnMut(usize, u64, Result<V::Output, PgnError>),
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
            if piece.needs_next() {
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
                    None => {} // The producer stopped inside the input (a read error).
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
    game.map_err(|mut e| {
        e.game.number += at.games;
        if let Some(location) = &mut e.location {
            location.offset += chunk.offset;
            location.line += at.lines;
        }
        e
    })
}
