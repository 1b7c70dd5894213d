//! A load test of friend games: many simultaneous games of random legal
//! moves over WebSockets against a running server, every move checked;
//! with `--reviews N`, while N game reviews run against the same server
//! (ox88-server, with `--trust-forwarded-for`: each review comes from an
//! address of its own, as N visitors).
//!
//! `cargo run --release -p ox88-web --example load -- --addr 127.0.0.1:8089 [--games 500] [--plies 80]
//! [--think-ms 100] [--pid SERVER_PID] [--reviews 200] [--review-plies 60]`
//!
//! Each game: created over HTTP, two players connect, each plays a random
//! legal move (ox88's `Position`) `--think-ms` after its turn comes. Checked:
//! every move reaches both players once, in order (no lost or duplicated
//! move), both players' lists equal the stored game's, and the clock of the
//! side to move runs and is charged for the thinking time (no stuck clock).
//! With `--pid`, the server's CPU time and memory are read from /proc.
//! Reviews: each a game of `--review-plies` random legal moves, sent and
//! then watched over its stream (Server-Sent Events) from before the first
//! friend game starts to after the last ends; counted: streams refused,
//! positions analysed, reviews completed.
//! `crates/web/load.sh` starts a server and runs this.

use futures_util::{SinkExt, StreamExt};
use ox88_board::Random;
use ox88_movegen::Position;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

type Error = Box<dyn std::error::Error + Send + Sync>;

#[derive(Clone, Copy)]
struct Options {
    addr: SocketAddr,
    games: usize,
    plies: usize,
    think: Duration,
    pid: Option<u32>,
    reviews: usize,
    review_plies: usize,
}

fn options() -> Result<Options, Error> {
    let mut o = Options {
        addr: "127.0.0.1:8089".parse()?,
        games: 500,
        plies: 80,
        think: Duration::from_millis(100),
        pid: None,
        reviews: 0,
        review_plies: 60,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--addr" => o.addr = value()?.parse()?,
            "--games" => o.games = value()?.parse()?,
            "--plies" => o.plies = value()?.parse()?,
            "--think-ms" => o.think = Duration::from_millis(value()?.parse()?),
            "--pid" => o.pid = Some(value()?.parse()?),
            "--reviews" => o.reviews = value()?.parse()?,
            "--review-plies" => o.review_plies = value()?.parse()?,
            other => return Err(format!("unknown argument {other:?}").into()),
        }
    }
    Ok(o)
}

/// One HTTP/1.1 request with `Connection: close`; the status and body.
async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> Result<(u16, String), Error> {
    http_from(addr, method, path, body, "").await
}

/// [`http`] with `headers` (lines ending in CRLF) added.
async fn http_from(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
    headers: &str,
) -> Result<(u16, String), Error> {
    let mut stream = TcpStream::connect(addr).await?;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text.get(9..12).ok_or("a short response")?.parse()?;
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
    Ok((status, body))
}

/// What one player saw.
#[derive(Default)]
struct Seen {
    moves: Vec<String>,
    latencies: Vec<Duration>,
    problems: Vec<String>,
    /// Times the server resent the whole game (the connection fell behind).
    resyncs: usize,
}

/// Plays one seat of game `id` until the game ends (resigning at `--plies`).
async fn player(o: Options, id: String, token: Option<String>, seed: u64) -> Result<Seen, Error> {
    let url = format!("ws://{}/api/v1/friend/games/{id}/ws", o.addr);
    // Small frames both ways: no Nagle delay (the server sets it too).
    let (mut socket, _) = tokio_tungstenite::connect_async_with_config(url, None, true).await?;
    socket.send(Message::text(json!({ "type": "hello", "token": token, "sit": true }).to_string())).await?;
    let mut seen = Seen::default();
    let mut random = Random::new(seed);
    let mut position = Position::startpos();
    let mut seat = None;
    let mut sent_at = None;
    let mut mover_before: Option<u64> = None;
    // A move sent and not yet seen back: wait for it before the next.
    let mut awaiting = false;
    let mut joined = false;
    loop {
        let frame =
            tokio::time::timeout(Duration::from_secs(60), socket.next()).await.map_err(|_| "no frame in 60 s")?;
        let Some(frame) = frame else { break };
        let Message::Text(text) = frame? else { continue };
        let v: Value = serde_json::from_str(&text)?;
        let my_turn = |position: &Position, seat: Option<&str>| {
            seat == Some(if position.side_to_move() == ox88_board::Color::White { "white" } else { "black" })
        };
        match v["type"].as_str() {
            Some("welcome") => seat = v["seat"].as_str().map(str::to_owned),
            Some("move") => {
                let ply = v["ply"].as_u64().unwrap_or(u64::MAX) as usize;
                let uci = v["uci"].as_str().unwrap_or("").to_owned();
                if ply != seen.moves.len() {
                    seen.problems.push(format!("{id}: move {uci} as ply {ply}, expected ply {}", seen.moves.len()));
                }
                if position.play_uci(&uci).is_err() {
                    seen.problems.push(format!("{id}: illegal move {uci} broadcast"));
                }
                seen.moves.push(uci);
                awaiting = false;
                if let Some(sent) = sent_at.take() {
                    seen.latencies.push(Instant::elapsed(&sent));
                }
                // The clock: from the third ply the side to move's clock runs,
                // and the mover was charged at least half its thinking time.
                let clock = &v["clock"];
                let running = clock["running"].as_str();
                let to_move = if position.side_to_move() == ox88_board::Color::White { "white" } else { "black" };
                let over = position.outcome_or_claimable_draw().is_some();
                if ply >= 1 && !over && running != Some(to_move) {
                    seen.problems
                        .push(format!("{id}: after ply {ply} the running clock is {running:?}, not {to_move}"));
                }
                let mover = if to_move == "white" { "black_ms" } else { "white_ms" };
                let after = clock[mover].as_u64().unwrap_or(0);
                if ply >= 2 {
                    if let Some(before) = mover_before {
                        let charged = before.saturating_sub(after);
                        if charged * 2 < o.think.as_millis() as u64 {
                            seen.problems
                                .push(format!("{id}: ply {ply} charged {charged} ms for a {:?} think", o.think));
                        }
                    }
                }
                mover_before =
                    Some(clock[if to_move == "white" { "white_ms" } else { "black_ms" }].as_u64().unwrap_or(0));
            }
            Some("state") => {
                // The whole game: on joining (the opponent may have moved
                // already), and again if the connection fell behind.
                let moves = v["game"]["moves"].as_array().cloned().unwrap_or_default();
                for m in moves.iter().skip(seen.moves.len()) {
                    let uci = m["uci"].as_str().unwrap_or("").to_owned();
                    if position.play_uci(&uci).is_err() {
                        seen.problems.push(format!("{id}: illegal move {uci} in a resent game"));
                    }
                    seen.moves.push(uci);
                    awaiting = false;
                    mover_before = None;
                }
                if joined {
                    seen.resyncs += 1;
                }
                joined = true;
            }
            Some("ended") => break,
            Some("error") => {
                seen.problems.push(format!("{id}: error {}", v["message"]));
                awaiting = false;
            }
            _ => {}
        }
        if awaiting || position.is_game_over() || !my_turn(&position, seat.as_deref()) {
            continue;
        }
        tokio::time::sleep(o.think).await;
        let message = if seen.moves.len() >= o.plies {
            json!({ "type": "resign" })
        } else {
            let moves = position.legal_moves();
            let m = moves[random.below(moves.len())];
            sent_at = Some(Instant::now());
            json!({ "type": "move", "uci": position.uci(m).to_string(), "ply": seen.moves.len() })
        };
        socket.send(Message::text(message.to_string())).await?;
        awaiting = true;
    }
    let _ = socket.close(None).await;
    Ok(seen)
}

/// One whole game; what both players saw, checked against the stored game.
async fn game(o: Options, n: u64) -> Result<(Seen, Seen, Vec<String>), Error> {
    let body = json!({ "color": "white", "initial_seconds": 600 }).to_string();
    let (status, text) = http(o.addr, "POST", "/api/v1/friend/games", &body).await?;
    if status != 201 {
        return Err(format!("create: {status} {text}").into());
    }
    let created: Value = serde_json::from_str(&text)?;
    let id = created["id"].as_str().ok_or("an id")?.to_owned();
    let token = created["token"].as_str().ok_or("a token")?.to_owned();
    let white = tokio::spawn(player(o, id.clone(), Some(token), n * 2 + 1));
    tokio::time::sleep(Duration::from_millis(20)).await;
    let black = tokio::spawn(player(o, id.clone(), None, n * 2 + 2));
    let (white, black) = (white.await??, black.await??);
    let (_, stored) = http(o.addr, "GET", &format!("/api/v1/friend/games/{id}"), "").await?;
    let stored: Value = serde_json::from_str(&stored)?;
    let moves = stored["moves"].as_array().ok_or("the stored moves")?;
    let moves = moves.iter().map(|m| m["uci"].as_str().unwrap_or("").to_owned()).collect();
    Ok((white, black, moves))
}

/// What one review's watcher saw.
#[derive(Default)]
struct ReviewSeen {
    /// The stream was refused (its status), or could not be had.
    refused: Option<String>,
    /// `eval` events: positions analysed while it was watched.
    positions: usize,
    /// The review was complete by the end.
    complete: bool,
}

/// Sends review `n` (a random game, from an address of its own) and watches
/// its stream until `stop` turns true or the review is complete.
async fn review(o: Options, n: u64, mut stop: tokio::sync::watch::Receiver<bool>) -> ReviewSeen {
    let mut seen = ReviewSeen::default();
    let visitor = format!("X-Forwarded-For: 10.{}.{}.{}\r\n", (n >> 16) & 255, (n >> 8) & 255, n & 255);
    let mut random = Random::new(1_000_003 + n);
    let mut position = Position::startpos();
    let mut moves = Vec::new();
    while moves.len() < o.review_plies && !position.is_game_over() {
        let legal = position.legal_moves();
        let m = legal[random.below(legal.len())];
        moves.push(position.uci(m).to_string());
        position.play_unchecked(m);
    }
    let body = json!({ "moves": moves }).to_string();
    let id = match http_from(o.addr, "POST", "/api/v1/reviews", &body, &visitor).await {
        Ok((200, text)) => serde_json::from_str::<Value>(&text).ok().and_then(|v| v["id"].as_str().map(str::to_owned)),
        Ok((status, text)) => {
            seen.refused = Some(format!("create: {status} {text}"));
            return seen;
        }
        Err(error) => {
            seen.refused = Some(format!("create: {error}"));
            return seen;
        }
    };
    let Some(id) = id else {
        seen.refused = Some("create: no id".into());
        return seen;
    };
    let watch = async {
        let mut stream = TcpStream::connect(o.addr).await?;
        let head = format!(
            "GET /api/v1/reviews/{id}/stream HTTP/1.1\r\nHost: {}\r\n{visitor}Connection: close\r\n\r\n",
            o.addr
        );
        stream.write_all(head.as_bytes()).await?;
        let mut buffer = vec![0u8; 16 * 1024];
        let mut text = String::new();
        // The status line is read once: after it, the body (chunked) follows.
        let mut status_read = false;
        loop {
            let read = tokio::select! {
                read = stream.read(&mut buffer) => read?,
                _ = stop.changed() => return Ok::<(), Error>(()),
            };
            if read == 0 {
                return Ok(());
            }
            text.push_str(&String::from_utf8_lossy(&buffer[..read]));
            if !status_read && text.len() >= 12 {
                if !text.starts_with("HTTP/1.1 200") {
                    seen.refused = Some(text.lines().next().unwrap_or("").to_owned());
                    return Ok(());
                }
                status_read = true;
            }
            // Whole lines only; the rest waits for the next read.
            while let Some(end) = text.find('\n') {
                let line: String = text.drain(..=end).collect();
                if line.starts_with("event: eval") {
                    seen.positions += 1;
                } else if line.starts_with("data: ") && line.contains("\"complete\":true") {
                    seen.complete = true;
                    return Ok(());
                }
            }
        }
    };
    if let Err(error) = watch.await {
        seen.refused = Some(format!("stream: {error}"));
    }
    seen
}

/// The server's CPU time (user + system, in clock ticks of 10 ms) and its
/// resident and peak memory in KiB, from /proc.
fn server_stats(pid: u32) -> Option<(u64, u64, u64)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kib = |key: &str| status.lines().find(|l| l.starts_with(key))?.split_whitespace().nth(1)?.parse::<u64>().ok();
    Some((ticks, kib("VmRSS:")?, kib("VmHWM:")?))
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let o = options()?;
    let before = o.pid.and_then(server_stats);
    let problems = Arc::new(Mutex::new(Vec::<String>::new()));
    println!("{} games of up to {} plies, {:?} per move", o.games, o.plies, o.think);
    // The reviews first: sent and watched before the first game starts.
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let reviews: Vec<_> = (0..o.reviews).map(|n| tokio::spawn(review(o, n as u64, stopped.clone()))).collect();
    if o.reviews > 0 {
        println!("{} reviews of {} plies, each from an address of its own", o.reviews, o.review_plies);
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(o.games);
    for n in 0..o.games {
        tasks.push(tokio::spawn(game(o, n as u64)));
    }
    let (mut moves, mut latencies, mut failed, mut resyncs) = (0usize, Vec::new(), 0usize, 0usize);
    for task in tasks {
        match task.await? {
            Ok((white, black, stored)) => {
                let mut list = problems.lock().await;
                list.extend(white.problems);
                list.extend(black.problems);
                if white.moves != black.moves || white.moves != stored {
                    list.push(format!(
                        "players and store disagree: {} / {} / {} moves",
                        white.moves.len(),
                        black.moves.len(),
                        stored.len()
                    ));
                }
                moves += stored.len();
                resyncs += white.resyncs + black.resyncs;
                latencies.extend(white.latencies);
                latencies.extend(black.latencies);
            }
            Err(error) => {
                failed += 1;
                problems.lock().await.push(format!("a game failed: {error}"));
            }
        }
    }
    let wall = started.elapsed();
    let after = o.pid.and_then(server_stats);
    let _ = stop.send(true);
    let (mut refused, mut positions, mut complete) = (Vec::new(), 0, 0);
    for task in reviews {
        let seen = task.await?;
        refused.extend(seen.refused);
        positions += seen.positions;
        complete += usize::from(seen.complete);
    }
    latencies.sort();
    println!(
        "games: {} ({} failed), moves: {moves} in {:.1} s = {:.0} moves/s",
        o.games,
        failed,
        wall.as_secs_f64(),
        moves as f64 / wall.as_secs_f64()
    );
    println!(
        "move round trip (send to echo): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0)
    );
    if let (Some((t0, _, _)), Some((t1, rss, peak))) = (before, after) {
        let cpu = (t1 - t0) as f64 / 100.0;
        println!(
            "server: {cpu:.1} s CPU = {:.0}% of one core; memory {} MiB resident now, {} MiB peak",
            100.0 * cpu / wall.as_secs_f64(),
            rss / 1024,
            peak / 1024
        );
    }
    if o.reviews > 0 {
        println!(
            "reviews: {} watched ({} refused), {positions} positions analysed during the games, {complete} complete",
            o.reviews,
            refused.len()
        );
        for reason in refused.iter().take(5) {
            println!("REFUSED {reason}");
        }
    }
    let problems = problems.lock().await;
    for problem in problems.iter().take(40) {
        println!("PROBLEM {problem}");
    }
    println!("connections that fell behind and were resent the game: {resyncs}");
    println!("lost or duplicated moves, stuck clocks, refused moves, disagreements: {}", problems.len());
    if problems.is_empty() && failed == 0 && refused.is_empty() {
        Ok(())
    } else {
        Err(format!("{} problems, {} reviews refused", problems.len(), refused.len()).into())
    }
}
