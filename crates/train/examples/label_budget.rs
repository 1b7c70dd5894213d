//! How good the datagen's labels are at each node budget: re-searches runs of
//! consecutive positions of a data file (a warm table, as in a game) at
//! several budgets and compares each label with a deep search's, in the
//! trainer's sigmoid space, and with the old generator's (5,000 soft nodes)
//! in centipawns.
//!
//! ```sh
//! cargo run --release -p ox88-train --example label_budget -- DATA.bin|GAMES.chain [RUNS] [REFERENCE_NODES]
//! ```

use ox88_board::Color;
use ox88_eval::nnue::{Network, Nnue};
use ox88_movegen::Position;
use ox88_search::{Limits, Searcher};
use ox88_train::chain::read_training_positions;
use ox88_train::data::read_records;
use std::sync::Arc;

/// The sigmoid scale of the embedded network's data (docs/nnue.md).
const SCALE: f64 = 129.0;
/// Consecutive positions of one game searched with one warm table.
const RUN: usize = 8;

fn sigmoid(cp: i32) -> f64 {
    1.0 / (1.0 + (-f64::from(cp) / SCALE).exp())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().expect("usage: label_budget DATA.bin [RUNS] [REFERENCE_NODES]");
    let runs: usize = args.get(1).map_or(40, |a| a.parse().expect("RUNS is a number"));
    let reference_nodes: u64 = args.get(2).map_or(100_000, |a| a.parse().expect("REFERENCE_NODES is a number"));
    let path = std::path::Path::new(path);
    let records = if path.extension().is_some_and(|e| e == "chain") {
        read_training_positions(path).expect("a chain file")
    } else {
        read_records(path).expect("a data file")
    };
    // Runs spread evenly over the file, each within one game (the fullmove
    // number never falls inside it).
    let stride = records.len() / runs;
    let starts: Vec<usize> = (0..runs)
        .map(|i| i * stride)
        .filter(|&s| {
            s + RUN <= records.len()
                && (s + 1..s + RUN).all(|i| records[i].fullmove_number() >= records[i - 1].fullmove_number())
        })
        .collect();
    let policies: Vec<(String, Limits)> = [1250u64, 2500, 5000, 10_000]
        .iter()
        .map(|&n| (format!("soft {n}"), Limits { soft_nodes: Some(n), nodes: Some(n * 20), ..Limits::default() }))
        .chain(
            [2500u64, 5000, 10_000]
                .iter()
                .map(|&n| (format!("hard {n}"), Limits { nodes: Some(n), ..Limits::default() })),
        )
        .chain(std::iter::once((
            format!("reference soft {reference_nodes}"),
            Limits { soft_nodes: Some(reference_nodes), nodes: Some(reference_nodes * 20), ..Limits::default() },
        )))
        .collect();
    let network = Arc::new(Network::embedded());
    let mut searcher = Searcher::with_evaluator(Nnue::with_shared(network), 16, 1);
    // labels[policy][position] = (White's score, nodes)
    let mut labels = vec![Vec::new(); policies.len()];
    let mut results = Vec::new();
    for &start in &starts {
        for record in &records[start..start + RUN] {
            results.push(record.result().score_for(Color::White).expect("a decided record"));
        }
        for (policy, (_, limits)) in policies.iter().enumerate() {
            searcher.clear();
            for record in &records[start..start + RUN] {
                let board = record.to_board().expect("a valid record");
                let result = searcher.search(&Position::new(board), limits, &mut |_| {});
                let score = result.score().expect("a scored search").white().raw();
                labels[policy].push((score, result.nodes()));
            }
        }
    }
    let reference = labels.last().expect("the reference").clone();
    let soft_5000 = policies.iter().position(|(name, _)| name == "soft 5000").expect("the old generator's policy");
    let old = labels[soft_5000].clone();
    println!("{} positions in {} runs of {RUN}; the reference is the last line", reference.len(), starts.len());
    println!(
        "policy | mean nodes | RMS sigmoid error against the reference | MSE against the results | mean |cp difference| from soft 5000 (mate scores left out)"
    );
    for ((name, _), labels) in policies.iter().zip(&labels) {
        let n = labels.len() as f64;
        let nodes = labels.iter().map(|l| l.1 as f64).sum::<f64>() / n;
        let error = labels.iter().zip(&reference).map(|(l, r)| (sigmoid(l.0) - sigmoid(r.0)).powi(2)).sum::<f64>() / n;
        let against_results =
            labels.iter().zip(&results).map(|(l, &r)| (sigmoid(l.0) - f64::from(r)).powi(2)).sum::<f64>() / n;
        let pairs: Vec<(i32, i32)> = labels
            .iter()
            .zip(&old)
            .map(|(l, o)| (l.0, o.0))
            .filter(|&(l, o)| l.abs() < 20_000 && o.abs() < 20_000)
            .collect();
        let difference = pairs.iter().map(|&(l, o)| f64::from((l - o).abs())).sum::<f64>() / pairs.len().max(1) as f64;
        println!("{name} | {nodes:.0} | {:.4} | {against_results:.5} | {difference:.1}", error.sqrt());
    }
}
