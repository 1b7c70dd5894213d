//! [`AsyncEngine`]: the client for async code. The blocking [`ExternalEngine`] runs
//! on a thread of its own, and every call returns a future; no runtime
//! thread ever waits for the engine.

use crate::reply::{reply, Fulfil, Reply};
use crate::{
    AnalysisResult, EngineError, EngineId, ExternalEngine, GameResult, Limits, LineReport, Opponent, Position,
    Protocol, SearchReply,
};
use ox88_protocol::OptionValue;
use std::fmt::Display;
use std::process::ExitStatus;
use std::sync::mpsc::{self, Sender};
use std::time::Duration;

/// A call for the worker thread to make on the engine.
type Job = Box<dyn FnOnce(&mut ExternalEngine) + Send>;

enum Message {
    Call(Job),
    Quit(Fulfil<Option<ExitStatus>>),
}

/// An [`ExternalEngine`] for async code (tokio, async-std, smol...): each method
/// returns a future, and the engine itself runs on a dedicated thread, so
/// awaiting a long search blocks no runtime thread.
///
/// The calls, their errors and their timeouts are the blocking API's
/// ([`Timeouts`](crate::Timeouts) are set on the `ExternalEngine` before wrapping
/// it, or with [`call`](Self::call)). Calls run one at a time, in the order
/// they were made. [`call`](Self::call) runs any closure on the engine, for
/// what has no method here (streaming [`analysis`](ExternalEngine::analysis),
/// pondering). It needs no runtime and starts none: futures are woken by
/// the engine's thread.
///
/// ```
/// use ox88_client::{testing, AsyncEngine, Limits, Position, Protocol, Timeouts};
/// use ox88_protocol::testing::FirstLegal;
///
/// async fn best_reply(engine: &AsyncEngine) -> Result<(), ox88_client::EngineError> {
///     let mut game = Position::startpos();
///     game.play_san("e4").expect("legal");
///     let result = engine.search(&game, &Limits::depth(1)).await?;
///     assert!(result.search.best.is_some_and(|m| game.is_legal(m)));
///     Ok(())
/// }
///
/// // Any executor drives it; here, a minimal one for the example.
/// let engine = AsyncEngine::new(testing::in_process(FirstLegal::default(), Protocol::Uci, Timeouts::default())?);
/// testing::block_on(best_reply(&engine))?;
/// # Ok::<(), ox88_client::EngineError>(())
/// ```
#[derive(Debug)]
pub struct AsyncEngine {
    jobs: Sender<Message>,
    id: EngineId,
    protocol: Protocol,
}

impl AsyncEngine {
    /// Moves `engine` to a thread of its own. The thread ends, and the
    /// engine shuts down as a dropped [`ExternalEngine`] does, when this handle is
    /// dropped (after the calls already made) or by [`quit`](Self::quit).
    pub fn new(engine: ExternalEngine) -> AsyncEngine {
        let (jobs, inbox) = mpsc::channel::<Message>();
        let (id, protocol) = (engine.id().clone(), engine.protocol());
        let name = format!("ox88-client {}", engine.name());
        let worker = move || {
            let mut engine = engine;
            while let Ok(message) = inbox.recv() {
                match message {
                    Message::Call(job) => job(&mut engine),
                    Message::Quit(done) => return done.send(engine.quit()),
                }
            }
        };
        // Without a thread there is no engine: its calls then answer Dead.
        let _ = std::thread::Builder::new().name(name).spawn(worker);
        AsyncEngine { jobs, id, protocol }
    }

    /// Runs `call` on the engine, on its thread, and hands back its result.
    ///
    /// ```
    /// # use ox88_client::{testing, AsyncEngine, Protocol, Timeouts};
    /// # use ox88_protocol::testing::FirstLegal;
    /// # let engine = AsyncEngine::new(testing::in_process(FirstLegal::default(), Protocol::Uci, Timeouts::default())?);
    /// let options = testing::block_on(engine.call(|engine| engine.options().len()))?;
    /// # Ok::<(), ox88_client::EngineError>(())
    /// ```
    pub fn call<T, F>(&self, call: F) -> Reply<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut ExternalEngine) -> T + Send + 'static,
    {
        let (done, answer) = reply();
        let job: Job = Box::new(move |engine| done.send(call(engine)));
        // A worker gone drops the job, and with it `done`: the reply answers Dead.
        let _ = self.jobs.send(Message::Call(job));
        answer
    }

    /// [`ExternalEngine::search`]: the engine's move in `position` within `limits`.
    pub async fn search(&self, position: &Position, limits: &Limits) -> Result<SearchReply, EngineError> {
        let (position, limits) = (position.clone(), limits.clone());
        self.call(move |engine| engine.search(&position, &limits)).await?
    }

    /// [`ExternalEngine::analyse`]: `multipv` lines for `position`, best first.
    pub async fn analyse(
        &self,
        position: &Position,
        limits: &Limits,
        multipv: u32,
    ) -> Result<Vec<LineReport>, EngineError> {
        let (position, limits) = (position.clone(), limits.clone());
        self.call(move |engine| engine.analyse(&position, &limits, multipv)).await?
    }

    /// [`ExternalEngine::analysis`] run to its end (`limits` must end by
    /// themselves): every line and the engine's move.
    pub async fn analysis(
        &self,
        position: &Position,
        limits: &Limits,
        multipv: u32,
    ) -> Result<AnalysisResult, EngineError> {
        let (position, limits) = (position.clone(), limits.clone());
        self.call(move |engine| engine.analysis(&position, &limits, multipv)?.wait()).await?
    }

    /// [`ExternalEngine::set_option`].
    pub async fn set_option(&self, name: &str, value: impl Display) -> Result<OptionValue, EngineError> {
        let (name, value) = (name.to_owned(), value.to_string());
        self.call(move |engine| engine.set_option(&name, value)).await?
    }

    /// [`ExternalEngine::new_game`].
    pub async fn new_game(&self) -> Result<(), EngineError> {
        self.call(ExternalEngine::new_game).await?
    }

    /// [`ExternalEngine::ping`]: how long the engine took to answer.
    pub async fn ping(&self) -> Result<Duration, EngineError> {
        self.call(ExternalEngine::ping).await?
    }

    /// [`ExternalEngine::set_opponent`].
    pub async fn set_opponent(&self, opponent: &Opponent, engine_rating: Option<i32>) -> Result<(), EngineError> {
        let opponent = opponent.clone();
        self.call(move |engine| engine.set_opponent(&opponent, engine_rating)).await?
    }

    /// [`ExternalEngine::game_over`].
    pub async fn game_over(&self, position: &Position, result: GameResult, ending: &str) -> Result<(), EngineError> {
        let (position, ending) = (position.clone(), ending.to_owned());
        self.call(move |engine| engine.game_over(&position, result, &ending)).await?
    }

    /// Who the engine says it is.
    pub fn id(&self) -> &EngineId {
        &self.id
    }

    /// The engine's name (`id name`, `myname`).
    pub fn name(&self) -> &str {
        &self.id.name
    }

    /// The protocol the engine speaks.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// [`ExternalEngine::quit`]: asks the engine to quit, after the calls already
    /// made, and gives its exit status (if the client started its process).
    pub async fn quit(self) -> Option<ExitStatus> {
        let (done, answer) = reply();
        let _ = self.jobs.send(Message::Quit(done));
        answer.await.ok().flatten()
    }
}
