//! Any text as an evaluation weights file: reading never panics, a failed
//! read changes nothing, and what reads writes back to text that reads the
//! same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_eval::Weights;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut weights = Weights::default();
    match weights.apply_text(text) {
        Ok(()) => {
            let written = weights.to_text();
            let again: Weights = written.parse().unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
            assert_eq!(again, weights);
        }
        Err(_) => assert_eq!(weights, Weights::default(), "a failed read changed the weights"),
    }
});
