//! What is measured: the process's CPU time around a step, and the
//! latencies of interleaved lookups.

use crate::games::PositionKind;
use crate::stores::{merged, OpenStore, StoreKind};
use rustix::time::{clock_gettime, ClockId};
use std::time::{Duration, Instant};

/// The CPU time the process has used so far (every thread, user and system).
pub fn cpu_time() -> Duration {
    let time = clock_gettime(ClockId::ProcessCPUTime);
    Duration::new(time.tv_sec as u64, time.tv_nsec as u32)
}

/// The CPU time the calling thread has used so far: a lookup's own work,
/// without the time the machine's other processes took the core from it.
fn thread_cpu_time() -> Duration {
    let time = clock_gettime(ClockId::ThreadCPUTime);
    Duration::new(time.tv_sec as u64, time.tv_nsec as u32)
}

/// Runs `step`, returning its result with the CPU time and the wall time it took.
pub fn timed<T>(step: impl FnOnce() -> T) -> (T, Duration, Duration) {
    let (cpu, wall) = (cpu_time(), Instant::now());
    let result = step();
    (result, cpu_time() - cpu, wall.elapsed())
}

/// Lookup times of one store, in nanoseconds, sorted: wall-clock
/// latencies, or CPU times.
#[derive(Clone, Debug, Default)]
pub struct Latencies(Vec<u64>);

impl Latencies {
    /// The `q` quantile (0.5: the median), by the nearest rank.
    pub fn quantile(&self, q: f64) -> Duration {
        if self.0.is_empty() {
            return Duration::ZERO;
        }
        let rank = ((q * self.0.len() as f64).ceil() as usize).clamp(1, self.0.len());
        Duration::from_nanos(self.0[rank - 1])
    }

    /// The mean.
    pub fn mean(&self) -> Duration {
        Duration::from_nanos(self.0.iter().sum::<u64>() / self.0.len().max(1) as u64)
    }

    /// How many were timed.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

/// Looks every position up in every store: once to warm the caches and
/// check that the stores agree (an error names the first position where
/// they do not), then `rounds` times timed, the stores taking turns at
/// each position (the first of a pair alternating), so that the machine's
/// load falls on both alike. Returns each store's wall-clock latencies and
/// CPU times (the thread's), in the order of `stores`.
pub fn lookups(
    stores: &[(StoreKind, OpenStore)],
    positions: &[(PositionKind, u64)],
    rounds: usize,
) -> Result<Vec<(Latencies, Latencies)>, Box<dyn std::error::Error + Send + Sync>> {
    let mut found = Vec::new();
    for &(kind, key) in positions {
        let mut answers = Vec::new();
        for (_, store) in stores {
            found.clear();
            store.lookup(key, &mut found)?;
            answers.push(merged(std::mem::take(&mut found)));
        }
        if let Some(differs) = answers.iter().position(|answer| *answer != answers[0]) {
            let (first, other) = (stores[0].0.name(), stores[differs].0.name());
            return Err(format!("{first} and {other} differ at the {kind:?} key {key:016x}").into());
        }
    }
    let mut wall = vec![Vec::with_capacity(rounds * positions.len()); stores.len()];
    let mut cpu = wall.clone();
    for round in 0..rounds {
        for (i, &(_, key)) in positions.iter().enumerate() {
            for turn in 0..stores.len() {
                let which = (turn + round + i) % stores.len();
                found.clear();
                let (start, start_cpu) = (Instant::now(), thread_cpu_time());
                stores[which].1.lookup(key, &mut found)?;
                cpu[which].push((thread_cpu_time() - start_cpu).as_nanos() as u64);
                wall[which].push(start.elapsed().as_nanos() as u64);
            }
        }
    }
    let sorted = |mut ns: Vec<u64>| {
        ns.sort_unstable();
        Latencies(ns)
    };
    Ok(wall.into_iter().zip(cpu).map(|(wall, cpu)| (sorted(wall), sorted(cpu))).collect())
}
