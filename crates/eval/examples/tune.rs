//! Texel tuning of the classical weights:
//! `cargo run --release -p ox88-eval --example tune -- FILE [--passes N] [--step N] [--threads N] [--limit N]
//! [--validate N] [--skip FIELD,...] [--only FIELD,...] [--start WEIGHTS] [--out WEIGHTS]`.
//!
//! FILE holds one sample a line: a FEN followed by the game's result (`[1.0]`,
//! `[0.5]`, `[0.0]`, `1-0`, `1/2-1/2`, `0-1` or `c9 "1-0";`), for example as
//! written by `scripts/positions_from_pgn.py`. Prints the fitted sigmoid
//! constant, the error after each pass, and the tuned `Weights` in the text form
//! of `Weights::to_text` (which the engine's `EvalWeights` option loads).

use ox88_eval::{Sample, Tuner, Weights};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: tune FILE [--passes N] [--step N] [--threads N] [--limit N] [--validate N]
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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match parse(&args).and_then(|options| run(&options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tune: {message}");
            ExitCode::from(2)
        }
    }
}

fn parse(args: &[String]) -> Result<Options, String> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut options = Options {
        file: String::new(),
        passes: 10,
        step: 1,
        threads,
        limit: usize::MAX,
        validate: 0,
        skip: Vec::new(),
        only: Vec::new(),
        start: None,
        out: None,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<usize, String> {
            let text = args.next().ok_or(format!("{name} needs a value"))?;
            text.parse::<usize>().ok().filter(|&n| n > 0).ok_or(format!("{name}: not a positive number: {text:?}"))
        };
        match arg.as_str() {
            "--passes" => options.passes = number("--passes")?,
            "--step" => options.step = number("--step")? as i32,
            "--threads" => options.threads = number("--threads")?,
            "--limit" => options.limit = number("--limit")?,
            "--validate" => options.validate = number("--validate")?,
            "--skip" => options.skip.extend(fields(args.next(), "--skip")?),
            "--only" => options.only.extend(fields(args.next(), "--only")?),
            "--start" => options.start = Some(args.next().ok_or("--start needs a file")?.clone()),
            "--out" => options.out = Some(args.next().ok_or("--out needs a file")?.clone()),
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag:?} (try --help)")),
            file if options.file.is_empty() => options.file = file.to_owned(),
            extra => return Err(format!("unexpected argument {extra:?} (try --help)")),
        }
    }
    if options.file.is_empty() {
        return Err("no sample file given (try --help)".into());
    }
    Ok(options)
}

/// The comma-separated field names of an option's value.
fn fields(value: Option<&String>, option: &str) -> Result<Vec<String>, String> {
    let value = value.ok_or(format!("{option} needs field names"))?;
    Ok(value.split(',').map(|f| f.trim().to_owned()).filter(|f| !f.is_empty()).collect())
}

fn run(options: &Options) -> Result<(), String> {
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
                eprintln!("tune: {path}: {e}");
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
