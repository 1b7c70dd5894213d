//! A server on a random loopback port, and small HTTP and WebSocket clients
//! for the tests.

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::net::SocketAddr;
use std::path::Path;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;
use tokio::time::{timeout, Duration};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A running server; dropping it stops it.
pub struct Server {
    pub addr: SocketAddr,
    task: JoinHandle<()>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Starts the web router on 127.0.0.1 with `config`.
pub async fn start(config: ox88_web::WebConfig) -> Server {
    let app = axum::Router::from(ox88_web::router(config).expect("the store opens"));
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
    let addr = listener.local_addr().expect("an address");
    let task = tokio::spawn(async move {
        axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await.expect("serves");
    });
    Server { addr, task }
}

/// A configuration with the store at `path`.
pub fn config_at(path: &Path) -> ox88_web::WebConfig {
    ox88_web::WebConfig { database: path.to_path_buf(), ..ox88_web::WebConfig::default() }
}

/// An HTTP/1.1 request; the status and the body.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.expect("connects");
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("writes");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.expect("reads");
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text[9..12].parse().expect("a status");
    let (head, body) = text.split_once("\r\n\r\n").expect("a head");
    let body =
        if head.to_ascii_lowercase().contains("transfer-encoding: chunked") { dechunk(body) } else { body.to_owned() };
    (status, body)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
    out
}

/// Creates a game; its id and the creator's token.
pub async fn create(addr: SocketAddr, body: &str) -> (String, String) {
    let (status, text) = http(addr, "POST", "/api/v1/friend/games", body).await;
    assert_eq!(status, 201, "{text}");
    let v: Value = serde_json::from_str(&text).expect("JSON");
    (v["id"].as_str().expect("an id").to_owned(), v["token"].as_str().expect("a token").to_owned())
}

/// A WebSocket client of one game.
pub struct Client {
    pub socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Connects to game `id` and says hello.
    pub async fn join(addr: SocketAddr, id: &str, token: Option<&str>, sit: bool) -> (Client, Value, Value) {
        let url = format!("ws://{addr}/api/v1/friend/games/{id}/ws");
        let (socket, _) = tokio_tungstenite::connect_async(url).await.expect("upgrades");
        let mut client = Client { socket };
        client.send(&serde_json::json!({ "type": "hello", "token": token, "sit": sit }).to_string()).await;
        let welcome = client.expect("welcome").await;
        let state = client.expect("state").await;
        (client, welcome, state)
    }

    pub async fn send(&mut self, text: &str) {
        self.socket.send(Message::text(text)).await.expect("sends");
    }

    /// The next JSON frame (presence frames skipped), within five seconds.
    pub async fn next(&mut self) -> Value {
        loop {
            let frame = timeout(Duration::from_secs(5), self.socket.next()).await.expect("a frame in time");
            match frame.expect("open").expect("a frame") {
                Message::Text(text) => {
                    let v: Value = serde_json::from_str(&text).expect("JSON");
                    if v["type"] != "presence" {
                        return v;
                    }
                }
                Message::Close(frame) => {
                    return serde_json::json!({ "type": "closed", "code": frame.map(|f| u16::from(f.code)) })
                }
                _ => {}
            }
        }
    }

    /// The next frame, which must be of `kind`.
    pub async fn expect(&mut self, kind: &str) -> Value {
        let v = self.next().await;
        assert_eq!(v["type"], kind, "{v}");
        v
    }

    /// Plays `uci` as ply `ply`.
    pub async fn play(&mut self, uci: &str, ply: usize) {
        self.send(&serde_json::json!({ "type": "move", "uci": uci, "ply": ply }).to_string()).await;
    }
}
