//! [`RegionBatches`]: plain PGN files read on several threads by large regions, each thread reading its region
//! the way [`HereBatches`](crate::table_read::HereBatches) reads on one: a game read, recorded and pushed into
//! the thread's own batch builder, no game crossing threads, no thread beside the readers. The thread that
//! takes the batches is one of the readers: rather than wait for the region it hands over, it reads the next.

use crate::table_plan::{plan, Part, PlanLimits};
use crate::table_read::{read_error, Options};
use arrow_array::cast::AsArray;
use arrow_array::types::Int64Type;
use arrow_array::{ArrayRef, Int64Array, RecordBatch, RecordBatchReader, StringArray};
use arrow_schema::{ArrowError, SchemaRef};
use ox88_db::{games_schema, GameRecord, GameRecorder, GamesBatchBuilder};
use ox88_pgn::region::RegionRead;
use ox88_pgn::PgnError;
use std::fs::File;
use std::ops::ControlFlow;
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Condvar, Mutex};

/// What a reading thread sends of its region.
enum Message {
    /// A batch, with ids and numbers counted from the region's start, and the rows of its games that could not
    /// be read with their errors, as the region alone places them.
    Batch(RecordBatch, Vec<(usize, PgnError)>),
    /// The region is read.
    End(RegionRead),
    /// What stopped the reading.
    Failed(String),
}

/// What the threads share.
struct Work {
    options: Options,
    names: Vec<String>,
    parts: Vec<Part>,
    /// The regions taken and not yet handed over, at most, unless they are smaller: then as many as hold at
    /// most `ahead_bytes` of PGN text.
    ahead: usize,
    ahead_bytes: u64,
    state: Mutex<State>,
    changed: Condvar,
}

struct State {
    /// The next region to read.
    next: usize,
    /// The region being handed over.
    handing: usize,
    /// Whether the stream is gone.
    stopped: bool,
    /// Each region's sender, taken by the thread that reads it.
    senders: Vec<Option<Sender<Message>>>,
}

impl Work {
    /// The next region to read and where to send it, once it is at most `ahead` regions past the one being
    /// handed over, or the regions from that one to it hold at most `ahead_bytes` (so that the threads do not
    /// wait on one another over small regions); `None` when there is none left or the stream is gone.
    fn take(&self) -> Option<(Part, Sender<Message>)> {
        let mut state = self.state.lock().ok()?;
        while !state.stopped && state.next < self.parts.len() && !self.may_take(&state) {
            state = self.changed.wait(state).ok()?;
        }
        self.take_next(&mut state)
    }

    /// The next region to read and where to send it, if it may be read now (without waiting).
    fn try_take(&self) -> Option<(Part, Sender<Message>)> {
        let mut state = self.state.lock().ok()?;
        if state.next < self.parts.len() && !self.may_take(&state) {
            return None;
        }
        self.take_next(&mut state)
    }

    /// Takes the next region, if there is one and the stream is not gone.
    fn take_next(&self, state: &mut State) -> Option<(Part, Sender<Message>)> {
        if state.stopped || state.next >= self.parts.len() {
            return None;
        }
        let index = state.next;
        state.next += 1;
        let to = state.senders[index].take()?;
        Some((self.parts[index], to))
    }

    /// Whether the next region may be read now.
    fn may_take(&self, state: &State) -> bool {
        // The region handed over may be past the next to read (one that a region before read through is skipped).
        let waiting = self.parts.get(state.handing..=state.next).unwrap_or_default();
        waiting.len() <= self.ahead
            || waiting.iter().map(|part| part.region.end - part.region.start).sum::<u64>() <= self.ahead_bytes
    }

    /// Says which region is being handed over (or that the stream is gone).
    fn update(&self, handing: usize, stopped: bool) {
        if let Ok(mut state) = self.state.lock() {
            state.handing = handing;
            state.stopped |= stopped;
            self.changed.notify_all();
        }
    }

    /// Reads `part` into batches sent to `to`, until it ends or nobody listens.
    fn read(&self, part: Part, to: &Sender<Message>) {
        let columns = self.options.columns;
        let name = &self.names[part.file];
        let mut builder = GamesBatchBuilder::new(columns);
        let mut recorder = GameRecorder::new(columns);
        let mut errors = Vec::new();
        let mut number = 0;
        let read = File::open(&self.options.paths[part.file]).and_then(|mut file| {
            part.region.read(&mut file, &mut recorder, |game| {
                number += 1;
                match game {
                    Ok(record) => builder.push_result(number as i64, name, number, Ok(record)),
                    Err(error) => {
                        builder.push(number as i64, name, &GameRecord::failed(&error));
                        errors.push((builder.len() - 1, error));
                    }
                }
                if builder.len() < self.options.batch_size || send(&mut builder, &mut errors, to) {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            })
        });
        let message = match read {
            Ok(read) if builder.is_empty() || send(&mut builder, &mut errors, to) => Message::End(read),
            Ok(_) => return,
            Err(e) => Message::Failed(format!("{name}: {e}")),
        };
        // Nobody may listen any more: then nobody needs it.
        let _ = to.send(message);
    }
}

/// Sends the builder's batch and its errors; whether anybody listens.
fn send(builder: &mut GamesBatchBuilder, errors: &mut Vec<(usize, PgnError)>, to: &Sender<Message>) -> bool {
    let message = match builder.finish() {
        Ok(batch) => Message::Batch(batch, std::mem::take(errors)),
        Err(e) => Message::Failed(e.to_string()),
    };
    let failed = matches!(message, Message::Failed(_));
    to.send(message).is_ok() && !failed
}

/// The batches of plain PGN files read on `threads` threads by the regions of a [`plan`] (even ones for a small
/// input, else ones that shrink toward its end, of at most
/// [`MAX_REGION_LEN`](crate::table_plan::MAX_REGION_LEN)), each beginning where a game begins: each thread takes
/// the next region in order, whichever file it is of, reads it into batches of its own and sends them. The
/// thread that takes the batches is one of the `threads`: when the region it hands over has no batch ready, it
/// reads the next region not yet taken (its batches wait in that region's channel), and only waits when there is
/// none, so `threads - 1` threads are started. The batches are handed over in region order, with each game's id and number in its file placed after those of
/// the regions before (and its error, if any, placed in its file).
/// At most `threads + 1` regions are read or wait to be handed over at once, or more small ones that hold
/// at most as much PGN text as `threads + 1` regions of the most a region holds. Dropping the stream stops the
/// reading.
pub struct RegionBatches {
    schema: SchemaRef,
    work: Arc<Work>,
    receivers: Vec<Option<Receiver<Message>>>,
    /// The region being handed over, and once begun, as read (its start moved if the region before read on
    /// into it); the file of the last region begun.
    current: usize,
    part: Option<Part>,
    file: Option<usize>,
    /// Games handed over before the region; of its file; line ends of its file before it; and where the
    /// reading of its file reached.
    games: u64,
    file_games: u64,
    file_lines: u64,
    reached: u64,
    /// The error of a file that could not be cut, after the regions of the files before it.
    last_error: Option<ArrowError>,
    failed: bool,
}

impl RegionBatches {
    /// Cuts `options`' files (plain PGN) into regions and starts reading them.
    pub fn start(options: Options) -> RegionBatches {
        RegionBatches::with_limits(options, PlanLimits::DEFAULT)
    }

    /// Starts reading with a plan of `limits`.
    fn with_limits(options: Options, limits: PlanLimits) -> RegionBatches {
        let schema = games_schema(options.columns);
        let names = options.paths.iter().map(|path| path.to_string_lossy().into_owned()).collect();
        let (parts, last_error) = plan(&options, limits);
        let threads = options.threads.min(parts.len()).max(1);
        let (senders, receivers) = parts.iter().map(|_| channel()).map(|(to, from)| (Some(to), Some(from))).unzip();
        let state = State { next: 0, handing: 0, stopped: false, senders };
        let ahead = options.threads + 1;
        let ahead_bytes = ahead as u64 * limits.max_region_len;
        let (state, changed) = (Mutex::new(state), Condvar::new());
        let work = Arc::new(Work { options, names, parts, ahead, ahead_bytes, state, changed });
        // The calling thread is the last reader.
        for _ in 1..threads {
            let work = work.clone();
            std::thread::spawn(move || {
                while let Some((part, to)) = work.take() {
                    work.read(part, &to);
                }
            });
        }
        let (games, file_games, file_lines, reached) = (0, 0, 0, 0);
        RegionBatches {
            schema,
            work,
            receivers,
            current: 0,
            part: None,
            file: None,
            games,
            file_games,
            file_lines,
            reached,
            last_error,
            failed: false,
        }
    }

    /// Begins handing over the current region: a region the one before read on into is read again from where
    /// that one ended, here (only malformed text, with a cut inside a comment, does that); one it read
    /// through is skipped. Returns the region to hand over, or `None` if it was skipped.
    fn begin(&mut self) -> Option<Part> {
        let mut part = self.work.parts[self.current];
        if self.file != Some(part.file) {
            (self.file_games, self.file_lines, self.reached) = (0, 0, 0);
            self.file = Some(part.file);
        }
        if part.region.start < self.reached {
            // The thread that reads it (or will) finds nobody listening, and goes on with the next.
            self.receivers[self.current] = None;
            if part.region.end <= self.reached {
                self.next_region();
                return None;
            }
            part.region.start = self.reached;
            let (to, from) = channel();
            self.work.read(part, &to);
            self.receivers[self.current] = Some(from);
        }
        self.part = Some(part);
        Some(part)
    }

    fn next_region(&mut self) {
        self.current += 1;
        self.part = None;
        self.work.update(self.current, false);
    }

    /// A batch of `part` with its games placed after those handed over before it.
    fn place(&self, batch: RecordBatch, errors: Vec<(usize, PgnError)>, part: Part) -> Result<RecordBatch, ArrowError> {
        let schema = batch.schema();
        let mut columns = batch.columns().to_vec();
        let (id, number, error) = (schema.index_of("id")?, schema.index_of("number")?, schema.index_of("error")?);
        columns[id] = shift(&columns[id], self.games);
        columns[number] = shift(&columns[number], self.file_games);
        let start = part.region.start;
        if !errors.is_empty() && (self.file_games, start, self.file_lines) != (0, 0, 0) {
            let mut texts: Vec<Option<String>> =
                columns[error].as_string::<i32>().iter().map(|t| t.map(str::to_owned)).collect();
            for (row, e) in errors {
                texts[row] = Some(e.place(self.file_games, start, self.file_lines).to_string());
            }
            columns[error] = Arc::new(StringArray::from(texts));
        }
        RecordBatch::try_new(schema, columns)
    }
}

/// An int64 column with `by` added to each value.
fn shift(column: &ArrayRef, by: u64) -> ArrayRef {
    if by == 0 {
        return column.clone();
    }
    let values = column.as_primitive::<Int64Type>().values().iter().map(|&v| v + by as i64);
    Arc::new(Int64Array::from_iter_values(values))
}

impl Iterator for RegionBatches {
    type Item = Result<RecordBatch, ArrowError>;
    fn next(&mut self) -> Option<Result<RecordBatch, ArrowError>> {
        while !self.failed {
            if self.current == self.receivers.len() {
                self.failed = true;
                return self.last_error.take().map(Err);
            }
            let part = match self.part {
                Some(part) => part,
                None => match self.begin() {
                    Some(part) => part,
                    None => continue,
                },
            };
            let receiver = self.receivers[self.current].as_ref();
            let message = match receiver.map(Receiver::try_recv) {
                Some(Ok(message)) => Some(message),
                Some(Err(TryRecvError::Empty)) => {
                    // Nothing ready: read the next region here, if one may be read, rather than wait.
                    if let Some((ahead, to)) = self.work.try_take() {
                        self.work.read(ahead, &to);
                        continue;
                    }
                    receiver.and_then(|receiver| receiver.recv().ok())
                }
                _ => None,
            };
            let error = match message {
                Some(Message::Batch(batch, errors)) => return Some(self.place(batch, errors, part)),
                Some(Message::End(read)) => {
                    self.games += read.games;
                    self.file_games += read.games;
                    self.file_lines += read.newlines;
                    self.reached = read.end;
                    self.receivers[self.current] = None;
                    self.next_region();
                    continue;
                }
                Some(Message::Failed(message)) => message,
                None => "a reading thread stopped".to_string(),
            };
            self.failed = true;
            self.work.update(self.current, true);
            return Some(Err(read_error(error)));
        }
        None
    }
}

impl RecordBatchReader for RegionBatches {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

impl Drop for RegionBatches {
    fn drop(&mut self) {
        // The threads stop at their next batch (nobody listens) or region; they are not waited for.
        self.work.update(self.current, true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table_read::HereBatches;
    use arrow_array::Array;
    use ox88_db::Columns;
    use std::path::PathBuf;

    /// Each row's id, file, number, White, moves and error.
    type Row = (i64, String, i64, Option<String>, Option<String>, Option<String>);

    fn rows(batches: impl Iterator<Item = Result<RecordBatch, ArrowError>>) -> Vec<Row> {
        let mut rows = Vec::new();
        for batch in batches {
            let batch = batch.unwrap();
            let column = |name: &str| batch.column_by_name(name).unwrap().clone();
            let (id, file, number) = (column("id"), column("file"), column("number"));
            let (white, uci, error) = (column("white"), column("uci"), column("error"));
            let text = |array: &ArrayRef, row: usize| {
                let array = array.as_string::<i32>();
                array.is_valid(row).then(|| array.value(row).to_owned())
            };
            for row in 0..batch.num_rows() {
                rows.push((
                    id.as_primitive::<Int64Type>().value(row),
                    text(&file, row).unwrap(),
                    number.as_primitive::<Int64Type>().value(row),
                    text(&white, row),
                    text(&uci, row),
                    text(&error, row),
                ));
            }
        }
        rows
    }

    fn options(paths: &[PathBuf], threads: usize, batch_size: usize) -> Options {
        Options { paths: paths.to_vec(), threads, columns: Columns::default(), batch_size }
    }

    /// Regions of at most `max_region_len` bytes (shrinking ones, unless the input is below that a thread).
    fn small(max_region_len: u64) -> PlanLimits {
        PlanLimits { max_region_len, ..PlanLimits::DEFAULT }
    }

    #[test]
    fn regions_read_the_files_as_one_thread_does() {
        let dir = std::env::temp_dir().join(format!("ox88-regions-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let games = "[White \"A\"]\n\n1. e4 e5 2. Nf3 { [%clk 0:01:00] } Nc6 *\n\n".repeat(20);
        // An illegal move, and a comment with a line that looks like a game's start (a false cut).
        let tricky = "[White \"B\"]\n\n1. e4 e5 2. Ke2 Ke7 3. Kd5 *\n\n[White \"C\"]\n\n1. d4 { a\n[Event \"no\"]\n\n1. c4 } d5 *\n\n";
        let files = [
            format!("{games}{tricky}{games}{tricky}{games}"),
            String::new(),
            format!("{tricky}{games}[White \"D\"]\n\n1. d4 {{ unclosed\n"),
        ];
        let mut paths: Vec<PathBuf> = Vec::new();
        for (i, text) in files.iter().enumerate() {
            paths.push(dir.join(format!("{i}.pgn")));
            std::fs::write(&paths[i], text).unwrap();
        }
        paths.push(paths[0].clone());
        let want = rows(HereBatches::new(options(&paths, 1, 4096)));
        assert!(want.len() > 100 && want.iter().filter(|row| row.5.is_some()).count() >= 5);
        // One thread: no thread is started, the calling thread reads every region itself.
        let cases = [(1, 50, 7), (2, 50, 7), (2, 97, 1), (3, 300, 1000), (2, 1 << 20, 4096)];
        for (threads, region_len, batch_size) in cases {
            let got = rows(RegionBatches::with_limits(options(&paths, threads, batch_size), small(region_len)));
            assert_eq!(got, want, "{threads} threads, regions of {region_len}, batches of {batch_size}");
        }
        // The default plan: each file is one region (far below the least region's length), still read alike.
        let got = rows(RegionBatches::start(options(&paths, 2, 4096)));
        assert_eq!(got, want, "2 threads, regions of the default length");
        // Dropping the stream after a batch stops the reading.
        let mut stream = RegionBatches::with_limits(options(&paths, 2, 10), small(100));
        assert!(stream.next().unwrap().unwrap().num_rows() > 0);
        drop(stream);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn even_and_shrinking_regions_read_the_files_as_one_thread_does() {
        let dir = std::env::temp_dir().join(format!("ox88-plans-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let game = "[White \"A\"]\n\n1. e4 e5 2. Nf3 { [%clk 0:01:00] } Nc6 *\n\n";
        // Files of about 1.5 and 0.5 MB: 4 even regions by default, 10 or more that shrink with a lower limit.
        let paths: Vec<PathBuf> = (0..2).map(|i| dir.join(format!("{i}.pgn"))).collect();
        for (path, count) in paths.iter().zip([27_000, 9_000]) {
            std::fs::write(path, game.repeat(count)).unwrap();
        }
        let want = rows(HereBatches::new(options(&paths, 1, 4096)));
        assert_eq!(rows(RegionBatches::start(options(&paths, 2, 1000))), want);
        let shrinking = PlanLimits { even_len: 0, ..PlanLimits::DEFAULT };
        assert_eq!(rows(RegionBatches::with_limits(options(&paths, 2, 1000), shrinking)), want);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
