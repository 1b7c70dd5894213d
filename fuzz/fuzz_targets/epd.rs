//! Any text as an EPD line: reading never panics, and a line that reads
//! writes back to a line that reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ox88_movegen::Epd;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(epd) = text.parse::<Epd>() {
        let written = epd.to_string();
        let again: Epd = written.parse().unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
        assert_eq!(again, epd, "{written:?}");
    }
});
