//! The training run: epochs over the data in batches, gradients on several
//! threads, AdamW steps, and after each epoch the validation loss, a
//! checkpoint and an exported network.

use crate::baseline;
use crate::checkpoint::Checkpoint;
use crate::model::{Layout, Model, Objective};
use crate::optimizer::{AdamW, Schedule};
use crate::positions::{DataFile, NetworkSample, Streaming};
use crate::quantise::quantise;
use crate::scale;
use ox88_eval::nnue::{KingBuckets, Network, DEFAULT_HIDDEN, HIDDEN_SIZES, OUTPUT_BUCKETS};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Positions read to fit the sigmoid scale when it is not given.
const SCALE_SAMPLE: u64 = 1_000_000;
const PROGRESS_EVERY: Duration = Duration::from_secs(15);

/// What a run does.
#[derive(Clone, Debug)]
pub struct TrainOptions {
    /// The data file (shuffled; its first `validation` records are held out).
    pub data: PathBuf,
    /// Where checkpoints, networks and the log go.
    pub out: PathBuf,
    /// Epochs (passes over the training records) in the whole run.
    pub epochs: u32,
    /// Stop after this epoch (to split a run into sessions; `--resume`
    /// goes on): `epochs` when `None`.
    pub until: Option<u32>,
    /// Samples per optimiser step.
    pub batch: usize,
    /// Records shuffled together as they stream in.
    pub window: usize,
    /// Threads computing gradients.
    pub threads: usize,
    /// The learning rate over the run.
    pub schedule: Schedule,
    /// The result's weight in the target.
    pub wdl: f32,
    /// The sigmoid scale; fitted to the data when `None`.
    pub scale: Option<f32>,
    /// Validation positions: a file of whole games none of which is in the
    /// training data (`datagen shuffle --hold-out` writes one). Without it,
    /// the first `validation` records of `data` are held out, which is
    /// optimistic: other positions of their games are trained on.
    pub validation_data: Option<PathBuf>,
    /// Validation positions to use at most.
    pub validation: u64,
    /// Training records to use at most (all when `None`).
    pub positions: Option<u64>,
    /// Whether each output bucket gets its own output layer (ignored when
    /// resuming: the checkpoint says).
    pub output_buckets: bool,
    /// The hidden layer's width for a run from random weights (one of
    /// `ox88_eval::nnue::HIDDEN_SIZES`); when `None`, the checkpoint's or
    /// the `init` network's, or 256. A width that differs from theirs is
    /// an error.
    pub hidden: Option<usize>,
    /// The king-bucket layout; when `None`, the checkpoint's or the `init`
    /// network's, or none. A network without king buckets given as `init`
    /// starts every bucket from its weights; any other difference from the
    /// checkpoint's or the network's layout is an error.
    pub king_buckets: Option<KingBuckets>,
    /// The probability of mirroring a training position without castling
    /// rights left to right (data augmentation; 0 for none).
    pub mirror: f64,
    /// AdamW's weight decay.
    pub weight_decay: f32,
    /// Seeds the initial weights and the shuffles.
    pub seed: u64,
    /// A checkpoint to continue from.
    pub resume: Option<PathBuf>,
    /// A network file whose weights the run starts from instead of random
    /// ones (fine-tuning; its scale is kept unless `scale` is given).
    pub init: Option<PathBuf>,
}

/// Per-thread gradient buffers, reused from batch to batch.
pub struct Gradients {
    buffers: Vec<Vec<f32>>,
}

impl Gradients {
    /// Buffers for `threads` threads, of `parameters` each.
    pub fn new(threads: usize, parameters: usize) -> Gradients {
        Gradients { buffers: (0..threads.max(1)).map(|_| vec![0.0; parameters]).collect() }
    }

    /// The summed gradient of `samples` (split between the threads) and their
    /// summed loss.
    pub fn compute(&mut self, model: &Model, samples: &[NetworkSample], objective: &Objective) -> (&[f32], f64) {
        let per = samples.len().div_ceil(self.buffers.len()).max(1);
        let work = |chunk: &[NetworkSample], buffer: &mut Vec<f32>| -> f64 {
            buffer.fill(0.0);
            chunk.iter().map(|s| f64::from(model.backward(s, objective, buffer))).sum()
        };
        let mut chunks = samples.chunks(per);
        let (first, rest) = self.buffers.split_first_mut().expect("at least one buffer");
        let loss = std::thread::scope(|scope| {
            let handles: Vec<_> = rest
                .iter_mut()
                .zip(chunks.by_ref().skip(1))
                .map(|(buffer, chunk)| scope.spawn(move || work(chunk, buffer)))
                .collect();
            let mut loss = work(samples.chunks(per).next().unwrap_or(&[]), first);
            for handle in handles {
                loss += handle.join().expect("a gradient thread panicked");
            }
            loss
        });
        let used = samples.len().div_ceil(per);
        for buffer in &rest[..used.saturating_sub(1)] {
            for (total, g) in first.iter_mut().zip(buffer) {
                *total += g;
            }
        }
        (first, loss)
    }
}

/// The mean loss of `samples`, on `threads` threads.
pub fn mean_loss(model: &Model, samples: &[NetworkSample], objective: &Objective, threads: usize) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let per = samples.len().div_ceil(threads.max(1));
    let total: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(per)
            .map(|chunk| scope.spawn(move || chunk.iter().map(|s| f64::from(model.loss(s, objective))).sum::<f64>()))
            .collect();
        handles.into_iter().map(|h| h.join().expect("a loss thread panicked")).sum()
    });
    total / samples.len() as f64
}

/// The 1-minute load average, for the log (the machine may be shared).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

/// Runs the training.
pub fn run(options: &TrainOptions) -> Result<(), String> {
    // The data first: a bad path must not leave an empty output directory.
    let (file, chain_validation) = DataFile::open_any(&options.data, options.validation, options.seed)?;
    std::fs::create_dir_all(&options.out).map_err(|e| format!("{}: {e}", options.out.display()))?;
    // `validation`: the records at the start of `data` held out (none when
    // the validation positions come from their own file).
    let whole_games = options.validation_data.is_none() && chain_validation.is_some();
    let (validation, held_out_records) = match (&options.validation_data, chain_validation) {
        (Some(path), _) => (0, DataFile::open_any(path, 0, 0)?.0.records_at(0, options.validation)?),
        (None, Some(held_out)) => (0, held_out),
        (None, None) => {
            let count = options.validation.min(file.records() / 10);
            (count, file.records_at(0, count)?)
        }
    };
    let available = file.records() - validation;
    let training = options.positions.map_or(available, |n| n.min(available));
    if training == 0 {
        return Err(format!("{}: no training positions", options.data.display()));
    }
    let mut state = match &options.resume {
        Some(path) => Checkpoint::load(path)?,
        None => {
            let init = match &options.init {
                Some(path) => Some(Network::load(path).map_err(|e| e.to_string())?),
                None => None,
            };
            let scale = match (options.scale, &init) {
                (Some(scale), _) => scale,
                (None, Some(network)) => network.scale() as f32,
                (None, None) => {
                    scale::fit(&file.read(validation, SCALE_SAMPLE.min(training), &KingBuckets::NONE)?) as f32
                }
            };
            let model = match &init {
                Some(network) => {
                    let king_buckets = options.king_buckets.unwrap_or(network.king_buckets());
                    Model::from_network_with(network, options.output_buckets, king_buckets).ok_or_else(|| {
                        let own = network.king_buckets().name().unwrap_or("a table of its own");
                        format!(
                            "--king-buckets: the --init network has king buckets {own}; only a network of one bucket \
                             starts another layout (a mirrored one, only a mirrored layout)"
                        )
                    })?
                }
                None => {
                    let hidden = options.hidden.unwrap_or(DEFAULT_HIDDEN);
                    let king_buckets = options.king_buckets.unwrap_or(KingBuckets::NONE);
                    let layout = Layout::with_king_buckets(hidden, king_buckets).ok_or_else(|| {
                        format!("--hidden {hidden}: the widths a network may have are {HIDDEN_SIZES:?}")
                    })?;
                    Model::new(options.seed, options.output_buckets, layout)
                }
            };
            Checkpoint {
                adam: AdamW::new(options.weight_decay, model.layout.parameters),
                model,
                epochs: 0,
                objective: Objective { scale, wdl: options.wdl },
            }
        }
    };
    if let Some(hidden) = options.hidden.filter(|&h| h != state.model.hidden()) {
        return Err(format!(
            "--hidden {hidden}, but the {} has {} hidden units",
            if options.resume.is_some() { "checkpoint" } else { "--init network" },
            state.model.hidden()
        ));
    }
    let king_buckets = state.model.layout.king_buckets;
    if options.king_buckets.is_some_and(|k| k != king_buckets) {
        return Err(format!(
            "--king-buckets differs from the checkpoint's layout ({})",
            king_buckets.name().unwrap_or("a table of its own")
        ));
    }
    let held_out: Vec<NetworkSample> =
        held_out_records.iter().filter_map(|r| NetworkSample::from_record(r, &king_buckets)).collect();
    let objective = state.objective;
    let batches_per_epoch = training.div_ceil(options.batch as u64);
    let total_steps = (batches_per_epoch * u64::from(options.epochs)).max(1);
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(options.out.join("training.log"))
        .map_err(|e| format!("{}: {e}", options.out.display()))?;
    let mut say = |line: String| {
        eprintln!("{line}");
        let _ = writeln!(log, "{line}");
    };
    let validation_source = match &options.validation_data {
        Some(path) => format!("{} from {}", held_out.len(), path.display()),
        None if whole_games => format!("{} of whole games held out", held_out.len()),
        None => format!("{} held out from the same games, optimistic", held_out.len()),
    };
    say(format!(
        "train: {} ({} positions, {training} for training); validation {validation_source}; hidden {}, \
         king buckets {}, scale {:.1} cp, wdl {}, {:?}, batch {}, mirror {}, output buckets {}, {} threads, epochs \
         {}..{}, load {}{}",
        options.data.display(),
        file.records(),
        state.model.hidden(),
        king_buckets.name().unwrap_or("(a table of its own)"),
        objective.scale,
        objective.wdl,
        options.schedule,
        options.batch,
        options.mirror,
        if state.model.bucketed { OUTPUT_BUCKETS } else { 1 },
        options.threads,
        state.epochs + 1,
        options.epochs,
        load_average(),
        options.init.as_ref().map_or_else(String::new, |path| format!("; starting from {}", path.display()))
    ));
    let (classical, classical_results) = baseline::classical_loss(&held_out_records, &objective);
    say(format!(
        "classical evaluation on the validation positions: loss {classical:.6} (against the results alone \
         {classical_results:.6})"
    ));
    if state.epochs == 0 && options.init.is_some() {
        let loss = mean_loss(&state.model, &held_out, &objective, options.threads);
        say(format!("before the first epoch, from the --init network's weights: validation loss {loss:.6}"));
    }
    let mut gradients = Gradients::new(options.threads, state.model.layout.parameters);
    let last = options.until.unwrap_or(options.epochs).min(options.epochs);
    for epoch in state.epochs..last {
        let started = Instant::now();
        let mut last_report = Instant::now();
        let (mut seen, mut loss_sum) = (0u64, 0.0);
        let seed = options.seed ^ (u64::from(epoch) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut lr = 0.0;
        let streaming = Streaming { window: options.window, seed, mirror: options.mirror, king_buckets };
        for batch in file.stream(validation, training, options.batch, streaming) {
            let batch = batch?;
            let progress = state.adam.steps as f64 / total_steps as f64;
            lr = options.schedule.rate(progress, epoch);
            let (gradient, loss) = gradients.compute(&state.model, &batch, &objective);
            state.adam.step(&mut state.model, gradient, batch.len(), lr);
            seen += batch.len() as u64;
            loss_sum += loss;
            if last_report.elapsed() >= PROGRESS_EVERY {
                last_report = Instant::now();
                eprintln!(
                    "  epoch {}/{}: {:.0} % of {training}, {:.0} positions/s, loss {:.6}, lr {lr:.2e}",
                    epoch + 1,
                    options.epochs,
                    100.0 * seen as f64 / training as f64,
                    seen as f64 / started.elapsed().as_secs_f64(),
                    loss_sum / seen.max(1) as f64
                );
            }
        }
        let elapsed = started.elapsed().as_secs_f64();
        let validation_loss = mean_loss(&state.model, &held_out, &objective, options.threads);
        let results_only = Objective { wdl: 1.0, ..objective };
        let result_loss = mean_loss(&state.model, &held_out, &results_only, options.threads);
        state.epochs = epoch + 1;
        state.save_to(&options.out)?;
        say(format!(
            "epoch {:>3}/{}: train loss {:.6}, validation loss {validation_loss:.6} (against the results \
             alone {result_loss:.6}), lr {lr:.2e}, {:.0} positions/s, {elapsed:.1} s, load {}",
            epoch + 1,
            options.epochs,
            loss_sum / seen.max(1) as f64,
            seen as f64 / elapsed,
            load_average()
        ));
    }
    let done = if state.epochs >= options.epochs { "done" } else { "stopped (--until); --resume goes on" };
    say(format!("train: {done} after epoch {}; network {}", state.epochs, options.out.join("net.nnue").display()));
    Ok(())
}

impl Checkpoint {
    /// Saves the checkpoint and the exported network into `dir`
    /// (`checkpoint.bin`, `net.nnue`; `epochs` in each name is left to the
    /// log, so that the latest is always at the same path).
    fn save_to(&self, dir: &std::path::Path) -> Result<(), String> {
        self.save(&dir.join("checkpoint.bin"))?;
        let network = quantise(&self.model, self.objective.scale).map_err(|e| e.to_string())?;
        let path = dir.join("net.nnue");
        std::fs::write(&path, network.to_bytes()).map_err(|e| format!("{}: {e}", path.display()))
    }
}
