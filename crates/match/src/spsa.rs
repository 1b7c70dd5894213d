//! SPSA tuning (`-spsa`): one engine plays game pairs against itself, one
//! side with every parameter nudged up or down at random (θ + cΔ) and the
//! other nudged the opposite way (θ − cΔ); each pair's result moves θ toward
//! the side that scored. The schedule is OpenBench's: a parameter's step
//! shrinks from its start to `c_end` over the run, and its learning rate
//! ends at `r_end` (at the end, a pair won by one game moves a parameter by
//! `r_end × c_end`). The state is saved after every pair, so a stopped run resumes.

use crate::config::{Config, EngineSpec, SpsaSpec};
use crate::game;
use crate::openings::Opening;
use crate::player::Player;
use ox88_board::Random;
use ox88_client::EngineLog;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{mpsc, Arc, Mutex};

/// One tuned parameter: an engine option with OpenBench's SPSA settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    /// Integer options get rounded values.
    pub integer: bool,
    pub value: f64,
    pub min: f64,
    pub max: f64,
    pub c_end: f64,
    pub r_end: f64,
}

/// Reads OpenBench's SPSA form, one parameter a line: `name, int|float,
/// default, min, max, c_end, r_end` (blank lines and `#` comments skipped).
pub fn read_params(text: &str) -> Result<Vec<Param>, String> {
    let mut params = Vec::new();
    for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let [name, kind, default, min, max, c_end, r_end] = fields[..] else {
            return Err(format!("line {number}: expected 7 fields (name, int|float, default, min, max, c_end, r_end)"));
        };
        let real = |what: &str, text: &str| {
            text.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("line {number}: {what} is not a number: {text:?}"))
        };
        let integer = match kind {
            "int" => true,
            "float" => false,
            other => return Err(format!("line {number}: type {other:?} is not int or float")),
        };
        let param = Param {
            name: name.to_owned(),
            integer,
            value: real("default", default)?,
            min: real("min", min)?,
            max: real("max", max)?,
            c_end: real("c_end", c_end)?,
            r_end: real("r_end", r_end)?,
        };
        if name.is_empty() || !(param.min <= param.value && param.value <= param.max) || param.c_end <= 0.0 {
            return Err(format!("line {number}: {name:?} needs min <= default <= max and c_end > 0"));
        }
        params.push(param);
    }
    if params.is_empty() {
        return Err("no parameters".into());
    }
    Ok(params)
}

/// The gains of iteration `k` (from 1) of `n` for `param`: its perturbation
/// `c_k` and learning rate `a_k`.
pub fn gains(spec: &SpsaSpec, param: &Param, k: u32) -> (f64, f64) {
    let (n, k) = (f64::from(spec.iterations), f64::from(k));
    let big_a = spec.a_ratio * n;
    let c = param.c_end * n.powf(spec.gamma);
    let a = param.r_end * param.c_end * param.c_end * (big_a + n).powf(spec.alpha);
    (c / k.powf(spec.gamma), a / (big_a + k).powf(spec.alpha))
}

/// The value an engine is given: clamped, and rounded for an integer.
fn engine_value(param: &Param, x: f64) -> String {
    let x = x.clamp(param.min, param.max);
    if param.integer {
        format!("{}", x.round() as i64)
    } else {
        format!("{x}")
    }
}

/// The saved state: iterations done and θ, one `name value` a line.
fn write_state(path: &PathBuf, done: u32, params: &[Param]) -> Result<(), String> {
    let mut text = format!("iterations {done}\n");
    for p in params {
        text.push_str(&format!("{} {}\n", p.name, p.value));
    }
    let temporary = path.with_extension("tmp");
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a saved state into `params`; the iterations it had done.
fn read_state(text: &str, params: &mut [Param]) -> Result<u32, String> {
    let mut done = None;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (key, value) = line.trim().split_once(' ').ok_or_else(|| format!("state: bad line {line:?}"))?;
        let number = value.trim().parse::<f64>().map_err(|_| format!("state: bad value in {line:?}"))?;
        if key == "iterations" {
            done = Some(number as u32);
        } else {
            let p = params.iter_mut().find(|p| p.name == key).ok_or_else(|| format!("state: unknown {key:?}"))?;
            p.value = number.clamp(p.min, p.max);
        }
    }
    done.ok_or_else(|| "state: no iterations line".into())
}

/// One finished pair: its iteration, directions, and the score of θ + cΔ
/// (wins minus losses over the pair).
struct PairResult {
    k: u32,
    directions: Vec<f64>,
    score: i32,
}

/// Runs the SPSA: pairs on `config.concurrency` threads, θ updated as each
/// pair finishes, the state saved after each; `seed` draws each pair's
/// directions (the openings were drawn with it too).
pub fn run(
    config: &Config,
    spec: &SpsaSpec,
    openings: &[Opening],
    seed: u64,
    log: Option<EngineLog>,
) -> Result<(), String> {
    let text = std::fs::read_to_string(&spec.params).map_err(|e| format!("{}: {e}", spec.params.display()))?;
    let mut params = read_params(&text).map_err(|e| format!("{}: {e}", spec.params.display()))?;
    let mut done = 0;
    if let Ok(saved) = std::fs::read_to_string(&spec.state) {
        done = read_state(&saved, &mut params).map_err(|e| format!("{}: {e}", spec.state.display()))?;
        println!("SPSA: resuming from {} after {done} iterations", spec.state.display());
    }
    let theta = Arc::new(Mutex::new(params));
    let next = Arc::new(AtomicU32::new(done + 1));
    let (sender, results) = mpsc::channel::<Result<PairResult, String>>();
    let mut workers = Vec::new();
    for _ in 0..config.concurrency {
        let (theta, next, sender, log) = (Arc::clone(&theta), Arc::clone(&next), sender.clone(), log.clone());
        let (config, spec, openings) = (config.clone(), spec.clone(), openings.to_vec());
        workers.push(std::thread::spawn(move || loop {
            let k = next.fetch_add(1, Ordering::SeqCst);
            if k > spec.iterations {
                return;
            }
            let current = theta.lock().unwrap_or_else(|p| p.into_inner()).clone();
            let opening = &openings[(k as usize - 1) % openings.len()];
            let result = play_pair(&config, &spec, &current, k, seed, opening, log.clone());
            if sender.send(result).is_err() {
                return;
            }
        }));
    }
    drop(sender);
    let mut outcome = Ok(());
    for result in results {
        let pair = match result {
            Ok(pair) => pair,
            Err(error) => {
                outcome = Err(error);
                next.store(u32::MAX / 2, Ordering::SeqCst);
                continue;
            }
        };
        let mut params = theta.lock().unwrap_or_else(|p| p.into_inner());
        for (p, direction) in params.iter_mut().zip(&pair.directions) {
            let (c_k, a_k) = gains(spec, p, pair.k);
            p.value = (p.value + a_k * f64::from(pair.score) / (c_k * direction)).clamp(p.min, p.max);
        }
        done += 1;
        write_state(&spec.state, done, &params)?;
        let values: Vec<String> = params.iter().map(|p| format!("{}={:.2}", p.name, p.value)).collect();
        println!(
            "SPSA iteration {} ({done} of {}): score {:+} | {}",
            pair.k,
            spec.iterations,
            pair.score,
            values.join(" ")
        );
    }
    for worker in workers {
        let _ = worker.join();
    }
    outcome?;
    let params = theta.lock().unwrap_or_else(|p| p.into_inner());
    let options: Vec<String> =
        params.iter().map(|p| format!("option.{}={}", p.name, engine_value(p, p.value))).collect();
    println!("SPSA finished: {}", options.join(" "));
    Ok(())
}

/// Plays iteration `k`'s pair: θ + cΔ against θ − cΔ from `opening`, each
/// side once with White.
fn play_pair(
    config: &Config,
    spec: &SpsaSpec,
    theta: &[Param],
    k: u32,
    seed: u64,
    opening: &Opening,
    log: Option<EngineLog>,
) -> Result<PairResult, String> {
    let mut random = Random::new(seed ^ u64::from(k).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let directions: Vec<f64> = theta.iter().map(|_| if random.below(2) == 0 { -1.0 } else { 1.0 }).collect();
    let side = |sign: f64, name: &str| {
        let mut engine: EngineSpec = config.engines[0].clone();
        engine.name = name.to_owned();
        for (p, direction) in theta.iter().zip(&directions) {
            let (c_k, _) = gains(spec, p, k);
            engine.options.retain(|(n, _)| n != &p.name);
            engine.options.push((p.name.clone(), engine_value(p, p.value + sign * c_k * direction)));
        }
        Player::new(Arc::new(engine), log.clone())
    };
    let (mut plus, mut minus) = (side(1.0, "plus"), side(-1.0, "minus"));
    let first = game::play(&mut plus, &mut minus, opening, config)?;
    let second = game::play(&mut minus, &mut plus, opening, config)?;
    // Half points of the plus side over the pair, 0..=4; wins minus losses.
    let half_points = i32::from(first.white_half_points()) + 2 - i32::from(second.white_half_points());
    Ok(PairResult { k, directions, score: half_points - 2 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(iterations: u32) -> SpsaSpec {
        let pairs = [("params".to_owned(), "p.txt".to_owned()), ("iterations".to_owned(), iterations.to_string())];
        SpsaSpec::parse(&pairs).unwrap()
    }

    #[test]
    fn parameters_read_in_openbench_form_and_bad_lines_are_named() {
        let params =
            read_params("# ox88\nfutility_margin, int, 90, 30, 200, 8, 0.002\n\nscale, float, 1.5, 0, 3, 0.1, 0.002")
                .unwrap();
        assert_eq!(params.len(), 2);
        assert_eq!((params[0].name.as_str(), params[0].integer, params[0].value), ("futility_margin", true, 90.0));
        assert!(!params[1].integer);
        let error = read_params("a, int, 5, 0, 10, 1, 0.002\nb, int, 50, 0, 10, 1, 0.002").unwrap_err();
        assert!(error.starts_with("line 2:"), "{error}");
        assert!(read_params("a, int, 5, 0, 10").unwrap_err().contains("7 fields"));
        assert!(read_params("a, bool, 5, 0, 10, 1, 0.002").unwrap_err().contains("bool"));
        assert!(read_params("a, int, x, 0, 10, 1, 0.002").unwrap_err().contains("\"x\""));
        assert!(read_params("# nothing\n").is_err());
    }

    #[test]
    fn the_gains_end_at_c_end_and_r_end() {
        let spec = spec(1000);
        let param = read_params("p, int, 90, 30, 200, 8, 0.002").unwrap().remove(0);
        let (c_last, a_last) = gains(&spec, &param, 1000);
        assert!((c_last - 8.0).abs() < 1e-9, "{c_last}");
        assert!((a_last - 0.002 * 64.0).abs() < 1e-9, "{a_last}");
        let (c_first, a_first) = gains(&spec, &param, 1);
        assert!(c_first > c_last && a_first > a_last, "both shrink over the run");
    }

    #[test]
    fn engine_values_are_clamped_and_integers_rounded() {
        let param = read_params("p, int, 90, 30, 200, 8, 0.002").unwrap().remove(0);
        assert_eq!(engine_value(&param, 97.6), "98");
        assert_eq!(engine_value(&param, 500.0), "200");
        assert_eq!(engine_value(&param, -3.0), "30");
    }

    #[test]
    fn the_state_round_trips_and_a_bad_one_is_refused() {
        let mut params = read_params("a, int, 5, 0, 10, 1, 0.002\nb, float, 1, 0, 2, 0.1, 0.002").unwrap();
        params[0].value = 7.25;
        let path = std::env::temp_dir().join(format!("ox88-spsa-state-{}", std::process::id()));
        write_state(&path, 12, &params).unwrap();
        let mut read = read_params("a, int, 5, 0, 10, 1, 0.002\nb, float, 1, 0, 2, 0.1, 0.002").unwrap();
        assert_eq!(read_state(&std::fs::read_to_string(&path).unwrap(), &mut read), Ok(12));
        assert_eq!(read, params);
        std::fs::remove_file(&path).unwrap();
        assert!(read_state("iterations 3\nnope 1\n", &mut read).unwrap_err().contains("nope"));
        assert!(read_state("a 1\n", &mut read).is_err());
    }

    #[test]
    fn the_spec_needs_params_and_iterations() {
        assert_eq!(spec(10).state, PathBuf::from("p.txt.state"));
        assert!(SpsaSpec::parse(&[("iterations".into(), "5".into())]).unwrap_err().contains("params"));
        assert!(SpsaSpec::parse(&[("params".into(), "p".into())]).unwrap_err().contains("iterations"));
        assert!(SpsaSpec::parse(&[("bogus".into(), "1".into())]).is_err());
    }
}
