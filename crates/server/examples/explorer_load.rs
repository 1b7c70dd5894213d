//! A fixed-rate load test of `/api/v1/explorer` (wrk2's model): requests are
//! sent on a constant schedule, `--rate` a second, over `--connections`
//! keep-alive connections, and each request's latency is measured from the
//! time the schedule meant to send it. A server that stalls makes the
//! requests behind it late, and their lateness is counted (no coordinated
//! omission: a closed-loop tool such as wrk would wait and send fewer).
//!
//! `cargo run --release -p ox88-server --example explorer_load -- --addr 127.0.0.1:8088 --pgn GAMES.pgn [--pgn MORE.pgn]
//! [--rate 1000] [--seconds 60] [--connections 32] [--positions 4000] [--seed 1]`
//!
//! The positions, a quarter each: the opening (plies 0 to 12, asked by
//! `play` from the start, as the page does), the middlegame (plies 13 to
//! 60, by FEN), deep (ply 61 on, by FEN), all taken from the games of
//! the `--pgn` files, an equal share from each (the collection's own, so
//! they are found), and unknown (40
//! random legal plies from the start, by FEN: a position no game reached,
//! answered with no moves). Every position is asked once before the clock
//! starts (warm), then the schedule runs through them in a shuffled order.
//! Printed: requests sent and answered, the rate reached, latency p50, p90,
//! p99, p99.9 and max, overall and for each kind, non-200 answers, and the
//! load average before and after.

use ox88::board::Random;
use ox88::pgn::Reader;
use ox88::Position;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The kinds of position asked, in the order they are printed.
const KINDS: [&str; 4] = ["opening", "middlegame", "deep", "unknown"];

struct Options {
    addr: SocketAddr,
    pgn: Vec<String>,
    rate: f64,
    seconds: f64,
    connections: usize,
    positions: usize,
    seed: u64,
}

fn options() -> Result<Options, Error> {
    let mut options = Options {
        addr: "127.0.0.1:8088".parse()?,
        pgn: Vec::new(),
        rate: 1000.0,
        seconds: 60.0,
        connections: 32,
        positions: 4000,
        seed: 1,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--addr" => options.addr = value()?.parse()?,
            "--pgn" => options.pgn.push(value()?),
            "--rate" => options.rate = value()?.parse()?,
            "--seconds" => options.seconds = value()?.parse()?,
            "--connections" => options.connections = value()?.parse()?,
            "--positions" => options.positions = value()?.parse()?,
            "--seed" => options.seed = value()?.parse()?,
            "--help" | "-h" => {
                println!("explorer_load --addr HOST:PORT --pgn FILE [--rate R] [--seconds S] [--connections C] [--positions N] [--seed N]");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    if options.pgn.is_empty() {
        return Err("--pgn FILE is required (games of the collection, to take positions from; may be repeated)".into());
    }
    if options.rate <= 0.0 || options.seconds <= 0.0 || options.connections == 0 || options.positions < 4 {
        return Err("--rate, --seconds, --connections and --positions must be positive (--positions at least 4)".into());
    }
    Ok(options)
}

/// Percent-encodes a query value.
fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => out.push(byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// The requests: (kind, path), `count` of them, a quarter of each kind.
fn requests(files: &[String], count: usize, random: &mut Random) -> Result<Vec<(usize, String)>, Error> {
    let quarter = count / 4;
    let mut by_kind: [Vec<String>; 3] = Default::default();
    for (n, pgn) in files.iter().enumerate() {
        // Each file's share, the last file making up what the others lacked.
        let share = if n + 1 == files.len() { quarter } else { quarter * (n + 1) / files.len() };
        positions_from(pgn, share, &mut by_kind, random)?;
    }
    let mut all = Vec::with_capacity(count);
    for (kind, paths) in by_kind.into_iter().enumerate() {
        if paths.len() < quarter {
            return Err(format!("the games gave {} {} positions of {quarter}", paths.len(), KINDS[kind]).into());
        }
        all.extend(paths.into_iter().map(|path| (kind, path)));
    }
    while all.len() < count {
        let mut position = Position::startpos();
        for _ in 0..40 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position.play_unchecked(moves[random.below(moves.len())]);
        }
        all.push((3, format!("/api/v1/explorer?fen={}", encode(&position.fen()))));
    }
    for i in (1..all.len()).rev() {
        all.swap(i, random.below(i + 1));
    }
    Ok(all)
}

/// Adds to each of the first three kinds up to `until` positions in all,
/// one of each kind at most a game, from the games of `pgn`.
fn positions_from(pgn: &str, until: usize, by_kind: &mut [Vec<String>; 3], random: &mut Random) -> Result<(), Error> {
    let file = std::io::BufReader::new(std::fs::File::open(pgn).map_err(|e| format!("{pgn}: {e}"))?);
    let mut reader = Reader::new(file);
    let start = Position::startpos().fen();
    for game in reader.games() {
        if by_kind.iter().all(|paths| paths.len() >= until) {
            break;
        }
        let Ok(game) = game else { continue };
        let (Ok(mut position), Ok(moves)) = (game.start_position(), game.mainline_moves()) else { continue };
        if position.fen() != start {
            continue;
        }
        let targets = [random.below(13), 13 + random.below(48), 61 + random.below(120)];
        let mut played = Vec::new();
        for (ply, &m) in moves.iter().enumerate() {
            for (kind, &target) in targets.iter().enumerate() {
                if ply == target && by_kind[kind].len() < until {
                    let path = if kind == 0 {
                        format!("/api/v1/explorer?play={}", played.join(","))
                    } else {
                        format!("/api/v1/explorer?fen={}", encode(&position.fen()))
                    };
                    by_kind[kind].push(path);
                }
            }
            played.push(m.to_uci(ox88::board::CastlingMode::Standard).to_string());
            if position.play(m).is_err() {
                break;
            }
        }
    }
    Ok(())
}

/// A keep-alive HTTP/1.1 connection that sends GETs and reads whole answers.
struct Connection {
    stream: TcpStream,
    buffer: Vec<u8>,
}

impl Connection {
    async fn open(addr: SocketAddr) -> Result<Connection, Error> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Connection { stream, buffer: Vec::with_capacity(1 << 16) })
    }

    /// Sends `GET path` and reads the answer; returns its status.
    async fn get(&mut self, path: &str) -> Result<u16, Error> {
        let request = format!("GET {path} HTTP/1.1\r\nHost: ox88\r\nAccept: application/json\r\n\r\n");
        self.stream.write_all(request.as_bytes()).await?;
        self.buffer.clear();
        let mut chunk = [0u8; 16 << 10];
        let head_end = loop {
            if let Some(end) = self.buffer.windows(4).position(|w| w == b"\r\n\r\n") {
                break end + 4;
            }
            let n = self.stream.read(&mut chunk).await?;
            if n == 0 {
                return Err("the server closed the connection".into());
            }
            self.buffer.extend_from_slice(&chunk[..n]);
        };
        let head = std::str::from_utf8(&self.buffer[..head_end])?;
        let status: u16 = head.get(9..12).ok_or("a short status line")?.parse()?;
        let length: usize = head
            .lines()
            .find_map(|line| {
                let (name, value) = line.split_once(':')?;
                name.eq_ignore_ascii_case("content-length").then(|| value.trim().parse().ok())?
            })
            .ok_or("an answer without Content-Length")?;
        while self.buffer.len() < head_end + length {
            let n = self.stream.read(&mut chunk).await?;
            if n == 0 {
                return Err("the server closed the connection mid-answer".into());
            }
            self.buffer.extend_from_slice(&chunk[..n]);
        }
        Ok(status)
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map_or_else(|_| "?".into(), |text| text.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}

fn percentiles(name: &str, latencies: &mut [Duration]) {
    if latencies.is_empty() {
        return;
    }
    latencies.sort_unstable();
    let at = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{name:>10}: {:>7} requests  p50 {:.2} ms  p90 {:.2} ms  p99 {:.2} ms  p99.9 {:.2} ms  max {:.2} ms",
        latencies.len(),
        ms(at(0.5)),
        ms(at(0.9)),
        ms(at(0.99)),
        ms(at(0.999)),
        ms(latencies[latencies.len() - 1]),
    );
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    if let Err(error) = run().await {
        eprintln!("explorer_load: {error}");
        std::process::exit(1);
    }
}

async fn run() -> Result<(), Error> {
    let options = options()?;
    let mut random = Random::new(options.seed);
    let requests = Arc::new(requests(&options.pgn, options.positions, &mut random)?);
    // Warm: every position once, one connection after the other.
    let mut warm = Connection::open(options.addr).await?;
    for (_, path) in requests.iter() {
        let status = warm.get(path).await?;
        if status != 200 {
            return Err(format!("{path}: status {status} while warming").into());
        }
    }
    drop(warm);
    let total = (options.rate * options.seconds) as usize;
    let interval = Duration::from_secs_f64(1.0 / options.rate);
    let next = Arc::new(AtomicUsize::new(0));
    let before = load_average();
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    let mut workers = Vec::new();
    for _ in 0..options.connections {
        let (requests, next) = (requests.clone(), next.clone());
        let mut connection = Connection::open(options.addr).await?;
        workers.push(tokio::spawn(async move {
            let mut seen: Vec<(usize, Duration, u16)> = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total {
                    break;
                }
                let intended = start + interval * i as u32;
                tokio::time::sleep_until(intended).await;
                let (kind, path) = &requests[i % requests.len()];
                let status = connection.get(path).await?;
                seen.push((*kind, intended.elapsed(), status));
            }
            Ok::<_, Error>(seen)
        }));
    }
    let mut latencies: Vec<Vec<Duration>> = vec![Vec::new(); KINDS.len()];
    let mut failed = 0;
    for worker in workers {
        for (kind, latency, status) in worker.await?? {
            latencies[kind].push(latency);
            failed += usize::from(status != 200);
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    let after = load_average();
    let mut all: Vec<Duration> = latencies.iter().flatten().copied().collect();
    println!(
        "{} requests at {} a second scheduled over {:.1} s, {} connections: {} answered in {elapsed:.1} s ({:.0} a second), {failed} not 200",
        total,
        options.rate,
        options.seconds,
        options.connections,
        all.len(),
        all.len() as f64 / elapsed,
    );
    println!("load average before {before}, after {after}");
    percentiles("all", &mut all);
    for (kind, latencies) in latencies.iter_mut().enumerate() {
        percentiles(KINDS[kind], latencies);
    }
    Ok(())
}
