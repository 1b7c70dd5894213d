//! The review engines: each a thread with an engine of its own that takes
//! the review at the head of the queue, searches each of its positions not
//! analysed yet for the node budget, keeps and announces each evaluation,
//! and at the end makes the puzzles.

use super::queue::{Job, ReviewEvent, Shared};
use super::{priority, puzzles, report};
use ox88::board::Move;
use ox88::control::{LineReport, SEARCH_STACK_BYTES};
use ox88::pgn::annotation::EvalScore;
use ox88::protocol::{Engine, Limits};
use ox88::{Ox88, Position, Settings};
use ox88_web::store::{EvalLine, PositionEval, Store, StoreError};
use std::sync::atomic::Ordering;
use std::sync::{Arc, PoisonError};

/// Starts one engine's thread.
pub(super) fn spawn(shared: Arc<Shared>) {
    let started = std::thread::Builder::new()
        .name("ox88-review".into())
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || run(&shared));
    if let Err(error) = started {
        tracing::error!(%error, "a review engine's thread could not start");
    }
}

/// The thread: reviews from the queue until the reviewer is dropped.
fn run(shared: &Shared) {
    if let Err(error) = priority::lower_this_thread() {
        tracing::warn!(%error, "a review engine runs at the service's priority");
    }
    let settings = Settings {
        hash_mb: shared.settings.hash_mb,
        threads: 1,
        syzygy_path: shared.settings.syzygy_path.clone(),
        ..Settings::default()
    };
    let mut engine = match Ox88::with_settings(settings) {
        Ok(engine) => engine,
        Err(error) => {
            tracing::error!(%error, "a review engine could not start");
            shared.lock().workers -= 1;
            return;
        }
    };
    // The store answers through futures: this thread waits for them on a
    // runtime of its own.
    let runtime = match tokio::runtime::Builder::new_current_thread().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            tracing::error!(%error, "a review engine's runtime could not start");
            shared.lock().workers -= 1;
            return;
        }
    };
    while let Some(job) = next(shared) {
        // Each review starts from a cleared engine, so that its scores do
        // not depend on the games reviewed before it.
        engine.new_game();
        *job.stop.lock().unwrap_or_else(PoisonError::into_inner) = Some(engine.stop_handle());
        let outcome = review(shared, &job, &mut engine, &runtime);
        if let Err(error) = outcome {
            let _ = job.events.send(ReviewEvent::Failed(error.to_string()));
        }
        let mut queue = shared.lock();
        shared.forget(&mut queue, &job);
    }
}

/// The next review to run, once one waits; `None` when the reviewer is gone.
fn next(shared: &Shared) -> Option<Arc<Job>> {
    let mut queue = shared.lock();
    loop {
        if queue.closed {
            queue.workers -= 1;
            return None;
        }
        if let Some(job) = queue.waiting.pop_front() {
            Shared::announce(&queue);
            shared.metrics.reviews_waiting.set(queue.waiting.len() as i64);
            return Some(job);
        }
        queue = shared.ready.wait(queue).unwrap_or_else(PoisonError::into_inner);
    }
}

/// Runs `job` to its end, or until its last watcher leaves.
fn review(shared: &Shared, job: &Job, engine: &mut Ox88, runtime: &tokio::runtime::Runtime) -> Result<(), StoreError> {
    let store: &Store = &shared.store;
    let mut evals = runtime.block_on(store.evals(job.game.keys.clone()))?;
    let budget = shared.settings.nodes.max(1);
    let mut failed = None;
    job.game.for_each_position(|ply, position| {
        // An evaluation of at least three quarters of the budget will do.
        if evals[ply].as_ref().is_some_and(|e| e.knodes.saturating_mul(4_000) >= budget.saturating_mul(3)) {
            return true;
        }
        if job.cancelled.load(Ordering::SeqCst) {
            return false;
        }
        let Some(eval) = search(engine, position, budget) else { return true };
        if job.cancelled.load(Ordering::SeqCst) {
            // Stopped part-way: not an evaluation of the budget.
            return false;
        }
        if let Err(error) = runtime.block_on(store.put_eval(position, &eval)) {
            failed = Some(error);
            return false;
        }
        shared.metrics.review_positions.inc();
        evals[ply] = Some(eval);
        let shown = report::position(&job.game, &evals, ply);
        let _ = job.events.send(ReviewEvent::Position(ply, shown));
        true
    });
    if let Some(error) = failed {
        return Err(error);
    }
    if job.cancelled.load(Ordering::SeqCst) {
        return Ok(());
    }
    let mut done = report::review(job.id.as_str(), &job.game, &evals, budget);
    if done.complete {
        let made = puzzles::puzzles(&job.id, &job.game, &evals, &done);
        let ids = runtime.block_on(store.add_puzzles(made, ox88_web::task::now_ms()))?;
        done.puzzles = ids.iter().map(ToString::to_string).collect();
    }
    let _ = job.events.send(ReviewEvent::Done(Arc::new(done)));
    Ok(())
}

/// `position` searched for `nodes`: its best line as an evaluation, or
/// `None` when the engine found no line (a position with no legal move is
/// never searched).
fn search(engine: &mut Ox88, position: &Position, nodes: u64) -> Option<PositionEval> {
    let mut last: Option<LineReport> = None;
    let result = engine.search(position, &Limits::nodes(nodes), &mut |report| {
        if let Some(line) = report.line().filter(|line| line.multipv <= 1 && !line.pv.is_empty()) {
            last = Some(line.clone());
        }
    });
    let nodes = result.nodes();
    let line = result.line.filter(|line| !line.pv.is_empty()).or(last)?;
    let moves: Vec<String> = line.pv.iter().map(|&m: &Move| position.uci(m).to_string()).collect();
    Some(PositionEval {
        depth: line.depth,
        knodes: nodes.max(line.nodes) / 1_000,
        lines: vec![EvalLine { moves, score: EvalScore::from(line.score) }],
    })
}
