//! The thread that reads an engine's output: each line, stamped with the
//! moment it arrived, goes to the client over a channel, so the client can
//! wait for a line with a timeout instead of blocking on the pipe.

use crate::log::EngineLog;
use std::io::{self, BufRead, BufReader, Read};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The longest line kept: the rest of a longer line is dropped, so that an
/// engine writing without line breaks cannot exhaust memory.
pub(crate) const MAX_LINE: usize = 64 * 1024;

/// What the reading thread reports.
#[derive(Debug)]
pub(crate) enum Incoming {
    /// A line (without its line break, invalid UTF-8 replaced), and when it
    /// was read.
    Line(String, Instant),
    /// The end of the output (or an error reading it).
    End,
}

/// Starts a thread that reads `source` line by line until its end.
pub(crate) fn spawn_reader(source: impl Read + Send + 'static, log: Option<EngineLog>) -> Receiver<Incoming> {
    let (sender, receiver) = mpsc::channel();
    std::thread::Builder::new()
        .name("engine-output".into())
        .spawn(move || read_lines(BufReader::new(source), &sender, log.as_ref()))
        .expect("the operating system starts a thread");
    receiver
}

fn read_lines(mut source: impl BufRead, sender: &Sender<Incoming>, log: Option<&EngineLog>) {
    let mut line = Vec::new();
    loop {
        match read_line_capped(&mut source, &mut line) {
            Ok(true) => {
                let text = String::from_utf8_lossy(&line).trim_end_matches('\r').to_owned();
                if let Some(log) = log {
                    log.received(&text);
                }
                if sender.send(Incoming::Line(text, Instant::now())).is_err() {
                    return; // the client is gone
                }
            }
            Ok(false) | Err(_) => {
                let _ = sender.send(Incoming::End);
                return;
            }
        }
    }
}

/// Reads one line into `line` (without the `\n`), keeping at most
/// [`MAX_LINE`] bytes of it; `Ok(false)` at the end of input. A last line
/// without a line break counts.
fn read_line_capped(source: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<bool> {
    line.clear();
    let mut read_any = false;
    loop {
        let available = match source.fill_buf() {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if available.is_empty() {
            return Ok(read_any);
        }
        read_any = true;
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(end) => (&available[..end], Some(end + 1)),
            None => (available, None),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = done.unwrap_or(available.len());
        source.consume(used);
        if done.is_some() {
            return Ok(true);
        }
    }
}

/// The last lines an engine wrote to its standard error, for error messages.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tail {
    lines: Arc<Mutex<Vec<String>>>,
}

impl Tail {
    const KEEP: usize = 8;

    /// Starts a thread that keeps the last lines of `source`.
    pub(crate) fn spawn(source: impl Read + Send + 'static, log: Option<EngineLog>) -> Tail {
        let tail = Tail::default();
        let lines = Arc::clone(&tail.lines);
        let _ = std::thread::Builder::new().name("engine-stderr".into()).spawn(move || {
            let mut source = BufReader::new(source);
            let mut line = Vec::new();
            while let Ok(true) = read_line_capped(&mut source, &mut line) {
                let text = String::from_utf8_lossy(&line).trim_end().to_owned();
                if let Some(log) = &log {
                    log.stderr(&text);
                }
                let mut kept = lines.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                if kept.len() == Tail::KEEP {
                    kept.remove(0);
                }
                kept.push(text);
            }
        });
        tail
    }

    /// The lines kept so far, oldest first.
    pub(crate) fn lines(&self) -> Vec<String> {
        self.lines.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn lines_of(bytes: &'static [u8]) -> Vec<String> {
        let receiver = spawn_reader(bytes, None);
        let mut out = Vec::new();
        loop {
            match receiver.recv_timeout(Duration::from_secs(5)).expect("the reader reports") {
                Incoming::Line(text, _) => out.push(text),
                Incoming::End => return out,
            }
        }
    }

    #[test]
    fn lines_are_split_trimmed_and_repaired() {
        assert_eq!(lines_of(b"first\r\nname \xffX\n\nlast"), ["first", "name \u{fffd}X", "", "last"]);
        assert!(lines_of(b"").is_empty());
    }

    #[test]
    fn overlong_lines_are_cut() {
        let long: &'static [u8] =
            Box::leak([vec![b'a'; MAX_LINE + 10], b"\nnext\n".to_vec()].concat().into_boxed_slice());
        let lines = lines_of(long);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), MAX_LINE);
        assert_eq!(lines[1], "next");
    }
}
