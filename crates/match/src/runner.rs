//! Running the match: worker threads each holding their own engines play
//! the scheduled games; the main thread prints each game and the progress,
//! keeps the score of every encounter, counts faults, and stops early when
//! the SPRT decides.

use crate::config::Config;
use crate::game::{self, PlayedGame};
use crate::openings::Opening;
use crate::player::{Fault, Player};
use crate::report;
use crate::schedule::{encounters, jobs, Encounter, Job};
use crate::stats::{MatchScore, Sprt, Verdict};
use ox88_board::Color;
use ox88_client::EngineLog;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

/// Something to do with each finished game besides scoring it (writing it
/// to a PGN file).
pub type GameSink<'a> = Box<dyn FnMut(&Job, &PlayedGame) -> Result<(), String> + 'a>;

/// What the match came to: the tally of its games (a game's own result is
/// ox88-board's `GameResult`).
pub struct Tally {
    pub pairings: Vec<Encounter>,
    /// Each encounter's score from its first engine's side.
    pub scores: Vec<MatchScore>,
    pub faults: Vec<BTreeMap<Fault, u32>>,
    pub verdict: Option<Verdict>,
    pub games: usize,
}

pub fn run(
    config: &Config,
    openings: &[Opening],
    mut sink: GameSink<'_>,
    log: Option<EngineLog>,
) -> Result<Tally, String> {
    let pairings = encounters(config.engines.len(), config.tournament, config.seeds);
    if pairings.is_empty() {
        return Err("no encounters: with -tournament gauntlet, -seeds must be below the number of engines".into());
    }
    let schedule = jobs(&pairings, config.rounds, config.games);
    let total = schedule.len();
    let queue = Arc::new(Mutex::new(schedule.into_iter().collect::<VecDeque<Job>>()));
    let stop = Arc::new(AtomicBool::new(false));
    let openings = Arc::new(openings.to_vec());
    let config_shared = Arc::new(config.clone());
    let (sender, results) = mpsc::channel::<Message>();
    let mut workers = Vec::new();
    for _ in 0..config.concurrency.min(total) {
        let (queue, stop, openings, config, sender, log) = (
            Arc::clone(&queue),
            Arc::clone(&stop),
            Arc::clone(&openings),
            Arc::clone(&config_shared),
            sender.clone(),
            log.clone(),
        );
        workers.push(std::thread::spawn(move || worker(&queue, &stop, &openings, &config, &sender, log)));
    }
    drop(sender);

    let sprt = config.sprt.map(|s| s.test());
    let mut outcome = Tally {
        scores: vec![MatchScore::default(); pairings.len()],
        faults: vec![BTreeMap::new(); config.engines.len()],
        verdict: None,
        games: 0,
        pairings,
    };
    let mut halves: HashMap<(usize, usize, usize), u8> = HashMap::new();
    let mut error = None;
    for message in results {
        let (job, result) = match message {
            Message::Started(job) => {
                let (white, black) = (&config.engines[job.white].name, &config.engines[job.black].name);
                println!("Started game {} of {total} ({white} vs {black})", job.number + 1);
                continue;
            }
            Message::Finished(job, result) => (job, *result),
        };
        let record = match result {
            Ok(record) => record,
            Err(text) => {
                // A configuration mistake: no game will go better.
                error.get_or_insert(text);
                stop.store(true, Ordering::Release);
                queue.lock().unwrap_or_else(|p| p.into_inner()).clear();
                continue;
            }
        };
        outcome.games += 1;
        let pairing = outcome.pairings[job.encounter];
        println!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            job.number + 1,
            record.white,
            record.black,
            record.result,
            record.reason
        );
        if let Some((side, fault)) = record.fault {
            let engine = if side == Color::White { job.white } else { job.black };
            *outcome.faults[engine].entry(fault).or_default() += 1;
        }
        // Half points of the encounter's first engine.
        let white_half = record.white_half_points();
        let half = if job.white == pairing.first { white_half } else { 2 - white_half };
        let score = &mut outcome.scores[job.encounter];
        score.add_game(half);
        if let Some(other) = halves.remove(&job.pair()) {
            score.add_pair(other, half);
        } else if config.games >= 2 {
            halves.insert(job.pair(), half);
        }
        sink(&job, &record)?;
        let score = outcome.scores[job.encounter];
        let (first, second) = (&config.engines[pairing.first].name, &config.engines[pairing.second].name);
        println!("{}", report::progress(outcome.games, total, first, second, &score));
        if config.ratinginterval > 0 && outcome.games % config.ratinginterval as usize == 0 {
            println!("{}", summary_blocks(config, &outcome, sprt.as_ref()));
        }
        if let (Some(sprt), None) = (&sprt, outcome.verdict) {
            let verdict = sprt.verdict(sprt.llr(&score));
            if verdict != Verdict::Continue {
                outcome.verdict = Some(verdict);
                stop.store(true, Ordering::Release);
                queue.lock().unwrap_or_else(|p| p.into_inner()).clear();
            }
        }
    }
    for worker in workers {
        let _ = worker.join();
    }
    match error {
        Some(text) => Err(text),
        None => Ok(outcome),
    }
}

/// What a worker tells the main thread.
enum Message {
    Started(Job),
    /// The game, or a configuration mistake that stops the match.
    Finished(Job, Box<Result<PlayedGame, String>>),
}

/// Plays games from the queue until it is empty or the match stops; each
/// worker keeps its own engines between games.
fn worker(
    queue: &Mutex<VecDeque<Job>>,
    stop: &AtomicBool,
    openings: &[Opening],
    config: &Config,
    results: &mpsc::Sender<Message>,
    log: Option<EngineLog>,
) {
    let mut players: Vec<Player> =
        config.engines.iter().map(|spec| Player::new(Arc::new(spec.clone()), log.clone())).collect();
    loop {
        if stop.load(Ordering::Acquire) {
            return;
        }
        let Some(job) = queue.lock().unwrap_or_else(|p| p.into_inner()).pop_front() else { return };
        if results.send(Message::Started(job)).is_err() {
            return;
        }
        let (white, black) = two(&mut players, job.white, job.black);
        let record = game::play(white, black, &openings[job.round], config);
        if results.send(Message::Finished(job, Box::new(record))).is_err() {
            return;
        }
    }
}

/// Two different elements of `players`, mutably.
fn two(players: &mut [Player], a: usize, b: usize) -> (&mut Player, &mut Player) {
    assert_ne!(a, b, "an engine does not play itself");
    if a < b {
        let (low, high) = players.split_at_mut(b);
        (&mut low[a], &mut high[0])
    } else {
        let (low, high) = players.split_at_mut(a);
        (&mut high[0], &mut low[b])
    }
}

/// The summary: one block per encounter, and the ranking when more than two
/// engines play.
pub fn summary_blocks(config: &Config, outcome: &Tally, sprt: Option<&Sprt>) -> String {
    let mut parts = Vec::new();
    if config.engines.len() > 2 {
        let mut per_engine = vec![MatchScore::default(); config.engines.len()];
        for (pairing, score) in outcome.pairings.iter().zip(&outcome.scores) {
            per_engine[pairing.first].merge(score);
            per_engine[pairing.second].merge(&score.flipped());
        }
        parts.push(report::table(config, &per_engine));
    }
    for (pairing, score) in outcome.pairings.iter().zip(&outcome.scores) {
        if score.games() > 0 {
            parts.push(report::block(config, pairing.first, pairing.second, score, sprt));
        }
    }
    parts.join("\n")
}
