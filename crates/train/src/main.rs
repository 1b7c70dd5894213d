//! `ox88-train`: the evaluation's pipeline. Generates the packed self-play
//! data (`datagen`), trains ox88's network on CPU from it and exports it
//! quantised for `ox88-eval`, and fits the classical weights (`tune`).
//! `cargo run --release -p ox88-train -- --help` lists the commands.

mod baseline;
mod checkpoint;
mod cli;
mod datagen;
mod model;
mod optimizer;
mod positions;
mod quantise;
mod scale;
#[cfg(test)]
mod tests;
mod texel;
mod train;

use checkpoint::Checkpoint;
use cli::{Args, CommandError};
use optimizer::Schedule;
use ox88_board::Board;
use ox88_eval::nnue::KingBuckets;
use positions::{DataFile, NetworkSample};
use std::path::PathBuf;
use std::process::ExitCode;

const HELP: &str = "\
ox88-train: trains ox88's evaluation network, (768 -> N) x 2 -> 1 with SCReLU (one output layer, or one for
each of 8 buckets of the piece count), on CPU threads, from the packed positions `ox88-train datagen` writes
(ox88_train::data), and exports it quantised for ox88-eval; tunes the classical evaluation's weights.

usage: ox88-train train --data FILE [--validation-data FILE] [--out DIR] [--epochs N] [--until N]
                        [--batch N] [--threads N] [--lr X] [--lr-end X] [--lr-step EPOCHS] [--lr-gamma X]
                        [--wdl X] [--scale CP] [--validation N] [--positions N] [--weight-decay X]
                        [--mirror P] [--output-buckets 1|8] [--hidden N] [--king-buckets LAYOUT]
                        [--window N] [--seed N] [--resume CHECKPOINT | --init NET]
       ox88-train scale FILE [--positions N]
       ox88-train export CHECKPOINT --out NET
       ox88-train verify CHECKPOINT --data FILE [--positions N]
       ox88-train import-bullet FILE --scale CP --out NET [--king-buckets LAYOUT]
       ox88-train datagen generate|shuffle|stats ...      (see ox88-train datagen --help)
       ox88-train tune FILE [--passes N] ...               (see ox88-train tune --help)

train   trains on FILE: packed records (shuffled, e.g. by `ox88-train datagen shuffle`), or game chains (a .chain
        file or a directory of them, e.g. data/selfplay: their training positions decoded into memory, whole
        games of at most --validation positions held out from the end, the rest shuffled with --seed); at most
        --positions of it. It measures the
        held-out loss on at most --validation (default 200000) positions of --validation-data: whole games
        the training file does not hold (`datagen shuffle --hold-out` writes both). Without it, the
        first --validation records of FILE (at most a tenth) are held out instead, an optimistic measure:
        other positions of their games are trained on. The classical evaluation's loss on the same
        positions is printed first: the bar to clear.
        The target is wdl * result + (1 - wdl) * sigmoid(score / scale) (--wdl default 0.1; --scale fitted
        to the data's results when not given); the loss is its squared error against sigmoid(output).
        AdamW (--weight-decay default 0.01) over --epochs passes (default 20) in batches of --batch (default
        4096) on --threads threads (default: all cores); the learning rate falls from --lr (default 0.001)
        to --lr-end (default 0.00001) along a cosine, or with --lr-step E is multiplied by --lr-gamma
        (default 0.3) every E epochs. Records stream in windows of --window (default 262144) shuffled
        together: memory stays constant. --mirror P (default 0) mirrors each training position without
        castling rights left to right with probability P, a position of the same value (augmentation).
        --output-buckets 8 gives each eighth of the piece count (2-5 pieces, 6-9, ..., 30-32) its own output
        layer; 1 (the default) shares one. --hidden N: the hidden layer's width, 256 (the default), 512, 768
        or 1024; a run from --init or --resume has the width of its network or checkpoint.
        --king-buckets LAYOUT: sets of input weights chosen by where each side's own king stands
        (docs/nnue.md, section King buckets); the layouts:
{KING_BUCKETS}
        A run from --resume keeps its checkpoint's layout; from --init, a network without king buckets
        has its 768 input weights copied into every bucket (how a bucketed network starts from an earlier
        one), mirrored left to right, so that with both kings on files e-h (most positions) it scores
        exactly as that network; a network of one mirrored bucket (--king-buckets mirrored) starts any
        mirrored layout, its rows copied as they are; one of more buckets keeps its own layout. A run from
        --init logs the validation loss before its first epoch.
        After each epoch: the validation loss, DIR/checkpoint.bin and the quantised DIR/net.nnue (--out
        default ./nnue-run); DIR/training.log keeps the lines. --until E stops after epoch E; --resume
        continues a checkpoint's run (give the same options) and ends exactly where the whole run would.
        --init NET starts from a network file's weights instead of random ones (fine-tuning an earlier
        network on new data; its scale is kept unless --scale is given).
scale   fits the sigmoid scale to FILE's results (the first --positions records, default 1000000).
export  writes a checkpoint's network, quantised, to NET.
verify  compares a checkpoint's float network with its quantised export on the first --positions records
        of FILE (default 100000; the validation file): mean and largest difference in cp.
import-bullet  writes the network bullet (the GPU trainer) saved in FILE (its quantised.bin, trained for ox88's
        architecture and saved in the layout docs/nnue.md gives) as an ox88 network NET; --scale is bullet's
        eval_scale (centipawns per output unit, 400 in bullet's examples); --king-buckets names the layout
        of a network bullet trained with ChessBucketsMirrored inputs and that layout's table.
datagen self-play training data: positions labelled with the search score and the game's result.
tune    fits the classical evaluation's weights to game results (Texel's method).

Exits 2 on a bad argument, 1 on a file that cannot be read or written.";

/// Prints a line to standard output; a closed pipe (`| head`) is not an
/// error worth a panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let help = |a: &String| a == "--help" || a == "-h";
    // The commands with commands or help of their own read their --help themselves.
    let own_help = args.first().is_some_and(|command| command == "datagen" || command == "tune");
    if args.is_empty() || (!own_help && args.iter().any(help)) {
        let layouts: String =
            KingBuckets::names().map(|(name, description)| format!("          {name:<9} {description}\n")).collect();
        say!("{}", HELP.replace("{KING_BUCKETS}\n", &layouts));
        return ExitCode::SUCCESS;
    }
    let result = match args[0].as_str() {
        "train" => parse_train(&args[1..]).and_then(|options| Ok(train::run(&options)?)),
        "scale" => fit_scale(&args[1..]),
        "export" => export(&args[1..]),
        "verify" => verify(&args[1..]),
        "import-bullet" => import_bullet(&args[1..]),
        "datagen" => datagen::run(&args[1..]),
        "tune" => texel::run(&args[1..]),
        other => Err(CommandError::Usage(format!("unknown command {other:?} (see --help)"))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CommandError::Usage(message)) => {
            eprintln!("ox88-train: {message}");
            ExitCode::from(2)
        }
        Err(CommandError::Run(message)) => {
            eprintln!("ox88-train: {message}");
            ExitCode::from(1)
        }
    }
}

fn parse_train(args: &[String]) -> Result<train::TrainOptions, CommandError> {
    let args = Args::parse(
        args,
        &[
            "data",
            "out",
            "epochs",
            "until",
            "batch",
            "threads",
            "lr",
            "lr-end",
            "lr-step",
            "lr-gamma",
            "wdl",
            "scale",
            "validation",
            "validation-data",
            "positions",
            "weight-decay",
            "mirror",
            "output-buckets",
            "hidden",
            "king-buckets",
            "window",
            "seed",
            "resume",
            "init",
        ],
    )?;
    args.no_positional()?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let lr = args.or("lr", 0.001f32)?;
    let schedule = match args.get::<u32>("lr-step")? {
        Some(every) => Schedule::Step { start: lr, every, gamma: args.or("lr-gamma", 0.3)? },
        None => Schedule::Cosine { start: lr, end: args.or("lr-end", 0.00001)? },
    };
    let options = train::TrainOptions {
        data: args.get::<PathBuf>("data")?.ok_or_else(|| CommandError::Usage("train needs --data FILE".into()))?,
        out: args.or("out", PathBuf::from("nnue-run"))?,
        epochs: args.or("epochs", 20)?,
        until: args.get("until")?,
        batch: args.or("batch", 4096)?,
        window: args.or("window", 262_144)?,
        threads: args.or("threads", cores)?,
        schedule,
        wdl: args.or("wdl", 0.1)?,
        scale: args.get("scale")?,
        validation_data: args.get("validation-data")?,
        validation: args.or("validation", 200_000)?,
        positions: args.get("positions")?,
        weight_decay: args.or("weight-decay", 0.01)?,
        mirror: args.or("mirror", 0.0)?,
        output_buckets: match args.or("output-buckets", 1u32)? {
            1 => false,
            8 => true,
            n => return Err(CommandError::Usage(format!("--output-buckets: {n} is neither 1 nor 8"))),
        },
        hidden: match args.get::<usize>("hidden")? {
            Some(n) if !ox88_eval::nnue::HIDDEN_SIZES.contains(&n) => {
                let sizes = ox88_eval::nnue::HIDDEN_SIZES;
                return Err(CommandError::Usage(format!("--hidden: {n} is not one of the widths {sizes:?}")));
            }
            hidden => hidden,
        },
        king_buckets: king_buckets(args.get::<String>("king-buckets")?)?,
        seed: args.or("seed", 1)?,
        resume: args.get("resume")?,
        init: args.get("init")?,
    };
    if options.resume.is_some() && options.init.is_some() {
        return Err(CommandError::Usage("--init starts a run and --resume continues one: give one of them".into()));
    }
    if options.batch == 0 || options.threads == 0 || options.epochs == 0 {
        return Err(CommandError::Usage("--batch, --threads and --epochs must be at least 1".into()));
    }
    if !(0.0..=1.0).contains(&options.wdl)
        || !(0.0..=1.0).contains(&options.mirror)
        || options.scale.is_some_and(|s| s <= 0.0)
    {
        return Err(CommandError::Usage("--wdl and --mirror must be within 0..=1 and --scale positive".into()));
    }
    Ok(options)
}

/// The layout a `--king-buckets` flag names, if given.
fn king_buckets(name: Option<String>) -> Result<Option<KingBuckets>, CommandError> {
    name.map(|name| {
        KingBuckets::named(&name).ok_or_else(|| {
            let names: Vec<&str> = KingBuckets::names().map(|(name, _)| name).collect();
            CommandError::Usage(format!("--king-buckets: {name:?} is not one of the layouts {names:?}"))
        })
    })
    .transpose()
}

fn fit_scale(args: &[String]) -> Result<(), CommandError> {
    let args = Args::parse(args, &["positions"])?;
    let file = DataFile::open_any(args.one("data file")?.as_ref(), 0, 1)?.0;
    let samples = file.read(0, args.or("positions", 1_000_000)?, &KingBuckets::NONE)?;
    let scale = scale::fit(&samples);
    say!("{}: {} positions, sigmoid scale {scale:.1} cp", file.path().display(), samples.len());
    for k in [scale / 2.0, scale, scale * 2.0] {
        say!("  scale {k:>7.1}: mean squared error {:.6}", scale::error(&samples, k));
    }
    Ok(())
}

fn export(args: &[String]) -> Result<(), CommandError> {
    let args = Args::parse(args, &["out"])?;
    let checkpoint = Checkpoint::load(args.one("checkpoint")?.as_ref())?;
    let out: PathBuf = args.get("out")?.ok_or_else(|| CommandError::Usage("export needs --out NET".into()))?;
    let network = quantise::quantise(&checkpoint.model, checkpoint.objective.scale).map_err(|e| e.to_string())?;
    std::fs::write(&out, network.to_bytes()).map_err(|e| format!("{}: {e}", out.display()))?;
    say!("{}: network {:016x}, scale {}", out.display(), network.hash(), network.scale());
    Ok(())
}

fn import_bullet(args: &[String]) -> Result<(), CommandError> {
    let args = Args::parse(args, &["scale", "out", "king-buckets"])?;
    let input: PathBuf = args.one("bullet network file")?.into();
    let king_buckets = king_buckets(args.get::<String>("king-buckets")?)?.unwrap_or(KingBuckets::NONE);
    let scale: u32 = args.get("scale")?.ok_or_else(|| CommandError::Usage("import-bullet needs --scale CP".into()))?;
    let out: PathBuf = args.get("out")?.ok_or_else(|| CommandError::Usage("import-bullet needs --out NET".into()))?;
    let bytes = std::fs::read(&input).map_err(|e| format!("{}: {e}", input.display()))?;
    let network = ox88_train::bullet_net::from_bullet_bucketed(&bytes, scale, king_buckets)
        .map_err(|e| format!("{}: {e}", input.display()))?;
    std::fs::write(&out, network.to_bytes()).map_err(|e| format!("{}: {e}", out.display()))?;
    say!("{}: network {:016x}, scale {}", out.display(), network.hash(), network.scale());
    Ok(())
}

fn verify(args: &[String]) -> Result<(), CommandError> {
    let args = Args::parse(args, &["data", "positions"])?;
    let checkpoint = Checkpoint::load(args.one("checkpoint")?.as_ref())?;
    let data: PathBuf = args.get("data")?.ok_or_else(|| CommandError::Usage("verify needs --data FILE".into()))?;
    let file = DataFile::open_any(&data, 0, 1)?.0;
    let records = file.records_at(0, args.or("positions", 100_000u64)?)?;
    let king_buckets = checkpoint.model.layout.king_buckets;
    let positions: Vec<(Board, NetworkSample)> =
        records.iter().filter_map(|r| Some((r.to_board()?, NetworkSample::from_record(r, &king_buckets)?))).collect();
    let scale = checkpoint.objective.scale;
    let network = quantise::quantise(&checkpoint.model, scale).map_err(|e| e.to_string())?;
    for cap in [f64::INFINITY, 2000.0] {
        let a = quantise::agreement(&checkpoint.model, scale, &network, &positions, cap);
        say!(
            "{} positions{}: quantised - float: mean |difference| {:.2} cp, largest {:.1} cp, over 10 cp {:.3} %",
            a.positions,
            if cap.is_finite() { format!(" (scores clamped to ±{cap} cp)") } else { String::new() },
            a.mean,
            a.max,
            100.0 * a.over_10
        );
    }
    Ok(())
}
