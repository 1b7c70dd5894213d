//! One WebSocket connection to a friend game: reads the browser's frames
//! (bounded in size and rate), passes actions to the game's task, and sends
//! the game's changes back.

use crate::hub::Hub;
use crate::ids::FriendGameId;
use crate::protocol::{ClientMessage, ServerMessage};
use crate::task::Command;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use ox88_board::Color;
use ox88_http::ErrorCode;
use std::sync::Arc;
use tokio::sync::{broadcast, oneshot};
use tokio::time::{timeout, Duration, Instant};

/// The close code for a policy violation (RFC 6455): the flood.
const POLICY_VIOLATION: u16 = 1008;

/// The first frame must come this soon.
const HELLO_WITHIN: Duration = Duration::from_secs(10);

/// A token bucket: `burst` messages at once, refilled at `rate` a second.
#[derive(Debug)]
pub struct RateLimit {
    tokens: f64,
    burst: f64,
    rate: f64,
    last: Instant,
}

impl RateLimit {
    /// A full bucket.
    pub fn new(rate: u32, burst: u32) -> RateLimit {
        RateLimit { tokens: f64::from(burst), burst: f64::from(burst), rate: f64::from(rate), last: Instant::now() }
    }

    /// Takes one message's token at `now`; `false` when the bucket is empty.
    pub fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// What a connection knows once it has said hello.
struct Seated {
    seat: Option<Color>,
    events: broadcast::Receiver<Arc<str>>,
}

/// Serves one connection to game `id` until either side closes it.
pub async fn serve(mut socket: WebSocket, hub: Arc<Hub>, id: FriendGameId) {
    let config = hub.config().clone();
    let mut limit = RateLimit::new(config.messages_per_second, config.message_burst);
    let Some(mut seated) = hello(&mut socket, &hub, &id, &mut limit).await else {
        return;
    };
    loop {
        tokio::select! {
            frame = socket.recv() => {
                let Some(Ok(frame)) = frame else { break };
                if !limit.take(Instant::now()) {
                    close(&mut socket, "too many messages").await;
                    break;
                }
                let answer = match frame {
                    Message::Text(text) => request(&hub, &id, seated.seat, &text).await,
                    Message::Binary(_) => Some(ServerMessage::error(ErrorCode::BadFrame, "frames are JSON text")),
                    Message::Ping(_) | Message::Pong(_) => None,
                    Message::Close(_) => break,
                };
                if let Some(answer) = answer {
                    if send(&mut socket, &answer.to_json()).await.is_err() {
                        break;
                    }
                }
            }
            event = seated.events.recv() => {
                let text = match event {
                    Ok(text) => text,
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        // Fell behind: the whole game replaces what was missed.
                        let (reply, answer) = oneshot::channel();
                        if hub.send(&id, Command::Resync { reply }).await.is_err() { break }
                        let Ok(state) = answer.await else { break };
                        state
                    }
                    Err(broadcast::error::RecvError::Closed) => break,
                };
                if send(&mut socket, &text).await.is_err() {
                    break;
                }
            }
        }
    }
    let _ = hub.send(&id, Command::Leave { seat: seated.seat }).await;
}

/// Waits for the `hello` frame and joins the game; `None` if the connection
/// closed or never said hello.
async fn hello(socket: &mut WebSocket, hub: &Arc<Hub>, id: &FriendGameId, limit: &mut RateLimit) -> Option<Seated> {
    let deadline = Instant::now() + HELLO_WITHIN;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let frame = timeout(left, socket.recv()).await.ok()??.ok()?;
        if !limit.take(Instant::now()) {
            close(socket, "too many messages").await;
            return None;
        }
        let Message::Text(text) = frame else {
            if matches!(frame, Message::Close(_)) {
                return None;
            }
            send(socket, &ServerMessage::error(ErrorCode::BadFrame, "say hello first").to_json()).await.ok()?;
            continue;
        };
        match serde_json::from_str::<ClientMessage>(&text) {
            Ok(ClientMessage::Hello { token, sit }) => {
                let (reply, answer) = oneshot::channel();
                hub.send(id, Command::Join { token, sit, reply }).await.ok()?;
                let joined = answer.await.ok()?;
                send(socket, &joined.welcome).await.ok()?;
                send(socket, &joined.state).await.ok()?;
                return Some(Seated { seat: joined.seat, events: joined.events });
            }
            Ok(_) => {
                send(socket, &ServerMessage::error(ErrorCode::HelloFirst, "say hello first").to_json()).await.ok()?
            }
            Err(error) => send(socket, &bad_frame(&error).to_json()).await.ok()?,
        }
    }
}

fn bad_frame(error: &serde_json::Error) -> ServerMessage {
    ServerMessage::error(ErrorCode::BadFrame, format!("not a message of this protocol: {error}"))
}

/// The answer to one text frame after hello, if it has one.
async fn request(hub: &Arc<Hub>, id: &FriendGameId, seat: Option<Color>, text: &str) -> Option<ServerMessage> {
    let message = match serde_json::from_str::<ClientMessage>(text) {
        Ok(message) => message,
        Err(error) => return Some(bad_frame(&error)),
    };
    let action = match message {
        ClientMessage::Ping => return Some(ServerMessage::Pong),
        ClientMessage::Hello { .. } => {
            return Some(ServerMessage::error(ErrorCode::AlreadyJoined, "hello was said already"))
        }
        ClientMessage::Act(action) => action,
    };
    let Some(seat) = seat else {
        return Some(ServerMessage::error(ErrorCode::NotAPlayer, "spectators watch; only the players act"));
    };
    let (reply, answer) = oneshot::channel();
    if hub.send(id, Command::Act { seat, action, reply }).await.is_err() {
        return Some(ServerMessage::error(ErrorCode::Unavailable, "the game cannot be reached now"));
    }
    match answer.await {
        Ok(Ok(())) => None,
        Ok(Err(refused)) => Some(refused),
        Err(_) => Some(ServerMessage::error(ErrorCode::Unavailable, "the game cannot be reached now")),
    }
}

async fn send(socket: &mut WebSocket, text: &str) -> Result<(), axum::Error> {
    socket.send(Message::Text(Utf8Bytes::from(text))).await
}

async fn close(socket: &mut WebSocket, reason: &'static str) {
    let frame = CloseFrame { code: POLICY_VIOLATION, reason: Utf8Bytes::from_static(reason) };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bucket_allows_a_burst_then_the_rate() {
        let start = Instant::now();
        let mut limit = RateLimit::new(10, 5);
        assert!((0..5).all(|_| limit.take(start)));
        assert!(!limit.take(start), "the burst is spent");
        assert!(limit.take(start + Duration::from_millis(100)), "a tenth of a second buys one message");
        assert!(!limit.take(start + Duration::from_millis(100)));
        assert!((0..5).all(|_| limit.take(start + Duration::from_secs(60))), "refilled, up to the burst");
        assert!(!limit.take(start + Duration::from_secs(60)));
    }
}
