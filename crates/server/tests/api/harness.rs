//! A server on a random loopback port, and a client for it.

use ox88_server::ServerConfig;
use serde_json::Value;
use std::net::{IpAddr, Ipv4Addr};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A running server; it shuts down when dropped.
pub struct Server {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// A client for it.
    pub client: reqwest::Client,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<std::io::Result<()>>>,
}

/// A small configuration for tests: one engine with a small table.
pub fn small() -> ServerConfig {
    ServerConfig { host: IpAddr::V4(Ipv4Addr::LOCALHOST), port: 0, engines: 1, hash_mb: 4, ..ServerConfig::default() }
}

impl Server {
    /// A server with `config` (its port is ignored: any free port).
    pub async fn start(config: ServerConfig) -> Server {
        Server::start_with(config, axum::Router::new().into()).await
    }

    /// A server with `config` and `extra` routes (with their document)
    /// merged in.
    pub async fn start_with(config: ServerConfig, extra: utoipa_axum::router::OpenApiRouter) -> Server {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).await.expect("a free loopback port");
        let base = format!("http://{}", listener.local_addr().expect("an address"));
        let (stop, stopped) = oneshot::channel::<()>();
        let app = ox88_server::app_with(config, extra).expect("the configuration loads");
        let task = tokio::spawn(ox88_server::serve(listener, app, async move {
            let _ = stopped.await;
        }));
        let client = reqwest::Client::builder().no_proxy().build().expect("a client");
        Server { base, client, stop: Some(stop), task: Some(task) }
    }

    /// The URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// POSTs `body` as JSON to `path`: the status and the JSON answer.
    pub async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let response = self.client.post(self.url(path)).json(body).send().await.expect("an answer");
        let status = response.status().as_u16();
        (status, response.json().await.expect("a JSON answer"))
    }

    /// GETs `path`: the status and the body's text.
    pub async fn get(&self, path: &str) -> (u16, String) {
        let response = self.client.get(self.url(path)).send().await.expect("an answer");
        let status = response.status().as_u16();
        (status, response.text().await.expect("a body"))
    }

    /// Stops accepting, lets running requests finish, and waits for that.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            task.await.expect("the server task").expect("the server ran");
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// Asserts that `body` is the API's error shape with `code`, and returns
/// its field.
pub fn error_field(body: &Value, code: &str) -> Option<String> {
    let error = &body["error"];
    assert_eq!(error["code"], code, "{body}");
    assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
    error["field"].as_str().map(str::to_owned)
}

/// The events of an SSE body: (event name, JSON data).
pub fn events(text: &str) -> Vec<(String, Value)> {
    text.split("\n\n")
        .filter_map(|block| {
            let name = block.lines().find_map(|l| l.strip_prefix("event: "))?.to_owned();
            let data = block.lines().find_map(|l| l.strip_prefix("data: "))?;
            Some((name, serde_json::from_str(data).expect("JSON data")))
        })
        .collect()
}
