//! `ox88-db`: chess game databases from the command line.

use clap::{Parser, Subcommand};
use ox88_db::explore::{self, ExploreSummary};
use ox88_db::{import, Columns, ImportOptions};
use ox88_explorer::{Explorer, ExplorerWriter};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

mod progress;

/// The cores this process may run on (the default of `generate` and `explorer add`).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Chess game databases: PGN to Parquet for DuckDB, Polars and Spark.
#[derive(Parser)]
#[command(name = "ox88-db", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Reads PGN files (plain, .pgn.zst or .pgn.bz2) into a Parquet dataset (a folder of parts): one row a game,
    /// every move checked; a game that cannot be read is kept with its error.
    Import {
        /// The PGN files, read in this order.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The games dataset: a folder, `games.parquet` say (DuckDB reads it as 'games.parquet/*.parquet').
        #[arg(short, long)]
        output: PathBuf,
        /// Also write the positions table (a row per move, with the position's Polyglot key) to this dataset.
        #[arg(long)]
        positions: Option<PathBuf>,
        /// Add the files to an existing dataset as a new part (game ids go on).
        #[arg(long)]
        append: bool,
        /// Also a column of the moves in SAN.
        #[arg(long)]
        san: bool,
        /// Threads reading PGN (default: one more than the cores).
        #[arg(long)]
        threads: Option<usize>,
        /// zstd level of the Parquet pages.
        #[arg(long, default_value_t = 3)]
        zstd_level: i32,
    },
    /// Writes fast self-play games as PGN (for filling a test collection): real games of legal moves between
    /// greedy players of several strengths, game i the same for a seed whatever the threads.
    Generate {
        /// How many games.
        #[arg(long)]
        games: u64,
        /// The folder for the PGN files (one a thread: selfplay-0.pgn, …).
        #[arg(short, long)]
        output: PathBuf,
        /// The seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// The position explorer over every ply of a collection (see `ox88-server --explorer`).
    #[command(subcommand)]
    Explorer(ExplorerCommand),
}

#[derive(Subcommand)]
enum ExplorerCommand {
    /// Adds games to an explorer folder (made if new) as a new run: from games datasets (folders written by
    /// `import`) or PGN files (plain, .pgn.zst or .pgn.bz2).
    Add {
        /// The explorer folder.
        explorer: PathBuf,
        /// Games datasets (folders) or PGN files.
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        /// Threads reading PGN (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Memory for sorting, in MiB (more spills to disk and merges).
        #[arg(long, default_value_t = 512)]
        memory: usize,
        /// Merge every run into one afterwards.
        #[arg(long)]
        compact: bool,
    },
    /// Merges an explorer's runs into one.
    Compact {
        /// The explorer folder.
        explorer: PathBuf,
    },
    /// Joins explorer folders made apart (one a partition of a collection) into a new one: their games one after
    /// the other in the order given, their runs merged into one (what `ox88_spark.py` does on the driver).
    Combine {
        /// The new explorer folder.
        explorer: PathBuf,
        /// The explorer folders joined, in order.
        #[arg(required = true)]
        parts: Vec<PathBuf>,
    },
    /// What an explorer holds: games, moves counted, bytes on disk.
    Info {
        /// The explorer folder.
        explorer: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(error),
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ox88-db: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Help and the version as clap prints them; any other command-line error as
/// one line on stderr naming the bad argument, with exit code 2.
fn usage_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        error.exit()
    }
    let text = error.to_string();
    let first = text.lines().next().unwrap_or_default();
    eprintln!("ox88-db: {} (see --help)", first.trim_start_matches("error: "));
    ExitCode::from(2)
}

fn run(command: Command) -> Result<(), Box<dyn std::error::Error>> {
    match command {
        Command::Import { files, output, positions, append, san, threads, zstd_level } => {
            let mut options = ImportOptions {
                columns: Columns { san, ..Columns::default() },
                positions,
                append,
                zstd_level,
                ..ImportOptions::default()
            };
            if let Some(threads) = threads {
                options.threads = threads.max(1);
            }
            let start = Instant::now();
            let mut bar = progress::Bar::new(std::io::stderr().is_terminal());
            let summary = import(&files, &output, &options, |p| bar.update(p))?;
            bar.clear();
            let seconds = start.elapsed().as_secs_f64();
            println!(
                "{} games ({} could not be read), {} moves, {:.1} MB of PGN in {:.2} s ({:.1} MB/s): {}{}",
                summary.games,
                summary.errors,
                summary.plies,
                summary.pgn_bytes as f64 / 1e6,
                seconds,
                summary.pgn_bytes as f64 / 1e6 / seconds.max(1e-9),
                summary.part.display(),
                summary.positions_part.map(|p| format!(", {}", p.display())).unwrap_or_default(),
            );
            Ok(())
        }
        Command::Explorer(command) => explorer(command),
        Command::Generate { games, output, seed, threads } => {
            let threads = threads.unwrap_or_else(cores).max(1) as u64;
            std::fs::create_dir_all(&output)?;
            let start = Instant::now();
            std::thread::scope(|scope| -> Result<(), Box<dyn std::error::Error>> {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let path = output.join(format!("selfplay-{t}.pgn"));
                        let range = games * t / threads..games * (t + 1) / threads;
                        scope.spawn(move || -> std::io::Result<()> {
                            let file = std::fs::File::create(&path)?;
                            ox88_db::selfplay::write_games(file, seed, range, 2_000)
                        })
                    })
                    .collect();
                for handle in handles {
                    handle.join().map_err(|_| "a generator thread panicked")??;
                }
                Ok(())
            })?;
            println!("{games} games in {:.1} s: {}/selfplay-*.pgn", start.elapsed().as_secs_f64(), output.display());
            Ok(())
        }
    }
}

fn explorer(command: ExplorerCommand) -> Result<(), Box<dyn std::error::Error>> {
    match command {
        ExplorerCommand::Add { explorer, inputs, threads, memory, compact } => {
            let start = Instant::now();
            let mut writer = ExplorerWriter::with_memory(&explorer, memory << 20)?;
            let threads = threads.unwrap_or_else(cores).max(1);
            let mut summary = ExploreSummary::default();
            for input in &inputs {
                let added = if input.is_dir() {
                    explore::add_dataset(&mut writer, input)?
                } else {
                    explore::add_pgn(&mut writer, std::slice::from_ref(input), threads)?
                };
                summary.games += added.games;
                summary.moves += added.moves;
                summary.skipped += added.skipped;
            }
            writer.finish()?;
            if compact {
                ox88_explorer::compact(&explorer)?;
            }
            println!(
                "{} games added ({} moves counted, {} skipped) in {:.1} s",
                summary.games,
                summary.moves,
                summary.skipped,
                start.elapsed().as_secs_f64()
            );
            print_info(&explorer)
        }
        ExplorerCommand::Compact { explorer } => {
            let merged = ox88_explorer::compact(&explorer)?;
            println!("{merged} runs merged");
            print_info(&explorer)
        }
        ExplorerCommand::Combine { explorer, parts } => {
            let start = Instant::now();
            ox88_explorer::combine(&parts, &explorer)?;
            println!("{} explorers joined in {:.1} s", parts.len(), start.elapsed().as_secs_f64());
            print_info(&explorer)
        }
        ExplorerCommand::Info { explorer } => print_info(&explorer),
    }
}

fn print_info(dir: &std::path::Path) -> Result<(), Box<dyn std::error::Error>> {
    let info = Explorer::open(dir)?.info(dir);
    println!(
        "{}: {} games, {} runs, {} position occurrences in {} entries, {} bytes ({:.2} bytes an occurrence)",
        dir.display(),
        info.games,
        info.runs,
        info.occurrences,
        info.entries,
        info.bytes,
        info.bytes as f64 / info.occurrences.max(1) as f64
    );
    Ok(())
}
