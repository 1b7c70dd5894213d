//! The game task: one tokio task owns each loaded game, takes commands from
//! its connections in order, stores every change before it tells anyone, and
//! lets the flag fall on time even when nobody is connected.

use crate::clock;
use crate::game::{Action, Change, FriendGame};
use crate::ids::{FriendGameId, SeatToken};
use crate::protocol::{ClockView, GameView, Presence, ServerMessage};
use crate::store::{Store, StoreError};
use ox88_board::{ByColor, Color};
use ox88_http::ErrorCode;
use std::sync::Arc;
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio::time::{sleep_until, Duration, Instant};

/// Milliseconds since 1970 on the system clock: the games' time.
pub fn now_ms() -> u64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
}

/// What a connection asks of its game's task.
#[derive(Debug)]
pub enum Command {
    /// A connection arrives.
    Join {
        /// The token it holds, if any.
        token: Option<SeatToken>,
        /// Whether it wants the free seat.
        sit: bool,
        /// Where to answer.
        reply: oneshot::Sender<Joined>,
    },
    /// A player acts.
    Act {
        /// The player's colour.
        seat: Color,
        /// What it does.
        action: Action,
        /// Where to answer: nothing if it went through.
        reply: oneshot::Sender<Result<(), ServerMessage>>,
    },
    /// A connection left.
    Leave {
        /// The seat it held, if any.
        seat: Option<Color>,
    },
    /// A connection fell behind the broadcast: send it the whole game.
    Resync {
        /// Where to answer.
        reply: oneshot::Sender<Arc<str>>,
    },
    /// The whole game, for `GET /api/v1/friend/games/{id}`.
    View {
        /// Where to answer.
        reply: oneshot::Sender<GameView>,
    },
}

/// The answer to [`Command::Join`].
#[derive(Debug)]
pub struct Joined {
    /// The connection's seat (`None`: watching).
    pub seat: Option<Color>,
    /// The `welcome` frame.
    pub welcome: Arc<str>,
    /// The `state` frame.
    pub state: Arc<str>,
    /// The game's broadcast of changes.
    pub events: broadcast::Receiver<Arc<str>>,
}

/// How many frames a slow connection may fall behind before it is resent
/// the whole game instead.
const BROADCAST_CAPACITY: usize = 64;

/// A finished game's task stops this long after its last connection left.
const LINGER: Duration = Duration::from_secs(30);

/// Called with the game's id and its task's sender when the task stops: the
/// hub forgets the task (unless another took its place).
pub type OnStop = Box<dyn FnOnce(&FriendGameId, &mpsc::Sender<Command>) + Send>;

struct GameTask {
    game: FriendGame,
    store: Store,
    events: broadcast::Sender<Arc<str>>,
    presence: Presence,
}

/// Starts the task of `game`, which stores its changes in `store` and calls
/// `on_stop` when it stops; the returned sender reaches it.
pub fn spawn(game: FriendGame, store: Store, on_stop: OnStop) -> mpsc::Sender<Command> {
    let (sender, commands) = mpsc::channel(256);
    let (events, _) = broadcast::channel(BROADCAST_CAPACITY);
    let task = GameTask { game, store, events, presence: Presence::default() };
    let me = sender.clone();
    tokio::spawn(task.run(commands, me, on_stop));
    sender
}

impl GameTask {
    async fn run(mut self, mut commands: mpsc::Receiver<Command>, me: mpsc::Sender<Command>, on_stop: OnStop) {
        let mut idle_since = Some(Instant::now());
        loop {
            let flag = self.game.ending().is_none().then(|| self.game.clock().and_then(|c| c.flag_at())).flatten();
            let flag_in = flag.map(|(_, at)| at.saturating_sub(clock::at(now_ms())));
            let linger = idle_since.filter(|_| self.game.ending().is_some()).map(|since| since + LINGER);
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                () = sleep_until(Instant::now() + flag_in.unwrap_or(Duration::MAX / 4)), if flag_in.is_some() => {
                    if let Some(change) = self.game.check_flag(now_ms()) {
                        let before = self.game.clone();
                        self.commit(before, vec![change]).await.ok();
                    }
                }
                () = sleep_until(linger.unwrap_or_else(Instant::now)), if linger.is_some() => break,
            }
            let connected = self.presence.white + self.presence.black + self.presence.spectators;
            idle_since = match (connected, idle_since) {
                (0, None) => Some(Instant::now()),
                (0, since) => since,
                _ => None,
            };
        }
        on_stop(self.game.id(), &me);
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Join { token, sit, reply } => {
                let joined = self.join(token, sit).await;
                let _ = reply.send(joined);
                self.broadcast(&ServerMessage::Presence(self.presence));
            }
            Command::Act { seat, action, reply } => {
                let before = self.game.clone();
                let answer = match self.game.apply(seat, action, now_ms()) {
                    Ok(changes) => self.commit(before, changes).await,
                    Err(error) => Err(ServerMessage::refused(&error)),
                };
                let _ = reply.send(answer);
            }
            Command::Leave { seat } => {
                // Saturating: a Leave always follows its Join, but a count
                // must never wrap whatever happens.
                let count = match seat {
                    Some(Color::White) => &mut self.presence.white,
                    Some(Color::Black) => &mut self.presence.black,
                    None => &mut self.presence.spectators,
                };
                *count = count.saturating_sub(1);
                self.broadcast(&ServerMessage::Presence(self.presence));
            }
            Command::Resync { reply } => {
                let _ = reply.send(self.state_frame());
            }
            Command::View { reply } => {
                let _ = reply.send(GameView::of(&self.game, self.presence, now_ms()));
            }
        }
    }

    async fn join(&mut self, token: Option<SeatToken>, sit: bool) -> Joined {
        let mut seat = token.as_ref().and_then(|t| self.game.seat_of(t));
        let mut new_token = None;
        if seat.is_none() && sit {
            if let Some(free) = self.game.free_seat() {
                let before = self.game.clone();
                let token = self.game.take_seat(free);
                if self.store.take_seat(self.game.id(), free, &token).await.is_ok() {
                    seat = Some(free);
                    new_token = Some(token);
                } else {
                    self.game = before;
                }
            }
        }
        match seat {
            Some(Color::White) => self.presence.white += 1,
            Some(Color::Black) => self.presence.black += 1,
            None => self.presence.spectators += 1,
        }
        let welcome = ServerMessage::Welcome { seat, token: new_token };
        Joined { seat, welcome: welcome.to_json().into(), state: self.state_frame(), events: self.events.subscribe() }
    }

    fn state_frame(&self) -> Arc<str> {
        ServerMessage::State { game: GameView::of(&self.game, self.presence, now_ms()) }.to_json().into()
    }

    fn broadcast(&self, message: &ServerMessage) {
        // No receivers is not an error: a game may be watched by nobody.
        let _ = self.events.send(message.to_json().into());
    }

    fn times(&self, now: u64) -> Option<(u64, u64)> {
        let now = clock::at(now);
        self.game
            .clock()
            .map(|c| (clock::millis(c.remaining(Color::White, now)), clock::millis(c.remaining(Color::Black, now))))
    }

    /// Stores `changes`, then tells everyone; if storing fails, the game goes
    /// back to `before` and the sender is told.
    async fn commit(&mut self, before: FriendGame, changes: Vec<Change>) -> Result<(), ServerMessage> {
        let now = now_ms();
        let store = self.store.clone();
        let id = self.game.id().clone();
        let mut frames = Vec::with_capacity(changes.len());
        for change in changes {
            let stored = match &change {
                Change::Moved(ply, played) => store.add_move(&id, *ply, played, self.times(now)).await,
                Change::Ended(ending) => store.finish(&id, *ending, self.times(now), now).await,
                _ => Ok(()),
            };
            if let Err(error) = stored {
                self.game = before;
                return Err(ServerMessage::error(ErrorCode::Storage, error.to_string()));
            }
            frames.push(match change {
                Change::Moved(ply, played) => {
                    ServerMessage::Move { ply, played, clock: ClockView::of(&self.game, now) }
                }
                Change::Ended(outcome) => ServerMessage::Ended { outcome, clock: ClockView::of(&self.game, now) },
                Change::DrawOffered(by) => ServerMessage::DrawOffer { by: Some(by) },
                Change::DrawOfferWithdrawn => ServerMessage::DrawOffer { by: None },
                Change::RematchOffered(by) => ServerMessage::RematchOffer { by },
                Change::RematchAgreed => match self.rematch().await {
                    Ok(id) => ServerMessage::Rematch { id },
                    Err(error) => {
                        self.game = before;
                        return Err(ServerMessage::error(ErrorCode::Storage, error.to_string()));
                    }
                },
            });
        }
        for frame in &frames {
            self.broadcast(frame);
        }
        Ok(())
    }

    /// Creates the rematch: same clock, colours swapped, each player keeping
    /// the token it has.
    async fn rematch(&self) -> Result<FriendGameId, StoreError> {
        let ByColor { white, black } = self.game.seats().clone();
        let control = self.game.time_control();
        let game = FriendGame::new(FriendGameId::random(), control, ByColor::new(black, white));
        self.store.create(&game, "rematch".to_owned(), now_ms()).await?;
        Ok(game.id().clone())
    }
}

/// Sends `command` to the task behind `sender`, handing the command back if
/// the task has stopped.
pub async fn send(sender: &mpsc::Sender<Command>, command: Command) -> Result<(), Command> {
    sender.send(command).await.map_err(|e| e.0)
}
