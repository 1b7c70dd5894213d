//! `datagen generate`: self-play games, appended to one file per thread.

use super::openings::{Openings, Start};
use crate::cli::{Args, Failure};
use ox88_board::{Color, GameResult, PovScore, Random, Score};
use ox88_eval::nnue::{Network, Nnue};
use ox88_eval::{Classical, Evaluator};
use ox88_search::{Limits, Searcher, SEARCH_STACK_BYTES};
use ox88_train::data::{append_records, count_records, PackedPosition};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A win is adjudicated once this many plies in a row score at least
/// [`WIN_SCORE`] for the same side.
const WIN_PLIES: usize = 4;
const WIN_SCORE: i32 = 1500;
/// A draw is adjudicated from this move on once [`DRAW_PLIES`] plies in a
/// row score within [`DRAW_SCORE`] of zero.
const DRAW_FROM_MOVE: u16 = 40;
const DRAW_PLIES: usize = 12;
const DRAW_SCORE: i32 = 10;
/// Games still going after this many plies are drawn.
const MAX_PLIES: usize = 400;
/// Starts the search scores beyond this are not played (too one-sided to
/// teach much).
const MAX_START_SCORE: i32 = 400;
/// The hard node cap, as a multiple of the soft budget (only a search that
/// runs away, in a long iteration, meets it).
const HARD_NODES_FACTOR: u64 = 20;
const PROGRESS_EVERY: Duration = Duration::from_secs(30);

/// The evaluation the games are played and scored with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Evaluation {
    Classical,
    Nnue,
}

/// The command line of `generate`.
pub struct Options {
    out: PathBuf,
    positions: u64,
    nodes: u64,
    threads: usize,
    hash_mb: usize,
    seed: Option<u64>,
    book: Option<String>,
    chess960_percent: usize,
    eval: Evaluation,
    /// With `--eval nnue`, a network file instead of the embedded one.
    net: Option<PathBuf>,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Options, Failure> {
        let known = ["out", "positions", "nodes", "threads", "hash", "seed", "book", "chess960", "eval", "net"];
        let args = Args::parse(args, &known)?;
        args.no_positional()?;
        let home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
        let usage = |message: &str| Err(Failure::Usage(message.into()));
        let options = Options {
            out: args.or("out", home.join("ox88-data").join("gen"))?,
            positions: args.or("positions", 20_000_000)?,
            nodes: args.or("nodes", 5000)?,
            threads: args.or("threads", 1)?,
            hash_mb: args.or("hash", 16)?,
            seed: args.get("seed")?,
            book: args.get("book")?,
            chess960_percent: args.or("chess960", 20)?,
            eval: match args.or("eval", String::from("classical"))?.as_str() {
                "classical" => Evaluation::Classical,
                "nnue" => Evaluation::Nnue,
                other => return usage(&format!("--eval: {other:?} is neither classical nor nnue")),
            },
            net: args.get("net")?,
        };
        if options.threads == 0 || options.nodes == 0 {
            return usage("--threads and --nodes must be at least 1");
        }
        if options.net.is_some() && options.eval != Evaluation::Nnue {
            return usage("--net needs --eval nnue");
        }
        if options.chess960_percent > 100 {
            return usage("--chess960 is a percentage, 0 to 100");
        }
        Ok(options)
    }
}

/// Counts shared by the threads, for the progress line.
#[derive(Default)]
struct Progress {
    positions: AtomicU64,
    games: AtomicU64,
    results: [AtomicU64; 3],
}

pub fn run(options: Options) -> Result<(), Failure> {
    std::fs::create_dir_all(&options.out)
        .map_err(|e| Failure::Run(format!("cannot create {}: {e}", options.out.display())))?;
    let book = match &options.book {
        Some(path) => Openings::read_book(path).map_err(Failure::Usage)?,
        None => Vec::new(),
    };
    let openings = Openings { chess960_percent: options.chess960_percent, book };
    let files: Vec<PathBuf> = (0..options.threads).map(|i| options.out.join(format!("ox88-t{i}.bin"))).collect();
    let network = match (options.eval, &options.net) {
        (Evaluation::Classical, _) => None,
        (Evaluation::Nnue, None) => Some(Arc::new(Network::embedded())),
        (Evaluation::Nnue, Some(path)) => Some(Arc::new(Network::load(path).map_err(|e| Failure::Run(e.to_string()))?)),
    };
    let evaluation = match &network {
        None => "the classical evaluation".to_owned(),
        Some(network) => format!("network {:016x}", network.hash()),
    };
    let existing = existing_positions(&options.out)?;
    eprintln!(
        "datagen: {} holds {existing} positions; generating up to {} with {} thread(s) at {} nodes, {evaluation}",
        options.out.display(),
        options.positions,
        options.threads,
        options.nodes
    );
    if existing >= options.positions {
        return Ok(());
    }
    let progress = Progress::default();
    progress.positions.store(existing, Ordering::Relaxed);
    let seed = options.seed.unwrap_or_else(Random::clock_seed);
    let started = Instant::now();
    let failure = std::thread::scope(|scope| {
        let workers: Vec<_> = files
            .iter()
            .enumerate()
            .map(|(i, file)| {
                let (options, openings, progress) = (&options, &openings, &progress);
                let seed = seed ^ (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let network = network.clone();
                std::thread::Builder::new()
                    .stack_size(SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, move || match network {
                        None => play_games(Classical::new(), file, seed, options, openings, progress),
                        Some(network) => {
                            play_games(Nnue::with_shared(network), file, seed, options, openings, progress)
                        }
                    })
                    .expect("the system cannot start a datagen thread")
            })
            .collect();
        let mut last = Instant::now();
        while !workers.iter().all(|w| w.is_finished()) {
            std::thread::sleep(Duration::from_millis(200));
            if last.elapsed() >= PROGRESS_EVERY {
                last = Instant::now();
                report(&progress, existing, started);
            }
        }
        workers.into_iter().find_map(|w| w.join().expect("a datagen thread panicked").err())
    });
    report(&progress, existing, started);
    failure.map_or(Ok(()), |message| Err(Failure::Run(message)))
}

/// Positions in the directory's data files.
fn existing_positions(dir: &Path) -> Result<u64, Failure> {
    let entries = std::fs::read_dir(dir).map_err(|e| Failure::Run(format!("{}: {e}", dir.display())))?;
    let mut total = 0;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "bin") {
            total += count_records(&path).map_err(|e| Failure::Run(e.to_string()))?;
        }
    }
    Ok(total)
}

fn report(progress: &Progress, existing: u64, started: Instant) {
    let positions = progress.positions.load(Ordering::Relaxed);
    let rate = (positions - existing) as f64 / started.elapsed().as_secs_f64().max(1e-3);
    let [black, draw, white] = progress.results.each_ref().map(|r| r.load(Ordering::Relaxed));
    eprintln!(
        "datagen: {positions} positions, {rate:.0} positions/s, {} games (W/D/L for white {white}/{draw}/{black}), {:.0} s",
        progress.games.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
}

/// One thread: games with `evaluator` until the directory holds enough
/// positions.
fn play_games<E: Evaluator + Clone + Send>(
    evaluator: E,
    file: &Path,
    seed: u64,
    options: &Options,
    openings: &Openings,
    progress: &Progress,
) -> Result<(), String> {
    let mut random = Random::new(seed);
    let mut searcher = Searcher::with_evaluator(evaluator, options.hash_mb, 1);
    let limits =
        Limits { soft_nodes: Some(options.nodes), nodes: Some(options.nodes * HARD_NODES_FACTOR), ..Limits::default() };
    while progress.positions.load(Ordering::Relaxed) < options.positions {
        let Some(start) = openings.draw(&mut random) else { continue };
        searcher.clear();
        let Some((records, result)) = play_game(start, &mut searcher, &limits) else { continue };
        append_records(file, &records).map_err(|e| e.to_string())?;
        progress.positions.fetch_add(records.len() as u64, Ordering::Relaxed);
        progress.games.fetch_add(1, Ordering::Relaxed);
        // Indexed by White's half points: black wins, draws, white wins.
        let half_points = result.score_for(Color::White).map_or(1, |points| (points * 2.0) as usize);
        progress.results[half_points].fetch_add(1, Ordering::Relaxed);
    }
    Ok(())
}

/// Plays one game from `start`; returns its quiet positions labelled with
/// the result, or `None` if the start was too one-sided to play.
fn play_game<E: Evaluator + Clone + Send>(
    start: Start,
    searcher: &mut Searcher<E>,
    limits: &Limits,
) -> Option<(Vec<PackedPosition>, GameResult)> {
    let Start { mut game, castling } = start;
    let mut positions = Vec::new();
    let mut white_scores: Vec<i32> = Vec::new();
    let result = loop {
        if let Some(outcome) = game.outcome_with_claims() {
            break outcome.result();
        }
        if game.moves().len() >= MAX_PLIES {
            break GameResult::Draw;
        }
        let result = searcher.search(&game, limits, &mut |_| {});
        let best = result.best.expect("the game is not over, so there is a legal move");
        // A search stopped before it scored any move (not at these budgets) counts as level.
        let score = result.score().map_or(Score::ZERO, PovScore::white);
        let board = game.board();
        let white_score = score.raw();
        if white_scores.is_empty() && white_score.abs() > MAX_START_SCORE {
            return None;
        }
        white_scores.push(white_score);
        if !board.in_check() && !best.is_tactical() && !score.is_mate() {
            positions.push((board.clone(), white_score));
        }
        if let Some(result) = adjudicate(&white_scores, board.fullmove_number(), score) {
            break result;
        }
        game.play(best).expect("the search returns a legal move");
    };
    let records = positions.iter().map(|(board, score)| PackedPosition::new(board, *score, result, castling)).collect();
    Some((records, result))
}

/// A result the scores so far make certain enough to stop the game: a mate
/// found, a score past [`WIN_SCORE`] for [`WIN_PLIES`] plies, or a dead
/// level score late in the game.
fn adjudicate(white_scores: &[i32], fullmove: u16, last: Score) -> Option<GameResult> {
    let latest = *white_scores.last()?;
    if last.is_mate() {
        return Some(GameResult::Win(if latest > 0 { Color::White } else { Color::Black }));
    }
    if white_scores.len() >= WIN_PLIES {
        let recent = &white_scores[white_scores.len() - WIN_PLIES..];
        if recent.iter().all(|&s| s >= WIN_SCORE) {
            return Some(GameResult::Win(Color::White));
        }
        if recent.iter().all(|&s| s <= -WIN_SCORE) {
            return Some(GameResult::Win(Color::Black));
        }
    }
    if fullmove >= DRAW_FROM_MOVE && white_scores.len() >= DRAW_PLIES {
        let recent = &white_scores[white_scores.len() - DRAW_PLIES..];
        if recent.iter().all(|&s| s.abs() <= DRAW_SCORE) {
            return Some(GameResult::Draw);
        }
    }
    None
}
