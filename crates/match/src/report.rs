//! What the runner prints: fastchess's game lines and summary block, a
//! progress line after each game, a ranking table for more than two
//! engines, and the faults of each engine.

use crate::config::{Config, EngineSpec};
use crate::player::Fault;
use crate::stats::{rating, MatchScore, Sprt};
use std::collections::BTreeMap;

const RULE: &str = "--------------------------------------------------";

fn number(x: f64) -> String {
    if x.is_nan() {
        "nan".into()
    } else if x.is_finite() {
        format!("{x:.2}")
    } else if x > 0.0 {
        "inf".into()
    } else {
        "-inf".into()
    }
}

fn option(spec: &EngineSpec, name: &str) -> Option<String> {
    spec.options.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone())
}

fn both(a: String, b: String) -> String {
    if a == b {
        a
    } else {
        format!("{a} - {b}")
    }
}

/// fastchess's block for two engines: the match-up, Elo and nElo, LOS and
/// ratios, the game counts, the pentanomial counts, and the SPRT's state.
pub fn block(config: &Config, first: usize, second: usize, score: &MatchScore, sprt: Option<&Sprt>) -> String {
    let (a, b) = (&config.engines[first], &config.engines[second]);
    let tc = both(a.budget.to_string(), b.budget.to_string());
    let threads = both(
        option(a, "Threads").map_or("NULL".into(), |t| format!("{t}t")),
        option(b, "Threads").map_or("NULL".into(), |t| format!("{t}t")),
    );
    let hash = both(
        option(a, "Hash").map_or("NULL".into(), |h| format!("{h}MB")),
        option(b, "Hash").map_or("NULL".into(), |h| format!("{h}MB")),
    );
    let book = config.openings.as_ref().and_then(|o| o.file.file_name()).map(|f| format!(", {}", f.to_string_lossy()));
    let mut out =
        format!("{RULE}\nResults of {} vs {} ({tc}, {threads}, {hash}{}):\n", a.name, b.name, book.unwrap_or_default());
    if let Some(r) = rating(score) {
        out += &format!(
            "Elo: {} +/- {}, nElo: {} +/- {}\n",
            number(r.elo),
            number(r.error),
            number(r.nelo),
            number(r.nelo_error)
        );
        let p = score.penta;
        let pairs_ratio = f64::from(p[3] + p[4]) / f64::from(p[0] + p[1]);
        out += &format!(
            "LOS: {:.2} %, DrawRatio: {:.2} %, PairsRatio: {}\n",
            100.0 * r.los,
            100.0 * r.draw_ratio,
            number(pairs_ratio)
        );
    }
    let games = score.games();
    let percent = if games > 0 { 100.0 * score.points() / f64::from(games) } else { 0.0 };
    out += &format!(
        "Games: {games}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({percent:.2} %)\n",
        score.wins,
        score.losses,
        score.draws,
        score.points()
    );
    let p = score.penta;
    let wl_dd = f64::from(score.even[0]) / f64::from(score.even[1]);
    out += &format!("Ptnml(0-2): [{}, {}, {}, {}, {}], WL/DD Ratio: {}\n", p[0], p[1], p[2], p[3], p[4], number(wl_dd));
    if let Some(sprt) = sprt {
        let llr = sprt.llr(score);
        let share = if llr >= 0.0 { llr / sprt.upper } else { llr / sprt.lower };
        out += &format!(
            "LLR: {:.2} ({:.1}%) ({:.2}, {:.2}) [{:.2}, {:.2}]\n",
            llr,
            100.0 * share,
            sprt.lower,
            sprt.upper,
            sprt.elo0,
            sprt.elo1
        );
        if sprt.prior != [0; 5] {
            let p = sprt.prior;
            out +=
                &format!("LLR includes earlier runs' Ptnml(0-2): [{}, {}, {}, {}, {}]\n", p[0], p[1], p[2], p[3], p[4]);
        }
    }
    out += RULE;
    out
}

/// One line after each game: games done, W/D/L, Elo with its error, LOS
/// and the pentanomial counts of the encounter.
pub fn progress(done: usize, total: usize, first: &str, second: &str, score: &MatchScore) -> String {
    let mut line = format!(
        "Progress: {done}/{total} games, {first} vs {second}: W {} D {} L {}",
        score.wins, score.draws, score.losses
    );
    if let Some(r) = rating(score) {
        line += &format!(", Elo {} +/- {}, LOS {:.1} %", number(r.elo), number(r.error), 100.0 * r.los);
    }
    let p = score.penta;
    line += &format!(", Ptnml(0-2) [{}, {}, {}, {}, {}]", p[0], p[1], p[2], p[3], p[4]);
    line
}

/// The ranking of more than two engines, each against the field.
pub fn table(config: &Config, scores: &[MatchScore]) -> String {
    let width = config.engines.iter().map(|e| e.name.len()).max().unwrap_or(4).max(25);
    let mut order: Vec<usize> = (0..scores.len()).collect();
    let elo = |i: usize| rating(&scores[i]).map_or(f64::NEG_INFINITY, |r| r.elo);
    order.sort_by(|&a, &b| elo(b).total_cmp(&elo(a)));
    let mut out = format!(
        "{:<4} {:<width$} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>20}\n",
        "Rank", "Name", "Elo", "+/-", "nElo", "+/-", "Games", "Score", "Draw", "Ptnml(0-2)"
    );
    for (rank, &i) in order.iter().enumerate() {
        let s = &scores[i];
        let (e, err, n, nerr, draw) = rating(s)
            .map_or((0.0, 0.0, 0.0, 0.0, 0.0), |r| (r.elo, r.error, r.nelo, r.nelo_error, 100.0 * r.draw_ratio));
        let percent = if s.games() > 0 { 100.0 * s.points() / f64::from(s.games()) } else { 0.0 };
        let p = s.penta;
        out += &format!(
            "{:>4} {:<width$} {:>10} {:>10} {:>10} {:>10} {:>10} {:>9.1}% {:>9.1}% {:>20}\n",
            rank + 1,
            config.engines[i].name,
            number(e),
            number(err),
            number(n),
            number(nerr),
            s.games(),
            percent,
            draw,
            format!("[{}, {}, {}, {}, {}]", p[0], p[1], p[2], p[3], p[4])
        );
    }
    out
}

/// Each engine's faults: "ox88: none; Phalanx: time forfeit 2, crash 1".
pub fn faults(config: &Config, counts: &[BTreeMap<Fault, u32>]) -> String {
    let parts: Vec<String> = config
        .engines
        .iter()
        .zip(counts)
        .map(|(engine, faults)| {
            let list: Vec<String> =
                Fault::ALL.iter().filter_map(|f| faults.get(f).map(|n| format!("{f} {n}"))).collect();
            format!("{}: {}", engine.name, if list.is_empty() { "none".into() } else { list.join(", ") })
        })
        .collect();
    format!("Faults: {}", parts.join("; "))
}
