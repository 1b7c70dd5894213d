//! A progress bar on the terminal's standard error (nothing elsewhere).

use ox88_db::Progress;
use std::io::Write;
use std::time::{Duration, Instant};

/// Redraws one line at most five times a second.
pub struct Bar {
    enabled: bool,
    start: Instant,
    last: Option<Instant>,
}

impl Bar {
    /// A bar, drawn only if `enabled` (standard error is a terminal).
    pub fn new(enabled: bool) -> Bar {
        Bar { enabled, start: Instant::now(), last: None }
    }

    /// Draws `progress`, if the last drawing is old enough.
    pub fn update(&mut self, progress: &Progress) {
        let now = Instant::now();
        if !self.enabled || self.last.is_some_and(|last| now - last < Duration::from_millis(200)) {
            return;
        }
        self.last = Some(now);
        let fraction = (progress.bytes_read as f64 / progress.bytes_total.max(1) as f64).min(1.0);
        let width = 30;
        let filled = (fraction * width as f64) as usize;
        let seconds = (now - self.start).as_secs_f64();
        let rate = progress.bytes_read as f64 / 1e6 / seconds.max(1e-3);
        let left = if fraction > 0.0 { seconds * (1.0 - fraction) / fraction } else { 0.0 };
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r[{}{}] {:3.0}%  {} games ({} errors)  {:.1} MB/s of the files  {:.0} s left \x1b[K",
            "#".repeat(filled),
            " ".repeat(width - filled),
            fraction * 100.0,
            progress.games,
            progress.errors,
            rate,
            left
        );
        let _ = err.flush();
    }

    /// Removes the bar.
    pub fn clear(&mut self) {
        if self.enabled && self.last.is_some() {
            let _ = write!(std::io::stderr(), "\r\x1b[K");
        }
    }
}
