//! `explorer-store-bench`: the explorer's store chosen by measurement.
//! ox88-explorer's sorted runs and redb are built from the same games, grown
//! by the same new games, and asked the same positions; the report gives
//! each one's build and addition CPU time, bytes a position occurrence and
//! lookup latency (docs/database.md, "The store", shows a run and its
//! figures).

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

mod games;
mod measure;
mod stores;

use games::LoadedGames;
use measure::{lookups, timed, Latencies};
use stores::StoreKind;

/// Measures the explorer's sorted runs against redb on the games of PGN files: build and addition CPU time, bytes a
/// position occurrence, and lookup latency over a mix of positions (opening, middlegame, deep, unknown).
#[derive(Parser, Debug, Clone)]
#[command(name = "explorer-store-bench", version, about)]
struct Options {
    /// PGN files (plain, .zst or .bz2), read in this order.
    #[arg(required = true)]
    pgn: Vec<PathBuf>,
    /// A folder for the stores (made; emptied first). Default: a new folder in the system's temporary folder.
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Read at most this many games.
    #[arg(long, default_value_t = usize::MAX, hide_default_value = true)]
    games: usize,
    /// The last games read, in percent, are added to the stores built from the others (new games arriving).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(0..100))]
    added_percent: u8,
    /// MiB of moves each store's build holds in memory.
    #[arg(long, default_value_t = 512)]
    memory: usize,
    /// Threads reading PGN.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Positions looked up.
    #[arg(long, default_value_t = 4000)]
    positions: usize,
    /// Timed lookups of every position in every store.
    #[arg(long, default_value_t = 5)]
    rounds: usize,
    /// Keep the stores (default: removed at the end).
    #[arg(long)]
    keep: bool,
}

/// What one store measured.
#[derive(Debug, Clone, Default)]
struct StoreFigures {
    build_cpu: Duration,
    build_wall: Duration,
    add_cpu: Duration,
    compact_cpu: Duration,
    /// Index bytes after the build, after the addition, after compaction.
    bytes: [u64; 3],
    /// Lookup wall-clock latencies and CPU times: after the addition (two
    /// runs for the sorted runs), and after compaction.
    lookups: [(Latencies, Latencies); 2],
}

/// The whole measurement.
#[derive(Debug, Clone, Default)]
struct Report {
    games: usize,
    added: usize,
    occurrences: u64,
    /// Those of the games the stores were built from, before the addition.
    built_occurrences: u64,
    games_bytes: u64,
    positions: usize,
    rounds: usize,
    stores: Vec<(StoreKind, StoreFigures)>,
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

fn main() -> ExitCode {
    let options = Options::parse();
    match run(&options) {
        Ok(report) => {
            print!("{}", report.table());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("explorer-store-bench: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(options: &Options) -> Result<Report, BoxError> {
    let root = options
        .dir
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join(format!("ox88-explorer-store-bench-{}", std::process::id())));
    if root.exists() {
        std::fs::remove_dir_all(&root)?;
    }
    let folder = |kind: StoreKind| root.join(kind.name().replace(' ', "-"));
    eprintln!("reading the games …");
    let (games, cpu, _) = timed(|| LoadedGames::read(&options.pgn, options.threads, options.games));
    let games = games?;
    let added = games.len() * usize::from(options.added_percent) / 100;
    let base = games.len() - added;
    eprintln!("{} games read ({:.1} s CPU); {base} built, {added} added", games.len(), cpu.as_secs_f64());
    let mut report = Report {
        games: games.len(),
        added,
        occurrences: games.occurrences(0..games.len()),
        built_occurrences: games.occurrences(0..base),
        rounds: options.rounds,
        ..Report::default()
    };
    let memory = options.memory << 20;
    for kind in StoreKind::ALL {
        let dir = folder(kind);
        let mut figures = StoreFigures::default();
        eprintln!("{}: building from {base} games …", kind.name());
        let (built, cpu, wall) = timed(|| kind.add(&dir, &games, 0..base, memory));
        built?;
        (figures.build_cpu, figures.build_wall, figures.bytes[0]) = (cpu, wall, kind.index_bytes(&dir)?);
        eprintln!("{}: adding {added} games …", kind.name());
        let (grown, cpu, _) = timed(|| kind.add(&dir, &games, base..games.len(), memory));
        grown?;
        (figures.add_cpu, figures.bytes[1]) = (cpu, kind.index_bytes(&dir)?);
        let size = |name: &str| dir.join(name).metadata().map_or(0, |m| m.len());
        report.games_bytes = size("games.dat") + size("games.idx");
        report.stores.push((kind, figures));
    }
    let positions = games.positions(options.positions, 1);
    report.positions = positions.len();
    for state in 0..2 {
        if state == 1 {
            for (kind, figures) in &mut report.stores {
                eprintln!("{}: compacting …", kind.name());
                let (compacted, cpu, _) = timed(|| kind.compact(&folder(*kind)));
                compacted?;
                (figures.compact_cpu, figures.bytes[2]) = (cpu, kind.index_bytes(&folder(*kind))?);
            }
        }
        eprintln!("looking up {} positions {} times in each store …", positions.len(), options.rounds);
        let open = report
            .stores
            .iter()
            .map(|(kind, _)| Ok((*kind, kind.open(&folder(*kind))?)))
            .collect::<Result<Vec<_>, BoxError>>()?;
        for ((_, figures), times) in report.stores.iter_mut().zip(lookups(&open, &positions, options.rounds)?) {
            figures.lookups[state] = times;
        }
    }
    if !options.keep {
        std::fs::remove_dir_all(&root)?;
    }
    Ok(report)
}

impl Report {
    /// The report in Markdown: what was measured, a table of the builds
    /// and one of the lookups.
    fn table(&self) -> String {
        let per = |bytes: u64| bytes as f64 / self.occurrences.max(1) as f64;
        let per_built = |bytes: u64| bytes as f64 / self.built_occurrences.max(1) as f64;
        let mut text = format!(
            "{} games ({} built, then {} added), {} position occurrences; games files {} bytes ({:.2} a position \
             occurrence, the same for both stores); {} positions looked up {} times in each\n\n\
             | store | build CPU s (wall) | add CPU s | compact CPU s | index bytes a position occurrence: built, \
             added, compacted |\n|---|---|---|---|---|\n",
            self.games,
            self.games - self.added,
            self.added,
            self.occurrences,
            self.games_bytes,
            per(self.games_bytes),
            self.positions,
            self.rounds,
        );
        for (kind, f) in &self.stores {
            text.push_str(&format!(
                "| {} | {:.2} ({:.2}) | {:.2} | {:.2} | {:.2}, {:.2}, {:.2} |\n",
                kind.name(),
                f.build_cpu.as_secs_f64(),
                f.build_wall.as_secs_f64(),
                f.add_cpu.as_secs_f64(),
                f.compact_cpu.as_secs_f64(),
                per_built(f.bytes[0]),
                per(f.bytes[1]),
                per(f.bytes[2]),
            ));
        }
        text.push_str(
            "\n| store | state | lookup p50 µs | p99 µs | p99.9 µs | mean µs | CPU p50 µs | CPU p99 µs |\n\
             |---|---|---|---|---|---|---|---|\n",
        );
        let micros = |d: Duration| d.as_secs_f64() * 1e6;
        for (kind, f) in &self.stores {
            for (state, (wall, cpu)) in ["added", "compacted"].iter().zip(&f.lookups) {
                text.push_str(&format!(
                    "| {} | {state} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} |\n",
                    kind.name(),
                    micros(wall.quantile(0.5)),
                    micros(wall.quantile(0.99)),
                    micros(wall.quantile(0.999)),
                    micros(wall.mean()),
                    micros(cpu.quantile(0.5)),
                    micros(cpu.quantile(0.99)),
                ));
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_stores_answer_every_position_alike() {
        let pgn = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/pgn/lichess_db_1000k.pgn");
        let dir = std::env::temp_dir().join(format!("ox88-explorer-store-bench-test-{}", std::process::id()));
        // Little memory: several spills and redb transactions, and games added to both.
        let options = Options {
            pgn: vec![pgn],
            dir: Some(dir.clone()),
            games: 300,
            added_percent: 20,
            memory: 0,
            threads: 1,
            positions: 400,
            rounds: 1,
            keep: false,
        };
        let report = run(&options).unwrap();
        assert_eq!((report.games, report.added, report.positions), (300, 60, 400));
        assert!(report.occurrences > 10_000);
        for (kind, figures) in &report.stores {
            assert!(figures.bytes.iter().all(|&b| b > 0), "{kind:?}");
            assert!(figures.bytes[1] > figures.bytes[0], "{kind:?}: the addition adds bytes");
            assert!(figures.lookups.iter().all(|(wall, cpu)| wall.len() == 400 && cpu.len() == 400), "{kind:?}");
        }
        assert!(report.table().contains("| redb |"));
        assert!(!dir.exists(), "the stores are removed");
    }
}
