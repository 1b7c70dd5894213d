//! `ox88-db`: chess game databases from the command line.

use clap::{Parser, Subcommand};
use ox88_db::{import, Columns, ImportOptions};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

mod progress;

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
        /// Threads reading PGN (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// zstd level of the Parquet pages.
        #[arg(long, default_value_t = 3)]
        zstd_level: i32,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ox88-db: {error}");
            ExitCode::FAILURE
        }
    }
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
    }
}
