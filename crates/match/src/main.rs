#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod adjudication;
mod cli;
mod config;
mod game;
mod help;
mod openings;
mod pgnout;
mod player;
mod report;
mod runner;
mod schedule;
mod spsa;
mod stats;
mod tc;

use ox88_board::Random;
use ox88_client::EngineLog;
use stats::Verdict;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = match cli::parse(&args) {
        Ok(Some(config)) => config,
        Ok(None) => {
            println!("{}", help::HELP);
            return ExitCode::SUCCESS;
        }
        Err(err) => {
            eprintln!("ox88-match: {err}");
            return ExitCode::from(2);
        }
    };
    match run(&config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("ox88-match: {err}");
            ExitCode::FAILURE
        }
    }
}

fn run(config: &config::Config) -> Result<(), String> {
    let seed = config.srand.unwrap_or_else(Random::clock_seed);
    // An SPSA run takes one opening per iteration, a match one per round.
    let rounds = config.spsa.as_ref().map_or(config.rounds, |spec| spec.iterations);
    let openings = openings::for_rounds(config.openings.as_ref(), config.castling_mode, rounds as usize, seed)?;
    let log = match &config.log {
        Some(path) => {
            let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(EngineLog::new(std::io::BufWriter::new(file), "ox88-match"))
        }
        None => None,
    };
    if let Some(spec) = &config.spsa {
        return spsa::run(config, spec, &openings, seed, log);
    }
    let mut pgn = config.pgnout.as_deref().map(pgnout::PgnOut::open).transpose()?;
    if let Some(sprt) = &config.sprt {
        let model = if sprt.normalized { "normalized" } else { "logistic" };
        println!(
            "SPRT: elo0 {}, elo1 {}, alpha {}, beta {}, {model} Elo, pentanomial (game pairs)",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        );
        if sprt.prior != [0; 5] {
            println!("SPRT: continuing from earlier runs' Ptnml(0-2) {:?}", sprt.prior);
        }
    }
    let sink: runner::GameSink<'_> = Box::new(move |job, record| match &mut pgn {
        Some(out) => out.write(config, job, record).map_err(|e| format!("-pgnout: {e}")),
        None => Ok(()),
    });
    let outcome = runner::run(config, &openings, sink, log)?;
    let sprt = config.sprt.map(|s| s.test());
    println!("{}", runner::summary_blocks(config, &outcome, sprt.as_ref()));
    println!("{}", report::faults(config, &outcome.faults));
    match (config.sprt, outcome.verdict) {
        (Some(s), Some(verdict)) => {
            let accepted = if verdict == Verdict::H1 { "H1" } else { "H0" };
            println!("SPRT ([{:.2}, {:.2}]) completed - {accepted} was accepted", s.elo0, s.elo1);
        }
        _ => println!("Tournament finished"),
    }
    Ok(())
}
