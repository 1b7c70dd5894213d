//! In-process pipes, and any [`ox88_protocol::Engine`] driven through the
//! real protocol drivers on a thread: for testing programs built on the
//! client, and engines through the client, without starting a process.

use crate::{EngineError, ExternalEngine, Protocol, Timeouts};
use ox88_protocol::uci::UciDriver;
use ox88_protocol::xboard::XbDriver;
use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};

/// The writing end of an in-process pipe; dropping it ends the input of
/// the reading end.
#[derive(Debug)]
pub struct PipeWriter {
    sender: Sender<Vec<u8>>,
}

/// The reading end of an in-process pipe.
#[derive(Debug)]
pub struct PipeReader {
    receiver: Receiver<Vec<u8>>,
    buffer: Vec<u8>,
    at: usize,
}

/// A one-way in-process pipe.
///
/// ```
/// use std::io::{Read, Write};
/// let (mut writer, mut reader) = ox88_client::testing::pipe();
/// writer.write_all(b"uciok\n")?;
/// drop(writer);
/// let mut text = String::new();
/// reader.read_to_string(&mut text)?;
/// assert_eq!(text, "uciok\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn pipe() -> (PipeWriter, PipeReader) {
    let (sender, receiver) = mpsc::channel();
    (PipeWriter { sender }, PipeReader { receiver, buffer: Vec::new(), at: 0 })
}

impl Write for PipeWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.sender.send(bytes.to_vec()).map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Read for PipeReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.at == self.buffer.len() {
            match self.receiver.recv() {
                Ok(bytes) => (self.buffer, self.at) = (bytes, 0),
                Err(_) => return Ok(0), // the writer is gone: end of input
            }
        }
        let n = out.len().min(self.buffer.len() - self.at);
        out[..n].copy_from_slice(&self.buffer[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// `engine` behind ox88-protocol's driver for `protocol`, on its own
/// thread, connected to a client: the whole protocol, without a process.
/// The driver ends when the client is dropped.
///
/// ```
/// use ox88_client::{testing, Limits, Position, Protocol, Timeouts};
/// use ox88_protocol::testing::FirstLegal;
/// let mut engine = testing::in_process(FirstLegal::default(), Protocol::Xboard, Timeouts::default())?;
/// let result = engine.search(&Position::startpos(), &Limits { depth: Some(1), ..Limits::default() })?;
/// assert!(result.search.best.is_some());
/// # Ok::<(), ox88_client::EngineError>(())
/// ```
pub fn in_process<E: ox88_protocol::Engine + 'static>(
    engine: E,
    protocol: Protocol,
    timeouts: Timeouts,
) -> Result<ExternalEngine, EngineError> {
    let (to_engine, engine_input) = pipe();
    let (engine_output, from_engine) = pipe();
    let input = BufReader::new(engine_input);
    std::thread::Builder::new()
        .name("in-process-engine".into())
        .spawn(move || {
            // The driver's result is the engine handed back at the end of
            // input; an in-process engine has nobody to report it to.
            let _ = match protocol {
                Protocol::Uci => UciDriver::new(engine, engine_output).run(input).map(drop),
                Protocol::Xboard => XbDriver::new(engine, engine_output).run(input).map(drop),
            };
        })
        .expect("the operating system starts a thread");
    ExternalEngine::connect(from_engine, to_engine, protocol, timeouts)
}

/// Runs `future` to its end on the calling thread, parking it while the
/// future waits: the smallest executor, for tests and examples of
/// [`AsyncEngine`](crate::AsyncEngine) (whose futures need no runtime).
///
/// ```
/// assert_eq!(ox88_client::testing::block_on(async { 6 * 7 }), 42);
/// ```
pub fn block_on<F: std::future::Future>(future: F) -> F::Output {
    use std::sync::Arc;
    use std::task::{Context, Poll, Wake};

    struct Unpark(std::thread::Thread);
    impl Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }

    let waker = Arc::new(Unpark(std::thread::current())).into();
    let mut context = Context::from_waker(&waker);
    let mut future = std::pin::pin!(future);
    loop {
        match future.as_mut().poll(&mut context) {
            Poll::Ready(output) => return output,
            Poll::Pending => std::thread::park(),
        }
    }
}
