//! [`Hub`]: where the friend games live — the store, and the tasks of the
//! games loaded now, each found by its id.

use crate::clock::TimeControl;
use crate::config::WebConfig;
use crate::game::FriendGame;
use crate::ids::{FriendGameId, SeatToken};
use crate::store::{Store, StoreError};
use crate::task::{self, now_ms, Command};
use ox88_board::{ByColor, Color};
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::{mpsc, Mutex};

/// Unfinished games count against their creator's cap for a day.
const OPEN_GAMES_WINDOW_MS: u64 = 24 * 60 * 60 * 1000;

/// The friend games of one server.
#[derive(Debug)]
pub struct Hub {
    store: Store,
    config: WebConfig,
    /// The loaded games' tasks. An async mutex, held while a game is loaded
    /// from the store, so that one game never gets two tasks.
    games: Mutex<HashMap<FriendGameId, mpsc::Sender<Command>>>,
}

/// Why a game could not be created.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// The address has as many unfinished games as it may.
    #[error("this address already has {0} unfinished games; finish or resign one first")]
    TooManyGames(usize),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A game just created: its id, and the creator's seat and token.
#[derive(Debug)]
pub struct Created {
    /// The game's id.
    pub id: FriendGameId,
    /// The creator's colour.
    pub seat: Color,
    /// The creator's token.
    pub token: SeatToken,
}

impl Hub {
    /// A hub over the store `config` names.
    pub fn new(config: WebConfig) -> Result<Arc<Hub>, StoreError> {
        let store = Store::open(&config.database)?;
        Ok(Arc::new(Hub { store, config, games: Mutex::new(HashMap::new()) }))
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The configuration.
    pub fn config(&self) -> &WebConfig {
        &self.config
    }

    /// Creates a game for `creator` (an address), who plays `seat`.
    pub async fn create(
        &self,
        control: Option<TimeControl>,
        seat: Color,
        creator: String,
    ) -> Result<Created, CreateError> {
        // Games abandoned more than a day ago no longer count.
        let since = now_ms().saturating_sub(OPEN_GAMES_WINDOW_MS);
        let open = self.store.open_games_of(creator.clone(), since).await?;
        if open >= self.config.max_open_games_per_address {
            return Err(CreateError::TooManyGames(open));
        }
        let id = FriendGameId::random();
        let mut game = FriendGame::new(id.clone(), control, ByColor::new(None, None));
        let token = game.take_seat(seat);
        self.store.create(&game, creator, now_ms()).await?;
        Ok(Created { id, seat, token })
    }

    /// The task of game `id`, loading the game if it is stored but not
    /// loaded; `None` if there is no such game.
    pub async fn game(self: &Arc<Self>, id: &FriendGameId) -> Result<Option<mpsc::Sender<Command>>, StoreError> {
        let mut games = self.games.lock().await;
        if let Some(sender) = games.get(id).filter(|s| !s.is_closed()) {
            return Ok(Some(sender.clone()));
        }
        let Some(game) = self.store.load(id, now_ms()).await? else {
            return Ok(None);
        };
        let hub = Arc::clone(self);
        let on_stop: task::OnStop = Box::new(move |id, sender| hub.forget(id, sender));
        let sender = task::spawn(game, self.store.clone(), on_stop);
        games.insert(id.clone(), sender.clone());
        Ok(Some(sender))
    }

    /// Sends `command` to game `id`'s task, starting the task again if it
    /// had just stopped. `Err` if the game does not exist or cannot load.
    pub async fn send(self: &Arc<Self>, id: &FriendGameId, mut command: Command) -> Result<(), StoreError> {
        for _ in 0..2 {
            let Some(sender) = self.game(id).await? else {
                return Err(StoreError::Closed);
            };
            match task::send(&sender, command).await {
                Ok(()) => return Ok(()),
                Err(back) => command = back,
            }
        }
        Err(StoreError::Closed)
    }

    /// A task is stopping: forget it, unless another took its place.
    pub(crate) fn forget(&self, id: &FriendGameId, sender: &mpsc::Sender<Command>) {
        // try_lock: a stopping task must not wait on a load in progress; if
        // the map is busy the entry stays and `game` finds it closed.
        if let Ok(mut games) = self.games.try_lock() {
            if games.get(id).is_some_and(|s| s.same_channel(sender)) {
                games.remove(id);
            }
        }
    }

    /// How many games are loaded now.
    pub async fn loaded(&self) -> usize {
        self.games.lock().await.len()
    }
}
