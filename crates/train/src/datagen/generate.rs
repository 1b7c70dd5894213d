//! `datagen generate`: self-play games, kept as chains
//! ([`ox88_train::chain`]), appended to one raw file per thread and finished
//! into compressed chunks.

use super::adjudication::{self, Tables};
use super::budget::{ply, white_score, NodeBudget, Searched};
use super::openings::{Openings, Start};
use super::sink::{existing_positions, ChainSink};
use crate::cli::{Args, CommandError};
use ox88_board::{Color, GameResult, Random};
use ox88_eval::nnue::{Network, Nnue};
use ox88_eval::{Classical, Evaluator};
use ox88_search::{Searcher, SEARCH_STACK_BYTES};
use ox88_train::chain::{self, is_training_position, ChainPly};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Games still going after this many plies are drawn.
const MAX_PLIES: usize = 400;
/// Starts the search scores beyond this are not played (too one-sided to
/// teach much).
const MAX_START_SCORE: i32 = 400;
const PROGRESS_EVERY: Duration = Duration::from_secs(30);

/// The evaluation the games are played and scored with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Evaluation {
    Classical,
    Nnue,
}

/// The command line of `generate`.
pub struct GenerateOptions {
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
    /// Syzygy tables that end a game once its position is in them.
    syzygy: Option<PathBuf>,
    /// With `--syzygy`, the most pieces of a position the tables end a
    /// game at (the largest tables' when not given).
    syzygy_pieces: Option<usize>,
    /// A thread's raw file becomes a chunk once it holds this many scored positions,
    chunk_positions: u64,
    /// or after this many minutes.
    chunk_minutes: u64,
}

impl GenerateOptions {
    pub fn parse(args: &[String]) -> Result<GenerateOptions, CommandError> {
        let known = [
            "out",
            "positions",
            "nodes",
            "threads",
            "hash",
            "seed",
            "book",
            "chess960",
            "eval",
            "net",
            "syzygy",
            "syzygy-pieces",
            "chunk-positions",
            "chunk-minutes",
        ];
        let args = Args::parse(args, &known)?;
        args.no_positional()?;
        let home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
        let usage = |message: &str| Err(CommandError::Usage(message.into()));
        let options = GenerateOptions {
            out: args.or("out", home.join("ox88-data").join("selfplay"))?,
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
            syzygy: args.get("syzygy")?,
            syzygy_pieces: args.get("syzygy-pieces")?,
            chunk_positions: args.or("chunk-positions", 500_000)?,
            chunk_minutes: args.or("chunk-minutes", 60)?,
        };
        if options.threads == 0 || options.nodes == 0 {
            return usage("--threads and --nodes must be at least 1");
        }
        if options.net.is_some() && options.eval != Evaluation::Nnue {
            return usage("--net needs --eval nnue");
        }
        if options.syzygy_pieces.is_some() && options.syzygy.is_none() {
            return usage("--syzygy-pieces needs --syzygy DIR");
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
    /// Scored positions in the directory (what `--positions` counts).
    scored: AtomicU64,
    /// Training positions of this run's games (the generator's yield).
    positions: AtomicU64,
    /// Nodes searched in this run, games too one-sided to play included.
    nodes: AtomicU64,
    games: AtomicU64,
    results: [AtomicU64; 3],
    /// Games the tables ended.
    by_tables: AtomicU64,
}

pub fn run(options: GenerateOptions) -> Result<(), CommandError> {
    std::fs::create_dir_all(&options.out)
        .map_err(|e| CommandError::Run(format!("cannot create {}: {e}", options.out.display())))?;
    let book = match &options.book {
        Some(path) => Openings::read_book(path).map_err(CommandError::Usage)?,
        None => Vec::new(),
    };
    let openings = Openings { chess960_percent: options.chess960_percent, book };
    let network = match (options.eval, &options.net) {
        (Evaluation::Classical, _) => None,
        (Evaluation::Nnue, None) => Some(Arc::new(Network::embedded())),
        (Evaluation::Nnue, Some(path)) => {
            Some(Arc::new(Network::load(path).map_err(|e| CommandError::Run(e.to_string()))?))
        }
    };
    let evaluation = match &network {
        None => "the classical evaluation".to_owned(),
        Some(network) => format!("network {:016x}", network.hash()),
    };
    let tables = match &options.syzygy {
        Some(directory) => Some(Tables::open(directory, options.syzygy_pieces).map_err(CommandError::Usage)?),
        None => None,
    };
    let endings = match &tables {
        Some(tables) => format!("; games end at the Syzygy tables' result from {} pieces", tables.max_pieces()),
        None => String::new(),
    };
    let existing = existing_positions(&options.out).map_err(CommandError::Run)?;
    eprintln!(
        "datagen: {} holds {existing} positions; generating up to {} with {} thread(s) at {} nodes, {evaluation}{endings}",
        options.out.display(),
        options.positions,
        options.threads,
        options.nodes
    );
    if existing >= options.positions {
        return Ok(());
    }
    let progress = Progress::default();
    progress.scored.store(existing, Ordering::Relaxed);
    let seed = options.seed.unwrap_or_else(Random::clock_seed);
    let tag = format!("{:08x}", seed as u32);
    let sinks = (0..options.threads)
        .map(|i| {
            let age = Duration::from_secs(60 * options.chunk_minutes);
            ChainSink::open(&options.out, i, &tag, options.chunk_positions, age).map(|(sink, _)| sink)
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(CommandError::Run)?;
    let started = Instant::now();
    let cpu_started = cpu_seconds();
    let failure = std::thread::scope(|scope| {
        let workers: Vec<_> = sinks
            .into_iter()
            .enumerate()
            .map(|(i, sink)| {
                let (options, openings, progress, tables) = (&options, &openings, &progress, tables.as_ref());
                let seed = seed ^ (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let network = network.clone();
                let run = Run { seed, options, openings, tables, progress };
                std::thread::Builder::new()
                    .stack_size(SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, move || match network {
                        None => play_games(Classical::new(), sink, run),
                        Some(network) => play_games(Nnue::with_shared(network), sink, run),
                    })
                    .expect("the system cannot start a datagen thread")
            })
            .collect();
        let mut last = Instant::now();
        while !workers.iter().all(|w| w.is_finished()) {
            std::thread::sleep(Duration::from_millis(200));
            if last.elapsed() >= PROGRESS_EVERY {
                last = Instant::now();
                report(&progress, started, cpu_started, tables.is_some());
            }
        }
        workers.into_iter().find_map(|w| w.join().expect("a datagen thread panicked").err())
    });
    report(&progress, started, cpu_started, tables.is_some());
    failure.map_or(Ok(()), |message| Err(CommandError::Run(message)))
}

/// The CPU time (user and system) this process has used, in seconds, from
/// `/proc/self/stat` (0 where there is none): the generator's rate on a
/// shared machine is positions per CPU-second, never per wall second.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else { return 0.0 };
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    let fields: Vec<&str> = stat.rsplit_once(')').map_or(vec![], |(_, rest)| rest.split_whitespace().collect());
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    // The kernel's USER_HZ, 100 on every Linux platform.
    (ticks(11) + ticks(12)) / 100.0
}

fn report(progress: &Progress, started: Instant, cpu_started: f64, with_tables: bool) {
    let positions = progress.positions.load(Ordering::Relaxed);
    let cpu = (cpu_seconds() - cpu_started).max(1e-3);
    let rate = positions as f64 / started.elapsed().as_secs_f64().max(1e-3);
    // The generator's cost per position, whatever the machine's load.
    let nodes_per_position = progress.nodes.load(Ordering::Relaxed) as f64 / positions.max(1) as f64;
    let [black, draw, white] = progress.results.each_ref().map(|r| r.load(Ordering::Relaxed));
    let by_tables = if with_tables {
        format!(", {} ended by the tables", progress.by_tables.load(Ordering::Relaxed))
    } else {
        String::new()
    };
    eprintln!(
        "datagen: {} positions in all; this run {positions} training positions, {rate:.0}/s, {:.1} per CPU-second ({cpu:.0} CPU-s), {nodes_per_position:.0} nodes a position, {} games (W/D/L for white {white}/{draw}/{black}{by_tables}), {:.0} s",
        progress.scored.load(Ordering::Relaxed),
        positions as f64 / cpu,
        progress.games.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
}

/// What a thread shares with the others.
#[derive(Clone, Copy)]
struct Run<'a> {
    seed: u64,
    options: &'a GenerateOptions,
    openings: &'a Openings,
    tables: Option<&'a Tables>,
    progress: &'a Progress,
}

/// One thread: games with `evaluator` until the directory holds enough
/// positions.
fn play_games<E: Evaluator + Clone + Send>(evaluator: E, mut sink: ChainSink, run: Run<'_>) -> Result<(), String> {
    let Run { seed, options, openings, tables, progress } = run;
    let mut random = Random::new(seed);
    let mut searcher = Searcher::with_evaluator(evaluator, options.hash_mb, 1);
    let budget = NodeBudget::new(options.nodes);
    while progress.scored.load(Ordering::Relaxed) < options.positions {
        let Some(start) = openings.draw(&mut random) else { continue };
        searcher.clear();
        let mut nodes = 0;
        let played = play_game(start, &mut searcher, &budget, tables, &mut nodes);
        progress.nodes.fetch_add(nodes, Ordering::Relaxed);
        let Some(Played { game, kept, by_tables }) = played else { continue };
        if let Some(chunk) = sink.append(&game)? {
            eprintln!("datagen: finished {}", chunk.display());
        }
        progress.scored.fetch_add(game.scored_positions() as u64, Ordering::Relaxed);
        progress.positions.fetch_add(kept, Ordering::Relaxed);
        progress.games.fetch_add(1, Ordering::Relaxed);
        progress.by_tables.fetch_add(u64::from(by_tables), Ordering::Relaxed);
        // Indexed by White's half points: black wins, draws, white wins.
        let half_points = game.result.score_for(Color::White).map_or(1, |points| (points * 2.0) as usize);
        progress.results[half_points].fetch_add(1, Ordering::Relaxed);
    }
    Ok(())
}

/// A game played to its end.
#[derive(Debug)]
struct Played {
    /// The game as a chain, its result set.
    game: chain::ChainGame,
    /// Its training positions (see [`is_training_position`]).
    kept: u64,
    /// Whether the tables gave the result.
    by_tables: bool,
}

/// Plays one game from `start`, adding the nodes it searches to `nodes`,
/// until the rules end it, the scores decide it or (with `tables`) its
/// position is in the tables; `None` if the start was too one-sided to play.
fn play_game<E: Evaluator + Clone + Send>(
    start: Start,
    searcher: &mut Searcher<E>,
    budget: &NodeBudget,
    tables: Option<&Tables>,
    nodes: &mut u64,
) -> Option<Played> {
    let Start { mut game, origin, castling } = start;
    let mut chain = chain::ChainGame::new(origin, castling);
    chain.opening = game.moves().to_vec();
    let mut white_scores: Vec<i32> = Vec::new();
    let mut kept = 0;
    let mut by_tables = false;
    let result = loop {
        if let Some(outcome) = game.outcome_or_claimable_draw() {
            break outcome.result();
        }
        if game.moves().len() >= MAX_PLIES {
            break GameResult::Draw;
        }
        // The position is not searched, so not kept: the positions before
        // it carry the tables' result.
        if let Some(result) = tables.and_then(|tables| tables.result(&game)) {
            by_tables = true;
            break result;
        }
        let result = match budget.search(&game, searcher) {
            Searched::Forced(only) => {
                chain.plies.push(ChainPly { mv: only, score: None });
                game.play(only).expect("a generated move is legal");
                continue;
            }
            Searched::Search(result) => result,
        };
        *nodes += result.nodes();
        let board = game.board();
        let best = result.best.expect("the game is not over, so there is a legal move");
        let score = white_score(&result);
        if white_scores.is_empty() && score.raw().abs() > MAX_START_SCORE {
            return None;
        }
        white_scores.push(score.raw());
        let ply = ply(best, score.raw());
        kept += u64::from(is_training_position(board, &ply));
        if let Some(result) = adjudication::by_score(&white_scores, board.fullmove_number(), score) {
            chain.last = Some(ply);
            break result;
        }
        chain.plies.push(ply);
        game.play(best).expect("the search returns a legal move");
    };
    chain.result = result;
    Some(Played { game: chain, kept, by_tables })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The syzygy crate's test tables: every table of up to four pieces
    /// and some of five.
    fn test_tables() -> Tables {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../syzygy/tests/data");
        Tables::open(&dir, None).expect("the syzygy crate's test tables")
    }

    fn start(fen: &str) -> Start {
        let game: ox88_movegen::Position = fen.parse().expect("a legal FEN");
        let origin = chain::ChainStart::Position(Box::new(game.board().clone()));
        Start { game, origin, castling: ox88_board::CastlingMode::Standard }
    }

    #[test]
    fn a_start_beyond_the_bound_is_not_played() {
        let mut searcher = Searcher::with_evaluator(Classical::new(), 1, 1);
        let budget = NodeBudget::new(300);
        // A queen up: its first search is far beyond 400 cp, and the game stops there.
        let mut nodes = 0;
        assert!(play_game(start("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"), &mut searcher, &budget, None, &mut nodes).is_none());
        assert!((1..=300).contains(&nodes), "one search: {nodes} nodes");
        // Level material plays on.
        searcher.clear();
        let level = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let played = play_game(start(level), &mut searcher, &budget, None, &mut nodes).expect("played");
        assert!(played.game.scored_positions() > 1);
    }

    #[test]
    fn a_game_in_the_tables_ends_with_their_result_unsearched() {
        let tables = test_tables();
        let mut searcher = Searcher::with_evaluator(Classical::new(), 1, 1);
        let budget = NodeBudget::new(300);
        // K+R against K, the rook's side to move: won, and nothing searched.
        let krk = "8/8/8/8/8/2k5/8/R3K3 w - - 0 1";
        let mut nodes = 0;
        let played = play_game(start(krk), &mut searcher, &budget, Some(&tables), &mut nodes).expect("played");
        assert_eq!((played.game.result, played.by_tables, nodes), (GameResult::Win(Color::White), true, 0));
        assert_eq!((played.kept, played.game.scored_positions()), (0, 0), "the position the tables decide is not kept");
        // K+R against K+R+N (no table here) with the knight hanging: the
        // first search plays on, and the capture reaches K+R against K+R,
        // a draw.
        searcher.clear();
        let hanging = "4k2r/8/8/n7/8/8/8/R3K3 w - - 0 60";
        let played = play_game(start(hanging), &mut searcher, &budget, Some(&tables), &mut nodes);
        let played = played.expect("played");
        assert!(nodes > 0);
        assert_eq!((played.game.result, played.by_tables), (GameResult::Draw, true));
        // Without the tables the same game is searched on to its end.
        searcher.clear();
        let mut without = 0;
        let played = play_game(start(hanging), &mut searcher, &budget, None, &mut without).expect("played");
        assert!(!played.by_tables && without > nodes, "{without} nodes without the tables, {nodes} with them");
    }
}
