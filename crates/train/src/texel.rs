//! `ox88-train tune`: Texel tuning of the classical weights.
//!
//! FILE holds one sample a line: a FEN followed by the game's result (`[1.0]`,
//! `[0.5]`, `[0.0]`, `1-0`, `1/2-1/2`, `0-1` or `c9 "1-0";`), for example as
//! written by `scripts/positions_from_pgn.py`. Prints the fitted sigmoid
//! constant, the error after each pass, and the tuned `Weights` in the text form
//! of `Weights::to_text` (which the engine's `EvalWeights` option loads).

use crate::cli::{Args, CommandError};
use ox88_eval::Weights;
use ox88_train::tune::{Sample, Tuner};
use std::time::Instant;
const USAGE: &str = "usage: ox88-train tune FILE [--passes N] [--step N] [--threads N] [--limit N] [--validate N]
                       [--skip FIELD,...] [--only FIELD,...] [--start WEIGHTS] [--out WEIGHTS]
Fits the classical evaluation's weights to the game results of the positions in
FILE (one FEN and result a line) by coordinate descent: --passes (default 10)
passes over every weight, trying +/- --step (default 1).
  --limit N         read only the first N samples
  --validate N      hold the last N samples out of the fit and print their error
                    after every pass (when it rises, the fit learns the sample,
                    not chess)
  --skip F,...      leave the named Weights fields (e.g. pst,material) as they are
  --only F,...      tune just the named fields
  --start WEIGHTS   start from the weights in that file (the text form of
                    Weights::to_text; fields left out are the defaults)
  --out WEIGHTS     write the weights there in that form after every pass
                    (default: standard output, at the end)";

struct Options {
    file: String,
    passes: usize,
    step: i32,
    threads: usize,
    limit: usize,
    validate: usize,
    skip: Vec<String>,
    only: Vec<String>,
    start: Option<String>,
    out: Option<String>,
}

/// Runs `tune` with the arguments after it.
pub fn run(args: &[String]) -> Result<(), CommandError> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return Ok(());
    }
    let options = parse(args)?;
    tune(&options).map_err(CommandError::Run)
}

fn parse(args: &[String]) -> Result<Options, CommandError> {
    let known = ["passes", "step", "threads", "limit", "validate", "skip", "only", "start", "out"];
    let args = Args::parse(args, &known)?;
    let positive = |name: &str, default: usize| -> Result<usize, CommandError> {
        match args.or(name, default)? {
            0 => Err(CommandError::Usage(format!("--{name} must be at least 1"))),
            n => Ok(n),
        }
    };
    let fields = |name: &str| -> Vec<String> {
        args.all(name).flat_map(|v| v.split(',')).map(str::trim).filter(|f| !f.is_empty()).map(str::to_owned).collect()
    };
    let options = Options {
        file: args.one("sample file")?.to_owned(),
        passes: positive("passes", 10)?,
        step: positive("step", 1)? as i32,
        threads: positive("threads", std::thread::available_parallelism().map_or(1, |n| n.get()))?,
        limit: positive("limit", usize::MAX)?,
        validate: args.or("validate", 0)?,
        skip: fields("skip"),
        only: fields("only"),
        start: args.get("start")?,
        out: args.get("out")?,
    };
    Ok(options)
}

fn tune(options: &Options) -> Result<(), String> {
    let mut names = Weights::default();
    let known: Vec<&str> = names.parameters_mut().iter().map(|p| p.field).collect();
    if let Some(unknown) = options.skip.iter().chain(&options.only).find(|f| !known.contains(&f.as_str())) {
        return Err(format!("no field {unknown:?} in Weights"));
    }
    let text = std::fs::read_to_string(&options.file).map_err(|e| format!("{}: {e}", options.file))?;
    let mut samples = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if samples.len() == options.limit {
            break;
        }
        samples.push(Sample::parse(line).map_err(|e| format!("{}:{}: {e}", options.file, number + 1))?);
    }
    if options.validate >= samples.len() {
        return Err(format!("--validate {} leaves no samples to fit", options.validate));
    }
    let held_out = samples.split_off(samples.len() - options.validate);
    eprintln!("{} samples from {} ({} held out)", samples.len(), options.file, held_out.len());
    let mut tuner = Tuner::new(samples, options.threads);
    let mut validation = Tuner::new(held_out, options.threads);
    let start = match &options.start {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            text.parse::<Weights>().map_err(|e| format!("{path}: {e}"))?
        }
        None => Weights::default(),
    };
    let started = Instant::now();
    let k = tuner.fit_k(&start);
    validation.set_k(k);
    let validated = |weights: &Weights| match options.validate {
        0 => String::new(),
        _ => format!(", held out {:.6}", validation.error(weights)),
    };
    eprintln!(
        "k = {k:.4}, error of the starting weights {:.6}{} ({:.1} s)",
        tuner.error(&start),
        validated(&start),
        started.elapsed().as_secs_f64()
    );
    let select = |field: &str, _| {
        !options.skip.iter().any(|s| s == field) && (options.only.is_empty() || options.only.iter().any(|s| s == field))
    };
    let tuned = tuner.tune(start, options.passes, options.step, select, |p| {
        eprintln!(
            "pass {}: error {:.6}{}, {} weights changed ({:.0} s)",
            p.pass,
            p.error,
            validated(p.weights),
            p.changed,
            started.elapsed().as_secs_f64()
        );
        if let Some(path) = &options.out {
            if let Err(e) = std::fs::write(path, p.weights.to_text()) {
                eprintln!("ox88-train tune: {path}: {e}");
            }
        }
    });
    write(&tuned, options.out.as_deref())
}

/// Writes `weights` as text to `out`, or to standard output.
fn write(weights: &Weights, out: Option<&str>) -> Result<(), String> {
    let text = weights.to_text();
    match out {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{path}: {e}")),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}
